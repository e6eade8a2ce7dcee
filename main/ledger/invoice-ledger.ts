// The invoices, their lines and credit notes of a ledger, as one async interface on both backends
// (the laptop's SQLite file: invoice-rows.ts; the team's PostgreSQL: postgres/pg-invoices.ts), so
// the invoice service runs unchanged on either. Inside a store transaction (`tx.invoices`) its
// writes commit with the payment's; the number is taken there (docs/invoices.md, "Invoice numbers").
import type { CreditNoteRow, InvoiceLineRow, InvoiceRow } from './invoice-rows';

export type NewInvoice = Omit<InvoiceRow, 'id' | 'seq' | 'number'>;
export type NewInvoiceLine = Omit<InvoiceLineRow, 'invoice_id' | 'line_no'>;
export type NewCreditNote = Omit<CreditNoteRow, 'id' | 'seq' | 'number'>;
/** A document found by its number: which payment it belongs to. */
export type NumberedDocument = { document: 'invoice' | 'credit_note'; number: string; payment_id: string; profile_id: string };
/** Issued at or after `from` and before `to` (ISO instants, either left out), of one profile or all. */
export type IssuedRange = { from?: string; to?: string; profileId?: string };
/** The documents of a period, in number order: each credit note with its invoice's number and currency (that invoice may be older). */
export type IssuedDocuments = { invoices: InvoiceRow[]; lines: InvoiceLineRow[]; creditNotes: Array<CreditNoteRow & { invoice_number: string; currency: string }> };

export type InvoiceLedger = {
  byPayment(paymentId: string): Promise<InvoiceRow | undefined>;
  byId(id: string): Promise<InvoiceRow | undefined>;
  lines(invoiceId: string): Promise<InvoiceLineRow[]>;
  /** Invoice numbers of many payments at once (the links list). */
  numbersOf(paymentIds: string[]): Promise<Map<string, string>>;
  creditNotesOf(invoiceId: string): Promise<CreditNoteRow[]>;
  creditNote(id: string): Promise<CreditNoteRow | undefined>;
  creditNoteOfOperation(operationId: string): Promise<CreditNoteRow | undefined>;
  /** The invoices and credit notes that carry this number (one per profile or laptop series), with their payments. */
  withNumber(number: string): Promise<NumberedDocument[]>;
  /** The invoices (with their lines) and credit notes issued in a period: finance's register for the accountant. */
  issuedBetween(range: IssuedRange): Promise<IssuedDocuments>;
  /**
   * Reserves the invoice of a payment with its lines and the profile's next number; call inside
   * the transaction that records the link's create intent. A payment tried again (same order id
   * after "not created") keeps its number: its lines and totals are replaced.
   */
  reserve(invoice: NewInvoice, lines: NewInvoiceLine[]): Promise<InvoiceRow>;
  /** Records a credit note with the profile's next number; call inside the refund's confirming transaction. */
  insertCreditNote(note: NewCreditNote): Promise<CreditNoteRow>;
  /** Runs `fn` in a savepoint: what it wrote is undone if it throws, and the caller's transaction goes on. */
  savepoint<T>(fn: () => Promise<T>): Promise<T>;
};
