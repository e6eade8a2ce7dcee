// The sums per currency of every payment the list's filter matches, as the payments CSV adds them
// up (its `captured` and `refunded` columns; an empty `refunded` cell, a refund made outside
// Paydesk with no amount told, counted apart). Made like the list's background count
// (count-tables.ts): after the page, a slice of rowids per turn of main's event loop, each slice
// in its own read snapshot with the ledger's version, started over when the version moves; one
// at a time per ledger: a call for another filter stops the one under way. Its WHERE is the
// list's own (search.ts planWhere), so it matches the rows the list shows and the CSV writes.
import type { PaymentFilter } from '../../contract/methods/payments';
import type { CurrencyCode } from '../../contract/money';
import type { LedgerDb } from './database';
import type { Statement } from 'better-sqlite3';
import { oneSnapshot, planWhere, type Where } from './search';
import { paymentsVersion } from './count-tables';
import { prepared } from './statements';
import { fail } from '../core/fail';

export type CurrencyTotals = { currency: CurrencyCode; payments: number; capturedMinor: number; refundedMinor: number; refundsNotKnown: number };
export type TotalsAnswer = { stopped: boolean; currencies: CurrencyTotals[] };

/** Rows a slice reads (about 3 ms at 1M on a quiet machine, bench/list-totals.ts): main answers between slices. */
export const totalsSliceRows = 2_000;

/** The CSV leaves `refunded` empty for these (refundedAmountUnknown, contract/payment-states.ts). */
const notKnownSql = "p.state IN ('partially_refunded', 'refunded') AND p.refunded_minor = 0";

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
    const statement = sliceStatement(db, where);
    let sums = new Map<string, CurrencyTotals>();
    let at = { version, from: 0, last: lastRowid(db) };
    const step = () => {
      try {
        if (stopped || !db.open) return resolve({ stopped: true, currencies: [] });
        // One slice's reads in one snapshot (the version with the rows it read), as the list's pages.
        const now = oneSnapshot(db, () => {
          const seen = paymentsVersion(db);
          // Changed since the slices before: they may count rows twice or miss some; start over.
          if (seen !== at.version) return { restart: { version: seen, from: 0, last: lastRowid(db) } };
          addSlice(sums, statement.all({ ...where.params, a: at.from, b: at.from + sliceRows }) as SliceRow[]);
          return {};
        });
        if (now.restart) {
          at = now.restart;
          sums = new Map();
          job.version = at.version;
        } else at.from += sliceRows;
        if (at.from < at.last) return void setImmediate(step);
        const currencies = ordered(sums);
        known.set(db, { key, version: at.version, currencies });
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

type SliceRow = { currency: CurrencyCode; n: number; captured: number; refunded: number; unknown: number };

function addSlice(sums: Map<string, CurrencyTotals>, rows: SliceRow[]) {
  for (const r of rows) {
    const kept = sums.get(r.currency) ?? { currency: r.currency, payments: 0, capturedMinor: 0, refundedMinor: 0, refundsNotKnown: 0 };
    kept.payments += r.n;
    kept.capturedMinor = safeSum(kept.capturedMinor, r.captured, r.currency);
    kept.refundedMinor = safeSum(kept.refundedMinor, r.refunded, r.currency);
    kept.refundsNotKnown += r.unknown;
    sums.set(r.currency, kept);
  }
}

/** Integers only; past 2^53 minor units a sum could not be exact, so none is given. */
function safeSum(a: number, b: number, currency: string): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw fail('invalid_input', 'ledger.totalTooLarge', { currency });
  return sum;
}

/** Largest count first; the same count in ISO code order, so the order never flickers. */
export const ordered = (sums: Map<string, CurrencyTotals> | CurrencyTotals[]) =>
  [...sums.values()].sort((a, b) => b.payments - a.payments || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));

const lastRowid = (db: LedgerDb) => (prepared(db, 'SELECT ifnull(max(rowid), 0) AS n FROM payments').get() as { n: number }).n;

/** A slice of rowids, the filter tested on each row (NOT INDEXED: the rowid range drives, as count-tables.ts's slices). */
const sliceStatement = (db: LedgerDb, where: Where): Statement =>
  prepared(db, `SELECT p.currency AS currency, count(*) AS n, ifnull(sum(p.captured_minor), 0) AS captured, ifnull(sum(p.refunded_minor), 0) AS refunded,
    ifnull(sum(${notKnownSql}), 0) AS unknown
    FROM payments p NOT INDEXED WHERE p.rowid > @a AND p.rowid <= @b${where.sql ? ` AND ${where.sql}` : ''} GROUP BY p.currency`);
