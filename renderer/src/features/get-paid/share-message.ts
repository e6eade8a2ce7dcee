// The message a customer gets with their payment link, in English or Arabic: the share panel's
// e-mail and WhatsApp text, and each row's message in a bulk batch's links CSV (one wording).
import type { CurrencyCode } from '../../../../contract/money';
import { translate, type Language } from '../../i18n';
import { formatAmount } from '../../i18n/format';

export type Shareable = { url: string; orderId: string; amountMinor: number; currency: CurrencyCode; description?: string | null; customer: { name: string | null; email: string | null; phone: string | null }; invoiceNumber?: string | null };

export function shareMessage(item: Shareable, language: Language): { subject: string; body: string } {
  const values = { name: item.customer.name ?? '', amount: formatAmount(item.amountMinor, item.currency, language), orderId: item.orderId, url: item.url, description: item.description ?? item.orderId, number: item.invoiceNumber ?? '' };
  // An invoiced link names its invoice number, so the customer (and their accountant) can match the PDF.
  if (item.invoiceNumber) return { subject: translate(language, 'inv.share.subject', values), body: translate(language, item.customer.name ? 'inv.share.body' : 'inv.share.bodyNoName', values) };
  return { subject: translate(language, 'gp.share.subject', values), body: translate(language, item.customer.name ? 'gp.share.body' : 'gp.share.bodyNoName', values) };
}
