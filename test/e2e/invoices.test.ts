// Invoices as staff and customers use them, in Chromium through the preview: seller details in
// Settings; an invoice with three lines (one 0%) made on the payment-link screen, paid on the
// practice gateway's page, refunded in part from Transactions; the invoice and credit-note PDFs
// saved, drawn to PNG (pdftoppm), both QR codes decoded (zbarimg: the ZATCA TLV equals the
// invoice, the other is the link), the Arabic in the text layer in logical order (pdftotext);
// finance's register of the month and support's search by the invoice number; and a one-line
// invoice from the first screen, counting the interactions it takes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { decodeZatcaQr } from '../../main/invoices/zatca-qr';
import { readPdf } from '../invoices/support';
import { axeViolations } from './support/axe';
import { artifactsDir, openSession, type E2eSession } from './support/session';
import { cards, GetPaidPage, payOnGatewayPage } from './pages/get-paid-page';
import { TransactionsPage } from './pages/transactions-page';

const customer = { name: 'ليلى حداد', email: 'layla@example.com', phone: '+966 50 123 4567' };
const seller = { legalNameAr: 'شركة المثال للتجارة', legalNameEn: 'Example Trading Co.', vatNumber: '310122393500003', crNumber: '1010010000', address: 'King Fahd Road, Riyadh 12271' };

async function saved(page: Page, click: () => Promise<void>, dir: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]) as [Download, void];
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

describe('invoices with VAT, the bilingual PDF, the ZATCA QR code and credit notes', () => {
  let session: E2eSession;
  let app: GetPaidPage;
  let customerTab: Page;
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-invoice-pdfs-'));

  beforeAll(async () => {
    session = await openSession();
    app = new GetPaidPage(session.page);
    await app.open(session.preview.url);
    customerTab = await session.customerTab();
  });
  afterAll(() => session?.close());

  it('sets the seller details in Settings, refusing a VAT number the authority would not issue', async () => {
    const page = session.page;
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('seller-edit').click();
    const form = page.getByTestId('seller-form');
    await form.getByLabel('Legal name in Arabic').fill(seller.legalNameAr);
    await form.getByLabel('Legal name in English').fill(seller.legalNameEn);
    await form.getByLabel('VAT registration number').fill('123456789012345');
    await form.getByLabel('Commercial registration (CR) number').fill(seller.crNumber);
    await form.getByLabel('Address').fill(seller.address);
    await page.getByTestId('seller-save').click();
    expect(await page.getByTestId('error-seller-vatNumber').textContent()).toMatch(/starts and ends with 3/);
    await form.getByLabel('VAT registration number').fill(seller.vatNumber);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('seller-save').click();
    await page.getByTestId('seller-summary').waitFor();
    expect(await page.getByTestId('seller-notice').textContent()).toBe('Seller details saved.');
  });

  it('creates a three-line invoice (one 0%) from the payment-link screen, pays it, refunds part, and gets both PDFs', async () => {
    const page = session.page;
    await app.newLinkByKeyboard();
    const form = app.form('link');
    await form.getByTestId('invoice-lines').waitFor();
    await form.locator('#link-orderId').fill('INV-E2E-1');
    const line = (i: number, field: string) => form.locator(`#link-lines-${i}-${field}`);
    await form.getByTestId('invoice-prices-include-vat').uncheck();
    await line(0, 'description').fill('Consulting hours');
    await line(0, 'quantity').fill('3');
    await line(0, 'unitPrice').fill('33.33');
    await form.getByTestId('invoice-line-add').click();
    await line(1, 'description').fill('ورق طباعة');
    await line(1, 'quantity').fill('1.5');
    await line(1, 'unitPrice').fill('10.05');
    await form.getByTestId('invoice-line-add').click();
    await line(2, 'description').fill('Export shipping');
    await line(2, 'quantity').fill('2');
    await line(2, 'unitPrice').fill('50');
    await line(2, 'vat').selectOption('zero');
    await app.fillCustomer(form, customer);
    await page.getByTestId('link-submit').click();
    expect(await page.getByTestId('error-link-lines-2-reason').textContent()).toMatch(/zero-rated or exempt/);
    await line(2, 'reason').fill('Export of goods outside the GCC');
    expect(await form.getByTestId('invoice-total').textContent()).toMatch(/SAR\s232\.33/);
    expect(await page.getByTestId('error-link-lines-2-reason').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await session.screenshot('invoice-form-en');
    await page.getByTestId('link-submit').click();

    const result = page.getByTestId('link-result');
    await result.getByTestId('invoice-panel').waitFor();
    expect(await result.getByTestId('invoice-number').textContent()).toBe('INV-000001');
    const url = await result.getByTestId('share-url').inputValue();
    const mail = decodeURIComponent((await result.getByTestId('share-email').getAttribute('href'))!);
    expect(mail).toContain('Invoice INV-000001');
    await result.getByTestId('share-language').selectOption('ar');
    expect(new URL((await result.getByTestId('share-whatsapp').getAttribute('href'))!).searchParams.get('text')).toContain('الفاتورة \u2066INV-000001\u2069'); // the number kept left to right in the Arabic message
    await result.getByTestId('invoice-preview-show').click();
    await result.getByTestId('invoice-preview').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await session.screenshot('invoice-result-en');

    expect(await payOnGatewayPage(customerTab, url, cards.approved)).toMatch(/result=success/);
    await app.waitForLinkState('INV-E2E-1', 'paid');

    const tx = new TransactionsPage(page);
    await tx.show();
    await tx.openPayment('INV-E2E-1');
    await tx.startAction('refund');
    await tx.fillAmount('50');
    await tx.dialog.getByLabel(/^Reason/).fill('Two hours not used');
    await tx.send();
    await tx.detailState('partially_refunded');

    await app.openScreen('links');
    await expect.poll(() => app.linkRow('INV-E2E-1').getByTestId('row-invoice-number').textContent()).toBe('INV-000001');
    // Paid: its receipt (Resend is for a link still to be paid), under the invoice's PDFs and credit notes.
    await app.linkRow('INV-E2E-1').getByTestId('row-receipt').click();
    const panel = page.getByTestId('row-receipt-panel').locator('xpath=..').getByTestId('invoice-panel');
    await panel.getByTestId('credit-note').waitFor();
    expect(await panel.getByTestId('credit-note').textContent()).toContain('CN-000001');
    // Paid and partly refunded, as its payment stands: it said "Issued" for good.
    await expect.poll(() => panel.getByTestId('invoice-state').textContent()).toMatch(/^Paid, partly refunded: its credit notes are below · /);

    const invoicePdf = await saved(page, () => panel.getByTestId('invoice-save').click(), dir);
    expect(invoicePdf.name).toBe('INV-000001 (practice).pdf');
    const invoice = readPdf(invoicePdf.bytes, artifactsDir, 'invoice-pdf-both');
    expect(invoice.codes).toContain(url);
    const tlv = decodeZatcaQr(invoice.codes.find((c) => c !== url)!);
    expect([...tlv.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect([tlv.get(1), tlv.get(2), tlv.get(4), tlv.get(5)]).toEqual([seller.legalNameAr, seller.vatNumber, '232.33', '17.26']);
    expect(tlv.get(3)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    for (const words of ['فاتورة ضريبية مبسطة', 'رقم الفاتورة', 'شركة المثال للتجارة', 'ورق طباعة', 'ليلى حداد', 'الإجمالي شامل ضريبة القيمة المضافة']) expect(invoice.text).toContain(words);
    // The issue time on this computer's clock (the business's), its offset said; the QR's stays UTC.
    expect(invoice.text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC[+-]\d\d:\d\d/);

    const creditPdf = await saved(page, () => panel.getByTestId('credit-note-save').click(), dir);
    expect(creditPdf.name).toBe('CN-000001 (practice).pdf');
    const credit = readPdf(creditPdf.bytes, artifactsDir, 'credit-note-pdf-both');
    const creditTlv = decodeZatcaQr(credit.codes[0]!);
    expect([creditTlv.get(1), creditTlv.get(4), creditTlv.get(5)]).toEqual([seller.legalNameAr, '50.00', '3.71']);
    for (const words of ['إشعار دائن', 'مرتبط بالفاتورة رقم', 'INV-000001', 'Two hours not used']) expect(credit.text).toContain(words);
  });

  it('finance exports the month’s invoices and credit notes as the PDFs print them, and support finds the payment by the invoice number', async () => {
    const page = session.page;
    const tx = new TransactionsPage(page);
    await tx.show();
    await page.getByTestId('more-filters').click();
    await page.getByTestId('quick-dates-month').click();
    const register = await saved(page, () => page.getByRole('button', { name: 'Export invoices and credit notes' }).click(), dir);
    expect(await page.getByTestId('invoice-register-status').textContent()).toMatch(/^1 invoice and 1 credit note from the list’s dates: /);
    const [header, ...rows] = register.bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));
    const cells = rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
    expect(cells).toEqual([
      expect.objectContaining({ document: 'invoice', number: 'INV-000001', order_id: 'INV-E2E-1', currency: 'SAR', net: '215.07', vat: '17.26', total: '232.33', zero_rated_net: '100.00' }),
      expect.objectContaining({ document: 'credit_note', number: 'CN-000001', invoice_number: 'INV-000001', net: '46.29', vat: '3.71', total: '50.00', refund_reason: 'Two hours not used' }),
    ]);

    await page.getByTestId('clear-filters').click();
    await page.getByRole('searchbox').fill('INV-000001');
    await page.getByTestId('search-by-document').click();
    await page.locator('[data-testid="payment-detail"] h2:has-text("INV-E2E-1")').waitFor();
    await page.getByTestId('payment-detail').getByTestId('credit-note').waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe('INV-E2E-1');
    await page.getByTestId('clear-filters').click();
  });

  it('issues a one-line invoice from the first screen in at most 6 interactions', async () => {
    const page = session.page;
    await page.getByTestId('nav-home').click();
    let interactions = 0;
    const step = async (action: () => Promise<unknown>) => {
      interactions++;
      await action();
    };
    await step(() => page.keyboard.press('Alt+2'));
    await app.form('link').getByTestId('invoice-lines').waitFor();
    await step(() => page.getByTestId('link-earlier-customer').selectOption({ index: 1 }));
    await step(() => page.locator('#link-lines-0-description').fill('Monthly maintenance'));
    await step(() => page.locator('#link-lines-0-unitPrice').fill('115'));
    await step(() => page.keyboard.press('Control+Enter'));
    await page.getByTestId('link-result').getByTestId('invoice-panel').waitFor();
    expect(await page.getByTestId('link-result').getByTestId('invoice-number').textContent()).toBe('INV-000002');
    expect(await page.getByTestId('link-result').getByTestId('invoice-state').textContent()).toContain('Issued');
    console.log(`one-line invoice from the first screen: ${interactions} interactions`);
    expect(interactions).toBeLessThanOrEqual(6);
  });

  it('works in Arabic, and draws an Arabic-only invoice right to left', async () => {
    const page = session.page;
    await app.chooseLanguage('ar');
    await app.newLinkByKeyboard();
    const form = app.form('link');
    await form.getByTestId('invoice-lines').waitFor();
    await page.getByTestId('link-earlier-customer').selectOption({ index: 1 });
    await form.locator('#link-lines-0-description').fill('صيانة شهرية');
    await form.locator('#link-lines-0-unitPrice').fill('٢٣٠');
    await form.locator('#link-language').selectOption('ar');
    expect(await form.getByTestId('invoice-total').textContent()).toContain('230.00');
    await page.getByTestId('link-submit').click();
    const result = page.getByTestId('link-result');
    await result.getByTestId('invoice-preview-show').click();
    await result.getByTestId('invoice-preview').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await session.screenshot('invoice-result-ar');
    const pdf = await saved(page, () => result.getByTestId('invoice-save').click(), dir);
    const read = readPdf(pdf.bytes, artifactsDir, 'invoice-pdf-ar');
    expect(read.codes).toHaveLength(2);
    expect(read.text).toContain('صيانة شهرية');
    expect(read.text).not.toContain('Simplified Tax Invoice');
    await app.chooseLanguage('en');
  });
});
