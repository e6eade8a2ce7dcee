// The refund and capture dialogs open with the amount left in their Amount field, selected: typed
// over, a part refund costs its typing only. A person who clicks the field first (walk31) had the
// caret put after "300.00", and 100 typed made "300.00100", refused as more than is left: 4 presses
// more to clear it. Now the first click keeps the whole amount selected; a second places the caret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Otaibi', email: 'huda@example.com', phone: '+966500000011' };

describe('the amount left, clicked into, is replaced by what is typed', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await cardSale(session.page, { orderId: 'CLICK-REFUND-1', amount: '300.00', currency: 'SAR', holder: 'HUDA OTAIBI', customer });
    await cardSale(session.page, { orderId: 'CLICK-CAPTURE-1', amount: '500.00', currency: 'SAR', holder: 'HUDA OTAIBI', customer, authOnly: true });
    await tx.show();
  });
  afterAll(async () => {
    await session?.close();
  });

  for (const [kind, orderId, typed, send] of [['refund', 'CLICK-REFUND-1', '100', 'Refund SAR 100.00'], ['capture', 'CLICK-CAPTURE-1', '420', 'Capture SAR 420.00']] as const) {
    it(`${kind}: a click, then the amount typed`, async () => {
      await tx.openPayment(orderId);
      await tx.startAction(kind);
      const amount = tx.dialog.getByLabel(/^Amount/);
      await amount.click();
      await session.page.keyboard.type(typed);
      expect(await amount.inputValue()).toBe(typed);
      expect((await tx.sendButton.textContent())?.replace(/[^\w.]+/g, ' ')).toBe(send);
      // Once edited, a click places the caret as usual (a digit mended in place).
      await amount.click();
      await session.page.keyboard.press('End');
      await session.page.keyboard.type('.5');
      expect(await amount.inputValue()).toBe(`${typed}.5`);
      await session.page.keyboard.press('Escape');
      await tx.dialog.waitFor({ state: 'detached' });
    });
  }

  it('a second click on the untouched amount places the caret, to mend one digit', async () => {
    await tx.openPayment('CLICK-REFUND-1');
    await tx.startAction('refund');
    const amount = tx.dialog.getByLabel(/^Amount/);
    await amount.click();
    await amount.click();
    expect(await amount.evaluate((input: HTMLInputElement) => input.selectionStart === input.selectionEnd)).toBe(true);
    await session.page.keyboard.press('Escape');
  });
});
