// A modal dialog keeps the keyboard inside it, as aria-modal="true" tells a screen reader: Tab and
// Shift+Tab go round the refund dialog's own controls (they left for the navigation behind it,
// where Enter on a screen's button switched screens and dropped the typed refund), and the frame's
// Alt shortcuts (a screen's Alt+digit, the language's Alt+L) do nothing while it is open. In Chromium through the preview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Noura Fahad', email: 'noura@example.com', phone: '+966500000021' };

describe('the refund dialog and the keyboard', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await cardSale(session.page, { orderId: 'KEYS-1', amount: '100.00', currency: 'SAR', holder: 'NOURA FAHAD', customer });
    await tx.show();
    await tx.openPayment('KEYS-1');
  });
  afterAll(() => session?.close());

  const inDialog = () => session.page.evaluate(() => document.querySelector('[data-testid="action-dialog"]')?.contains(document.activeElement) === true);

  it('goes round its own controls with Tab and Shift+Tab, never to the page behind', async () => {
    await tx.startAction('refund');
    await session.page.locator('#action-amount').fill('10');
    for (let i = 0; i < 12; i++) {
      await session.page.keyboard.press('Tab');
      expect(await inDialog(), `after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await session.page.keyboard.press('Shift+Tab');
      expect(await inDialog(), `after Shift+Tab ${i + 1}`).toBe(true);
    }
    expect(await session.page.locator('#action-amount').inputValue()).toBe('10'); // nothing typed was lost
  });

  it('keeps the keyboard when its words are pressed, and Tab goes on from there', async () => {
    // They gave it to the page's <main> behind the dialog, the nearest element that takes focus.
    for (const words of [tx.dialog.locator('h2'), tx.dialog.getByTestId('confirm-line')]) {
      await words.click();
      expect(await inDialog(), await words.innerText()).toBe(true);
      await session.page.keyboard.press('Tab');
      expect(await session.page.evaluate(() => document.activeElement?.id)).toBe('action-amount');
    }
  });

  it('ignores the screens\' shortcuts while open, and they work again once it is closed', async () => {
    await session.page.keyboard.press('Alt+4');
    expect(await session.page.getByTestId('action-dialog').isVisible()).toBe(true);
    expect(await session.page.getByTestId('nav-transactions').getAttribute('aria-current')).toBe('page');
    await session.page.keyboard.press('Alt+L'); // the language's: the keyboard stays in the dialog
    expect(await inDialog()).toBe(true);
    await session.page.keyboard.press('Escape');
    await session.page.getByTestId('action-dialog').waitFor({ state: 'detached' });
    await session.page.keyboard.press('Alt+4');
    await expect.poll(() => session.page.getByTestId('nav-terminal').getAttribute('aria-current')).toBe('page');
  });
});
