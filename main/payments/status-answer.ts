// What a gateway answer about a payment (a sale's or recurring charge's own answer, a status
// answer) changes in the ledger: read with what the ledger knows of the payment, applied
// forward only (money-state.ts).
import { failedOperationOf, stateFromAnswer } from '../gateway/states';
import type { StatusOutcome } from '../gateway/requests';
import type { PaymentRow } from '../ledger/payment-rows';
import { afterStatus, type Totals } from './money-state';
import type { StatusEvidence } from './settlement';

type Known = Pick<PaymentRow, 'kind' | 'auth_only' | 'currency'>;

/** The answer as evidence: "Approved" with no type on an authorisation means authorised. */
export function evidenceOf(payment: Known, value: StatusOutcome): StatusEvidence & Totals {
  const state = value.html ? 'pending' : value.statusWord !== undefined ? stateFromAnswer(value.statusWord, value.type, payment.auth_only === 1) : value.state;
  const sameCurrency = value.currency === undefined || value.currency === payment.currency;
  return {
    state,
    transactionId: value.transactionId,
    failedOperation: failedOperationOf(value.statusWord, value.type),
    capturedMinor: sameCurrency ? value.capturedMinor : undefined,
    refundedMinor: sameCurrency ? value.refundedMinor : undefined,
  };
}

/**
 * What the gateway said when it answered a capture, refund or void with 200 but declined the
 * operation itself (nothing moved), or undefined when the answer confirms it.
 */
export function declinedIn(payment: Known, kind: 'capture' | 'void' | 'refund', value: StatusOutcome): string | undefined {
  const evidence = evidenceOf(payment, value);
  if (evidence.failedOperation === kind || evidence.state === 'declined') return value.reason ?? value.statusWord ?? 'declined';
  return undefined;
}

export function statusChanges(payment: PaymentRow, value: StatusOutcome): Partial<PaymentRow> {
  const evidence = evidenceOf(payment, value);
  return {
    ...afterStatus(payment, evidence.state, evidence),
    status_word: value.statusWord ?? payment.status_word,
    transaction_id: transactionIdFrom(payment, value.transactionId),
    recurring_token: value.recurringToken ?? payment.recurring_token,
    last_error: null,
  };
}

/**
 * A sale or recurring charge is named by its own answer. A checkout session or a link gets
 * its transaction id from the first status answer or webhook that names one (its own id is
 * kept apart, as session_id); a later answer naming another transaction replaces it.
 */
function transactionIdFrom(payment: PaymentRow, named: string | undefined): string | null {
  if (payment.kind === 'link' || payment.kind === 'checkout') return named ?? payment.transaction_id;
  return payment.transaction_id ?? named ?? null;
}
