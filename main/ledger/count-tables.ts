// How many payments match a filter, without counting every row on every page: the common
// filters (state, kind, currency, profile, attention) are summed from payment_counts, which
// triggers keep exact (migration 6); any other filter is counted once per change of the
// ledger, up to a cap at once ("more than N") and exactly in small slices in the background.
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import { windowQuery, type Where } from './search';

export const countCap = 1_000;
// A slice is a few ms of main's time even when each row is tested against a text.
const sliceRows = 10_000;

type Meta = { paymentsVersion: number; dateOrderBreaks: number };
const metaStatements = new WeakMap<LedgerDb, () => Meta>();

/** The ledger's change counter and whether rowid order is still creation order. */
export function ledgerMeta(db: LedgerDb): Meta {
  let read = metaStatements.get(db);
  if (!read) {
    const statement = db.prepare("SELECT key, value FROM ledger_meta WHERE key IN ('payments_version', 'date_order_breaks')");
    read = () => {
      const rows = statement.all() as Array<{ key: string; value: number }>;
      const of = (key: string) => rows.find((r) => r.key === key)?.value ?? 0;
      return { paymentsVersion: of('payments_version'), dateOrderBreaks: of('date_order_breaks') };
    };
    metaStatements.set(db, read);
  }
  return read();
}

const tableColumns = ['states', 'kinds', 'currency', 'profileId', 'needsAttention'];

/** How many payments match the filter's common part (state, kind, currency, profile, attention), exactly. */
export function countCommon(db: LedgerDb, filter: PaymentFilter): number {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const list = (column: string, values: readonly string[]) => {
    clauses.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  if (filter.states?.length) list('state', filter.states);
  if (filter.kinds?.length) list('kind', filter.kinds);
  if (filter.currency) list('currency', [filter.currency]);
  if (filter.profileId) list('profile_id', [filter.profileId]);
  if (filter.needsAttention !== undefined) {
    clauses.push('needs_attention = ?');
    params.push(filter.needsAttention ? 1 : 0);
  }
  const sql = `SELECT ifnull(sum(n), 0) AS n FROM payment_counts ${clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''}`;
  return (db.prepare(sql).get(...params) as { n: number }).n;
}

type Counted = { version: number; total: number; exact: boolean; counting?: boolean };
const cache = new WeakMap<LedgerDb, Map<string, Counted>>();

/**
 * How many match, exactly or "at least countCap". When counted now by walking, also the rowids
 * walked, newest first (`first`), so the first page can be read from them instead of a second walk.
 */
export function countMatches(db: LedgerDb, filter: PaymentFilter, where: Where): { total: number; exact: boolean; first?: number[] } {
  const keys = Object.keys(filter).filter((k) => filter[k as keyof PaymentFilter] !== undefined);
  if (keys.every((k) => tableColumns.includes(k))) return { total: countCommon(db, filter), exact: true };
  let byFilter = cache.get(db);
  if (!byFilter) cache.set(db, (byFilter = new Map()));
  const key = JSON.stringify(filter);
  const version = ledgerMeta(db).paymentsVersion;
  const known = byFilter.get(key);
  if (known && known.version === version) return known;
  const query = windowQuery(db, where, { by: 'createdAt', direction: 'desc' }, undefined, '1');
  const first = db.prepare(`SELECT _rk FROM (${query.sql} LIMIT ${countCap})`).pluck().all(query.params) as number[];
  const total = first.length;
  const counted: Counted = { version, total, exact: total < countCap };
  if (byFilter.size >= 100) byFilter.delete(byFilter.keys().next().value!);
  byFilter.set(key, counted);
  if (!counted.exact) countInSlices(db, where, counted);
  return { total, exact: counted.exact, first };
}

/** The exact count, a slice of rowids per turn of the event loop, so main keeps answering. */
function countInSlices(db: LedgerDb, where: Where, counted: Counted): void {
  const last = (db.prepare('SELECT ifnull(max(rowid), 0) AS n FROM payments').get() as { n: number }).n;
  const text = where.text?.kind === 'trigram' ? 'p.rowid IN (SELECT rowid FROM payments_search WHERE payments_search MATCH @match AND rowid > @a AND rowid <= @b)' : '1';
  const statement = db.prepare(`SELECT count(*) AS n FROM payments p NOT INDEXED WHERE p.rowid > @a AND p.rowid <= @b AND ${text}${where.sql ? ` AND ${where.sql}` : ''}`);
  let total = 0;
  counted.counting = true;
  const step = (from: number) => {
    if (!db.open || ledgerMeta(db).paymentsVersion !== counted.version) return;
    total += (statement.get({ ...where.params, a: from, b: from + sliceRows }) as { n: number }).n;
    if (from + sliceRows < last) return void setImmediate(step, from + sliceRows);
    Object.assign(counted, { total, exact: true, counting: false });
  };
  setImmediate(step, 0);
}
