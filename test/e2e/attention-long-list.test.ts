// Needs attention longer than the window, at 800 × 600, as the fourth screen walk met it
// (docs/screens-walks.md): the payment that just went wrong is the last row of a list oldest first,
// "Date, newest first" brings it to the top, and a row checked far down the list leaves it while
// the line saying what the check found stays in view under the header (it was 137,000 px above).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Otaibi', email: 'huda@example.com', phone: '+966500000055' };

describe('Needs attention longer than the window', () => {
  let session: E2eSession;
  let practice: Awaited<ReturnType<typeof practiceControl>>;

  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 800, height: 600 });
    await new TransactionsPage(session.page).open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
  });
  afterAll(async () => {
    await practice?.fault('status', null);
    await session?.close();
  });

  it('puts the newest first when chosen, and keeps what a check far down found in view', async () => {
    const page = session.page;
    await practice.fault('status', { failure: 'http_500' });
    for (let n = 1; n <= 6; n++) {
      await practice.fault('sale', { failure: 'reset_after_processing', times: 1 });
      await cardSale(page, { orderId: `LONG-LIST-${n}`, amount: `${n}0.00`, currency: 'SAR', holder: 'HUDA OTAIBI', customer });
    }
    await page.getByRole('navigation').getByRole('button', { name: 'Needs attention' }).click();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(6);
    expect(await rows.first().textContent()).toContain('LONG-LIST-1');

    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await sortBy.selectOption({ label: 'Date, newest first' });
    await expect.poll(() => rows.first().textContent()).toContain('LONG-LIST-6');
    await sortBy.selectOption({ label: 'Date, oldest first' });
    await expect.poll(() => rows.last().textContent()).toContain('LONG-LIST-6');

    // The last row, checked where it is, the page scrolled down to it.
    await practice.fault('status', null);
    const last = page.getByRole('row').filter({ hasText: 'LONG-LIST-6' });
    await last.scrollIntoViewIfNeeded();
    await last.getByRole('button', { name: 'Check status now' }).click();
    await expect.poll(() => rows.count()).toBe(5);
    const said = page.getByRole('status').filter({ hasText: 'Checked' });
    await expect.poll(() => said.textContent()).toMatch(/Checked .*LONG-LIST-6.*Settled: Paid\./);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(300);
    const box = (await said.boundingBox())!;
    const headerBottom = (await page.locator('header').first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(600);
    await session.windowShot('attention-long-list-checked-800');
  }, 60_000);
});
