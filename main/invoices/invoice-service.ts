// Invoices behind payment links. The lines are checked and their VAT computed here (integer
// minor units, contract/vat.ts); the link is created through the payments service's own create
// path, and the invoice with its number is reserved inside that path's intent transaction
// (`withIntent`), so a number is never taken by a link the ledger does not know. Credit notes
// are recorded when the payments service confirms a refund of an invoiced payment
// (`onRefundConfirmed`), in that transaction. The rows are the ledger's (InvoiceLedger: the
// laptop's file or the team's PostgreSQL). Money logic stays in main/payments/; this module only documents it.
import type { MethodOutput, MethodParsedInput } from '../../contract/methods';
import type { InvoiceView } from '../../contract/methods/invoices';
import type { PaymentView } from '../../contract/methods/payments';
import type { SellerDetails } from '../../contract/methods/profiles';
import { formatMinor, isCurrencyCode, parseAmount, type CurrencyCode } from '../../contract/money';
import type { Reason } from '../../contract/reasons';
import { holdsCardNumber } from '../../contract/card';
import { toAsciiDigits } from '../../contract/digits';
import { fail as failWith, fieldFailure, reason as why } from '../core/fail';
import { computeInvoice, creditSplit, parseQuantity, parseRatePercent, standardRateBp, type VatGroup, type VatLineInput } from '../../contract/vat';
import type { CallContext } from '../core/call-context';
import type { InvoiceLedger } from '../ledger/invoice-ledger';
import { creditNoteNumber, invoiceNumber, type InvoiceLineRow, type InvoiceRow, type CreditNoteRow } from '../ledger/invoice-rows';
import type { PaymentRow } from '../ledger/payment-rows';
import type { LedgerTx } from '../ledger/store';
import type { Logger } from '../log/logger';
import type { RefundConfirmed } from '../payments/payments-core';
import type { CreateOptions } from '../payments/record-create';
import { invoiceHtml, type DocumentModel } from './invoice-document';
import { linesDescription } from './lines-description';
import { zatcaQrText, zatcaTimestamp } from './zatca-qr';
import { registerCsv, type RegisterPayment } from './invoice-register';
import { exportTimeZone, localColumns } from '../ledger/local-time';
import { documentFileName } from './document-file';
import { payPageToOffer } from '../../contract/pay-page';

/** Chromium, however it is reached: the PDF and a PNG of the same HTML. */
export type DocumentRenderer = (html: string) => Promise<{ pdf: Uint8Array; png: Uint8Array }>;

export type InvoiceDeps = {
  /** The ledger's invoices, read outside a transaction (the store's `invoices`). */
  rows: InvoiceLedger;
  logger: Logger;
  /** The invoice's payment, read from the ledger's store. */
  payment(id: string): Promise<PaymentRow | undefined>;
  activeProfileId(): Promise<string>;
  seller(profileId: string): SellerDetails | undefined;
  createLink(input: MethodParsedInput<'createPaymentLink'>, ctx: CallContext, options: CreateOptions): Promise<PaymentView>;
  render?: DocumentRenderer;
  /** A profile's name, for a document's file name (undefined for one removed since). */
  profileName?(profileId: string): Promise<string | undefined>;
  /** Desktop only: saves the PDF where the user's files go (a folder of the document's own, `documentId`) and opens it with the system's viewer. */
  openPdf?(fileName: string, pdf: Uint8Array, documentId: string): Promise<string>;
  /** Resolves once every profile's kept key is known to the logger (composition.ts), so the lines are checked against them all. */
  keysKnown?(): Promise<void>;
};

/** Which document, and the business's zone its issue time is printed in (the renderer's; main's own when left out). */
type DocumentInput = { invoiceId?: string; creditNoteId?: string; timeZone?: string };

type LineInput = MethodParsedInput<'createInvoice'>['lines'][number];

function fail(fields: Record<string, Reason>): never {
  throw fieldFailure('invalid_input', fields);
}

/** A card number or an API key pasted into text kept on the invoice, in the ledger and on the PDF (as payments/validate-input.ts refuses them). */
function pasted(text: string, holdsKey: (text: string) => boolean): Reason | undefined {
  if (holdsCardNumber(toAsciiDigits(text))) return why('input.cardNumber');
  if (holdsKey(text)) return why('input.apiKey');
  return undefined;
}

/** Checks the typed lines; field paths are `lines.<index>.<field>` so the form shows each message in place. */
export function readLines(lines: LineInput[], currency: CurrencyCode, holdsKey: (text: string) => boolean = () => false) {
  const fields: Record<string, Reason> = {};
  const read = lines.map((line, i) => {
    const at = (field: string, problem: Reason | undefined) => void (problem && (fields[`lines.${i}.${field}`] ??= problem));
    const description = line.description.trim();
    if (!description) at('description', why('invoice.lineDescription'));
    else at('description', pasted(description, holdsKey));
    const quantityMilli = parseQuantity(line.quantity);
    if (quantityMilli === undefined) at('quantity', why('invoice.lineQuantity'));
    const price = parseAmount(line.unitPrice, currency);
    if (!price.ok) at('unitPrice', price.why);
    const rateBp = line.vat === 'standard' ? parseRatePercent(line.rate?.trim() || '15') : 0;
    if (line.vat === 'standard' && !rateBp) at('rate', why('invoice.lineRate'));
    const reason = line.reason?.trim() || null;
    if (line.vat !== 'standard' && !reason) at('reason', why('invoice.lineReason'));
    else if (line.vat !== 'standard' && reason) at('reason', pasted(reason, holdsKey));
    return { description, quantityMilli: quantityMilli ?? 1, unitMinor: price.ok ? price.minor : 0, category: line.vat, rateBp: rateBp ?? standardRateBp, reason: line.vat === 'standard' ? null : reason };
  });
  if (Object.keys(fields).length) fail(fields);
  return read;
}

export function createInvoiceService(deps: InvoiceDeps) {
  const { rows } = deps;

  function stateOf(payment: PaymentRow | undefined): InvoiceView['state'] {
    if (!payment || payment.state === 'not_created') return 'not_issued';
    return payment.state === 'creating' || (payment.state === 'unknown' && !payment.link_url) ? 'reserved' : 'issued';
  }

  const breakdownOf = (lines: InvoiceLineRow[], pricesIncludeVat: boolean): VatGroup[] =>
    computeInvoice(lines.map((l): VatLineInput => ({ quantityMilli: l.quantity_milli, unitMinor: l.unit_minor, category: l.category, rateBp: l.rate_bp })), pricesIncludeVat).breakdown;

  const sellerOf = (invoice: InvoiceRow) => JSON.parse(invoice.seller_json) as SellerDetails;
  const zatcaOf = (seller: SellerDetails, issuedAt: string, totalMinor: number, vatMinor: number, currency: CurrencyCode) =>
    zatcaQrText({ sellerName: seller.legalNameAr, vatNumber: seller.vatNumber, timestamp: zatcaTimestamp(new Date(issuedAt)), totalWithVat: formatMinor(totalMinor, currency), vatTotal: formatMinor(vatMinor, currency) });

  const creditView = (note: CreditNoteRow) => ({
    id: note.id, number: note.number, operationId: note.operation_id, amountMinor: note.amount_minor, netMinor: note.net_minor, vatMinor: note.vat_minor,
    breakdown: JSON.parse(note.breakdown_json) as VatGroup[], reason: note.reason, issuedAt: note.issued_at,
    issuedOnLaptop: note.issued_on_laptop ?? null,
  });

  async function view(invoice: InvoiceRow): Promise<InvoiceView> {
    const payment = await deps.payment(invoice.payment_id);
    const lines = await rows.lines(invoice.id);
    const currency = invoice.currency as CurrencyCode;
    return {
      id: invoice.id, number: invoice.number, paymentId: invoice.payment_id, orderId: payment?.order_id ?? '', currency, state: stateOf(payment), paymentState: payment?.state ?? null,
      pricesIncludeVat: invoice.prices_include_vat === 1, language: invoice.language, netMinor: invoice.net_minor, vatMinor: invoice.vat_minor, totalMinor: invoice.total_minor,
      issuedAt: invoice.issued_at, issuedOnLaptop: invoice.issued_on_laptop ?? null,
      lines: lines.map((l) => ({ description: l.description, quantityMilli: l.quantity_milli, unitMinor: l.unit_minor, category: l.category, rateBp: l.rate_bp, reason: l.reason, netMinor: l.net_minor, vatMinor: l.vat_minor, grossMinor: l.gross_minor })),
      breakdown: breakdownOf(lines, invoice.prices_include_vat === 1),
      creditNotes: (await rows.creditNotesOf(invoice.id)).map(creditView),
      zatcaQr: zatcaOf(sellerOf(invoice), invoice.issued_at, invoice.total_minor, invoice.vat_minor, currency),
    };
  }

  async function create(input: MethodParsedInput<'createInvoice'>, ctx: CallContext): Promise<MethodOutput<'createInvoice'>> {
    const profileId = await deps.activeProfileId();
    const seller = deps.seller(profileId);
    if (!seller) throw fieldFailure('invalid_input', { seller: why('invoice.noSeller') });
    if (!isCurrencyCode(input.currency)) fail({ currency: why('invoice.currency') });
    const currency = input.currency;
    // Every profile's key known first: one not used this run is refused as the active one's is.
    await deps.keysKnown?.();
    const lines = readLines(input.lines, currency, deps.logger.holdsSecret);
    const totals = computeInvoice(lines, input.pricesIncludeVat);
    if (totals.totalMinor <= 0) fail({ 'lines.0.unitPrice': why('invoice.totalZero') });
    const description = input.description?.trim() || linesDescription(lines, input.language);
    const buyerVatNumber = input.buyerVatNumber?.trim() || null;
    // Keys only: a 15-digit VAT number can pass a card number's check digit.
    if (buyerVatNumber && deps.logger.holdsSecret(buyerVatNumber)) fail({ buyerVatNumber: why('input.apiKey') });
    let number = '';
    const payment = await deps.createLink({
      orderId: input.orderId, amount: formatMinor(totals.totalMinor, currency), currency, description, customer: input.customer,
      issueDate: input.issueDate, expireDate: input.expireDate, successUrl: input.successUrl, failureUrl: input.failureUrl, confirm: input.confirm,
    }, ctx, {
      async withIntent(paymentId, at, tx) {
        number = (await tx.invoices.reserve({
          profile_id: profileId, payment_id: paymentId, currency, prices_include_vat: input.pricesIncludeVat ? 1 : 0, net_minor: totals.netMinor, vat_minor: totals.vatMinor,
          total_minor: totals.totalMinor, seller_json: JSON.stringify(seller), buyer_vat_number: buyerVatNumber, language: input.language, issued_at: at, created_by: ctx.osUser,
        }, lines.map((l, i) => ({ description: l.description, quantity_milli: l.quantityMilli, unit_minor: l.unitMinor, category: l.category, rate_bp: l.rateBp, reason: l.reason, ...pick(totals.lines[i]!) })))).number;
      },
    });
    deps.logger.info('invoice reserved with its link', { state: payment.state, number });
    return { payment, invoice: await view((await rows.byPayment(payment.id))!) };
  }

  /**
   * A confirmed refund of an invoiced payment: its credit note, in the refund's own transaction,
   * in a savepoint (on PostgreSQL a failed statement would otherwise abort the refund's transaction).
   */
  async function onRefundConfirmed(refund: RefundConfirmed, tx: LedgerTx) {
    const ledger = tx.invoices;
    await ledger.savepoint(async () => {
      const invoice = await ledger.byPayment(refund.paymentId);
      if (!invoice || (await ledger.creditNoteOfOperation(refund.operationId))) return;
      const lines = await ledger.lines(invoice.id);
      const earlier = (await ledger.creditNotesOf(invoice.id)).flatMap((n) => JSON.parse(n.breakdown_json) as VatGroup[]);
      const split = creditSplit(breakdownOf(lines, invoice.prices_include_vat === 1), refund.amountMinor, earlier);
      const sum = (pick: (g: VatGroup) => number) => split.reduce((s, g) => s + pick(g), 0);
      await ledger.insertCreditNote({
        profile_id: invoice.profile_id, invoice_id: invoice.id, payment_id: refund.paymentId, operation_id: refund.operationId, amount_minor: refund.amountMinor,
        net_minor: sum((g) => g.netMinor), vat_minor: sum((g) => g.vatMinor), breakdown_json: JSON.stringify(split), reason: refund.reason, issued_at: refund.at,
      });
    });
  }

  /** The document's file name: its number, and for a test document or a number another production profile shares, which one (document-file.ts). */
  async function fileNameOf(doc: { id: string; number: string; profile_id: string; issued_on_laptop?: string | null }, payment: PaymentRow | undefined) {
    const environment = payment?.environment ?? 'production';
    let numberShared = false;
    if (environment === 'production') {
      for (const other of await rows.withNumber(doc.number)) {
        if (other.profile_id === doc.profile_id) continue;
        if ((await deps.payment(other.payment_id))?.environment === 'production') numberShared = true;
      }
    }
    const profileName = await deps.profileName?.(doc.profile_id);
    return documentFileName({ number: doc.number, environment, profileName, numberShared, laptop: doc.issued_on_laptop });
  }

  async function documentOf(input: DocumentInput): Promise<{ id: string; fileName: string; model: DocumentModel }> {
    const note = input.creditNoteId ? await rows.creditNote(input.creditNoteId) : undefined;
    const invoice = note ? await rows.byId(note.invoice_id) : input.invoiceId ? await rows.byId(input.invoiceId) : undefined;
    if (!invoice || (input.creditNoteId && !note)) throw failWith('not_found', 'invoice.notFound');
    const payment = await deps.payment(invoice.payment_id);
    const seller = sellerOf(invoice);
    const currency = invoice.currency as CurrencyCode;
    const lines = await rows.lines(invoice.id);
    const base = {
      language: invoice.language, timeZone: exportTimeZone(input.timeZone), orderId: payment?.order_id ?? '', currency, pricesIncludeVat: invoice.prices_include_vat === 1, seller,
      buyer: { name: payment?.customer_name ?? null, email: payment?.customer_email ?? null, phone: payment?.customer_phone ?? null, vatNumber: invoice.buyer_vat_number },
      testEnvironment: payment?.environment === 'practice' || payment?.environment === 'sandbox' ? payment.environment : null,
    };
    if (note) {
      const split = JSON.parse(note.breakdown_json) as VatGroup[];
      return {
        id: note.id, fileName: await fileNameOf(note, payment),
        model: {
          ...base, kind: 'credit', number: note.number, refersTo: invoice.number, issuedAt: note.issued_at, reason: note.reason, issuedOnLaptop: note.issued_on_laptop ?? null,
          lines: split.map((g) => ({ description: `${invoice.number}`, quantityMilli: 0, unitMinor: 0, category: g.category, rateBp: g.rateBp, reason: null, netMinor: g.netMinor, vatMinor: g.vatMinor, grossMinor: g.grossMinor })),
          breakdown: split, totals: { netMinor: note.net_minor, vatMinor: note.vat_minor, grossMinor: note.amount_minor },
          zatcaQr: zatcaOf(seller, note.issued_at, note.amount_minor, note.vat_minor, currency),
        },
      };
    }
    return {
      id: invoice.id, fileName: await fileNameOf(invoice, payment),
      model: {
        ...base, kind: 'invoice', number: invoice.number, issuedAt: invoice.issued_at, issuedOnLaptop: invoice.issued_on_laptop ?? null,
        // No QR code of a page not safe to send (contract/pay-page.ts): the invoice goes to the customer.
        payUrl: payPageToOffer(payment?.link_url),
        lines: lines.map((l) => ({ description: l.description, quantityMilli: l.quantity_milli, unitMinor: l.unit_minor, category: l.category, rateBp: l.rate_bp, reason: l.reason, netMinor: l.net_minor, vatMinor: l.vat_minor, grossMinor: l.gross_minor })),
        breakdown: breakdownOf(lines, invoice.prices_include_vat === 1), totals: { netMinor: invoice.net_minor, vatMinor: invoice.vat_minor, grossMinor: invoice.total_minor },
        zatcaQr: zatcaOf(seller, invoice.issued_at, invoice.total_minor, invoice.vat_minor, currency),
      },
    };
  }

  /** The invoices and credit notes issued in a period, as CSV for the accountant (invoice-register.ts). */
  async function register(input: MethodParsedInput<'invoiceRegister'>): Promise<MethodOutput<'invoiceRegister'>> {
    const instant = (name: 'from' | 'to') => {
      const value = input[name];
      if (value === undefined) return undefined;
      const time = new Date(value);
      if (Number.isNaN(time.getTime())) throw fieldFailure('invalid_input', { [name]: why('ledger.notADate', { value: value.slice(0, 40) }) });
      return time.toISOString();
    };
    const range = { from: instant('from'), to: instant('to'), profileId: input.profileId };
    const documents = await rows.issuedBetween(range);
    const payments = new Map<string, RegisterPayment>();
    for (const id of new Set([...documents.invoices.map((i) => i.payment_id), ...documents.creditNotes.map((n) => n.payment_id)])) {
      const payment = await deps.payment(id);
      if (payment) payments.set(id, { orderId: payment.order_id, customerName: payment.customer_name, state: stateOf(payment), environment: payment.environment, profileName: await deps.profileName?.(payment.profile_id) });
    }
    const zone = exportTimeZone(input.timeZone);
    const { csv, invoices, creditNotes, totals } = registerCsv(documents, (id) => payments.get(id), zone);
    // Named by the period's local days (its last day is the one before `to`).
    const day = (iso: string | undefined, back = 0) => (iso ? localColumns(zone)(new Date(Date.parse(iso) - back).toISOString())[1] : null);
    const span = [day(range.from) ?? 'start', day(range.to, 1) ?? 'now'].join('-to-');
    const testDocuments = [...documents.invoices, ...documents.creditNotes].filter((d) => (payments.get(d.payment_id)?.environment ?? 'production') !== 'production').length;
    return { fileName: `paydesk-invoices-${span}.csv`, csv, invoices, creditNotes, totals, testDocuments };
  }

  async function renderDocument(input: DocumentInput) {
    if (!deps.render) throw failWith('internal', 'invoice.noRenderer');
    const { id, fileName, model } = await documentOf(input);
    const { pdf, png } = await deps.render(invoiceHtml(model));
    return { id, fileName, pdf, png };
  }

  return {
    create,
    onRefundConfirmed,
    html: async (input: DocumentInput) => invoiceHtml((await documentOf(input)).model),
    async get(paymentId: string) {
      const invoice = await rows.byPayment(paymentId);
      return { invoice: invoice ? await view(invoice) : null };
    },
    numbers: async (paymentIds: string[]) => Object.fromEntries(await rows.numbersOf(paymentIds)),
    register,
    async findNumber(typed: string): Promise<MethodOutput<'findDocumentNumber'>> {
      const number = documentNumberOf(typed);
      if (!number) return { matches: [] };
      const found = await rows.withNumber(number);
      const matches = [];
      for (const doc of found) {
        const payment = await deps.payment(doc.payment_id);
        if (payment) matches.push({ document: doc.document, number: doc.number, paymentId: doc.payment_id, orderId: payment.order_id, profileId: doc.profile_id });
      }
      return { matches };
    },
    async document(input: DocumentInput): Promise<MethodOutput<'invoiceDocument'>> {
      const { fileName, pdf, png } = await renderDocument(input);
      return { fileName, pdfBase64: Buffer.from(pdf).toString('base64'), pngBase64: Buffer.from(png).toString('base64') };
    },
    async open(input: DocumentInput): Promise<MethodOutput<'openInvoiceDocument'>> {
      if (!deps.openPdf) return { opened: false, path: null };
      const { id, fileName, pdf } = await renderDocument(input);
      return { opened: true, path: await deps.openPdf(fileName, pdf, id) };
    },
  };
}

/** "INV-000001", "inv 1", "CN-٠٠٠٠١٢" as the ledger writes them, or undefined for anything else. */
export function documentNumberOf(typed: string): string | undefined {
  const match = toAsciiDigits(typed.trim()).match(/^(INV|CN)[\s-]*0*(\d{1,12})$/i);
  if (!match || Number(match[2]) === 0) return undefined;
  return (match[1]!.toUpperCase() === 'INV' ? invoiceNumber : creditNoteNumber)(Number(match[2]));
}

const pick = (l: { netMinor: number; vatMinor: number; grossMinor: number }) => ({ net_minor: l.netMinor, vat_minor: l.vatMinor, gross_minor: l.grossMinor });

export type InvoiceService = ReturnType<typeof createInvoiceService>;
