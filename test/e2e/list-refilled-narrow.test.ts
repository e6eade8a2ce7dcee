// The transactions list emptied and filled again (Clear filters) just after the window's height
// changed, in a window where its rows take their two-line layout: the count said "3 payments" over
// a blank list, the rows in the page but never laid out (0 px high) until the next resize. A
// whole-page screenshot changes the height the same way (Chromium lays the page out at its full
// height meanwhile): support-walk-800 took one before Clear filters and, on a busy machine, hit it.
// The rows' width rules were asked of the scrolling grid itself (a container query); they are asked
// of a box around it now (payment-list.tsx, docs/testing.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Omar Saeed', email: 'omar@example.com', phone: '+966500000033' };
const charge = (page: E2eSession['page']) => cardSale(page, { amount: '20.00', currency: 'SAR', holder: 'OMAR SAEED', customer });

describe('the transactions list refilled after a resize, in a narrow window', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await charge(session.page);
  });
  afterAll(() => session?.close());

  it('draws every row after the window grows and the filters are cleared', async () => {
    for (let round = 0; round < 3; round++) {
      await tx.show();
      await session.page.setViewportSize({ width: 785, height: 900 });
      await session.screenshot('list-refilled-narrow');
      await session.page.setViewportSize({ width: 785, height: 1000 });
      await charge(session.page);
      await tx.show();
      const total = await tx.total();
      await tx.page.locator('.tx-rows [role="row"]:not(:has(.loading-row))').nth(total - 1).waitFor({ state: 'attached' });
      // What a person sees: every row as high as a row (44 px), not a blank list.
      const heights = await tx.list.evaluate((grid) => [...grid.querySelectorAll<HTMLElement>('.tx-rows [role="row"]')].map((row) => row.offsetHeight));
      expect(heights, `round ${round}`).toEqual(Array(total).fill(44));
    }
  });
});
