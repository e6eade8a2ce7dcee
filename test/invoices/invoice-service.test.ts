// Invoices behind payment links against real parts: the seller and the lines checked first, a
// credit note recorded when a refund is confirmed, and the PDF drawn by Chromium whose two QR
// codes decode (zbarimg) and whose text layer holds the Arabic. The numbering (reserved with the
// link's intent, kept when the gateway refuses or the outcome is unknown) and the credit notes'
// flows run on both ledgers in test/ledger/invoices.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeZatcaQr } from '../../main/invoices/zatca-qr';
import { customer, threeLines } from '../support/seller';
import { payLink, readPdf, seller, startInvoiceLedger } from './support';


describe('invoices behind payment links', () => {
  let t: Awaited<ReturnType<typeof startInvoiceLedger>>;
  beforeAll(async () => {
    t = await startInvoiceLedger();
  });
  afterAll(() => t?.close());

  const create = (orderId: string, lines = threeLines) =>
    t.invoices.create({ orderId, currency: 'SAR', lines, pricesIncludeVat: false, customer, language: 'both' }, t.ctx);

  it('refuses to issue an invoice before the seller details are set', async () => {
    t.setSeller(undefined);
    await expect(create('INV-NOSELLER')).rejects.toMatchObject({ code: 'invalid_input', extra: { fields: { seller: expect.any(String) } } });
    t.setSeller(seller);
    expect(await t.payments.store.byOrderId('practice', 'INV-NOSELLER')).toBeUndefined();
  });

  it('checks each line and says where the problem is', async () => {
    await expect(create('INV-BAD', [{ description: ' ', quantity: '0', unitPrice: '1.234', vat: 'exempt' }]))
      .rejects.toMatchObject({ extra: { fields: { 'lines.0.description': expect.any(String), 'lines.0.quantity': expect.any(String), 'lines.0.unitPrice': expect.any(String), 'lines.0.reason': expect.any(String) } } });
  });

  it('refuses a line whose description holds a card number, at that line, and creates nothing', async () => {
    // Kept on the invoice, in the ledger and on the PDF for good (docs/screens-getting-paid.md).
    const lines = [threeLines[0]!, { ...threeLines[1]!, description: 'Balance, card 4111 1111 1111 1111' }];
    await expect(create('INV-CARD', lines)).rejects.toMatchObject({ code: 'invalid_input', extra: { fields: { 'lines.1.description': 'This looks like a card number. Paydesk never keeps card numbers: write it without the number.' } } });
    expect(await t.payments.store.byOrderId('practice', 'INV-CARD')).toBeUndefined();
  });

  it('a refund of the invoiced payment, once confirmed, produces a credit note with its VAT', async () => {
    const { payment } = await create('INV-PAID');
    await payLink(payment.url!);
    await expect.poll(async () => (await t.payments.refresh(payment.id, 'status')).state, { timeout: 10_000 }).toBe('paid');
    await t.payments.moneyOperation(t.ctx, { paymentId: payment.id, kind: 'refund', amount: '50', currency: 'SAR', reason: 'Two hours not used' });
    const invoice = (await t.invoices.get(payment.id)).invoice!;
    expect(invoice.creditNotes).toEqual([expect.objectContaining({ number: 'CN-000001', amountMinor: 5000, vatMinor: 371, netMinor: 4629, reason: 'Two hours not used' })]);
  });

  it('draws the invoice and the credit note: both QR codes decode, the Arabic is in the text layer', async () => {
    const paid = (await t.payments.store.byOrderId('practice', 'INV-PAID'))!;
    const invoice = (await t.invoices.get(paid.id)).invoice!;
    const doc = await t.invoices.document({ invoiceId: invoice.id });
    expect(doc.fileName).toBe(`${invoice.number} (practice).pdf`);
    const read = readPdf(Buffer.from(doc.pdfBase64, 'base64'), t.dir, 'invoice');
    expect(read.codes).toContain(paid.link_url);
    const zatca = read.codes.find((c) => c !== paid.link_url)!;
    expect(zatca).toBe(invoice.zatcaQr);
    expect([...decodeZatcaQr(zatca).values()]).toEqual([seller.legalNameAr, seller.vatNumber, invoice.issuedAt.replace(/\.\d{3}Z$/, 'Z'), '232.33', '17.26']);
    for (const words of ['فاتورة ضريبية مبسطة', 'تاريخ الإصدار', 'شركة المثال للتجارة', 'ورق طباعة', 'ليلى حداد', 'Invoice number', 'INV-000001']) expect(read.text).toContain(words);
    // The totals with the currency's code, as the screens say amounts (the second walk: a bare "232.33").
    for (const words of ['SAR 232.33', 'SAR 17.26']) expect(read.text).toContain(words);

    const note = invoice.creditNotes[0]!;
    const credit = readPdf(Buffer.from((await t.invoices.document({ creditNoteId: note.id })).pdfBase64, 'base64'), t.dir, 'credit');
    expect(credit.codes).toHaveLength(1);
    expect([...decodeZatcaQr(credit.codes[0]!).values()].slice(3)).toEqual(['50.00', '3.71']);
    expect(credit.text).toContain('إشعار دائن');
    expect(credit.text).toContain(invoice.number);
    // Its line says what it is, in both languages: it read the bare invoice number under "Description".
    for (const words of ['Refund of', 'استرداد من']) expect(credit.text).toContain(words);
    expect(credit.text).toContain('SAR 50.00');
    // A practice payment moved no money: both documents say so across the top, in both languages
    // (the eleventh walk: a sandbox invoice with the seller's real VAT number read as a tax invoice).
    for (const text of [read.text, credit.text]) for (const words of ['Practice document', 'no money moved', 'مستند تدريب', 'ولم تنتقل أي أموال']) expect(text).toContain(words);
  });

  // It printed the UTC time ("06:25 UTC"): three hours off a Riyadh or Kuwait shop's own clock.
  // walk34: the invoice goes to the customer; a page on plain http at another host is not one to pay on.
  it('prints no QR code of a payment page the gateway gave on plain http at another host; the ledger keeps the page', async () => {
    const { payment } = await create('INV-HTTP');
    const invoice = (await t.invoices.get(payment.id)).invoice!;
    // The practice gateway's page (http on this computer): printed as its QR code.
    expect(await t.invoices.html({ invoiceId: invoice.id })).toContain('data-qr="link"');
    const insecure = 'http://pay.gateway.example/p/INV-HTTP';
    t.db.prepare('UPDATE payments SET link_url = ? WHERE id = ?').run(insecure, payment.id);
    const html = await t.invoices.html({ invoiceId: invoice.id });
    expect(html).not.toContain('data-qr="link"');
    expect(html).toContain('data-qr="zatca"');
    expect((await t.payments.store.get(payment.id))!.link_url).toBe(insecure);
  });

  it('prints the issue time on the business\'s clock with its offset, in both languages and in Arabic only, while the ZATCA QR keeps the instant in UTC', async () => {
    const paid = (await t.payments.store.byOrderId('practice', 'INV-PAID'))!;
    const invoice = (await t.invoices.get(paid.id)).invoice!;
    const at = Date.parse(invoice.issuedAt);
    const wall = (offsetHours: number) => new Date(at + offsetHours * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const riyadh = readPdf(Buffer.from((await t.invoices.document({ invoiceId: invoice.id, timeZone: 'Asia/Riyadh' })).pdfBase64, 'base64'), t.dir, 'invoice-riyadh');
    expect(riyadh.text).toContain(`${wall(3)} UTC+03:00`);
    expect(riyadh.text).not.toContain(`${wall(0)} UTC`);
    const zatca = riyadh.codes.find((c) => c !== paid.link_url)!;
    expect(decodeZatcaQr(zatca).get(3)).toBe(invoice.issuedAt.replace(/\.\d{3}Z$/, 'Z'));

    // The credit note alike, on its own issue time.
    const note = invoice.creditNotes[0]!;
    const credit = readPdf(Buffer.from((await t.invoices.document({ creditNoteId: note.id, timeZone: 'Asia/Kuwait' })).pdfBase64, 'base64'), t.dir, 'credit-kuwait').text;
    expect(credit).toContain(`${new Date(Date.parse(note.issuedAt) + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} UTC+03:00`);

    // An Arabic-only invoice: the time in Latin digits, as its amounts, beside «تاريخ الإصدار».
    const { invoice: arabicInvoice } = await t.invoices.create({ orderId: 'INV-TIME-AR', currency: 'KWD', lines: [{ description: 'صيانة شهرية', quantity: '1', unitPrice: '2', vat: 'standard' }], pricesIncludeVat: true, customer, language: 'ar' }, t.ctx);
    const arabic = readPdf(Buffer.from((await t.invoices.document({ invoiceId: arabicInvoice.id, timeZone: 'Asia/Kuwait' })).pdfBase64, 'base64'), t.dir, 'invoice-kwd-ar-time').text;
    expect(arabic).toContain('تاريخ الإصدار');
    expect(arabic).toContain(`${new Date(Date.parse(arabicInvoice.issuedAt) + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} UTC+03:00`);
  });

  // A credit note's lines are its refund's share per rate, with no unit price: it printed "Unit prices exclude VAT" all the same.
  it('says whether unit prices include VAT only where unit prices are printed: on the invoice, not on its credit note', async () => {
    const paid = (await t.payments.store.byOrderId('practice', 'INV-PAID'))!;
    const invoice = (await t.invoices.get(paid.id)).invoice!;
    const printed = readPdf(Buffer.from((await t.invoices.document({ invoiceId: invoice.id })).pdfBase64, 'base64'), t.dir, 'invoice-prices-note').text;
    for (const words of ['Unit prices exclude VAT', 'أسعار الوحدات غير شاملة']) expect(printed).toContain(words);
    const credit = readPdf(Buffer.from((await t.invoices.document({ creditNoteId: invoice.creditNotes[0]!.id })).pdfBase64, 'base64'), t.dir, 'credit-prices-note').text;
    expect(credit).toContain('Refund of'); // the credit note itself, drawn
    for (const words of ['Unit prices', 'أسعار الوحدات']) expect(credit).not.toContain(words);
  });

  // The description sent to the gateway and shown on its pay page, made of the lines when none is
  // typed: joined in the invoice's language (an invoice in both follows its first line), never the app's.
  it('joins the lines of the link\'s description with the Arabic comma in an Arabic invoice, as the customer reads it on the pay page', async () => {
    const lines: typeof threeLines = [{ description: 'كتاب', quantity: '1', unitPrice: '20', vat: 'standard' }, { description: 'Export', quantity: '1', unitPrice: '5', vat: 'standard' }];
    const made = async (orderId: string, language: 'ar' | 'en' | 'both', these = lines) =>
      (await t.invoices.create({ orderId, currency: 'SAR', lines: these, pricesIncludeVat: true, customer, language }, t.ctx)).payment;
    const arabic = await made('INV-DESC-AR', 'ar');
    expect(arabic.description).toBe('كتاب، Export');
    expect(await (await fetch(arabic.url!)).text()).toContain('كتاب، Export');
    expect((await made('INV-DESC-BOTH-AR', 'both')).description).toBe('كتاب، Export');
    expect((await made('INV-DESC-EN', 'en')).description).toBe('كتاب, Export');
    expect((await made('INV-DESC-BOTH-EN', 'both', threeLines)).description).toBe('Consulting hours, ورق طباعة, Export shipping');
    // A description typed is sent as typed.
    const typed = await t.invoices.create({ orderId: 'INV-DESC-TYPED', currency: 'SAR', lines, pricesIncludeVat: true, customer, language: 'ar', description: 'Order 12, books' }, t.ctx);
    expect(typed.payment.description).toBe('Order 12, books');
  });

  it('names the currency in the invoice’s language, with its code: Arabic only reads «دينار كويتي», both languages both names', async () => {
    const kwd = [{ description: 'صيانة شهرية', quantity: '2', unitPrice: '1.255', vat: 'standard' as const }];
    const { invoice } = await t.invoices.create({ orderId: 'INV-KWD-AR', currency: 'KWD', lines: kwd, pricesIncludeVat: true, customer, language: 'ar' }, t.ctx);
    const arabic = readPdf(Buffer.from((await t.invoices.document({ invoiceId: invoice.id })).pdfBase64, 'base64'), t.dir, 'invoice-kwd-ar');
    for (const words of ['المبالغ بعملة', 'دينار كويتي', 'KWD', '2.510', '2.510 KWD']) expect(arabic.text).toContain(words);
    expect(arabic.text).not.toContain('Kuwaiti');
    const paid = (await t.payments.store.byOrderId('practice', 'INV-PAID'))!;
    const both = readPdf(Buffer.from((await t.invoices.document({ invoiceId: (await t.invoices.get(paid.id)).invoice!.id })).pdfBase64, 'base64'), t.dir, 'invoice-sar-both');
    for (const words of ['Saudi Riyal', 'ريال سعودي', 'SAR']) expect(both.text).toContain(words);
  });
});
