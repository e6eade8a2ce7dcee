// What a payment's state allows in its detail (capture, void, refund, charge again) and what is
// left to capture or refund: the same rules main enforces (main/payments/rules.ts), shown before a
// person types. Pure, so mutation testing judges it (stryker.config.mjs).
import type { MethodOutput } from '../../../../contract/methods';
import { capturedAmountUnknown, refundedAmountUnknown } from '../../../../contract/payment-states';

type PaymentDetail = MethodOutput<'getPayment'>;

/** The card "Charge again" charges: its amount, whether its token is in, and the payment it was stored with (named in the dialog). */
export type ChargedCard = Pick<PaymentDetail['payment'], 'amountMinor' | 'recurringAvailable' | 'orderId' | 'cardMasked'>;

/**
 * The payment whose card "Charge again" charges: a repeat charge's first payment (main charges
 * that one's transaction and token, new-payments.ts), any other payment its own card.
 */
export const chargedCardOf = (payment: PaymentDetail['payment'], parent: PaymentDetail['related']['parent']): ChargedCard | null =>
  payment.kind === 'recurring' ? parent : payment;

/**
 * What the state allows, and only that (main enforces the same rules); `mayMoveMoney` false: the
 * team ledger's role allows none of it. `card`: the one "Charge again" charges (chargedCardOf).
 */
export function allowedActions(payment: PaymentDetail['payment'], mayMoveMoney = true, card = chargedCardOf(payment, null)) {
  const captureLeft = payment.amountMinor - payment.capturedMinor;
  const refundLeft = payment.capturedMinor - payment.refundedMinor;
  // Capture, void and refund name the gateway's transaction: a session's or link's own id is not one.
  const free = mayMoveMoney && !payment.operationInFlight && Boolean(payment.transactionId);
  // Money moved at the gateway's dashboard, its amount not known: what is left is not known either,
  // and any amount sent could be more (walk35).
  const captureNotKnown = capturedAmountUnknown(payment);
  const leftNotKnown = captureNotKnown || refundedAmountUnknown(payment);
  return {
    capture: free && !captureNotKnown && (payment.state === 'authorised' || payment.state === 'partially_captured') && captureLeft > 0,
    void: free && payment.state === 'authorised' && payment.capturedMinor === 0,
    refund: free && !leftNotKnown && ['paid', 'partially_captured', 'partially_refunded'].includes(payment.state) && refundLeft > 0,
    // A repeat charge's own transaction is not charged: its first payment's is.
    recurring: mayMoveMoney && !payment.operationInFlight && Boolean(card?.recurringAvailable),
    captureLeft,
    refundLeft,
  };
}
