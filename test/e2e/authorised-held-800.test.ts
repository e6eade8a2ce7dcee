// Home's "Authorised, not captured" pressed in a window 800 × 600: Transactions opens filtered to the
// held payments with the first of them in view, the filters it chose said as chips ("Currency: SAR
// ×"). It opened with "More filters" unfolded (for the currency and profile: three rows of ten
// fields), the first row 200 px below the window's bottom edge. In Chromium through the preview, in
// English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Salma Harbi', email: 'salma@example.com', phone: '+966500000078' };

describe('Home\'s "Authorised, not captured" at 800 × 600', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 800, height: 600 });
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await cardSale(session.page, { orderId: 'HELD-800-1', amount: '150.00', currency: 'SAR', holder: 'SALMA HARBI', customer, authOnly: true });
  });
  afterAll(async () => {
    await session?.close();
  });

  /** Whether the row is wholly inside the window (no scrolling of the page or of the list). */
  const wholeInWindow = (orderId: string) => tx.row(orderId).evaluate((row) => {
    const box = row.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });

  for (const [language, chipWords] of [
    ['en', ['Currency: SAR', 'Profile: Practice']],
    ['ar', ['العملة: SAR', 'ملف التعريف: التدريب']],
  ] as const) {
    it(`lands with the first held payment's row in view, the filters said as chips (${language})`, async () => {
      const page = session.page;
      await tx.chooseLanguage(language);
      await page.keyboard.press('Alt+1');
      await page.getByTestId('home-tasks').getByTestId('held-task-SAR').click(); // the one press
      await tx.row('HELD-800-1').waitFor();
      expect(await tx.total()).toBe(1);
      await expect.poll(() => wholeInWindow('HELD-800-1')).toBe(true);
      // What the press chose, said in the filter row: the state in its field, the rest as chips, "More filters" folded.
      expect(await page.locator('#tx-state').inputValue()).toBe('authorised');
      expect(await page.getByTestId('filter-chip').allTextContents()).toEqual(chipWords);
      expect(await page.getByTestId('more-filters').getAttribute('aria-expanded')).toBe('false');
      await session.screenshot(`authorised-held-800-${language}`);
    });
  }
});
