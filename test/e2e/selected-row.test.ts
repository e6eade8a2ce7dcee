// The transactions list shows one selected row, the payment open in the detail, however it was
// opened (a click, a lookup, another screen's "Open in Transactions"); the keyboard's row is
// outlined only while the keyboard is in use. In Chromium through the preview, English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Noura Fahad', email: 'noura@example.com', phone: '+966500000021' };

/** The rows drawn with a background or an outline of their own (not the list's), and the one marked selected. */
function rowLooks(page: E2eSession['page']) {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid="tx-list"] .tx-rows [role="row"]')].map((row) => {
    const style = getComputedStyle(row);
    return {
      orderId: row.querySelector('.order-cell')?.textContent ?? '',
      tinted: style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.backgroundColor !== 'transparent',
      outlined: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      selected: row.getAttribute('aria-selected') === 'true',
    };
  }));
}

describe('one selected row in the transactions list', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    for (const orderId of ['ROW-1', 'ROW-2', 'ROW-3']) await cardSale(session.page, { orderId, amount: '10.00', currency: 'SAR', holder: 'NOURA FAHAD', customer });
  });
  afterAll(() => session?.close());

  it.each(['en', 'ar'] as const)('a payment found by lookup is the one row that looks selected, in %s', async (language) => {
    await tx.chooseLanguage(language);
    await tx.show();
    await expect.poll(async () => (await rowLooks(session.page)).length).toBeGreaterThanOrEqual(3);
    // Opened without a click on its row: the first row (the keyboard's, until then) stays plain.
    await session.page.locator('#lookup-id').fill('ROW-1');
    await session.page.getByTestId('lookup-order').click();
    await session.page.locator('[data-testid="payment-detail"] h2:has-text("ROW-1")').waitFor();
    await expect.poll(async () => (await rowLooks(session.page)).filter((r) => r.tinted || r.selected).map((r) => r.orderId)).toEqual(['ROW-1']);
    // The newest first, not the open one (polled: a row drawn while the list refreshes is empty for a frame).
    await expect.poll(async () => (await rowLooks(session.page))[0]?.orderId).toBe('ROW-3');
    expect((await rowLooks(session.page)).filter((r) => r.outlined)).toEqual([]);
    await session.screenshot(`transactions-one-selected-${language}`);
  });

  it('outlines the keyboard\'s row while the arrow keys move it, the open payment still the one selected', async () => {
    await tx.chooseLanguage('en');
    await tx.show();
    await tx.openPayment('ROW-2');
    await expect.poll(async () => (await rowLooks(session.page)).filter((r) => r.tinted).map((r) => r.orderId)).toEqual(['ROW-2']);
    expect((await rowLooks(session.page)).filter((r) => r.outlined)).toEqual([]); // a click shows no keyboard outline
    await tx.list.focus();
    await session.page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await rowLooks(session.page)).filter((r) => r.outlined).map((r) => r.orderId)).toEqual(['ROW-1']);
    expect((await rowLooks(session.page)).filter((r) => r.selected).map((r) => r.orderId)).toEqual(['ROW-2']);
    await session.page.keyboard.press('Enter');
    await session.page.locator('[data-testid="payment-detail"] h2:has-text("ROW-1")').waitFor();
    await expect.poll(async () => (await rowLooks(session.page)).filter((r) => r.tinted || r.selected).map((r) => r.orderId)).toEqual(['ROW-1']);
  });
});
