// How the invoice parts are laid out, in Chromium through the preview, in English and Arabic at
// 1100 and 800 px: an invoice line's fields (item, quantity, unit price, VAT, rate) read as one
// row (the rate wrapped onto a row of its own), and the register's message keeps the saved file's
// name whole (in Arabic at 800 px it broke at a hyphen).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { GetPaidPage } from './pages/get-paid-page';

const seller = { legalNameAr: 'شركة المثال للتجارة', legalNameEn: 'Example Trading Co.', vatNumber: '310122393500003', crNumber: '1010010000', address: 'King Fahd Road, Riyadh 12271' };
const widths = [1100, 800];
const languages = ['en', 'ar'] as const;

describe('invoice layout', () => {
  let session: E2eSession;
  let app: GetPaidPage;

  beforeAll(async () => {
    session = await openSession();
    app = new GetPaidPage(session.page);
    await app.open(session.preview.url);
    const page = session.page;
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('seller-edit').click();
    const form = page.getByTestId('seller-form');
    await form.getByLabel('Legal name in Arabic').fill(seller.legalNameAr);
    await form.getByLabel('Legal name in English').fill(seller.legalNameEn);
    await form.getByLabel('VAT registration number').fill(seller.vatNumber);
    await form.getByLabel('Commercial registration (CR) number').fill(seller.crNumber);
    await form.getByLabel('Address').fill(seller.address);
    await page.getByTestId('seller-save').click();
    await page.getByTestId('seller-summary').waitFor();
  });
  afterAll(() => session?.close());

  it("lays an invoice line's five fields on one row", async () => {
    const page = session.page;
    await app.openScreen('links');
    await page.getByTestId('invoice-line').first().waitFor();
    for (const language of languages) {
      await app.chooseLanguage(language);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        const tops = await page.getByTestId('invoice-line').first().locator('input, select').evaluateAll((fields) => fields.map((f) => Math.round(f.getBoundingClientRect().top)));
        expect(tops, `${language} at ${width} px`).toHaveLength(5);
        expect(new Set(tops).size, `${language} at ${width} px: ${tops.join(', ')}`).toBe(1);
      }
    }
    await app.chooseLanguage('en');
  });

  it("keeps the exported register's file name whole in its message", async () => {
    const page = session.page;
    await page.getByTestId('nav-transactions').click();
    await page.getByTestId('transactions-screen').waitFor();
    await page.getByTestId('invoice-register').click();
    await page.getByTestId('invoice-register-status').filter({ hasText: '.csv' }).waitFor();
    for (const language of languages) {
      await app.chooseLanguage(language);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        // The lines the file name's letters are drawn on: one.
        const lines = await page.getByTestId('invoice-register-status').evaluate((status) => {
          const text = status.textContent ?? '';
          const name = /paydesk-invoices-[^\u2069]*\.csv/.exec(text)![0];
          const range = document.createRange();
          const walker = document.createTreeWalker(status, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent!.indexOf(name);
            if (at >= 0) {
              range.setStart(node, at);
              range.setEnd(node, at + name.length);
            }
          }
          return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
        });
        expect(lines, `${language} at ${width} px`).toBe(1);
      }
    }
    await app.chooseLanguage('en');
  });
});
