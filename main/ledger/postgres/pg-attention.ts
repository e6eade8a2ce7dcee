// Needs attention's queue on the team ledger (attention-queue.ts on SQLite, the same definition):
// the flagged, those in state `unknown` and those with an operation whose answer was lost, each
// once; never a payment `creating`, whose create is being sent right now, unless its send is left
// open past staleSendMinutes (a laptop that stopped mid-send and has not started again to mark it).
// The screen lists it, and the navigation's and Home's counts are its total (docs/ledger.md,
// "Needs attention, one definition").

import { staleSendMinutes, type NextLeftOpen } from '../attention-queue';

/** Each set from its own index: payments_attention, payments_state, operations_one_open. */
export const attentionQueue = `WITH queue AS (SELECT id FROM paydesk.payments WHERE needs_attention
  UNION SELECT id FROM paydesk.payments WHERE (state COLLATE "C") = ('unknown' COLLATE "C")
  UNION SELECT payment_id FROM paydesk.operations WHERE outcome = 'unknown'
  UNION SELECT payment_id FROM paydesk.operations WHERE outcome = 'sending' AND created_at < now() - interval '${staleSendMinutes} minutes')`;

/** How many the queue holds now. */
export async function teamAttentionTotal(db: { query(text: string): Promise<{ rows: Array<Record<string, unknown>> }> }): Promise<number> {
  return Number((await db.query(`${attentionQueue} SELECT count(*)::int AS n FROM queue`)).rows[0]!.n);
}

/**
 * The oldest `sending` operation not yet left open and how long until it is, in the database's own
 * time (now() read with it: main's clock may differ from the server's), as attention-queue.ts's
 * nextLeftOpen on SQLite: main wakes the screens then (left-open-wake.ts). Through operations_sending
 * (laptops.sql): the cost is the sends open now, never the ledger's operations.
 */
export async function teamNextLeftOpen(db: { query(text: string): Promise<{ rows: Array<Record<string, unknown>> }> }): Promise<NextLeftOpen | undefined> {
  const found = (await db.query(`SELECT payment_id, ceil(extract(epoch FROM created_at + interval '${staleSendMinutes} minutes' - now()) * 1000)::bigint::text AS in_ms
    FROM paydesk.operations WHERE outcome = 'sending' AND created_at >= now() - interval '${staleSendMinutes} minutes'
    ORDER BY created_at LIMIT 1`)).rows[0];
  return found && { paymentId: found.payment_id as string, inMs: Math.max(0, Number(found.in_ms)) };
}
