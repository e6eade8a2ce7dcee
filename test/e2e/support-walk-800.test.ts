// A support agent's day in an 800 px window (half a laptop's screen), in Chromium with the page's
// real CSS, in English and Arabic: after exporting the list, "Export CSV" stays one line beside the
// saved file's path (it was squeezed to "Export" over "CSV"), and the audit log, with that export's
// entry (a file name of 30-odd characters in its result), stays inside the window at 700 and 800 px
// (it scrolled sideways in English, and Arabic cut its left side), a Paydesk order id in two lines
// at most.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Omar Saeed', email: 'omar@example.com', phone: '+966500000033' };
const orderId = 'PD-20261129-WALK8001';

/** How many lines a box's text takes on screen. */
const linesOf = (box: Locator) => box.evaluate((element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
});

describe('a support agent at 800 px', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await cardSale(session.page, { orderId, amount: '1234.50', currency: 'SAR', holder: 'OMAR SAEED', customer });
  });
  afterAll(async () => {
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  for (const language of ['ar', 'en'] as const) {
    it(`shows the search's placeholder whole under its label, in ${language}, at 600 and 800 px`, async () => {
      await tx.chooseLanguage(language);
      await tx.show();
      for (const window of [600, 800]) {
        await session.page.setViewportSize({ width: window - 15, height: 900 });
        const search = session.page.getByRole('searchbox', { name: language === 'en' ? 'Search (/)' : 'بحث (/)' });
        // The placeholder's width in the field's own font against the room inside the field.
        const fit = await search.evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { placeholder: Math.ceil(context.measureText(input.placeholder).width), room };
        });
        expect(fit.placeholder, `placeholder ${language} ${window}: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(fit.room);
        await session.screenshot(`support-${window}-search-${language}`);
      }
    });

    // "Send a refund confirmation" sat right under "Charged … as PD-…" and read as the new charge's.
    it(`keeps a payment's own refund confirmation under its amounts after Charge again, apart from the new charge's line, in ${language}`, async () => {
      await tx.chooseLanguage(language);
      await session.page.setViewportSize({ width: 785, height: 1000 });
      const first = await cardSale(session.page, { amount: '250.00', currency: 'SAR', holder: 'OMAR SAEED', customer, recurringInit: true });
      await callApi(session.page, 'refundPayment', { paymentId: first.id, amount: '50.00', currency: 'SAR', reason: 'Part returned' });
      await tx.show();
      await tx.openPayment(first.orderId);
      await session.page.getByTestId('action-recurring').click();
      await session.page.locator('#action-description').fill(language === 'en' ? 'December box' : 'اشتراك ديسمبر');
      await session.page.getByTestId('action-send').click();
      const line = session.page.getByTestId('detail-notice');
      await line.getByText(/PD-/).waitFor();
      const order = await session.page.getByTestId('payment-detail').evaluate((detail) => {
        const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
        const line = detail.querySelector('[data-testid="detail-notice"]')!;
        const amounts = detail.querySelector('[data-testid="detail-refund-left"]')!;
        const offer = detail.querySelector('[data-testid="receipt-toggle"]')!;
        return { amountsAfterLine: follows(line, amounts), offerAfterAmounts: follows(amounts, offer) };
      });
      expect(order).toEqual({ amountsAfterLine: true, offerAfterAmounts: true });
      await session.screenshot(`support-800-charge-again-${language}`);
    });

    it(`keeps Export CSV on one line beside the saved file, in ${language}`, async () => {
      await tx.chooseLanguage(language);
      await session.page.setViewportSize({ width: 800, height: 900 });
      await tx.show();
      const status = session.page.getByTestId('export-status');
      const before = await status.getAttribute('data-path');
      await session.page.getByTestId('export-csv').click();
      await expect.poll(() => status.getAttribute('data-path')).not.toBe(before);
      expect(await linesOf(session.page.getByTestId('export-csv'))).toBe(1);
      await session.screenshot(`support-800-export-${language}`);
    });

    it(`keeps the audit log with an export's entry and a four-digit amount inside the window, in ${language}, at 600, 700 and 800 px`, async () => {
      await tx.chooseLanguage(language);
      // A 700 or 800 px window less its scroll bar's 15 px (a day's log is longer than the window; the
      // tests' Chromium draws no scroll bars, Electron's on Windows and Linux does).
      for (const window of [600, 700, 800]) {
        const width = window - 15;
        await session.page.setViewportSize({ width, height: 900 });
        await session.page.getByTestId('nav-audit').click();
        const table = session.page.getByTestId('audit-table');
        const id = table.locator(`bdi[title="${orderId}"]`).first();
        await id.waitFor();
        await table.locator('td', { hasText: '.csv' }).first().waitFor();
        const fit = await table.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const room = element.parentElement!.getBoundingClientRect();
          return { left: Math.round(box.left) >= Math.round(room.left), right: Math.round(box.right) <= Math.round(room.right), page: document.documentElement.scrollWidth <= document.documentElement.clientWidth };
        });
        expect(fit, `audit ${language} ${window}`).toEqual({ left: true, right: true, page: true });
        if (window === 800) expect(await linesOf(id), `order id ${language}`).toBeLessThanOrEqual(2);
        await session.screenshot(`support-${window}-audit-${language}`);
      }
    });
  }
});
