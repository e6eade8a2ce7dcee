// An order id longer than its column, in the transactions list, the links list, Needs attention and the audit log,
// in Chromium with the page's real CSS: it is cut at its own end, the right, in English and in
// Arabic, so the reader sees its start (the part people read and search by), and it is whole in its
// title. Cut by its column, the Arabic list's ellipsis was at the column's end, the left, and took
// the id's start ("…DING-BRANCH-RIYADH-000123-Z9"); the links list and Needs attention did not cut
// it, and at 700 px the page scrolled sideways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl } from './support/practice-control';
import { shownText } from './support/visible-text';
import { TransactionsPage } from './pages/transactions-page';
import { GetPaidPage } from './pages/get-paid-page';
import { cardSale } from './support/test-card';

const saleId = 'INV-2026-ACME-TRADING-BRANCH-RIYADH-000123-Z9';
const linkId = 'INV-2026-ACME-TRADING-BRANCH-JEDDAH-000456-L';
const unclearId = 'INV-2026-ACME-TRADING-BRANCH-DAMMAM-000789-U';
const customer = { name: 'Noura Fahad', email: 'noura@example.com', phone: '+966500000021' };

/** The id shows its start, at least `atLeast` characters, and not its end (an ellipsis there), and is whole in its title. */
function expectStartShown(what: { whole: string; shown: string; title: string | null; ellipsis: boolean }, atLeast: number, where: string) {
  expect({ where, startShown: what.whole.startsWith(what.shown), shown: what.shown.length >= atLeast, cut: what.shown.length < what.whole.length, ellipsis: what.ellipsis, title: what.title }, what.shown)
    .toEqual({ where, startShown: true, shown: true, cut: true, ellipsis: true, title: what.whole });
}

describe('a long order id in a narrow list', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let links: GetPaidPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    links = new GetPaidPage(session.page);
    await tx.open(session.preview.url);
    await cardSale(session.page, { orderId: saleId, amount: '10.00', currency: 'SAR', holder: 'NOURA FAHAD', customer });
    await callApi(session.page, 'createPaymentLink', { orderId: linkId, amount: '30.00', currency: 'SAR', description: 'Invoice', customer });
    // A sale whose answer is lost on the way back, its status unanswered: its outcome stays unknown
    // and it waits in Needs attention while the test looks.
    practice = await practiceControl(session.page, session.preview.dataDir);
    await practice.fault('status', { failure: 'http_500' });
    await practice.fault('sale', { failure: 'reset_after_processing', times: 1 });
    await cardSale(session.page, { orderId: unclearId, amount: '20.00', currency: 'SAR', holder: 'NOURA FAHAD', customer }).catch(() => undefined);
  });
  afterAll(async () => {
    await practice?.fault('status', null);
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  for (const language of ['ar', 'en'] as const) {
    it(`shows the start of the id in the transactions list, cut at its right end, in ${language}, at 700 and 1280 px`, async () => {
      await tx.chooseLanguage(language);
      for (const width of [700, 1280]) {
        await session.page.setViewportSize({ width, height: 800 });
        await tx.show();
        await tx.row(saleId).waitFor();
        expectStartShown(await shownText(tx.orderCell(saleId)), 12, `transactions ${language} ${width}`);
      }
      await session.screenshot(`long-order-id-transactions-${language}`);
    });

    it(`shows the start of the id in the links list, cut at its right end, the page not scrolling sideways, in ${language}, at 700 and 1280 px`, async () => {
      await tx.chooseLanguage(language);
      for (const width of [700, 1280]) {
        await session.page.setViewportSize({ width, height: 800 });
        await links.openScreen('links');
        await links.linkRow(linkId).waitFor();
        expectStartShown(await shownText(links.linkOrderCell(linkId)), 12, `links ${language} ${width}`);
        expect(await session.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `links ${language} ${width}`).toBe(false);
      }
      await links.linkRow(linkId).screenshot({ path: `test-results/screenshots/long-order-id-links-${language}.png` });
    });

    it(`shows the start of the id in Needs attention, cut at its right end, the page not scrolling sideways, in ${language}, at 600, 700 and 1280 px (never wrapped at its hyphens)`, async () => {
      await tx.chooseLanguage(language);
      const row = session.page.getByTestId(`attention-${unclearId}`);
      for (const width of [600, 700, 1280]) {
        await session.page.setViewportSize({ width, height: 800 });
        await session.page.getByTestId('nav-attention').click();
        await row.waitFor();
        const shown = await shownText(row.locator('.order-cell'));
        expectStartShown(shown, 12, `attention ${language} ${width}`);
        expect(await session.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `attention ${language} ${width}`).toBe(false);
      }
      await row.screenshot({ path: `test-results/screenshots/long-order-id-attention-${language}.png` });
    });

    it(`shows the start of the id in the audit log, cut at its right end, the page not scrolling sideways, in ${language}, at 900 and 1280 px (at 600 and 700 px whole, wrapped at its hyphens)`, async () => {
      await tx.chooseLanguage(language);
      const cell = session.page.locator(`[data-testid="audit-table"] td:has(bdi[title="${saleId}"])`).first();
      for (const width of [600, 700, 900, 1280]) {
        await session.page.setViewportSize({ width, height: 800 });
        await session.page.getByTestId('nav-audit').click();
        await cell.waitFor();
        const shown = await shownText(cell);
        if (width > 700) expectStartShown(shown, 12, `audit ${language} ${width}`);
        else expect({ whole: shown.shown === shown.whole, title: shown.title }, `audit ${language} ${width}`).toEqual({ whole: true, title: saleId });
        expect(await session.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `audit ${language} ${width}`).toBe(false);
      }
    });
  }
});
