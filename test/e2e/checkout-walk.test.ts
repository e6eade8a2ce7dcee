// A checkout session walked as staff, in Chromium through the preview against the practice gateway,
// in Arabic at 800 px: KWD 12.500 for a customer with an Arabic name, created by the form's labels;
// the session not paid yet offers Copy and Resend on its row in Recent sessions and in its detail in
// Transactions (its page was shown there as text only, and nowhere on the row), each with the page
// the gateway gave; paid on the gateway's page, the detail turns paid without a reload and the
// offer goes. docs/screens-getting-paid.md, "Checkout sessions walked as staff".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { cards, GetPaidPage, payOnGatewayPage } from './pages/get-paid-page';
import { TransactionsPage } from './pages/transactions-page';

describe('a checkout session walked as staff, in Arabic at 800 px', () => {
  let session: E2eSession;
  let customerTab: Page;

  beforeAll(async () => {
    session = await openSession();
    await new GetPaidPage(session.page).open(session.preview.url);
    await session.page.setViewportSize({ width: 785, height: 1000 }); // an 800 px window less its scroll bar
    customerTab = await session.customerTab();
  });
  afterAll(async () => session?.close());

  it('sends the unpaid session again from its row and its detail, then sees it paid', async () => {
    const app = new GetPaidPage(session.page);
    await app.chooseLanguage('ar');
    await session.page.keyboard.press('Alt+3');
    const form = app.form('checkout');
    await form.getByLabel('المبلغ').fill('12.500');
    await form.getByLabel('العملة').selectOption('KWD');
    await app.fillCustomer(form, { name: 'فاطمة الزهراء العنزي', email: 'fatima@example.com', phone: '+96550001234' }, { name: 'اسم العميل', email: 'البريد الإلكتروني للعميل', phone: 'هاتف العميل' });
    await form.getByRole('button', { name: /^إنشاء جلسة بمبلغ/ }).click();
    const result = session.page.getByTestId('checkout-result');
    const page = await result.getByTestId('share-url').inputValue();
    const orderId = (await result.getByTestId('result-order-id').textContent())!;
    // The amount as typed, with KWD's three decimals (direction marks and no-break spaces made plain).
    expect((await result.textContent())!.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ')).toContain('12.500 KWD');

    // The result left (a new session begun): the row still sends the page.
    await session.page.getByRole('button', { name: 'جلسة دفع جديدة' }).click();
    const row = session.page.locator(`[data-testid="session-row"][data-order-id="${orderId}"]`);
    await row.getByRole('button', { name: `إعادة إرسال الرابط ${orderId}` }).click();
    expect(await row.getByTestId('row-share').getByTestId('share-url').inputValue()).toBe(page);
    expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await session.screenshot('checkout-walk-row-resend-ar');

    // Its detail in Transactions offers the same.
    const tx = new TransactionsPage(session.page);
    await tx.show();
    await tx.openPayment(orderId);
    const detail = session.page.getByTestId('payment-detail');
    await detail.getByRole('button', { name: 'إعادة إرسال الرابط' }).click();
    expect(await detail.getByTestId('detail-share').getByTestId('share-url').inputValue()).toBe(page);
    await session.screenshot('checkout-walk-detail-resend-ar');

    // The customer pays; the detail says so without a reload, and offers no dead page.
    expect(await payOnGatewayPage(customerTab, page, cards.approved)).toContain('result=success');
    await session.page.locator('[data-testid="payment-detail"][data-state="paid"]').waitFor({ timeout: 30_000 });
    await detail.getByTestId('detail-copy').waitFor({ state: 'detached' });
  });
});
