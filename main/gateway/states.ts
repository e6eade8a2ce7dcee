// The mapping from the gateway's status words (which differ between sources, decisions §3)
// onto the app's own closed set of states (contract/payment-states.ts). Words are compared case-insensitively; a word
// we do not know is 'unknown': shown as such, re-checked, never taken as success or failure.
import type { PaymentState } from '../../contract/payment-states';

export { paymentStates, settledStates, type PaymentState } from '../../contract/payment-states';

const words: Record<string, PaymentState> = {};
const add = (state: PaymentState, list: string[]) => list.forEach((word) => (words[word] = state));
add('pending', ['PENDING', 'REDIRECT', '3DS', 'ACTIVE', 'UNPAID', 'INITIATED', 'CREATED', 'PROCESSING', 'IN_PROGRESS', 'NEW', 'OPEN']);
add('authorised', ['AUTHORIZED', 'AUTHORISED', 'AUTHORIZATION', 'AUTH', 'HOLD']);
add('partially_captured', ['PARTIALLY_CAPTURED', 'PARTIAL_CAPTURE']);
add('paid', ['APPROVED', 'SUCCESS', 'SUCCESSFUL', 'SETTLED', 'PAID', 'CAPTURED', 'CAPTURE', 'COMPLETED', 'PURCHASE']);
add('partially_refunded', ['PARTIALLY_REFUNDED', 'PARTIAL_REFUND']);
add('refunded', ['REFUND', 'REFUNDED']);
add('voided', ['VOID', 'VOIDED', 'REVERSAL', 'REVERSED', 'CANCELLED', 'CANCELED']);
add('declined', ['DECLINED', 'DECLINE', 'FAILED', 'FAILURE', 'REJECTED', 'DENIED', 'ERROR']);
add('expired', ['EXPIRED']);

export function stateFromWord(word: string | undefined): PaymentState {
  if (!word) return 'unknown';
  return words[word.trim().toUpperCase().replace(/[\s-]+/g, '_')] ?? 'unknown';
}
