// How many payments match a filter, without counting every row on every page: the common
// filters (state, kind, currency, profile, attention) are summed from payment_counts, which
// triggers keep exact (migration 6); any other filter is counted once per change of the
// ledger after its first page has answered (a page reads one row past its window, so it knows
// "more than N" itself): up to a cap first, then exactly, in the background. In the app that
// background is the list's worker thread (positions-worker.ts, on its own read-only connection,
// in short read transactions): main's thread spends no turn counting. Without the worker
// (tests that do not build it) main counts in small slices, a turn of its event loop each.
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import type { Database } from 'better-sqlite3';
import { planWhere, windowQuery, type Where } from './search';
import { prepared } from './statements';
import { afterQuiet, positionsThread, type CountJob } from './positions-thread';
import type { Statement } from 'better-sqlite3';

export const countCap = 1_000;
// A slice tests its rows' text itself (about 2 ms for 5,000 rows at 1M on a quiet machine): the
// trigram index reads a trigram's whole list for any range of rowids (100-300 ms a slice at 1M
// for "PD-2025" or "example.com"), so it is not asked here.
const sliceRows = 5_000;

type Meta = { paymentsVersion: number; dateOrderBreaks: number };
const metaStatements = new WeakMap<LedgerDb, Statement>();

/** The ledger's change counter and whether rowid order is still creation order (one small read). */
export function ledgerMeta(db: LedgerDb): Meta {
  let statement = metaStatements.get(db);
  if (!statement) {
    statement = db.prepare(
      "SELECT ifnull((SELECT value FROM ledger_meta WHERE key = 'payments_version'), 0) AS paymentsVersion, ifnull((SELECT value FROM ledger_meta WHERE key = 'date_order_breaks'), 0) AS dateOrderBreaks",
    );
    metaStatements.set(db, statement);
  }
  return statement.get() as Meta;
}

/** A one-value statement of its own per connection (pluck changes a statement, so not `prepared`'s). */
function valueOf(kept: WeakMap<LedgerDb, Statement>, sql: string): (db: LedgerDb) => number {
  return (db) => {
    let statement = kept.get(db);
    if (!statement) kept.set(db, (statement = db.prepare(sql).pluck()));
    return statement.get() as number;
  };
}

/** The ledger's change counter alone: what every list page reads (a plan that needs the date order reads that apart). */
export const paymentsVersion = valueOf(new WeakMap(), "SELECT ifnull((SELECT value FROM ledger_meta WHERE key = 'payments_version'), 0)");

/** How many payments were recorded out of date order (0: rowid order is creation order); it moves only with the version. */
export const dateOrderBreaks = valueOf(new WeakMap(), "SELECT ifnull((SELECT value FROM ledger_meta WHERE key = 'date_order_breaks'), 0)");

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
  return (prepared(db, sql).get(...params) as { n: number }).n;
}

/**
 * What is known of a filter's count for one ledger version: exact, or "at least `total`" while
 * counting. `id` names this count in the `payments.counted` events that tell the list how it got on.
 */
export type Counted = { id: string; version: number; total: number; exact: boolean; counting?: boolean; restarted?: boolean; stop?: () => void };
const cache = new WeakMap<LedgerDb, Map<string, Counted>>();
let counts = 0;

/** Whether the filter is only common parts, so payment_counts has its exact count. */
export const onlyCommon = (filter: PaymentFilter) =>
  Object.keys(filter).every((k) => filter[k as keyof PaymentFilter] === undefined || tableColumns.includes(k));

/** Told each time a background count moves on ("more than 1,000", then exact): main's event. */
type CountListener = (counted: Counted) => void;
const listeners = new WeakMap<LedgerDb, Set<CountListener>>();
export function onCounted(db: LedgerDb, listener: CountListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}
const announce = (db: LedgerDb, counted: Counted) => listeners.get(db)?.forEach((listener) => listener(counted));

/** This ledger version's count of the filter (`key`: its JSON), if a page has begun it. */
export function knownCounted(db: LedgerDb, key: string, version: number): Counted | undefined {
  const counted = cache.get(db)?.get(key);
  return counted?.version === version ? counted : undefined;
}

/**
 * This ledger version's count of the filter (`key`: its JSON), as far as known (begun now if not).
 * An older version's count of it still under way is stopped here: it can only be stale now.
 */
export function countedFor(db: LedgerDb, key: string, version: number): Counted {
  let byFilter = cache.get(db);
  if (!byFilter) cache.set(db, (byFilter = new Map()));
  let counted = byFilter.get(key);
  if (!counted || counted.version !== version) {
    const before = counted;
    if (byFilter.size >= 100) byFilter.delete(byFilter.keys().next().value!);
    byFilter.set(key, (counted = { id: `c${++counts}`, version, total: 0, exact: false }));
    // Restarted while the one before was under way: after a quiet moment (positions-thread.ts afterQuiet).
    if (before?.counting) {
      counted.restarted = true;
      before.stop?.();
    }
  }
  return counted;
}

/**
 * How many match as far as known without reading any payment: exact for the common filters,
 * else what this ledger version's count has found so far (undefined before any page was read).
 */
export function knownCount(db: LedgerDb, filter: PaymentFilter): Counted | undefined {
  if (onlyCommon(filter)) return { id: '', version: -1, total: countCommon(db, filter), exact: true };
  const known = cache.get(db)?.get(JSON.stringify(filter));
  return known && known.version === paymentsVersion(db) ? known : undefined;
}

/**
 * What a page just read tells of the count: `seen` rows exist (its offset and rows, one more than
 * asked meaning more follow), and `exact` when the window ended inside. Unless that settled it,
 * the count runs in the background: up to countCap at once, then exactly, in slices.
 */
export function noteCount(db: LedgerDb, counted: Counted, filter: PaymentFilter, where: Where, seen: number, exact: boolean): Counted {
  if (counted.exact) return counted;
  if (exact) {
    const wasCounting = counted.counting;
    Object.assign(counted, { total: seen, exact: true, counting: false });
    if (wasCounting) announce(db, counted);
    return counted;
  }
  counted.total = Math.max(counted.total, seen);
  if (!counted.counting) {
    if (!counted.restarted) startCount(db, filter, where, counted);
    else {
      counted.counting = true;
      const cancel = afterQuiet(() => {
        counted.counting = false;
        counted.stop = undefined;
        // The ledger moved on without a page of this filter: the next page counts its own version.
        if (db.open && !counted.exact && paymentsVersion(db) === counted.version) startCount(db, filter, where, counted);
      });
      counted.stop = () => {
        cancel();
        counted.counting = false;
      };
    }
  }
  return counted;
}

function startCount(db: LedgerDb, filter: PaymentFilter, where: Where, counted: Counted): void {
  if (positionsThread(db)) countInThread(db, filter, counted);
  else countLater(db, where, counted);
}

/**
 * The count in the list's worker thread: "more than 1,000" (or exact, when fewer match), then
 * exact, each announced as it comes; dropped when the ledger has changed or a page settled it.
 */
function countInThread(db: LedgerDb, filter: PaymentFilter, counted: Counted): void {
  counted.counting = true;
  const job: CountJob = {
    filter,
    version: counted.version,
    stale: () => counted.exact,
    found(total, exact) {
      if (counted.exact) return;
      if (exact) Object.assign(counted, { total, exact: true, counting: false });
      else counted.total = Math.max(counted.total, total);
      announce(db, counted);
    },
    // Stopped before its end (another count, a change): the next page of this version starts it again.
    ended: (complete) => {
      counted.stop = undefined;
      if (!complete) counted.counting = false;
    },
  };
  // A newer version's page stops it now (countedFor), not at its next message: it can only be stale.
  counted.stop = () => positionsThread(db)?.cancel(job);
  positionsThread(db)!.count(job);
}

/**
 * The count after the page has answered, each step a turn of the event loop so main keeps
 * answering: first up to countCap + 1 matches (so "more than 1,000" is known soon), then the
 * exact count a slice of rowids per turn. Stops when the ledger changes or a page settled it.
 */
function countLater(db: LedgerDb, where: Where, counted: Counted): void {
  counted.counting = true;
  const stale = () => !db.open || counted.exact || paymentsVersion(db) !== counted.version;
  setImmediate(() => {
    if (stale()) return void (counted.counting = false);
    const capped = countCapped(db, where);
    if (capped <= countCap) {
      Object.assign(counted, { total: capped, exact: true, counting: false });
      return announce(db, counted);
    }
    counted.total = Math.max(counted.total, capped);
    announce(db, counted);
    countInSlices(db, where, counted, stale);
  });
}

/** The exact count, a slice of rowids per turn of the event loop. */
function countInSlices(db: LedgerDb, where: Where, counted: Counted, stale: () => boolean): void {
  const last = lastRowid(db);
  const statement = sliceStatement(db, where);
  let total = 0;
  const step = (from: number) => {
    if (stale()) return void (counted.counting = false);
    total += (statement.get({ ...where.params, a: from, b: from + sliceRows }) as { n: number }).n;
    if (from + sliceRows < last) return void setImmediate(step, from + sliceRows);
    Object.assign(counted, { total, exact: true, counting: false });
    announce(db, counted);
  };
  setImmediate(step, 0);
}

/** Up to countCap + 1 matches, counted by the window's own plan (stops there). */
function countCapped(db: LedgerDb, where: Where): number {
  const query = windowQuery(db, where, { by: 'createdAt', direction: 'desc' }, undefined, '1');
  return (prepared(db, `SELECT count(*) AS n FROM (${query.sql} LIMIT ${countCap + 1})`).get(query.params) as { n: number }).n;
}

const lastRowid = (db: LedgerDb) => (prepared(db, 'SELECT ifnull(max(rowid), 0) AS n FROM payments').get() as { n: number }).n;
const sliceStatement = (db: LedgerDb, where: Where) =>
  db.prepare(`SELECT count(*) AS n FROM payments p NOT INDEXED WHERE p.rowid > @a AND p.rowid <= @b${where.sql ? ` AND ${where.sql}` : ''}`);

/**
 * The worker thread's side of a count (positions-worker.ts), on its own connection: up to
 * countCap + 1 first (posted: exact when that is all), then the exact count a slice of rowids at
 * a time, a turn of the thread between slices (where a newer count stops it), each read
 * transaction ended after about `transactionMs` and the next one checked to be the same ledger
 * version (every change of payments moves it): a count of `version` or none (false).
 */
export async function countMatches(
  db: Database,
  job: { filter: PaymentFilter; version: number },
  post: (total: number, exact: boolean) => void,
  stopped: () => boolean,
  turn: () => Promise<void>,
  options: { transactionMs: number },
): Promise<boolean> {
  const ledger = db as LedgerDb;
  let where: Where | undefined;
  let statement: Statement | undefined;
  let last = 0;
  let from = 0;
  let total = 0;
  for (;;) {
    db.exec('BEGIN');
    try {
      if (paymentsVersion(ledger) !== job.version) return false; // main's page was of another version
      if (!where) {
        where = planWhere(ledger, job.filter);
        const capped = countCapped(ledger, where);
        post(capped, capped <= countCap);
        if (capped <= countCap) return true;
        [last, statement] = [lastRowid(ledger), sliceStatement(ledger, where)];
      }
      const began = performance.now();
      while (from < last) {
        total += (statement!.get({ ...where.params, a: from, b: from + sliceRows }) as { n: number }).n;
        from += sliceRows;
        await turn();
        if (stopped()) return false;
        if (performance.now() - began >= options.transactionMs) break; // a new transaction from `from`
      }
      if (from >= last) {
        post(total, true);
        return true;
      }
    } finally {
      db.exec('COMMIT');
    }
  }
}
