// Needs attention as one queue: the flagged payments, those in state `unknown`, those with an
// operation whose answer was lost, and those with a send left open (staleSendMinutes), each once,
// in one order (created_at, then rowid: the order of arrival breaks ties), a window at a time. A
// window continues after the last row shown (keyset), so a row that left the queue meanwhile
// (settled by the reconciler or by someone else) moves nothing: no row is skipped or shown twice.
// Each set is read from its own index (payments_attention, payments_state,
// ledger_operations_unclear, ledger_operations_sending), so the cost is the queue's size, not the
// ledger's. Not a payment `creating`: its create is being sent right now, nothing a person can
// check or settle (a check's answer is not used meanwhile); an answer lost or a stop mid-send makes
// it `unknown`, with its operation in outcome unknown (record-create.ts, status-checks.ts), and a
// send left open past staleSendMinutes is listed (its sender is gone). This queue is the one
// definition of "needs attention": the screen lists it, the navigation and Home count it
// (countNeedsAttention, overview.ts), docs/ledger.md "Needs attention, one definition".
import { staleSendMinutes } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import type { PaymentRow } from './payment-rows';
import { outcomeCode } from './packing';
import { prepared } from './statements';

/**
 * A send open longer than this has no sender left: the gateway client gives up after 30 s, so only a
 * process that stopped mid-send (on the team ledger, another laptop that has not started again to
 * mark it unknown) leaves one. Listed, so a payment whose create or money move may have reached the
 * gateway is never out of sight (a sale `creating` from a laptop that died showed nowhere).
 */
export { staleSendMinutes };
// Now in milliseconds since 1970, as the ledger keeps times (packing.ts), by SQLite's own clock.
const staleSendCutoff = `((julianday('now') - 2440587.5) * 86400000.0 - ${staleSendMinutes * 60_000})`;

const queue = `WITH queue(r) AS (
    SELECT rowid FROM payments WHERE needs_attention = 1
    UNION SELECT rowid FROM payments WHERE state = 'unknown'
    UNION SELECT payment FROM ledger_operations WHERE outcome = ${outcomeCode('unknown')}
    UNION SELECT payment FROM ledger_operations WHERE outcome = ${outcomeCode('sending')} AND created_at < ${staleSendCutoff})`;

// The window's keys first (created_at and rowid: a small sort), then its rows: sorting whole rows
// cost 62 ms p50 for a window at 10,000 waiting, this 47 ms (1,000,000 payments, bench/attention-queue.ts).
// Its LIMIT behind a unary plus: SQLite does not read it while planning, so the statement is planned
// once, not at every call (docs/performance.md, "The other reads planned once").
const windowSql = (direction: 'asc' | 'desc', after: boolean) => `${queue}
  SELECT p.*, p.rowid AS _rk FROM (
    SELECT k.rowid AS r FROM queue JOIN payments k ON k.rowid = queue.r
    ${after ? `WHERE (k.created_at, k.rowid) ${direction === 'asc' ? '>' : '<'} (?, ?)` : ''}
    ORDER BY k.created_at ${direction}, k.rowid ${direction} LIMIT +?) w
  JOIN payments p ON p.rowid = w.r
  ORDER BY p.created_at ${direction}, p.rowid ${direction}`;

export type AttentionWindow = { rows: PaymentRow[]; total: number; next?: string };

/** A window of the queue after `after` (the `next` of the window before), in `direction`. */
export function attentionWindow(db: LedgerDb, options: { after?: string; limit: number; direction: 'asc' | 'desc' }): AttentionWindow {
  const total = attentionTotal(db);
  const cursor = options.after === undefined ? undefined : parseCursor(options.after);
  if (cursor === null) return { rows: [], total };
  const params = [...(cursor ? [cursor.createdAt, cursor.rowid] : []), options.limit + 1];
  const found = prepared(db, windowSql(options.direction, cursor !== undefined)).all(...params) as Array<PaymentRow & { _rk: number }>;
  const rows = found.slice(0, options.limit);
  const last = rows.at(-1);
  return { rows: rows.map(({ _rk, ...row }) => row as PaymentRow), total, next: found.length > options.limit && last ? `${last.created_at}~${last._rk}` : undefined };
}

/**
 * How many the queue holds: the three sets' partial indexes read and their union counted, never the
 * payments themselves (9,959 waiting at 1,000,000 payments: ~6 ms; a queue of a few: well under 1 ms).
 */
export function attentionTotal(db: LedgerDb): number {
  return (prepared(db, `${queue} SELECT count(*) AS n FROM queue`).get() as { n: number }).n;
}

/** A window's `next`: "<created_at>~<rowid>"; anything else is past the end (null: an empty window). */
function parseCursor(text: string): { createdAt: string; rowid: number } | null {
  const at = text.lastIndexOf('~');
  const rowid = Number(text.slice(at + 1));
  if (at <= 0 || !Number.isSafeInteger(rowid)) return null;
  return { createdAt: text.slice(0, at), rowid };
}

/** When a send still fresh turns "left open": its payment and how long until then (ms), by the ledger's clock. */
export type NextLeftOpen = { paymentId: string; inMs: number };

/**
 * The oldest `sending` operation not yet left open, and how long until it is (the queue's own test
 * above, `created_at < cutoff`, by SQLite's clock): main wakes the screens then (left-open-wake.ts).
 * Read through the sending index (ledger_operations_sending): the cost is the sends open now, never
 * the ledger's operations. A time not packed as an integer never turns, as in the queue.
 */
export function nextLeftOpen(db: LedgerDb): NextLeftOpen | undefined {
  const found = prepared(db, `SELECT p.id AS paymentId, o.created_at - ${staleSendCutoff} AS inMs
    FROM ledger_operations o JOIN payments p ON p.rowid = o.payment
    WHERE o.outcome = ${outcomeCode('sending')} AND typeof(o.created_at) = 'integer' AND o.created_at >= ${staleSendCutoff}
    ORDER BY o.created_at LIMIT 1`).get() as { paymentId: string; inMs: number } | undefined;
  return found && { paymentId: found.paymentId, inMs: Math.max(0, Math.ceil(found.inMs)) };
}
