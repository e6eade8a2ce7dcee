// The ledger's queries for the screens: a free-text search over order id, customer and gateway
// ids; filters; sorting with the rowid as tie-breaker on an index that matches the sort; and a
// window of rows continued from the last row of the window before it (keyset), so the cost of
// a page does not grow with its depth. Counts come from count-tables.ts, never from a scan per page.
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import type { Statement } from 'better-sqlite3';
import { failField } from '../core/fail';
import { parseAmount, type CurrencyCode } from '../../contract/money';
import type { PaymentRow } from './payment-rows';
import { countCommon, countedFor, dateOrderBreaks, knownCounted, noteCount, onlyCommon, paymentsVersion } from './count-tables';
import { chooseTrigrams, matchOf, trigramsOf } from './trigrams';
import { foldArabicLetters, foldedSql, hasFoldedLetters } from '../../contract/arabic-letters';
import { searchedByIndex } from '../../contract/text-search';
import { cardBrandSql } from './card-brand';
import { cardLast4Of } from './card-last4';
import { prepared } from './statements';
import { afterQuiet, positionsBusy, positionsIdle, positionsThread, quietWaiting, restartQuietMs, walksHeldBy, whileServingList, type PositionsJob } from './positions-thread';

export type PaymentSort = { by: 'createdAt' | 'amount' | 'orderId' | 'state' | 'customer'; direction: 'asc' | 'desc' };
/** Where a window starts: the sort values and rowid of the row before it. */
export type Cursor = { values: Array<string | number>; rowid: number };
type Params = Record<string, unknown>;
/**
 * `dateOrdered`: rowid order was creation order when planned (planWhere; read again when absent).
 * `driver`: textDriver's choice, kept with the plan (it reads the index to choose).
 * `card`: the filter names a card's last four digits (payments_card_last4 drives; windowQuery).
 */
export type Where = { sql: string; params: Params; text?: TextSearch; dateOrdered?: boolean; driver?: string; card?: boolean };
type TextSearch = { kind: 'trigram'; match: string } | { kind: 'prefix'; lo: string; hi: string };

// Each sort's expressions, matched by an index (migration 6) that ends in the rowid.
const sortKeys: Record<PaymentSort['by'], Array<{ sql: string; column: string; of: (row: PaymentRow) => string | number }>> = {
  createdAt: [{ sql: 'p.created_at', column: 'p.created_at', of: (r) => r.created_at }],
  // Each currency apart (its minor units are not another's: KWD 21.732 is 21732, SAR 217.32 is
  // 21732), on payments_currency_amount: the codes in the same direction as the amounts.
  amount: [{ sql: 'p.currency', column: 'p.currency', of: (r) => r.currency }, { sql: 'p.amount_minor', column: 'p.amount_minor', of: (r) => r.amount_minor }],
  orderId: [{ sql: 'p.order_id COLLATE NOCASE', column: 'p.order_id', of: (r) => r.order_id }],
  state: [{ sql: 'p.state', column: 'p.state', of: (r) => r.state }, { sql: 'p.created_at', column: 'p.created_at', of: (r) => r.created_at }],
  customer: [{ sql: "ifnull(p.customer_name, '') COLLATE NOCASE", column: 'p.customer_name', of: (r) => r.customer_name ?? '' }],
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const textColumns = ['order_id', 'transaction_id', 'customer_name', 'customer_email', 'customer_phone'];

/**
 * The filter as SQL on payments `p`. `walk`: the common filters match many rows, so their
 * indexes are kept out ("+") and SQLite walks the sort's index testing each row, stopping at a
 * window, instead of collecting every match and sorting (see planWhere).
 */
export function buildWhere(filter: PaymentFilter, options: { walk?: boolean } = {}): Where {
  const plus = options.walk ? '+' : '';
  const clauses: string[] = [];
  const params: Params = {};
  let text: TextSearch | undefined;
  const query = filter.query?.trim();
  if (query && searchedByIndex(query)) {
    // The trigram index narrows to rows holding every trigram; the text itself decides (so no
    // FTS syntax, no wildcards: % and _ are literal).
    text = { kind: 'trigram', match: matchOf(trigramsOf(query)) };
    params.match = text.match;
    params.like = `%${escapeLike(query)}%`;
    // "+@like": a pattern SQLite reads while planning would make it plan the statement again at
    // every call (windowSql); a pattern that starts with % gains nothing from being read.
    // A name's letters written in more than one way are folded on both sides (arabic-letters.ts).
    const folds = hasFoldedLetters(query);
    if (folds) params.foldedLike = `%${escapeLike(foldArabicLetters(query))}%`;
    const test = (c: string) => (c === 'customer_name' && folds ? `${foldedSql('p.customer_name')} LIKE +@foldedLike ESCAPE '\\'` : `p.${c} LIKE +@like ESCAPE '\\'`);
    clauses.push(`(${textColumns.map(test).join(' OR ')})`);
  } else if (query) {
    // Too short for trigrams: the start of an order id (a range on its index), or an exact id.
    text = { kind: 'prefix', lo: query, hi: `${query}\u{10FFFF}` };
    params.exact = query;
    params.prefix = `${escapeLike(query)}%`;
    params.lo = text.lo;
    params.hi = text.hi;
    // A test on each row ("+" keeps indexes out of it); textDriver adds the indexed lookup when it pays.
    // "+@prefix": not read while planning (windowSql); "+p.order_id" keeps the index out anyway.
    clauses.push(`(+p.order_id LIKE +@prefix ESCAPE '\\' OR +p.transaction_id = @exact)`);
  }
  if (filter.states?.length) {
    clauses.push(`${plus}p.state IN (${filter.states.map((_, i) => `@state${i}`).join(', ')})`);
    filter.states.forEach((state, i) => (params[`state${i}`] = state));
  }
  if (filter.kinds?.length) {
    clauses.push(`${plus}p.kind IN (${filter.kinds.map((_, i) => `@kind${i}`).join(', ')})`);
    filter.kinds.forEach((kind, i) => (params[`kind${i}`] = kind));
  }
  if (filter.currency) {
    // With an amount range the (currency, amount) index is the one to use.
    clauses.push(`${filter.minAmount || filter.maxAmount ? '' : plus}p.currency = @currency`);
    params.currency = filter.currency;
  }
  for (const [name, op] of [['from', '>='], ['to', '<']] as const) {
    const value = filter[name];
    if (value === undefined) continue;
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) throw failField('invalid_input', name, 'ledger.notADate', { value: value.slice(0, 40) });
    clauses.push(`p.created_at ${op} @${name}`);
    params[name] = time.toISOString();
  }
  if (filter.minAmount !== undefined || filter.maxAmount !== undefined) {
    if (!filter.currency) throw failField('invalid_input', 'currency', 'ledger.amountNeedsCurrency');
    const currency = filter.currency as CurrencyCode;
    if (filter.minAmount) {
      clauses.push('p.amount_minor >= @minAmount');
      params.minAmount = parseAmountField(filter.minAmount, currency, 'minAmount');
    }
    if (filter.maxAmount) {
      clauses.push('p.amount_minor <= @maxAmount');
      params.maxAmount = parseAmountField(filter.maxAmount, currency, 'maxAmount');
    }
  }
  if (filter.profileId) {
    clauses.push(`${plus}p.profile_id = @profileId`);
    params.profileId = filter.profileId;
  }
  if (filter.needsAttention !== undefined) {
    clauses.push(`${plus}p.needs_attention = @attention`);
    params.attention = filter.needsAttention ? 1 : 0;
  }
  if (filter.withCaptured !== undefined) clauses.push(filter.withCaptured ? 'p.captured_minor > 0' : 'p.captured_minor = 0');
  if (filter.withRefunded !== undefined) clauses.push(filter.withRefunded ? 'p.refunded_minor > 0' : 'p.refunded_minor = 0');
  if (filter.cardBrand) {
    clauses.push(`${cardBrandSql} = @cardBrand`);
    params.cardBrand = filter.cardBrand;
  }
  if (filter.cardLast4 !== undefined) {
    // Never "+": about 1 payment in 10,000 ends in given digits, so its index (migration 16) drives.
    clauses.push('p.card_last4 = @cardLast4');
    params.cardLast4 = cardLast4Of(filter.cardLast4);
  }
  return { sql: clauses.join(' AND '), params, text, card: filter.cardLast4 !== undefined };
}

/**
 * buildWhere, walking the sort's index when the common filters keep at least 1 row in 20
 * (counted exactly by payment_counts), and asking the trigram index only for the text's
 * trigrams that pay (trigrams.ts; the LIKE decides either way).
 */
export function planWhere(db: LedgerDb, filter: PaymentFilter): Where {
  const all = countCommon(db, {});
  const where = buildWhere(filter, { walk: countCommon(db, filter) * 20 >= all });
  where.dateOrdered = dateOrderBreaks(db) === 0;
  if (where.text?.kind === 'trigram') {
    const match = matchOf(chooseTrigrams(db, trigramsOf(filter.query!.trim())));
    return { ...where, params: { ...where.params, match }, text: { kind: 'trigram', match } };
  }
  return where;
}

/**
 * A filter's plan, made once: its Where (choosing it reads the exact counts of the common
 * filters and the trigrams' densities), and its first window's statement per sort and limit. The choices
 * are statistics, not answers (as SQLite's own): kept while the ledger has changed less than 1
 * in 100 of its payments' worth (payments_version counts every change) and, for a plan whose
 * windows walk in rowid order (`byDateOrder`), rowid order is still creation order (`dateOrdered`
 * decides the order of a text or card walk, so it must be true). The exact count of a common
 * filter is an answer: kept for one ledger version only. A page then costs one small read (the
 * ledger's version; the date order too for a plan that walks by it) besides its window, even
 * right after the ledger changed.
 */
type Window = { statement: Statement; params: Params };
/**
 * `empty`: per sort, the first window of this filter's last first page when it read no row, and
 * how many more pages may answer by reading it alone (stillEmpty) before a page checks the plan.
 */
type Plan = { version: number; stale: number; where: Where; byDateOrder: boolean; onlyCommon: boolean; common?: { version: number; total: number }; first: Map<string, Map<number, Window>>; empty?: Map<string, { statement: Statement; params: Params; left: number }> };
const plansByDb = new WeakMap<LedgerDb, Map<string, Plan>>();

/** Whether a filter's windows (in date order) walk the trigram index or a card's entries by rowid (windowQuery), so `dateOrdered` decides them. */
const walksByDateOrder = (where: Where) => where.text?.kind === 'trigram' || (Boolean(where.card) && !where.text);

/** The fewest versions a plan is kept for (1% of the payments' worth when that is more). */
const planKeptVersions = 100;

function planFor(db: LedgerDb, filter: PaymentFilter, key: string, version: number): Plan {
  let byKey = plansByDb.get(db);
  if (!byKey) plansByDb.set(db, (byKey = new Map()));
  let plan = byKey.get(key);
  const fresh = plan && version >= plan.version && version < plan.stale && (!plan.byDateOrder || plan.where.dateOrdered === (dateOrderBreaks(db) === 0));
  if (!plan || !fresh) {
    const where = planWhere(db, filter);
    plan = { version, stale: version + Math.max(planKeptVersions, Math.floor(countCommon(db, {}) / 100)), where, byDateOrder: walksByDateOrder(where), onlyCommon: onlyCommon(filter), first: new Map() };
    if (byKey.size >= 100) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, plan);
  }
  if (plan.onlyCommon && plan.common?.version !== version) plan.common = { version, total: countCommon(db, filter) };
  return plan;
}

export function orderBy(sort: PaymentSort, rowid = 'p.rowid'): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${[...sortKeys[sort.by].map((k) => k.sql), rowid].map((e) => `${e} ${direction}`).join(', ')}`;
}

export function cursorOf(row: PaymentRow & { _rk: number }, sort: PaymentSort): Cursor {
  return { values: sortKeys[sort.by].map((k) => k.of(row)), rowid: row._rk };
}

/**
 * The SQL for a window: rows after the cursor in sort order, skipping `skip` of them. A text
 * search in date order walks the trigram index's hits newest first (when rowid order is creation
 * order) and stops at the window; otherwise the hits are read first (few) or the sort's index
 * is walked and each row tested (many), whichever the capped count says is cheaper.
 */
export function windowQuery(db: LedgerDb, where: Where, sort: PaymentSort, cursor: Cursor | undefined, columns = 'p.*'): { sql: string; params: Params } {
  const params: Params = { ...where.params };
  const clauses = where.sql ? [where.sql] : [];
  const less = sort.direction === 'asc' ? '>' : '<';
  if (where.text?.kind === 'trigram' && sort.by === 'createdAt' && (where.dateOrdered ?? dateOrderBreaks(db) === 0)) {
    if (cursor) {
      clauses.push(`s.rowid ${less} @cursorRowid`);
      params.cursorRowid = cursor.rowid;
    }
    return {
      sql: `SELECT ${columns}, p.rowid AS _rk FROM payments_search s CROSS JOIN payments p ON p.rowid = s.rowid
        WHERE payments_search MATCH @match AND ${clauses.join(' AND ')} ORDER BY s.rowid ${sort.direction === 'asc' ? 'ASC' : 'DESC'}`,
      params,
    };
  }
  if (where.card && !where.text && sort.by === 'createdAt' && (where.dateOrdered ?? dateOrderBreaks(db) === 0)) {
    // One card's payments in date order: payments_card_last4's entries of those digits, walked by
    // their rowid (creation order), so the window stops at its rows however many the card has.
    if (cursor) {
      clauses.push(`p.rowid ${less} @cursorRowid`);
      params.cursorRowid = cursor.rowid;
    }
    return { sql: `SELECT ${columns}, p.rowid AS _rk FROM payments p INDEXED BY payments_card_last4 WHERE ${clauses.join(' AND ')} ORDER BY p.rowid ${sort.direction === 'asc' ? 'ASC' : 'DESC'}`, params };
  }
  if (where.text) clauses.push((where.driver ??= textDriver(db, where)));
  if (cursor) {
    const keys = [...sortKeys[sort.by].map((k) => k.sql), 'p.rowid'];
    const values = [...cursor.values, cursor.rowid].map((value, i) => ((params[`cursor${i}`] = value), `@cursor${i}`));
    // One sort key and the rowid: a range on the key (the sort's index is searched from it), then the
    // rowid among its equals. As a row value, a key that is an expression or has a collation ("ifnull(
    // customer_name, '') COLLATE NOCASE", "order_id COLLATE NOCASE") was not a range: the index was
    // scanned from its start, 1-2 s a page deep in a million payments by customer and 8.8 s for End,
    // main's thread held all the while (walk17). The same rows either way.
    clauses.push(keys.length === 2
      ? `${keys[0]} ${less}= ${values[0]} AND (${keys[0]} ${less} ${values[0]} OR p.rowid ${less} ${values[1]})`
      : `(${keys.join(', ')}) ${less} (${values.join(', ')})`);
  }
  return { sql: `SELECT ${columns}, p.rowid AS _rk FROM payments p ${clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''} ${orderBy(sort)}`, params };
}

const denseAt = 2_000;
/** The text part of a query: as the driving set (few hits) or as a test on each row walked (many). */
function textDriver(db: LedgerDb, where: Where): string {
  const text = where.text!;
  if (text.kind === 'trigram') {
    const hits = (prepared(db, 'SELECT count(*) AS n FROM (SELECT rowid FROM payments_search WHERE payments_search MATCH ? LIMIT ?)').get(text.match, denseAt) as { n: number }).n;
    // "+p.rowid" keeps SQLite from driving by the hits, so it walks the sort's index instead.
    return `${hits >= denseAt ? '+' : ''}p.rowid IN (SELECT rowid FROM payments_search WHERE payments_search MATCH @match)`;
  }
  const hits = (prepared(db, 'SELECT count(*) AS n FROM (SELECT 1 FROM payments WHERE order_id COLLATE NOCASE >= ? AND order_id COLLATE NOCASE < ? LIMIT ?)').get(text.lo, text.hi, denseAt) as { n: number }).n;
  if (hits >= denseAt) return '1';
  return `p.rowid IN (SELECT rowid FROM payments WHERE order_id COLLATE NOCASE >= @lo AND order_id COLLATE NOCASE < @hi UNION ALL SELECT rowid FROM payments WHERE transaction_id = @exact)`;
}

/**
 * `building`: a walk was started (and has not been stopped before its end). `walking`: it is under
 * way (or waits for a quiet moment), `stop` stops it; `restarted`: the version before's was under
 * way when this one's first page came, so this one waits for a quiet moment (positions-thread.ts afterQuiet).
 */
type Anchors = { version: number; at: Map<number, Cursor>; building?: boolean; walking?: boolean; restarted?: boolean; stop?: () => void };
/** A position every this many rows (positions.ts walks to the same). */
export const anchorEvery = 10_000;
const anchorStep = 2_000;
const anchorsByDb = new WeakMap<LedgerDb, Map<string, Anchors>>();

/**
 * A window of the list by position, as the windowed list asks: continued from the nearest
 * position this filter and sort were read to before (the end of the previous page when
 * scrolling), so only the rows between are skipped. Positions are forgotten when payments change.
 * Unless the count is known, the window reads one row more: the page then knows "more than N"
 * (or the exact count, when the window ends inside) and costs what its window costs; the count
 * comes after, in the background (count-tables.ts), for the next call to tell.
 */
export function searchPayments(db: LedgerDb, filter: PaymentFilter, sort: PaymentSort, offset: number, limit: number): Page {
  return whileServingList(db, () => {
    const filterKey = JSON.stringify(filter);
    return (offset === 0 && stillEmpty(db, filterKey, sort)) || oneSnapshot(db, () => pageOf(db, filter, filterKey, sort, offset, limit));
  });
}

/**
 * How many first pages in a row may answer "none" by their window alone before one reads the
 * version and checks its plan again: as many as the fewest versions a plan is kept for anyway, so
 * a list asked again at each change checks its plan at least as often as planFor would.
 */
export const emptyPagesUnchecked = planKeptVersions;
const none = (): Page => ({ total: 0, totalExact: true, rows: [] });

/**
 * A first page whose window read no row last time (this filter and sort, any version): its window
 * alone, in a read of its own, and if it still reads none, that is the page (none, exactly: a
 * first window with no row is no match, in that snapshot). Not the version, nor the plan's checks,
 * nor the count's lookup: a page with no row carries no version, keeps nothing and counts nothing,
 * and any plan reads the same rows (plans are statistics). A list left on a search that finds
 * nothing is asked again at every change of the ledger; this is most of those pages' cost over
 * their SQL (docs/performance.md, "The page's fixed cost on windows that read nothing"). If the
 * window reads a row, its snapshot's version is unknown: false, and the page is read as any other.
 * After `emptyPagesUnchecked` such pages one is read as any other, so the plan is still checked.
 */
function stillEmpty(db: LedgerDb, filterKey: string, sort: PaymentSort): Page | false {
  const empty = plansByDb.get(db)?.get(filterKey)?.empty?.get(`${sort.by} ${sort.direction}`);
  if (!empty || empty.left <= 0) return false;
  empty.left--;
  return empty.statement.get(empty.params) === undefined && none();
}

/**
 * A page's reads (the version, the plan's counts, the window) in one read transaction: one
 * snapshot, so the rows and an exact count are of the version read with them, whichever
 * connection writes meanwhile; and SQLite takes its read lock once, not once a statement (about
 * 0.8 µs each on a WAL file; docs/performance.md, "The list's windows that read nothing").
 */
export function oneSnapshot<T>(db: LedgerDb, read: () => T): T {
  if (db.inTransaction) return read();
  prepared(db, 'BEGIN').run();
  try {
    return read();
  } finally {
    if (db.inTransaction) prepared(db, 'COMMIT').run();
  }
}

function pageOf(db: LedgerDb, filter: PaymentFilter, filterKey: string, sort: PaymentSort, offset: number, limit: number): Page {
  const version = paymentsVersion(db);
  const plan = planFor(db, filter, filterKey, version);
  const known = plan.common === undefined ? knownCounted(db, filterKey, version) : undefined;
  const exactTotal = plan.common?.total ?? (known?.exact ? known.total : undefined);
  const sortKey = `${sort.by} ${sort.direction}`;
  // Positions only matter deep in the list or when the window is full (a first page that ends
  // inside the window needs none: nothing is made for it).
  const anchors = offset > 0 ? anchorsFor(db, `${sortKey} ${filterKey}`, version) : undefined;
  let from = 0;
  if (anchors) for (const at of anchors.at.keys()) if (at <= offset && at > from) from = at;
  // Far from its nearest position (none walked yet), the whole list skips from its start: OFFSET
  // passes the sort's index alone, while a skip from a position tests each row against it (by
  // customer, a look at each row for its key: 4.4 s to End of a million, 52 ms from the start).
  if (from > 0 && !plan.where.sql && offset - from > anchorEvery) from = 0;
  const read = exactTotal !== undefined ? limit : limit + 1;
  const window = from > 0 ? windowStatement(db, plan.where, sort, anchors!.at.get(from), read) : firstWindow(db, plan, sort, sortKey, read);
  const found = window.statement.all({ ...window.params, skip: offset - from }) as Array<PaymentRow & { _rk: number }>;
  if (offset === 0) noteFirstWindow(plan, sortKey, window, found.length === 0);
  const more = found.length > limit;
  const rows = more ? found.slice(0, limit) : found;
  if (rows.length === limit) {
    const at = anchors ?? anchorsFor(db, `${sortKey} ${filterKey}`, version);
    if (at.at.size >= 2_000) at.at.clear();
    at.at.set(offset + limit, cursorOf(rows.at(-1)!, sort));
    if (!at.building && (exactTotal === undefined || exactTotal > 2 * anchorEvery)) buildAnchors(db, filter, plan.where, sort, at);
  }
  if (exactTotal !== undefined) return { total: exactTotal, totalExact: true, rows };
  // The first page ended inside its window: that is the count, nothing to keep or count later.
  if (offset === 0 && !more && !known) return { total: found.length, totalExact: true, rows };
  // Past the end (offset beyond the last match) the page tells nothing new: the count does.
  const seen = found.length ? offset + found.length : 0;
  const counted = noteCount(db, known ?? countedFor(db, filterKey, version), filter, plan.where, seen, !more && (found.length > 0 || offset === 0));
  return counted.exact ? { total: counted.total, totalExact: true, rows } : { total: counted.total, totalExact: false, rows, countId: counted.id };
}

/** Whether this filter's first window read no row (stillEmpty asks it alone next time) or some (each page is read whole). */
function noteFirstWindow(plan: Plan, sortKey: string, window: Window, empty: boolean): void {
  // Its values bound from the first row (`skip` 0) kept with it: nothing made per page.
  if (empty) (plan.empty ??= new Map()).set(sortKey, { statement: window.statement, params: { ...window.params, skip: 0 }, left: emptyPagesUnchecked });
  else plan.empty?.delete(sortKey);
}

/**
 * The rows of a filter's first page as its first call reads them (the plan and the window's
 * statement made and kept for that call), and nothing else: no positions walked, nothing counted,
 * no event. Main warms the list's first call with it in idle time (api/first-screens-warm-up.ts).
 */
export function firstPageRows(db: LedgerDb, filter: PaymentFilter, sort: PaymentSort, limit: number): Array<PaymentRow & { _rk: number }> {
  const key = JSON.stringify(filter);
  const version = paymentsVersion(db);
  const plan = planFor(db, filter, key, version);
  // The statement that page will run: one row more unless its count is known (pageOf).
  const counted = plan.common !== undefined || knownCounted(db, key, version)?.exact;
  const window = firstWindow(db, plan, sort, `${sort.by} ${sort.direction}`, counted ? limit : limit + 1);
  return (window.statement.all({ ...window.params, skip: 0 }) as Array<PaymentRow & { _rk: number }>).slice(0, limit);
}

/**
 * A window's statement as SQL: its LIMIT written in, its OFFSET bound (`@skip`). SQLite (3.51, as
 * better-sqlite3 12 bundles it) reads a bound LIMIT while planning, and then plans the statement
 * again whenever a value is bound to it, which better-sqlite3 does at every call: 20 µs of a 23 µs
 * window that reads nothing, 120-190 µs of a 1 ms one (docs/performance.md, "List vs raw SQL on
 * windows that read nothing"). Written in, the plan is the same (SQLite planned with the bound
 * value) and made once per limit.
 */
export function windowSql(sql: string, limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`a window's limit must be a whole number, not ${limit}`);
  return `${sql} LIMIT ${limit} OFFSET @skip`;
}

function windowStatement(db: LedgerDb, where: Where, sort: PaymentSort, cursor: Cursor | undefined, limit: number): Window {
  const query = windowQuery(db, where, sort, cursor);
  return { statement: prepared(db, windowSql(query.sql, limit)), params: query.params };
}

function firstWindow(db: LedgerDb, plan: Plan, sort: PaymentSort, sortKey: string, limit: number): Window {
  let byLimit = plan.first.get(sortKey);
  if (!byLimit) plan.first.set(sortKey, (byLimit = new Map()));
  let window = byLimit.get(limit);
  if (!window) byLimit.set(limit, (window = windowStatement(db, plan.where, sort, undefined, limit)));
  return window;
}

export type Page = { total: number; totalExact: boolean; rows: Array<PaymentRow & { _rk: number }>; countId?: string };

/**
 * While the list is on screen: a position every 10,000 rows, so a jump deep into the list skips
 * fewer than 10,000 rows. In the positions' worker thread when there is one (positions.ts: one
 * walk on its own connection, main stays free); else here, 2,000 rows per turn of the event loop
 * (each turn reads only the sort's index where it can, a few ms; a text search's turn re-reads
 * the trigram index's lists, 17-36 ms at 1M). Stops when the ledger changes (stale positions).
 * Not before the app lets walks start (positions-thread.ts holdWalks).
 */
function buildAnchors(db: LedgerDb, filter: PaymentFilter, where: Where, sort: PaymentSort, anchors: Anchors): void {
  anchors.building = true;
  if (anchors.restarted) {
    anchors.walking = true;
    anchors.stop = afterQuiet(() => {
      anchors.walking = false;
      anchors.stop = undefined;
      if (db.open && paymentsVersion(db) === anchors.version) startAnchors(db, filter, where, sort, anchors);
      else anchors.building = false;
    });
    return;
  }
  startAnchors(db, filter, where, sort, anchors);
}

function startAnchors(db: LedgerDb, filter: PaymentFilter, where: Where, sort: PaymentSort, anchors: Anchors): void {
  // Held (positions-thread.ts holdWalks): walked once released, unless the ledger changed meanwhile.
  const held = walksHeldBy(db);
  if (held) {
    void held.then(() => {
      if (db.open && paymentsVersion(db) === anchors.version) walkAnchors(db, filter, where, sort, anchors);
      else anchors.building = false;
    });
    return;
  }
  walkAnchors(db, filter, where, sort, anchors);
}

function walkAnchors(db: LedgerDb, filter: PaymentFilter, where: Where, sort: PaymentSort, anchors: Anchors): void {
  const thread = positionsThread(db);
  if (thread) {
    const job: PositionsJob = {
      filter,
      sort,
      version: anchors.version,
      found: (at) => at.forEach(([offset, cursor]) => anchors.at.set(offset, cursor)),
      // Stopped before its end (another search, a change): the next page may start it again.
      ended: (complete) => {
        anchors.walking = false;
        anchors.stop = undefined;
        if (!complete) anchors.building = false;
      },
    };
    anchors.walking = true;
    // A newer version's page stops it now (anchorsFor), not at its next message: its positions can only be stale.
    anchors.stop = () => thread.cancel(job);
    thread.walk(job);
    return;
  }
  const columns = [...new Set(sortKeys[sort.by].map((k) => k.column))].join(', ');
  let offset = 0;
  let cursor: Cursor | undefined;
  stepping++;
  anchors.walking = true;
  const done = () => {
    stepping--;
    anchors.walking = false;
  };
  const step = () => {
    if (!db.open || paymentsVersion(db) !== anchors.version) return done();
    const query = windowQuery(db, where, sort, cursor, columns);
    const row = prepared(db, `${query.sql} LIMIT 1 OFFSET ${anchorStep - 1}`).get(query.params) as (PaymentRow & { _rk: number }) | undefined;
    if (!row) return done();
    offset += anchorStep;
    cursor = cursorOf(row, sort);
    if (offset % anchorEvery === 0) anchors.at.set(offset, cursor);
    setImmediate(step);
  };
  setImmediate(step);
}
let stepping = 0;

/** The sort values of a row as a cursor takes them, as SQL (the window adds the rowid): for a walk that reads arrays. */
export const cursorColumns = (sort: PaymentSort) => sortKeys[sort.by].map((k) => k.sql.replace(' COLLATE NOCASE', ''));

const turns = (count: number) => new Promise<void>((resolve) => {
  const next = (left: number) => (left <= 0 ? resolve() : setImmediate(next, left - 1));
  next(count);
});

/** Resolves once background work of this module (positions, counts) has had its turns: for benchmarks and tests. */
export const settle = async (count = 2_000) => {
  await turns(count);
  // A restarted walk or count waiting for its quiet moment (afterQuiet): started, then given its turns.
  if (quietWaiting()) {
    while (quietWaiting()) await new Promise((resolve) => setTimeout(resolve, restartQuietMs));
    await turns(count);
  }
  await positionsIdle();
  await turns(2);
};

/** Whether positions are still being walked, or counts made (in steps on main, or in the worker): benchmarks. */
export const positionsPending = () => stepping > 0 || positionsBusy() || quietWaiting();

function anchorsFor(db: LedgerDb, key: string, version: number): Anchors {
  let byKey = anchorsByDb.get(db);
  if (!byKey) anchorsByDb.set(db, (byKey = new Map()));
  let anchors = byKey.get(key);
  if (!anchors || anchors.version !== version) {
    const before = anchors;
    if (byKey.size >= 50) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, (anchors = { version, at: new Map() }));
    if (before?.walking) {
      anchors.restarted = true;
      before.stop?.();
    }
  }
  return anchors;
}

/**
 * Every matching row in order as arrays of `columns` (no object per row: the export reads a
 * million), a window at a time by keyset, each window's statement prepared once. The sort keys
 * and rowid are read after `columns` to continue from.
 */
export function* allPaymentRows(db: LedgerDb, filter: PaymentFilter, sort: PaymentSort, columns: string[], chunk = 1_000): Generator<unknown[][]> {
  const where = planWhere(db, filter);
  const keys = sortKeys[sort.by].map((k) => k.sql.replace(' COLLATE NOCASE', ''));
  const select = [...columns, ...keys].join(', ');
  const statements = new Map<string, Statement>();
  let cursor: Cursor | undefined;
  for (;;) {
    const query = windowQuery(db, where, sort, cursor, select);
    const sql = windowSql(query.sql, chunk); // its LIMIT written in: not planned again each chunk
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql).raw(true)));
    const rows = statement.all({ ...query.params, skip: 0 }) as unknown[][];
    yield rows;
    if (rows.length < chunk) return;
    const last = rows.at(-1)!;
    cursor = { values: last.slice(columns.length, columns.length + keys.length) as Array<string | number>, rowid: last[columns.length + keys.length] as number };
  }
}

/** An amount bound of a filter, as typed, in the filter's currency. */
function parseAmountField(text: string, currency: CurrencyCode, field: string): number {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw failField('invalid_input', field, parsed.why.key, parsed.why.values);
  return parsed.minor;
}
