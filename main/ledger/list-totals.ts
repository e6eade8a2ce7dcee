// The sums per currency of every payment the list's filter matches, as the payments CSV adds them
// up (its `captured` and `refunded` columns; an empty `refunded` cell, a refund made outside
// Paydesk with no amount told, counted apart). Made like the list's background count
// (count-tables.ts): after the page, a slice per turn of main's event loop, each slice in its own
// read snapshot with the ledger's version, started over when the version moves; one at a time
// per ledger: a call for another filter stops the one under way. A slice is a narrow filter's
// next candidates through the list's index for it, or a broad one's next rowids over the table
// (totals-path.ts). Its WHERE is the list's own (search.ts planWhere), so it matches the rows
// the list shows and the CSV writes, whichever rows a slice looks at.
import type { PaymentFilter } from '../../contract/methods/payments';
import type { CurrencyCode } from '../../contract/money';
import type { LedgerDb } from './database';
import { oneSnapshot, planWhere, type Where } from './search';
import { countCommon, paymentsVersion } from './count-tables';
import { prepared } from './statements';
import { driverSql, narrowCandidates, pathsOf, start, type TotalsPath } from './totals-path';
import { fail } from '../core/fail';

/**
 * One currency of one profile: money of two profiles is never added up, so a practice or sandbox
 * profile's test payments never swell a production profile's figures (a profile's environment never
 * changes, so two environments are never one figure either).
 */
export type CurrencyTotals = {
  profileId: string; currency: CurrencyCode; payments: number;
  /** Of `payments`, those that took money: `captured_minor > 0` (a refund since or not; an authorisation not captured took none), as "Any capture" lists them. */
  capturedPayments: number;
  capturedMinor: number; refundedMinor: number; refundsNotKnown: number;
  /** Captured outside Paydesk, how much not told (capturedAmountUnknown): the CSV leaves `captured` empty (walk35). */
  capturesNotKnown: number;
};
export type TotalsAnswer = { stopped: boolean; currencies: CurrencyTotals[] };

/** Rows (or a narrow path's candidates) a slice reads (a few ms at 1M, bench/list-totals.ts): main answers between slices. */
export const totalsSliceRows = 2_000;

/** The CSV leaves `refunded` empty for these (refundedAmountUnknown, contract/payment-states.ts). */
const notKnownSql = "p.state IN ('partially_refunded', 'refunded') AND p.refunded_minor = 0";
/** The CSV leaves `captured` empty for these (capturedAmountUnknown). */
const captureNotKnownSql = "p.state = 'partially_captured' AND p.captured_minor = 0";

type Job = { key: string; version: number; answer: Promise<TotalsAnswer>; stop(): void };
const running = new WeakMap<LedgerDb, Job>();
const known = new WeakMap<LedgerDb, { key: string; version: number; currencies: CurrencyTotals[] }>();

/**
 * The totals of `filter` for the ledger as it is when they end. Answered at once when this
 * version's are known; a call for the same filter and version joins the one under way.
 * `sliceRows`: tests take fewer, to reach a change between slices with few payments.
 */
export function listTotals(db: LedgerDb, filter: PaymentFilter, sliceRows = totalsSliceRows): Promise<TotalsAnswer> {
  const key = JSON.stringify(filter);
  const version = paymentsVersion(db);
  const done = known.get(db);
  if (done && done.key === key && done.version === version) return Promise.resolve({ stopped: false, currencies: done.currencies });
  const under = running.get(db);
  if (under && under.key === key && under.version === version) return under.answer;
  under?.stop();
  // Planned now, so a filter main refuses (an amount without its currency) is refused to this call.
  const where = planWhere(db, filter);
  let stopped = false;
  const job: Job = { key, version, answer: Promise.resolve({ stopped: true, currencies: [] }), stop: () => void (stopped = true) };
  job.answer = new Promise<TotalsAnswer>((resolve, reject) => {
    let reader: Reader | undefined;
    let choosing: Chooser | undefined;
    let sums = new Map<string, CurrencyTotals>();
    let at = version;
    const step = () => {
      try {
        if (stopped || !db.open) return resolve({ stopped: true, currencies: [] });
        if (!reader) {
          // Which rows to read: a probe of a narrow path per turn (each reads at most its cap of index entries).
          choosing ??= chooser(db, filter, where, sliceRows);
          const path = choosing.next();
          if (path === 'probing') return void setImmediate(step);
          reader = path ? pathReader(db, where, path, sliceRows) : rowidReader(db, where, sliceRows);
        }
        // One slice's reads in one snapshot (the version with the rows it read), as the list's pages.
        const now = oneSnapshot(db, () => {
          const seen = paymentsVersion(db);
          // Changed since the slices before: they may count rows twice or miss some; start over.
          if (seen !== at) return { restart: seen };
          return { more: reader!.slice(sums) };
        });
        if (now.restart !== undefined) {
          at = now.restart;
          sums = new Map();
          reader.restart();
          job.version = at;
          return void setImmediate(step);
        }
        if (now.more) return void setImmediate(step);
        const currencies = ordered(sums);
        known.set(db, { key, version: at, currencies });
        if (running.get(db) === job) running.delete(db);
        resolve({ stopped: false, currencies });
      } catch (error) {
        if (running.get(db) === job) running.delete(db);
        reject(error);
      }
    };
    setImmediate(step);
  });
  running.set(db, job);
  return job.answer;
}

type SliceRow = { profileId: string; currency: CurrencyCode; n: number; withCapture: number; captured: number; refunded: number; unknown: number; capturesUnknown: number };

function addSlice(sums: Map<string, CurrencyTotals>, rows: SliceRow[]) {
  for (const r of rows) {
    const key = `${r.profileId}\u0000${r.currency}`;
    const kept = sums.get(key) ?? { profileId: r.profileId, currency: r.currency, payments: 0, capturedPayments: 0, capturedMinor: 0, refundedMinor: 0, refundsNotKnown: 0, capturesNotKnown: 0 };
    kept.payments += r.n;
    kept.capturedPayments += r.withCapture;
    kept.capturedMinor = safeSum(kept.capturedMinor, r.captured, r.currency);
    kept.refundedMinor = safeSum(kept.refundedMinor, r.refunded, r.currency);
    kept.refundsNotKnown += r.unknown;
    kept.capturesNotKnown += r.capturesUnknown;
    sums.set(key, kept);
  }
}

/** Integers only; past 2^53 minor units a sum could not be exact, so none is given. */
function safeSum(a: number, b: number, currency: string): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw fail('invalid_input', 'ledger.totalTooLarge', { currency });
  return sum;
}

/** Largest count first; the same count in ISO code order, then by profile, so the order never flickers. */
export const ordered = (sums: Map<string, CurrencyTotals> | CurrencyTotals[]) =>
  [...sums.values()].sort((a, b) => b.payments - a.payments || compare(a.currency, b.currency) || compare(a.profileId, b.profileId));

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const lastRowid = (db: LedgerDb) => (prepared(db, 'SELECT ifnull(max(rowid), 0) AS n FROM payments').get() as { n: number }).n;

// Grouped by currency then profile, nothing more: the environment as a third key made the whole
// table's GROUP BY about twice as slow as by currency alone (1,000,000 payments: 1.18 s against 0.57,
// `sqlite3`), by currency and profile 0.84 s; the renderer names a profile's environment from its list.
const sumsSql = `SELECT p.profile_id AS profileId, p.currency AS currency, count(*) AS n, ifnull(sum(p.captured_minor > 0), 0) AS withCapture, ifnull(sum(p.captured_minor), 0) AS captured, ifnull(sum(p.refunded_minor), 0) AS refunded,
    ifnull(sum(${notKnownSql}), 0) AS unknown, ifnull(sum(${captureNotKnownSql}), 0) AS capturesUnknown`;

/** Reads the next slice into the sums (in the caller's snapshot); false once the last one was read. */
type Reader = { slice(sums: Map<string, CurrencyTotals>): boolean; restart(): void };

/** The whole table a slice of rowids at a time, the filter tested on each row (NOT INDEXED: the rowid range drives, as count-tables.ts's slices). */
function rowidReader(db: LedgerDb, where: Where, sliceRows: number): Reader {
  const statement = prepared(db, `${sumsSql}
    FROM payments p NOT INDEXED WHERE p.rowid > @a AND p.rowid <= @b${where.sql ? ` AND ${where.sql}` : ''} GROUP BY p.currency, p.profile_id`);
  let from = 0;
  let last: number | undefined;
  return {
    slice(sums) {
      last ??= lastRowid(db);
      addSlice(sums, statement.all({ ...where.params, a: from, b: from + sliceRows }) as SliceRow[]);
      from += sliceRows;
      return from < last;
    },
    restart: () => void ((from = 0), (last = undefined)),
  };
}

/** A narrow path's candidates (totals-path.ts), `sliceRows` of them a slice in the index's order, each joined to its payment and tested by the filter. */
function pathReader(db: LedgerDb, where: Where, path: TotalsPath, sliceRows: number): Reader {
  const keyed = path.kind === 'keyed';
  const sums = prepared(db, `${sumsSql}
    FROM (${driverSql(path)}${keyed ? ` LIMIT ${sliceRows}` : ''}) d CROSS JOIN payments p ON p.rowid = d.r${where.sql ? ` WHERE ${where.sql}` : ''} GROUP BY p.currency, p.profile_id`);
  // The slice's last candidate: the next slice starts after it (none: this slice was the last).
  const end = keyed ? prepared(db, `${driverSql(path)} LIMIT 1 OFFSET ${sliceRows - 1}`) : undefined;
  let after = { pk: start(path), pr: Number.MIN_SAFE_INTEGER };
  return {
    slice(into) {
      const params = { ...where.params, ...after };
      addSlice(into, sums.all(params) as SliceRow[]);
      const last = end?.get(params) as { k?: string | number; r: number } | undefined;
      if (!last) return false;
      after = { pk: last.k ?? start(path), pr: last.r };
      return true;
    },
    restart: () => void (after = { pk: start(path), pr: Number.MIN_SAFE_INTEGER }),
  };
}

type Chooser = { next(): TotalsPath | undefined | 'probing' };

/**
 * The narrowest path with few enough candidates, or none (the rowid slices). First every path's
 * candidates up to a slice (cheap: one at or under it is taken at once), then up to the cap,
 * one path a turn (each probe reads up to the cap's index entries).
 */
function chooser(db: LedgerDb, filter: PaymentFilter, where: Where, sliceRows: number): Chooser {
  const paths = pathsOf(db, filter, where);
  const cap = narrowCandidates(countCommon(db, {}));
  let best: { path: TotalsPath; n: number } | undefined;
  let probed = -1;
  return {
    next() {
      if (probed < 0) {
        probed = 0;
        const few = paths.map((p) => ({ path: p.path, n: p.count(sliceRows) })).filter((p) => p.n <= sliceRows).sort((a, b) => a.n - b.n)[0];
        if (few || !paths.some((p) => p.path.kind === 'keyed')) return few?.path;
        return 'probing';
      }
      // A text search's hits are read in one query, so only when they fit one slice (above).
      const p = paths[probed++];
      if (p && p.path.kind === 'keyed') {
        const n = p.count(cap);
        if (n <= cap && (!best || n < best.n)) best = { path: p.path, n };
      }
      return probed < paths.length ? 'probing' : best?.path;
    },
  };
}
