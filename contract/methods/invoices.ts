// Invoices behind payment links (docs/invoices.md): line items with VAT, a number per profile
// reserved with the link's create intent, a bilingual simplified tax invoice as PDF with the
// ZATCA phase-1 QR code, and credit notes for refunds of invoiced payments. Amounts come in as
// typed text and are computed by main in integer minor units (contract/vat.ts).
import { z } from 'zod';
import { method, shared } from '../method-spec';
import { currencyCodes } from '../money';
import { ledgerStates } from '../payment-states';
import { vatCategories } from '../vat';
import { paymentViewSchema } from './payments';
import { productionConfirmationSchema } from './profiles';

const text = (max: number) => z.string().max(max);
const minor = shared(() => z.number().int().safe());
const id = shared(() => z.string().min(1).max(200));
export const invoiceLanguages = ['both', 'en', 'ar'] as const;

export const invoiceLineInputSchema = shared(() => z.object({
  description: text(300),
  /** Up to 3 decimals ("1.5"). */
  quantity: text(20),
  /** As typed, in the invoice's currency; with or without VAT as `pricesIncludeVat` says. */
  unitPrice: text(40),
  vat: z.enum(vatCategories),
  /** Percent for a standard-rated line ("15" when left out). */
  rate: text(10).optional(),
  /** Why a line is zero-rated or exempt; required for those. */
  reason: text(300).optional(),
}).strict());

const vatGroupSchema = shared(() => z.object({ category: z.enum(vatCategories), rateBp: z.number().int(), netMinor: minor(), vatMinor: minor(), grossMinor: minor() }));

export const creditNoteViewSchema = shared(() => z.object({
  id: z.string(),
  number: z.string(),
  operationId: z.string(),
  amountMinor: minor(),
  netMinor: minor(),
  vatMinor: minor(),
  breakdown: z.array(vatGroupSchema()),
  reason: z.string().nullable(),
  issuedAt: z.string(),
  /** A laptop's credit note copied into the team ledger: that laptop, whose own series its number is in. */
  issuedOnLaptop: z.string().nullable().optional(),
}));

export const invoiceViewSchema = shared(() => z.object({
  id: z.string(),
  number: z.string(),
  paymentId: z.string(),
  orderId: z.string(),
  currency: z.enum(currencyCodes as [string, ...string[]]),
  /**
   * issued: the link exists; reserved: its creation's outcome is not known yet (the number is
   * held); not_issued: the gateway did not create the link (the number stays with this order
   * and is used again if the same order is tried again).
   */
  state: z.enum(['issued', 'reserved', 'not_issued']),
  /**
   * Its payment's state (null when the ledger has no such payment): what the panel says once an
   * issued invoice's link is paid or refunded ("Paid", not "Issued"); the document's title never changes.
   */
  paymentState: z.enum(ledgerStates).nullable(),
  pricesIncludeVat: z.boolean(),
  language: z.enum(invoiceLanguages),
  netMinor: minor(),
  vatMinor: minor(),
  totalMinor: minor(),
  issuedAt: z.string(),
  /** A laptop's invoice copied into the team ledger: that laptop, whose own series its number is in (the team's may have the same number). */
  issuedOnLaptop: z.string().nullable().optional(),
  lines: z.array(z.object({
    description: z.string(), quantityMilli: z.number().int(), unitMinor: minor(), category: z.enum(vatCategories), rateBp: z.number().int(),
    reason: z.string().nullable(), netMinor: minor(), vatMinor: minor(), grossMinor: minor(),
  })),
  breakdown: z.array(vatGroupSchema()),
  creditNotes: z.array(creditNoteViewSchema()),
  /** The ZATCA QR payload (base64 of the TLV), as printed. */
  zatcaQr: z.string(),
}));
export type InvoiceView = z.infer<ReturnType<typeof invoiceViewSchema>>;

/** The business's zone (the renderer's), in which the document prints its issue time; main's own when left out. */
const documentZone = shared(() => text(64).optional());

const customer = shared(() => z.object({ name: text(200), email: text(320), phone: text(40) }).strict());

export const invoiceMethods = {
  createInvoice: method({
    summary: 'Create a payment link whose amount is the total of an invoice with VAT; the invoice number is reserved with the link’s create intent.',
    input: () => z.object({
      orderId: text(100).optional(),
      currency: z.enum(currencyCodes as [string, ...string[]]),
      lines: z.array(invoiceLineInputSchema()).min(1).max(100),
      pricesIncludeVat: z.boolean(),
      /** The link's description; the lines' descriptions when left out. */
      description: text(500).optional(),
      customer: customer(),
      buyerVatNumber: text(40).optional(),
      language: z.enum(invoiceLanguages).default('both'),
      issueDate: text(10).optional(), expireDate: text(10).optional(),
      successUrl: text(2048).optional(), failureUrl: text(2048).optional(),
      confirm: productionConfirmationSchema().optional(),
    }).strict(),
    output: () => z.object({ payment: paymentViewSchema(), invoice: invoiceViewSchema() }),
  }),
  getInvoice: method({
    summary: 'The invoice of a payment with its credit notes, or null for a link without lines.',
    input: () => z.object({ paymentId: id() }).strict(),
    output: () => z.object({ invoice: invoiceViewSchema().nullable() }),
  }),
  invoiceNumbers: method({
    summary: 'Invoice numbers of the given payments (those that have one).',
    input: () => z.object({ paymentIds: z.array(id()).max(500) }).strict(),
    output: () => z.record(z.string(), z.string()),
  }),
  findDocumentNumber: method({
    summary: 'The payments whose invoice or credit note has this number ("INV-000001", "cn 12", Arabic-Indic digits too): what a person holding the document types in the search.',
    input: () => z.object({ number: text(40) }).strict(),
    output: () => z.object({ matches: z.array(z.object({ document: z.enum(['invoice', 'credit_note']), number: z.string(), paymentId: z.string(), orderId: z.string(), profileId: z.string() })) }),
  }),
  invoiceRegister: method({
    summary: 'Finance\'s register for the accountant: the invoices and credit notes issued in a period (the list\'s From and To), as CSV text with their amounts and VAT.',
    input: () => z.object({
      /** ISO 8601 instants, inclusive from, exclusive to (the transactions filter's); either left out. */
      from: text(40).optional(), to: text(40).optional(),
      profileId: id().optional(),
      /** The renderer's zone, for the local_time and local_day columns. */
      timeZone: text(64).optional(),
    }).strict(),
    output: () => z.object({
      fileName: z.string(), csv: z.string(), invoices: z.number().int(), creditNotes: z.number().int(),
      /** How many of them are practice or sandbox documents (said when the file mixes them with production's). */
      testDocuments: z.number().int().optional(),
      /** Per currency (ISO code order): the issued invoices' and the credit notes' counts, totals and VAT, in integer minor units. */
      totals: z.array(z.object({
        currency: z.string(), invoices: z.number().int(), invoicesTotalMinor: z.number().int(), invoicesVatMinor: z.number().int(),
        creditNotes: z.number().int(), creditNotesTotalMinor: z.number().int(), creditNotesVatMinor: z.number().int(),
      })),
    }),
  }),
  invoiceDocument: method({
    summary: 'An invoice or credit note rendered by Chromium: the PDF to save or open, and a PNG of it to show first.',
    input: () => z.object({ invoiceId: id().optional(), creditNoteId: id().optional(), timeZone: documentZone() }).strict(),
    output: () => z.object({ fileName: z.string(), pdfBase64: z.string(), pngBase64: z.string() }),
  }),
  openInvoiceDocument: method({
    summary: 'Saves the PDF in the data folder’s invoices/ and opens it with the system’s viewer (desktop app); the preview answers opened: false.',
    input: () => z.object({ invoiceId: id().optional(), creditNoteId: id().optional(), timeZone: documentZone() }).strict(),
    output: () => z.object({ opened: z.boolean(), path: z.string().nullable() }),
  }),
};
