// What a payment that took money offers its customer (a receipt, a refund confirmation, nothing),
// and the words of the button that offers it: apart from the messages (share-messages.ts) so a
// payment's detail, in the first screen's files, carries only this and the button.
import type { PaymentView } from '../../../../contract/methods/payments';
import { refundedAmountUnknown } from '../../../../contract/payment-states';

/**
 * What a payment that took money offers its customer: a receipt of what was taken (paid, partly
 * captured), or, once Paydesk refunded some of it, a confirmation of the refund. Nothing for a
 * refund made at the gateway's dashboard (its amount is not known), nor for money only held.
 */
export function receiptKindOf(payment: Pick<PaymentView, 'state' | 'capturedMinor' | 'refundedMinor'>): 'receipt' | 'refund' | undefined {
  if ((payment.state === 'paid' || payment.state === 'partially_captured') && payment.capturedMinor > 0) return 'receipt';
  if ((payment.state === 'partially_refunded' || payment.state === 'refunded') && !refundedAmountUnknown(payment)) return 'refund';
  return undefined;
}

/** The toggle's words: the receipt's, or the refund confirmation's; named with the order id in a list's row. */
export function receiptWords(payment: Pick<PaymentView, 'state' | 'capturedMinor' | 'refundedMinor'>) {
  return receiptKindOf(payment) === 'refund' ? (['gp.refundNote.send', 'gp.refundNote.sendFor'] as const) : (['gp.receipt.send', 'gp.receipt.sendFor'] as const);
}
