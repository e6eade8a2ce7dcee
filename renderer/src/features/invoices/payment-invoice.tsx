// A payment's invoice and its credit notes where support and finance look at the payment (the
// transactions detail): before, a refund's credit note was found only under Payment links →
// Resend. Loaded on demand, so the list's first screen carries none of the invoices' code.
import { InvoicePanel, useInvoice } from './invoice-panel';

export default function PaymentInvoice({ paymentId }: { paymentId: string }) {
  const invoice = useInvoice(paymentId);
  return invoice ? <InvoicePanel invoice={invoice} /> : null;
}
