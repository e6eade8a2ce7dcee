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
    expect(doc.fileName).toBe(`${invoice.number}.pdf`);
    const read = readPdf(Buffer.from(doc.pdfBase64, 'base64'), t.dir, 'invoice');
    expect(read.codes).toContain(paid.link_url);
    const zatca = read.codes.find((c) => c !== paid.link_url)!;
    expect(zatca).toBe(invoice.zatcaQr);
    expect([...decodeZatcaQr(zatca).values()]).toEqual([seller.legalNameAr, seller.vatNumber, invoice.issuedAt.replace(/\.\d{3}Z$/, 'Z'), '232.33', '17.26']);
    for (const words of ['فاتورة ضريبية مبسطة', 'تاريخ الإصدار', 'شركة المثال للتجارة', 'ورق طباعة', 'ليلى حداد', 'Invoice number', 'INV-000001']) expect(read.text).toContain(words);

    const note = invoice.creditNotes[0]!;
    const credit = readPdf(Buffer.from((await t.invoices.document({ creditNoteId: note.id })).pdfBase64, 'base64'), t.dir, 'credit');
    expect(credit.codes).toHaveLength(1);
    expect([...decodeZatcaQr(credit.codes[0]!).values()].slice(3)).toEqual(['50.00', '3.71']);
    expect(credit.text).toContain('إشعار دائن');
    expect(credit.text).toContain(invoice.number);
    // Its line says what it is, in both languages: it read the bare invoice number under "Description".
    for (const words of ['Refund of', 'استرداد من']) expect(credit.text).toContain(words);
  });

  it('names the currency in the invoice’s language, with its code: Arabic only reads «دينار كويتي», both languages both names', async () => {
    const kwd = [{ description: 'صيانة شهرية', quantity: '2', unitPrice: '1.255', vat: 'standard' as const }];
    const { invoice } = await t.invoices.create({ orderId: 'INV-KWD-AR', currency: 'KWD', lines: kwd, pricesIncludeVat: true, customer, language: 'ar' }, t.ctx);
    const arabic = readPdf(Buffer.from((await t.invoices.document({ invoiceId: invoice.id })).pdfBase64, 'base64'), t.dir, 'invoice-kwd-ar');
    for (const words of ['المبالغ بعملة', 'دينار كويتي', 'KWD', '2.510']) expect(arabic.text).toContain(words);
    expect(arabic.text).not.toContain('Kuwaiti');
    const paid = (await t.payments.store.byOrderId('practice', 'INV-PAID'))!;
    const both = readPdf(Buffer.from((await t.invoices.document({ invoiceId: (await t.invoices.get(paid.id)).invoice!.id })).pdfBase64, 'base64'), t.dir, 'invoice-sar-both');
    for (const words of ['Saudi Riyal', 'ريال سعودي', 'SAR']) expect(both.text).toContain(words);
  });
});
