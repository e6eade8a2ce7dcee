// A payment's money state from the ledger's own records (docs/ledger.md, "Money state"). The
// gateway's answers carry a status word and perhaps an operation type, no totals (decisions
// §3), so captured and refunded amounts follow from the payment's kind and from the operations
// the gateway confirmed. A status answer may move a payment forward, never back.
import type { LedgerState } from '../../contract/payment-states';

export type Money = {
  state: LedgerState;
  amount_minor: number;
  captured_minor: number;
  refunded_minor: number;
};
export type Totals = { capturedMinor?: number; refundedMinor?: number };

/** How far along its life a payment is; a status answer only ever moves it to a later step. */
const step: Record<LedgerState, number> = {
  creating: -1, not_created: -1, unknown: -1,
  pending: 0,
  declined: 1, expired: 1,
  authorised: 2,
  partially_captured: 3,
  paid: 4,
  partially_refunded: 5,
  refunded: 6, voided: 6,
};

/** A void only follows an authorisation; nothing follows a refund in full or a void. */
export function isForward(from: LedgerState, to: LedgerState): boolean {
  if (to === 'voided') return step[from] <= step.authorised;
  return step[to] > step[from];
}

/** The state that captured and refunded totals describe, for a payment that took money. */
export function stateFromTotals(amountMinor: number, capturedMinor: number, refundedMinor: number): LedgerState {
  if (refundedMinor > 0) return refundedMinor >= capturedMinor ? 'refunded' : 'partially_refunded';
  if (capturedMinor === 0) return 'authorised';
  return capturedMinor < amountMinor ? 'partially_captured' : 'paid';
}

/** What a capture or refund the gateway confirmed does: its amount on top of the total it was made against. */
export function afterConfirmed(payment: Money, kind: 'capture' | 'refund' | 'void', amountMinor: number, baseMinor: number | null): Pick<Money, 'state' | 'captured_minor' | 'refunded_minor'> {
  if (kind === 'void') return { state: 'voided', captured_minor: payment.captured_minor, refunded_minor: payment.refunded_minor };
  // Never count twice: something else (a status answer with totals) may have brought the new total already.
  const base = baseMinor ?? (kind === 'capture' ? payment.captured_minor : payment.refunded_minor);
  const captured = kind === 'capture' ? Math.max(payment.captured_minor, base + amountMinor) : payment.captured_minor;
  const refunded = kind === 'refund' ? Math.max(payment.refunded_minor, base + amountMinor) : payment.refunded_minor;
  return { state: stateFromTotals(payment.amount_minor, captured, refunded), captured_minor: captured, refunded_minor: refunded };
}

/**
 * What a status answer changes. Totals, where the answer has them in the payment's currency,
 * only ever raise the ledger's. A later state moves the payment forward with the amounts that
 * state implies (approved in full: captured in full); an earlier state, or one the answer cannot
 * tell, changes nothing. A word never says how much was refunded (walk35: "REFUND" is, in the
 * gateway's SDKs, a transaction "for which refund was made", whole or part): a refund or a void of
 * money taken, made at the gateway's dashboard, moves the state with its amount not known (the
 * ledger's refunded total stays what Paydesk itself confirmed), and said of a payment whose own
 * refunds the ledger counts already, it tells nothing new.
 */
export function afterStatus(payment: Money, answered: LedgerState, totals: Totals = {}): Pick<Money, 'state' | 'captured_minor' | 'refunded_minor'> {
  let captured = Math.max(payment.captured_minor, totals.capturedMinor ?? 0);
  const refunded = Math.max(payment.refunded_minor, totals.refundedMinor ?? 0);
  let state = payment.state;
  const said = givenBack(payment.state, answered) ? 'refunded' : answered;
  const nothingNew = said === 'refunded' && refunded > 0;
  if (isForward(state, said) && !nothingNew) {
    state = said;
    if (said === 'paid' || said === 'partially_refunded' || said === 'refunded') {
      // Money was taken: in full, unless the ledger or the totals know a partial capture.
      if (captured === 0) captured = payment.amount_minor;
    }
  }
  // For a payment that took money, the totals may say more than the word (nothing follows a void).
  if (step[state] >= step.authorised) {
    const byTotals = stateFromTotals(payment.amount_minor, captured, refunded);
    if (isForward(state, byTotals)) state = byTotals;
  }
  return { state, captured_minor: captured, refunded_minor: refunded };
}

/**
 * A void or reversal said of a payment Paydesk knows was paid (all its money taken): the sale was
 * cancelled or reversed at the gateway, its money given back to the customer; how much, no word says.
 */
function givenBack(state: LedgerState, answered: LedgerState): boolean {
  return answered === 'voided' && state === 'paid';
}
