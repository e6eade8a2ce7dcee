// Settling an operation whose outcome is unknown (a time-out, a lost connection, a crash) from
// what a status answer proves. Only proof settles: a wrong "failed" would invite a second
// refund or capture, a wrong "succeeded" would leave a customer short. So:
// - a total in the answer (rare: decisions §3) settles a capture or refund either way;
// - the answer saying that operation was declined settles it as failed;
// - the state the operation would have produced, in full, settles it as done: voided after a
//   void, refunded in full after a refund of all that was left, paid after a capture of all
//   that was left; a voided authorisation proves a capture did not happen, a captured one
//   that a void did not;
// - anything else (a partial move and no totals) cannot be decided: the payment waits for a
//   person, who checks the gateway's dashboard and settles it by hand.
import type { PaymentState } from '../../contract/payment-states';

export type UnknownOperation = { kind: 'create' | 'capture' | 'void' | 'refund'; amount_minor: number | null; base_minor?: number | null };
export type PaymentTotals = { amount_minor: number; captured_minor: number; refunded_minor: number };
export type StatusEvidence = {
  state: PaymentState;
  transactionId?: string;
  failedOperation?: 'capture' | 'refund' | 'void';
  capturedMinor?: number;
  refundedMinor?: number;
};
export type Verdict = 'succeeded' | 'failed' | undefined;

export function judgeUnknown(op: UnknownOperation, payment: PaymentTotals, answer: StatusEvidence): Verdict {
  if (op.kind === 'create') return answer.state !== 'unknown' || answer.transactionId !== undefined ? 'succeeded' : undefined;
  if (answer.failedOperation === op.kind) return 'failed';
  if (op.kind === 'void') return judgeVoid(answer.state);
  const amount = op.amount_minor ?? 0;
  if (op.kind === 'capture') {
    const base = op.base_minor ?? payment.captured_minor;
    return byTotal(answer.capturedMinor, base, amount) ?? judgeCapture(answer.state, base + amount === payment.amount_minor);
  }
  const base = op.base_minor ?? payment.refunded_minor;
  return byTotal(answer.refundedMinor, base, amount) ?? (answer.state === 'refunded' && base + amount === payment.captured_minor ? 'succeeded' : undefined);
}

/** The total grew by the amount: done; unchanged: not done; anything else: cannot say. */
function byTotal(total: number | undefined, base: number, amount: number): Verdict {
  // Stryker disable next-line ConditionalExpression: equivalent, undefined compares false below
  if (total === undefined) return undefined;
  if (total >= base + amount) return 'succeeded';
  if (total === base) return 'failed';
  return undefined;
}

function judgeVoid(state: PaymentState): Verdict {
  if (state === 'voided') return 'succeeded';
  const captured: PaymentState[] = ['partially_captured', 'paid', 'partially_refunded', 'refunded'];
  return captured.includes(state) ? 'failed' : undefined;
}

function judgeCapture(state: PaymentState, wholeRest: boolean): Verdict {
  if (state === 'voided') return 'failed';
  return wholeRest && state === 'paid' ? 'succeeded' : undefined;
}
