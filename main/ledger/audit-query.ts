// The audit screen's window of the log, newest first. Without a search the seq numbers are the
// positions (the chain keeps them gapless), so any depth is one index seek and the total is the
// newest seq; with a search the log is walked newest first and stops at a window, continued from
// the last seq shown, and nothing is counted. A search matches an entry's words (action, user,
// result, reason), the order id it shows, and the action and result codes the screen sends
// (those whose label on screen holds the text: listAuditLog's `actions`, `results`), and an
// amount as a person types it (typed-amounts.ts), by the amounts index (migration 17); a few
// payments' entries are read by the index by payment (migration 18).
import type { LedgerDb } from './database';
import type { AuditRow } from './export';
import { childTables, unpackedColumns } from './child-tables';
import { matchOf, trigramsOf } from './trigrams';
import { typedAmounts } from './typed-amounts';
import { prepared, writtenLimit } from './statements';
import { hasPeriod, seqRangeNow, type AuditPeriod, type SeqRange } from './audit-period';

const auditTable = childTables.find((t) => t.table === 'ledger_audit')!;
// Up to this many payments whose order id matches are looked for by their rowids; more, and each
// entry walked reads its payment's order id (the matches are then dense: the walk stops soon).
const fewOrders = 2_000;
// A text's trigram hits (any of the five searched columns) read to find the order ids among them.
const fewHits = 2_000;

/** What an audit search matches: the text typed and the codes whose label on screen holds it, within the screen's period. */
export type AuditSearch = { query?: string; actions?: string[]; results?: string[] } & AuditPeriod;

/** The entries of the search's period (audit-period.ts), or undefined when it has none. */
export function auditPeriodRange(db: LedgerDb, period: AuditPeriod, lastSeq: number): SeqRange | undefined {
  if (!hasPeriod(period)) return undefined;
  const at = prepared(db, 'SELECT at FROM audit_log WHERE seq = ?', 'pluck');
  return seqRangeNow(period, lastSeq, (seq) => at.get(seq) as string | undefined);
}

/**
 * An audit search as an SQL test on `ledger_audit a` (needs `WITH words AS (SELECT value FROM
 * json_each(@words))` before it) and its parameters; 'none' when nothing can match. The screen's
 * windows (listAudit) and the export of what the screen shows (export-file.ts) share it. A few
 * payments' entries and an amount's are read from their indexes below @indexedBefore, an amount's
 * newest first and at most @indexedWindow of them (a window needs no more; unbounded unless the
 * caller sets them).
 */
export function auditMatch(db: LedgerDb, search: AuditSearch & { query: string }): { test: string; params: Record<string, string | number> } | 'none' {
  const query = search.query;
  const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // What an entry can match, found first where it is indexed: its words (ledger_words, one row
  // per distinct word, migration 11), its payment's order id (payments' indexes), or an order id
  // of its own (migration 12). An entry shows its payment's order id unless it keeps its own.
  // Patterns bound as "+?" and LIMITs written in (statements.ts): SQLite would read them while
  // planning, and so plan each statement again at every call; the patterns start with %, so
  // nothing was gained from reading them.
  const words = prepared(db, "SELECT id FROM ledger_words WHERE word LIKE +? ESCAPE '\\'", 'pluck').all(like) as number[];
  // The codes whose label on screen holds the text (the renderer's words): their words, by the unique index.
  const codeWords = (codes: string[] | undefined) => (codes?.length ? (prepared(db, 'SELECT id FROM ledger_words WHERE word IN (SELECT value FROM json_each(?))', 'pluck').all(JSON.stringify(codes)) as number[]) : []);
  const actions = codeWords(search.actions);
  const results = codeWords(search.results);
  const payments = paymentsWithOrderId(db, query, like);
  const own = prepared(db, "SELECT 1 FROM ledger_audit INDEXED BY ledger_audit_own_order WHERE typeof(order_id) = 'text' AND order_id LIKE +? ESCAPE '\\' LIMIT 1").get(like) !== undefined;
  const amounts = amountsInLog(db, query);
  if (!words.length && !actions.length && !results.length && payments?.length === 0 && !own && !amounts.length) return 'none';
  const tests: string[] = [];
  if (words.length) tests.push('a.action IN words', 'a.os_user IN words', 'a.result IN words', 'a.reason IN words');
  if (actions.length) tests.push('a.action IN (SELECT value FROM json_each(@actions))');
  if (results.length) tests.push('a.result IN (SELECT value FROM json_each(@results))');
  if (own) tests.push("(typeof(a.order_id) = 'text' AND a.order_id LIKE +@q ESCAPE '\\')");
  if (payments === undefined) tests.push("(a.order_id IS NULL AND typeof(a.payment) = 'integer' AND (SELECT order_id FROM payments WHERE rowid = a.payment) LIKE +@q ESCAPE '\\')");
  // A few payments' entries from the index by payment (migration 18), not by walking the log.
  else if (payments.length) tests.push("a.seq IN (SELECT seq FROM ledger_audit INDEXED BY ledger_audit_payment WHERE typeof(payment) = 'integer' AND order_id IS NULL AND payment IN (SELECT value FROM json_each(@payments)) AND seq < @indexedBefore)");
  // The entries of those amounts, from the index (a set built once, a window's worth of each
  // amount at most: a price most sales share stays cheap); alone, the window reads them only.
  // "+@indexedWindow": a LIMIT SQLite reads while planning is planned again at every call, and this
  // one is the window's depth (any number): the plan is the index's, forced, whatever its value.
  const amountParams: Record<string, number> = {};
  const newest = amounts.map(([minor, currency], i) => {
    amountParams[`amount${i}`] = minor;
    amountParams[`currency${i}`] = currency;
    return `SELECT seq FROM (SELECT seq FROM ledger_audit INDEXED BY ledger_audit_amount WHERE amount_minor = @amount${i} AND currency = @currency${i} AND seq < @indexedBefore ORDER BY seq DESC LIMIT +@indexedWindow)`;
  });
  if (newest.length) tests.push(`a.seq IN (${newest.join(' UNION ALL ')})`);
  return { test: `(${tests.join(' OR ')})`, params: { q: like, words: JSON.stringify(words), actions: JSON.stringify(actions), results: JSON.stringify(results), payments: JSON.stringify(payments ?? []), indexedBefore: Number.MAX_SAFE_INTEGER, indexedWindow: -1, ...amountParams } };
}

/** The entries' columns as audit_log shows them, from `ledger_audit a`. */
export const auditEntryColumns = unpackedColumns(auditTable);

export function listAudit(db: LedgerDb, input: AuditSearch & { offset: number; limit: number; beforeSeq?: number }) {
  const query = input.query?.trim();
  const last = (prepared(db, 'SELECT ifnull(max(seq), 0) AS n FROM audit_log').get() as { n: number }).n;
  // A period is a range of seqs: its window is the newest page below its end, down to its first.
  const range = auditPeriodRange(db, input, last);
  if (!query) {
    const top = Math.min(input.beforeSeq !== undefined ? input.beforeSeq - 1 : last - input.offset, range ? range.last - (input.beforeSeq !== undefined ? 0 : input.offset) : last);
    const rows = (prepared(db, `SELECT * FROM audit_log WHERE seq <= ? AND seq >= ? ORDER BY seq DESC LIMIT ${writtenLimit(input.limit)}`).all(top, range?.first ?? 1) as AuditRow[]).slice(0, input.limit);
    if (!range) return { total: last, totalExact: true, rows };
    return { total: Math.max(0, range.last - range.first + 1), totalExact: (rows.at(-1)?.seq ?? range.first) <= range.first, rows };
  }
  const offset = input.beforeSeq !== undefined ? 0 : input.offset;
  const match = auditMatch(db, { ...input, query });
  if (match === 'none' || (range && range.first > range.last)) return { total: offset, totalExact: true, rows: [] };
  const before = Math.min(input.beforeSeq ?? last + 1, range ? range.last + 1 : last + 1);
  const params = { ...match.params, offset, before, first: range?.first ?? 1, indexedBefore: before, indexedWindow: offset + input.limit };
  const rows = (prepared(db, `WITH words AS (SELECT value FROM json_each(@words))
    SELECT ${auditEntryColumns} FROM ledger_audit a WHERE a.seq < @before AND a.seq >= @first AND ${match.test} ORDER BY a.seq DESC LIMIT ${writtenLimit(input.limit)} OFFSET @offset`).all(params) as AuditRow[]).slice(0, input.limit);
  // No count: the screen pages on ("more" while a window comes back full).
  return { total: offset + rows.length, totalExact: rows.length < input.limit, rows };
}

/** The amounts the text names (typed-amounts.ts) that some entry has, as [minor units, the currency's word id]. */
function amountsInLog(db: LedgerDb, query: string): Array<[number, number]> {
  const amounts = typedAmounts(query);
  if (!amounts.length) return [];
  const currencies = new Map(prepared(db, 'SELECT word, id FROM ledger_words WHERE word IN (SELECT value FROM json_each(?))', 'raw').all(JSON.stringify(amounts.map((a) => a.currency))) as Array<[string, number]>);
  const anyEntry = prepared(db, 'SELECT 1 FROM ledger_audit INDEXED BY ledger_audit_amount WHERE amount_minor = ? AND currency = ? LIMIT 1');
  return amounts.flatMap((a): Array<[number, number]> => {
    const currency = currencies.get(a.currency);
    return currency !== undefined && anyEntry.get(a.minor, currency) !== undefined ? [[a.minor, currency]] : [];
  });
}

/**
 * The rowids of the payments whose order id holds the text, when few (undefined when more than
 * fewOrders): through the trigram index when the rows holding all the text's trigrams are few,
 * else by reading the order-id index whole (order ids only, no row).
 */
function paymentsWithOrderId(db: LedgerDb, query: string, like: string): number[] | undefined {
  // Every trigram of the text: the rarest are often at its end (a counter's digits after "PD-2025").
  const grams = trigramsOf(query, Infinity);
  if (grams.length) {
    const match = matchOf(grams);
    const hits = prepared(db, `SELECT rowid FROM payments_search WHERE payments_search MATCH ? LIMIT ${fewHits + 1}`, 'pluck').all(match) as number[];
    if (hits.length <= fewHits) {
      return prepared(db, "SELECT rowid FROM payments WHERE rowid IN (SELECT value FROM json_each(?)) AND order_id LIKE +? ESCAPE '\\'", 'pluck').all(JSON.stringify(hits), like) as number[];
    }
  }
  const found = prepared(db, `SELECT rowid FROM payments INDEXED BY payments_order WHERE order_id LIKE +? ESCAPE '\\' LIMIT ${fewOrders + 1}`, 'pluck').all(like) as number[];
  return found.length > fewOrders ? undefined : found;
}
