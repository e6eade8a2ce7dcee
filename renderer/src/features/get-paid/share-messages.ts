// The messages Paydesk words for a customer, and how they leave: a `mailto:` address (subject and
// body) and a `wa.me` address (the body). The payment request (the share panel) and the receipt or
// refund confirmation of a payment that took money (the receipt panel), each in English or Arabic
// whatever the UI's language. Amounts from minor units in the message's language, Latin digits as
// every amount in the app; of a card only its last four digits.
import type { PaymentView } from '../../../../contract/methods/payments';
import { ltrIsolated } from '../../../../contract/amount-words';
import type { CurrencyCode } from '../../../../contract/money';
import { translate, type Language } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { receiptKindOf } from './receipt-kind';
import { latestRefundMinor, type PaymentOperation } from './latest-refund';

export type CustomerMessage = { subject: string; body: string };

export type Shareable = { url: string; orderId: string; amountMinor: number; currency: CurrencyCode; description?: string | null; customer: { name: string | null; email: string | null; phone: string | null }; invoiceNumber?: string | null };

/** A link or session as the share panel sends it, with its invoice's number when it has one. */
export const shareableOf = (payment: PaymentView & { url: string }, invoiceNumber?: string | null): Shareable => ({
  url: payment.url, orderId: payment.orderId, amountMinor: payment.amountMinor, currency: payment.currency as CurrencyCode, description: payment.description, customer: payment.customer, invoiceNumber,
});

/**
 * An order id, invoice number or card's digits inside a customer's message: isolated left to right
 * in Arabic, or mail and WhatsApp reorder it ("PD-1" read "1-PD"). Amounts need none here:
 * `translate` isolates every `{amount}`.
 */
const ltrToken = (text: string, language: Language) => (language === 'ar' ? ltrIsolated(text) : text);

export function shareMessage(item: Shareable, language: Language): CustomerMessage {
  const orderId = ltrToken(item.orderId, language);
  // The address stays as it is: a mark beside it could be taken into the link the mail program makes of it.
  // A session has no description: the request names the order once ("for PD-1 (ref. PD-1)" named it twice).
  const described = item.description ? 'yes' : 'no';
  const values = { name: item.customer.name ?? '', amount: formatAmount(item.amountMinor, item.currency, language), orderId, url: item.url, described, description: item.description ?? orderId, number: item.invoiceNumber ? ltrToken(item.invoiceNumber, language) : '' };
  // An invoiced link names its invoice number, so the customer (and their accountant) can match the PDF.
  if (item.invoiceNumber) return { subject: translate(language, 'inv.share.subject', values), body: translate(language, item.customer.name ? 'inv.share.body' : 'inv.share.bodyNoName', values) };
  return { subject: translate(language, 'gp.share.subject', values), body: translate(language, item.customer.name ? 'gp.share.body' : 'gp.share.bodyNoName', values) };
}

export const mailtoHref = (email: string | null, message: CustomerMessage) =>
  `mailto:${encodeURIComponent(email ?? '')}?subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(message.body)}`;
export const whatsappHref = (phone: string | null, message: CustomerMessage) =>
  `https://wa.me/${(phone ?? '').replace(/\D/g, '')}?text=${encodeURIComponent(message.body)}`;

type Receiptable = Pick<PaymentView, 'state' | 'orderId' | 'currency' | 'capturedMinor' | 'refundedMinor' | 'cardMasked' | 'customer'>;

/** The last four digits of a masked card (first six, last four), the only part a message may name. */
export const cardLastFour = (cardMasked: string | null): string | undefined => /(\d{4})$/.exec(cardMasked ?? '')?.[1];

/**
 * The receipt or refund confirmation of a payment (receiptKindOf), naming its invoice when the
 * link has one. A refund names the refund just made (latestRefundMinor, from the payment's
 * operations) and, after earlier ones, the total refunded of what was paid; when that refund's
 * amount is not known, the total refunded, worded as a total. What stays paid, when some does.
 */
export function receiptMessage(payment: Receiptable, language: Language, invoiceNumber: string | null, operations: readonly PaymentOperation[]): CustomerMessage {
  const kind = receiptKindOf(payment) ?? 'receipt';
  const currency = payment.currency as CurrencyCode;
  const money = (minor: number) => formatAmount(minor, currency, language);
  const token = (text: string) => ltrToken(text, language);
  const last4 = cardLastFour(payment.cardMasked);
  const values = {
    name: payment.customer.name ?? '',
    orderId: token(payment.orderId),
    invoice: invoiceNumber ? 'yes' : 'no',
    number: invoiceNumber ? token(invoiceNumber) : '',
    last4: last4 ? token(last4) : 'none',
    amount: money(payment.capturedMinor),
  };
  const named = Boolean(payment.customer.name);
  if (kind === 'receipt') return { subject: translate(language, 'gp.receipt.subject', values), body: translate(language, named ? 'gp.receipt.body' : 'gp.receipt.bodyNoName', values) };
  const latest = latestRefundMinor(payment.refundedMinor, operations);
  const earlier = latest !== undefined && latest < payment.refundedMinor;
  const kept = payment.capturedMinor - payment.refundedMinor;
  // Amounts other than `amount` are isolated here, as translate does `amount` ("none": not said).
  const refund = {
    ...values,
    amount: money(latest ?? payment.refundedMinor),
    total: earlier ? token(money(payment.refundedMinor)) : 'none',
    paid: token(money(payment.capturedMinor)),
    kept: kept > 0 ? token(money(kept)) : 'none',
  };
  const body = latest === undefined ? (named ? 'gp.refundNote.bodyTotal' : 'gp.refundNote.bodyTotalNoName') : named ? 'gp.refundNote.body' : 'gp.refundNote.bodyNoName';
  return { subject: translate(language, 'gp.refundNote.subject', refund), body: translate(language, body, refund) };
}
