// Home's "Authorised, not captured" pressed in a window 800 × 600: Transactions opens filtered to the
// held payments with the first of them in view, the filters it chose said as chips ("Currency: SAR
// ×"). It opened with "More filters" unfolded (for the currency and profile: three rows of ten
// fields), the first row 200 px below the window's bottom edge. In Chromium through the preview, in
// English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';
import { axeViolations } from './support/axe';

/** Without the isolates and direction marks around an amount, its no-break space a space. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

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

  // Held in five currencies: the three with the most payments held, then one line for the other two,
  // folded out of sight (the app's styles, not only the hidden attribute), which unfolds them in place.
  it('folds the currencies past the first three behind one line, and unfolds them in place', async () => {
    const page = session.page;
    for (const [n, currency, amount] of [[2, 'AED', '20.00'], [3, 'AED', '30.00'], [4, 'AED', '40.00'], [5, 'USD', '5.00'], [6, 'USD', '6.00'], [7, 'KWD', '7.000'], [8, 'QAR', '8.00']] as const) {
      await cardSale(session.page, { orderId: `HELD-800-${n}`, amount, currency, holder: 'SALMA HARBI', customer, authOnly: true });
    }
    await tx.chooseLanguage('en');
    await page.keyboard.press('Alt+1');
    const tasks = page.getByTestId('home-tasks');
    const more = tasks.getByTestId('held-more-task');
    await expect.poll(async () => more.textContent()).toBe('Authorised, not captured in 2 more currencies: 2 payments');
    const seen = () => tasks.locator('.held-line[data-currency]').evaluateAll((lines) => lines.filter((line) => (line as HTMLElement).offsetParent !== null).map((line) => (line as HTMLElement).dataset.currency));
    expect(await seen()).toEqual(['AED', 'USD', 'SAR']); // SAR's single payment is the oldest of the three with one
    expect(await tasks.getByTestId('held-task-KWD').isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await session.screenshot('authorised-held-800-five-folded-en');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await seen()).toEqual(['AED', 'USD', 'SAR', 'KWD', 'QAR']);
    expect(await axeViolations(page)).toEqual([]);
    await tx.chooseLanguage('ar');
    await expect.poll(async () => plain(await more.textContent())).toBe('مفوَّضة غير محصَّلة في عملتين أخريين: دفعتان');
    await session.screenshot('authorised-held-800-five-unfolded-ar');
    await tasks.getByTestId('held-task-QAR').click();
    await tx.row('HELD-800-8').waitFor();
    expect(await tx.total()).toBe(1);
  });
});
