// Settles operations whose outcome is unknown, from what a status answer proves: a capture or
// refund happened when the gateway's total reached the total at the time it was recorded plus
// its amount, and did not when the total is still what it was; a void happened when the payment
// is voided. Anything else stays open. An operation still being sent by this process is left to
// its own answer.
import type { StatusOutcome } from '../gateway/requests';
import type { PaymentRow, PaymentRows } from './payment-rows';

export function resolveOpenOperations(rows: PaymentRows, before: PaymentRow, status: StatusOutcome, at: string): Array<{ kind: string; outcome: 'succeeded' | 'failed' }> {
  const settled: Array<{ kind: string; outcome: 'succeeded' | 'failed' }> = [];
  for (const op of rows.openOperations(before.id).filter((o) => o.outcome === 'unknown')) {
    const verdict = judge(op.kind, op.amount_minor ?? 0, op.base_minor ?? (op.kind === 'capture' ? before.captured_minor : before.refunded_minor), status);
    if (verdict === undefined) continue;
    rows.completeOperation(op.id, {
      outcome: verdict ? 'succeeded' : 'failed',
      error_code: verdict ? null : 'not_processed',
      error_message: verdict ? null : 'A status check showed the gateway did not process it.',
      completed_at: at,
    });
    settled.push({ kind: op.kind, outcome: verdict ? 'succeeded' : 'failed' });
  }
  return settled;
}

function judge(kind: string, amount: number, base: number, status: StatusOutcome): boolean | undefined {
  if (kind === 'create') return status.state !== 'unknown' || status.transactionId !== undefined ? true : undefined;
  if (kind === 'void') return status.state === 'voided' ? true : status.state === 'authorised' ? false : undefined;
  const total = kind === 'capture' ? status.capturedMinor : status.refundedMinor;
  if (total === undefined) return undefined;
  if (total >= base + amount) return true;
  if (total === base) return false;
  return undefined;
}
