// A date field holding a whole date is entered with it selected, by a click or by Tab, so a date
// typed replaces it. In the fifteenth walk an auditor pressed "Last month" (November), clicked From
// and typed October's first day: it went after the date there ("01/11/202601/10/2026", "not a date")
// and needed Ctrl+A first. A second click places the caret as in any field. Real Chromium, real clicks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';

describe("a date field's date", () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await tx.show();
  });
  afterAll(() => session?.close());

  it('is replaced by a date typed after a click into From, and after Tab into To', async () => {
    const page = session.page;
    if (await page.getByTestId('more-filters').getAttribute('aria-expanded') !== 'true') await page.getByTestId('more-filters').click();
    await page.getByRole('button', { name: 'Last month' }).click();
    const from = page.locator('#tx-from');
    const to = page.locator('#tx-to');
    await expect.poll(() => from.inputValue()).toMatch(/^01\/\d\d\/\d{4}$/);

    await from.click();
    await page.keyboard.type('01/10/2025');
    expect(await from.inputValue()).toBe('01/10/2025');
    await page.keyboard.press('Tab'); // From settles; To is next (the calendar's button is no tab stop)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tx-to');
    await page.keyboard.type('31/10/2025');
    expect(await to.inputValue()).toBe('31/10/2025');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('error-tx-from').count()).toBe(0);
    expect(await page.getByTestId('error-tx-to').count()).toBe(0);

    // Entered, a second click places the caret: typing then edits the date in place.
    await to.click();
    await to.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('4');
    expect(await to.inputValue()).toBe('31/10/2024');
  });
});
