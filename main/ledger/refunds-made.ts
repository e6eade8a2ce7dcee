// The refunds made in a period (docs/overview.md, "Refunds made in this period"): every refund that
// succeeded, dated by when it was made (the moment Paydesk sent it, its operation's created_at),
// whatever month its payment was created in. Home's figure per currency, the list it opens and the
// CSV all read the same rows, from the partial index of migration 21 (succeeded refunds only).
import { formatMinor, type CurrencyCode } from '../../contract/money';
import type { LedgerDb } from './database';
import { minorUnitsHeader, toCsv, type Cell } from './csv';
import { localColumns } from './local-time';
import type { ProfileNames } from './export';
import { kindCode, outcomeCode, packId, sqlUnpackId, sqlUnpackTime, sqlWord } from './packing';
import { prepared, writtenLimit } from './statements';
import { sumParts } from './overview';

export type RefundsMadeQuery = { from: string; to: string; profileId?: string; currency?: string };
export type RefundsMadeTotal = { currency: string; count: number; amountMinor: number };
export type RefundMade = { at: string; id: string; paymentId: string; orderId: string; amountMinor: number; currency: string; reason: string | null; osUser: string; profileId: string };
/** Where a window of the list ends: the last refund's time and id (the list is oldest first). */
export type RefundsAfter = { at: string; id: string };

// The index's own condition, spelled as the index has it, so the planner may use it.
const succeededRefund = `o.kind = ${kindCode('refund')} AND o.outcome = ${outcomeCode('succeeded')}`;
const refunds = 'ledger_operations o INDEXED BY ledger_operations_refunds_made JOIN payments p ON p.rowid = o.payment';
const scope = (q: RefundsMadeQuery) => `${q.profileId === undefined ? '' : 'AND p.profile_id = @profileId'} ${q.currency === undefined ? '' : 'AND p.currency = @currency'}`;
// Times are kept as milliseconds since 1970 (packing.ts): an ISO instant is compared as one.
const ms = (iso: string) => BigInt(Date.parse(iso));
const params = (q: RefundsMadeQuery) => ({ from: ms(q.from), to: ms(q.to), profileId: q.profileId, currency: q.currency });

/**
 * Per currency, how many refunds were made in [from, to) and their sum (integers summed in SQLite):
 * the whole UTC days inside it from refund_days, the whole hours either side from refund_hours
 * (migration 21, kept by triggers: refund-hours.ts), the partial hours at its ends from the refunds.
 */
export function refundsMadeTotals(db: LedgerDb, q: RefundsMadeQuery): RefundsMadeTotal[] {
  const { a1, b1, a2, b2, ...days } = sumParts(q);
  const own = `${q.profileId === undefined ? '' : 'AND profile_id = @profileId'} ${q.currency === undefined ? '' : 'AND currency = @currency'}`;
  const hours = (lo: string, hi: string) => `SELECT currency, amount, n FROM refund_hours WHERE hour >= ${lo} AND hour < ${hi} ${own}`;
  const edge = (a: string, b: string) => `SELECT p.currency, o.amount_minor, 1 FROM ${refunds} WHERE ${succeededRefund} AND o.created_at >= ${a} AND o.created_at < ${b} ${scope(q)}`;
  const sql = `SELECT currency, sum(n) AS count, sum(amount) AS amountMinor FROM (
    SELECT currency, amount, n FROM refund_days WHERE day >= @df AND day < @dt ${own}
    UNION ALL ${hours('@h1', '@h2')}
    UNION ALL ${hours('@h3', '@h4')}
    UNION ALL ${edge('@a1', '@b1')}
    UNION ALL ${edge('@a2', '@b2')}
  ) GROUP BY currency ORDER BY currency`;
  const at = (iso: string | null) => (iso ? ms(iso) : 0n);
  return prepared(db, sql).all({ ...days, a1: at(a1), b1: at(b1), a2: at(a2), b2: at(b2), profileId: q.profileId, currency: q.currency }) as RefundsMadeTotal[];
}

const rowColumns = `${sqlUnpackTime('o.created_at')} AS at, ${sqlUnpackId('o.id')} AS id, p.id AS paymentId, p.order_id AS orderId, o.amount_minor AS amountMinor,
  p.currency AS currency, ${sqlWord('o.reason')} AS reason, ${sqlWord('o.os_user')} AS osUser, p.profile_id AS profileId`;

/** The refunds made in [from, to), oldest first, `limit` at a time after `after` (keyset: time, then id). */
export function refundsMadeWindow(db: LedgerDb, q: RefundsMadeQuery, limit: number, after?: RefundsAfter): RefundMade[] {
  const keyset = after ? 'AND (o.created_at, o.id) > (@afterAt, @afterId)' : '';
  const sql = `SELECT ${rowColumns} FROM ${refunds}
    WHERE ${succeededRefund} AND o.created_at >= @from AND o.created_at < @to ${scope(q)} ${keyset} ORDER BY o.created_at, o.id LIMIT ${writtenLimit(limit)}`; // written in: a bound LIMIT is planned again at every call (statements.ts)
  const bounds = params(q);
  // The window's start as the range's one lower bound, so the index seeks there: given both bounds,
  // SQLite took the period's start and walked every refund before the window (149 ms a window
  // in the middle of 400 days at 1,000,000 payments, against 31 ms for the first).
  if (after && ms(after.at) > bounds.from) bounds.from = ms(after.at);
  return (prepared(db, sql).all({ ...bounds, ...(after ? { afterAt: ms(after.at), afterId: packId(after.id) } : {}) }) as RefundMade[]).slice(0, limit);
}

/**
 * The CSV's columns, in the order finance reads a refund: its local day and time (the user's zone,
 * as the other CSVs' `local_day` and `local_time`), the payment, the money, why, who, the profile,
 * then the UTC instant (`made_at`, as the other files' `at`), for an exact match with the log, and
 * the profile's name (`profile_name`, walk37: added last, so a sheet reading by position still reads
 * what it read), then `amount_minor` (walk38: the amount as an integer of minor units, which every
 * spreadsheet locale reads and sums exactly; csv.ts `minorUnitsHeader`).
 */
export const refundsMadeHeader = ['local_day', 'local_time', 'order_id', 'payment_id', 'amount', 'currency', 'reason', 'os_user', 'profile_id', 'made_at', 'profile_name', ...minorUnitsHeader(['amount'])];

/** The CSV of the refunds made (any source of rows: SQLite's window or the team ledger's), the file named by the user's clock. */
export function refundsMadeCsv(rows: Iterable<RefundMade>, zone: string, names: ProfileNames = {}): { csv: string; rows: number } {
  const local = localColumns(zone);
  function* lines(): Generator<Cell[]> {
    for (const r of rows) {
      const [localTime, localDay] = local(r.at);
      yield [localDay, localTime, r.orderId, r.paymentId, formatMinor(r.amountMinor, r.currency as CurrencyCode), r.currency, r.reason, r.osUser, r.profileId, r.at, names[r.profileId] ?? null, r.amountMinor];
    }
  }
  return toCsv(refundsMadeHeader, lines());
}
