// The app's own closed set of payment states (the gateway's words vary; main maps them here,
// see docs/gateway.md), plus the two states only the ledger knows: a request recorded but not
// yet answered, and one the gateway definitely did not act on.
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
  'unknown', // a word nobody mapped, or an outcome not known yet: re-checked, never final
] as const;
export type PaymentState = (typeof paymentStates)[number];

export const ledgerStates = [...paymentStates, 'creating', 'not_created'] as const;
export type LedgerState = (typeof ledgerStates)[number];

/** States that change only by an action of ours (capture, refund ...), not by waiting. */
export const settledStates: ReadonlySet<LedgerState> = new Set(['authorised', 'partially_captured', 'paid', 'partially_refunded', 'refunded', 'voided', 'declined', 'expired', 'not_created']);

/**
 * The one word each screen shows for a payment's state, in both languages: a pending payment is
 * named by what it waits for (a link or checkout session is unpaid: its customer has not paid on
 * its page; a card sale awaits its 3-D Secure verification); every other state by its own name.
 * A session said "Open" until 2026-11-30, the same state as a link's "Unpaid" (docs/words.md).
 */
export const stateWords = [...ledgerStates, 'unpaid', 'verifying'] as const;
export type StateWord = (typeof stateWords)[number];

/**
 * The links list's State filter, one ledger state each so one walk of the state index answers it
 * (payments_state on both ledgers): unpaid (pending), paid, expired, declined. A refunded or unknown
 * link is under All.
 */
export const linkFilterStates = ['pending', 'paid', 'expired', 'declined'] as const;
export type LinkFilterState = (typeof linkFilterStates)[number];

export function stateWordOf(payment: { state: LedgerState; kind: string }): StateWord {
  if (payment.state !== 'pending') return payment.state;
  return payment.kind === 'link' || payment.kind === 'checkout' ? 'unpaid' : payment.kind === 'sale' ? 'verifying' : 'pending';
}

/**
 * A card a payment asked to save for later charges (recurringInit): 'saved' once the gateway's
 * final answer brought its token (a status answer or webhook, decisions §3; `recurringAvailable`),
 * 'waiting' while money is taken and no token has come; null when not asked for, or when nothing was
 * taken (declined, not created, a 3-D Secure check still open). Never "saved" before the token.
 */
export function savedCardState(payment: { recurringRequested: boolean; recurringAvailable: boolean; state: LedgerState }): 'saved' | 'waiting' | null {
  if (!payment.recurringRequested) return null;
  if (payment.recurringAvailable) return 'saved';
  return tookMoneyStates.has(payment.state) ? 'waiting' : null;
}
/** Money taken or held, and not all of it given back. */
export const tookMoneyStates: ReadonlySet<LedgerState> = new Set(['authorised', 'partially_captured', 'paid', 'partially_refunded']);

/**
 * A refund made outside Paydesk (at the gateway's dashboard) that a status answer or notification
 * told of without its amount (no answer carries a refunded total, decisions §3): the payment shows
 * a refund state while the ledger knows of no refunded money. Its refunded total is then not known,
 * never 0 (docs/screens-after-sale.md, "A refund made outside Paydesk").
 */
export function refundedAmountUnknown(payment: { state: LedgerState; refundedMinor: number }): boolean {
  return (payment.state === 'partially_refunded' || payment.state === 'refunded') && payment.refundedMinor === 0;
}

/**
 * An authorisation captured outside Paydesk (at the gateway's dashboard), told of by a status answer
 * ("Approved", type Capture) without its amount: partly captured at least, nothing captured in the
 * ledger. Its captured total, and so what is left to capture or refund, is not known, never 0
 * (walk35; docs/screens-after-sale.md, "Money moved at the gateway's dashboard").
 */
export function capturedAmountUnknown(payment: { state: LedgerState; capturedMinor: number }): boolean {
  return payment.state === 'partially_captured' && payment.capturedMinor === 0;
}

/**
 * The gateway's words for a void or a reversal (decisions §3 lists VOID and REVERSAL): an
 * authorisation released, or, said of a payment Paydesk knows took money, that money given back
 * at the gateway (main/payments/money-state.ts).
 */
export const voidWords = ['VOID', 'VOIDED', 'REVERSAL', 'REVERSED', 'CANCELLED', 'CANCELED'] as const;

/** The operation types the gateway's notifications and status answers name (decisions §3–4), as the app reads them (main/gateway/states.ts). */
export const operationTypes = ['purchase', 'authorization', 'capture', 'refund', 'void'] as const;
export type OperationType = (typeof operationTypes)[number];

/** A gateway's word as the app compares it: case, spaces and hyphens aside ("Partially refunded" is PARTIALLY_REFUNDED). */
export const wordKey = (text: string) => text.trim().toUpperCase().replace(/[\s-]+/g, '_');

/** Whether the gateway's word (as kept on the payment) is a void or reversal. */
export function isVoidWord(word: string | null | undefined): boolean {
  return word != null && (voidWords as readonly string[]).includes(wordKey(word));
}
