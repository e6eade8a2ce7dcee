// Reading the gateway's status words (which differ between sources, decisions §3) into the
// app's own closed set of states (contract/payment-states.ts). A word is read together with
// the operation type the answer names, where it names one (webhooks and status answers carry
// `type`: Purchase, Authorization, Capture, Refund, Void): "Approved" on an authorisation means
// authorised, on a refund that a refund went through. Words and types are compared
// case-insensitively; a word we do not know is 'unknown': shown as such, re-checked, never
// taken as success or failure.
import { voidWords, wordKey as key, type OperationType, type PaymentState } from '../../contract/payment-states';

export { paymentStates, settledStates, type PaymentState } from '../../contract/payment-states';

/** 'approved' words say only that the last operation went through: the type says which. */
type WordClass = PaymentState | 'approved';

const words = new Map<string, WordClass>();
const add = (cls: WordClass, list: string[]) => list.forEach((word) => words.set(word, cls));
add('pending', ['PENDING', 'REDIRECT', '3DS', 'ACTIVE', 'UNPAID', 'INITIATED', 'CREATED', 'PROCESSING', 'IN_PROGRESS', 'NEW', 'OPEN']);
add('approved', ['APPROVED', 'SUCCESS', 'SUCCESSFUL', 'COMPLETED', 'OK']);
add('authorised', ['AUTHORIZED', 'AUTHORISED', 'AUTHORIZATION', 'AUTH', 'HOLD']);
add('partially_captured', ['PARTIALLY_CAPTURED', 'PARTIAL_CAPTURE']);
add('paid', ['SETTLED', 'PAID', 'CAPTURED', 'CAPTURE', 'PURCHASE']);
add('partially_refunded', ['PARTIALLY_REFUNDED', 'PARTIAL_REFUND']);
add('refunded', ['REFUND', 'REFUNDED']);
add('voided', [...voidWords]);
add('declined', ['DECLINED', 'DECLINE', 'FAILED', 'FAILURE', 'REJECTED', 'DENIED', 'ERROR']);
add('expired', ['EXPIRED']);

export { operationTypes, type OperationType } from '../../contract/payment-states';

const types = new Map<string, OperationType>([
  ['PURCHASE', 'purchase'], ['SALE', 'purchase'],
  ['AUTHORIZATION', 'authorization'], ['AUTHORISATION', 'authorization'], ['AUTH', 'authorization'],
  ['CAPTURE', 'capture'],
  ['REFUND', 'refund'],
  ['VOID', 'void'], ['REVERSAL', 'void'],
]);

function classOf(word: string | undefined): WordClass {
  return (word && words.get(key(word))) || 'unknown';
}

export function operationTypeOf(type: string | undefined): OperationType | undefined {
  return type ? types.get(key(type)) : undefined;
}

/** A word alone, as the sale's own answer or an old record gives it; "Approved" alone is a purchase. */
export function stateFromWord(word: string | undefined): PaymentState {
  return stateFromAnswer(word, undefined);
}

/**
 * The state an answer proves, at least. "Approved" with type Capture proves something was
 * captured (perhaps not all: partially_captured), with type Refund that something was
 * refunded (partially_refunded); only the words REFUND/REFUNDED prove a full refund. A
 * failure word on a capture, refund or void says that operation failed, not the payment:
 * the payment's own state is then not known from this answer ('unknown').
 * `authOnly`: what the ledger knows of the payment, for an "Approved" that names no type.
 */
export function stateFromAnswer(word: string | undefined, type: string | undefined, authOnly = false): PaymentState {
  const cls = classOf(word);
  const operation = operationTypeOf(type);
  // "Approved" or "Declined" about an operation we do not know (a chargeback?) tells us nothing sure.
  if ((cls === 'approved' || cls === 'declined') && type?.trim() && !operation) return 'unknown';
  if (cls === 'declined' && (operation === 'capture' || operation === 'refund' || operation === 'void')) return 'unknown';
  if (cls !== 'approved') return cls;
  switch (operation) {
    case 'authorization': return 'authorised';
    case 'capture': return 'partially_captured';
    case 'refund': return 'partially_refunded';
    case 'void': return 'voided';
    case 'purchase': return 'paid';
    default: return authOnly ? 'authorised' : 'paid';
  }
}

/** Whether a word says the operation it names went through or was declined (a notification's status), else undefined. */
export function outcomeOfWord(word: string | undefined): 'approved' | 'declined' | undefined {
  const cls = classOf(word);
  return cls === 'approved' || cls === 'declined' ? cls : undefined;
}

/** The capture, refund or void the answer says was declined or failed, if it says so. */
export function failedOperationOf(word: string | undefined, type: string | undefined): 'capture' | 'refund' | 'void' | undefined {
  const operation = operationTypeOf(type);
  if (classOf(word) !== 'declined') return undefined;
  return operation === 'capture' || operation === 'refund' || operation === 'void' ? operation : undefined;
}
