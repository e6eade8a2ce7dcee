// The app's own closed set of payment states, and the mapping from the gateway's status words
// (which differ between sources, decisions §3). Words are compared case-insensitively; a word
// we do not know is 'unknown': shown as such, re-checked, never taken as success or failure.
export const paymentStates = [
  'pending', // created or awaiting the customer (hosted page, 3-D Secure, unpaid link)
  'authorised', // approved, funds held, nothing captured yet
  'partially_captured',
  'paid', // sale approved, or authorisation fully captured
  'partially_refunded',
  'refunded',
  'voided',
  'declined',
  'expired',
  'unknown',
] as const;
export type PaymentState = (typeof paymentStates)[number];

/** States that change only by an action of ours (capture, refund ...), not by waiting. */
export const settledStates: ReadonlySet<PaymentState> = new Set(['authorised', 'partially_captured', 'paid', 'partially_refunded', 'refunded', 'voided', 'declined', 'expired']);

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
