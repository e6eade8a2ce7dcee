// The list's totals table says how many of the payments listed took money (the thirteenth walk,
// docs/screens-walks.md: "SAR 4 payments" beside Captured SAR 725.49 when one of the four was
// declined). Three SAR sales and a declined one, a KWD authorisation not captured: "4 payments,
// 3 captured" and "1 payment, none captured". The line and the opened table stay inside an
// 800 × 600 window, in English and Arabic. In Chromium through the preview, with the page's CSS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Noura Saleh', email: 'noura@example.com', phone: '+966500000013' };
const declinedCard = { number: '4000000000000002', holder: 'NOURA SALEH', expiryMonth: '01', expiryYear: '2039', cvv: '123' };

describe('the totals table at 800 × 600', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    for (const amount of ['300.00', '225.49', '200.00']) await cardSale(session.page, { amount, currency: 'SAR', holder: 'NOURA SALEH', customer });
    // Declined by the practice gateway (docs/practice-gateway.md, test cards): listed, took nothing.
    await callApi(session.page, 'chargeCard', { amount: '80.00', currency: 'SAR', customer, card: declinedCard, authOnly: false }).catch(() => undefined);
    // Held, not captured: listed, took nothing yet.
    await cardSale(session.page, { amount: '12.750', currency: 'KWD', holder: 'NOURA SALEH', customer, authOnly: true });
  });
  afterAll(async () => {
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  const cases = [
    { language: 'en', sar: '4 payments, 3 captured', kwd: '1 payment, none captured' },
    { language: 'ar', sar: '4 دفعات، 3 محصَّلات', kwd: 'دفعة واحدة، لا محصَّلة' },
  ] as const;
  for (const { language, sar, kwd } of cases) {
    it(`says how many took money beside how many are listed, inside the window, in ${language}`, async () => {
      const page = session.page;
      await page.setViewportSize({ width: 800, height: 600 });
      await tx.chooseLanguage(language);
      await tx.show();
      const line = page.getByTestId('tx-totals-line');
      await line.waitFor();
      await line.click(); // the line is the fold's own: it opens the table
      const table = page.locator('.tx-totals-table');
      await table.waitFor();
      const cell = (currency: string) => table.locator(`tr[data-currency="${currency}"] [data-figure="payments"]`);
      expect(await cell('SAR').textContent()).toBe(sar);
      expect(await cell('KWD').textContent()).toBe(kwd);
      expect((await table.locator('tr[data-currency="SAR"] [data-figure="captured"]').textContent())!.replace(/\u00a0/g, ' ')).toContain('725.49');
      // Inside the window: no part of the line or the table past either side, nothing scrolls sideways.
      const fit = await page.evaluate(() => {
        const boxes = ['[data-testid="tx-totals-line"]', '.tx-totals-table'].map((s) => document.querySelector(s)!.getBoundingClientRect());
        return {
          inside: boxes.every((b) => b.left >= 0 && b.right <= document.documentElement.clientWidth),
          sideways: document.scrollingElement!.scrollWidth > document.documentElement.clientWidth,
        };
      });
      expect(fit).toEqual({ inside: true, sideways: false });
      // The table's last row in view, for the picture.
      await table.locator('tbody tr').last().evaluate((row) => row.scrollIntoView({ block: 'end' }));
      await session.windowShot(`totals-captured-800-${language}`);
    });
  }
});
