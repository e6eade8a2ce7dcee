// Needs attention's queue on the team ledger (attention-queue.ts on SQLite, the same definition):
// the flagged, those in state `unknown` and those with an operation whose answer was lost, each
// once; never a payment `creating`, whose create is being sent right now, unless its send is left
// open past staleSendMinutes (a laptop that stopped mid-send and has not started again to mark it).
// The screen lists it, and the navigation's and Home's counts are its total (docs/ledger.md,
// "Needs attention, one definition").

import { staleSendMinutes } from '../attention-queue';

/** Each set from its own index: payments_attention, payments_state, operations_one_open. */
export const attentionQueue = `WITH queue AS (SELECT id FROM paydesk.payments WHERE needs_attention
  UNION SELECT id FROM paydesk.payments WHERE (state COLLATE "C") = ('unknown' COLLATE "C")
  UNION SELECT payment_id FROM paydesk.operations WHERE outcome = 'unknown'
  UNION SELECT payment_id FROM paydesk.operations WHERE outcome = 'sending' AND created_at < now() - interval '${staleSendMinutes} minutes')`;

/** How many the queue holds now. */
export async function teamAttentionTotal(db: { query(text: string): Promise<{ rows: Array<Record<string, unknown>> }> }): Promise<number> {
  return Number((await db.query(`${attentionQueue} SELECT count(*)::int AS n FROM queue`)).rows[0]!.n);
}
