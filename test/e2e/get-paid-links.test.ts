// Payment links and checkout sessions as staff and customers use them, in Chromium through the
// preview against the practice gateway: a link made in the form, shared (QR, e-mail, WhatsApp),
// paid on the gateway's page with each published test card, and its new state seen in the list;
// a checkout session the same way; both languages, screenshots and axe-core on every screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { axeViolations } from './support/axe';
import { cards, GetPaidPage, payOnGatewayPage } from './pages/get-paid-page';

const customer = { name: 'Layla Haddad', email: 'layla@example.com', phone: '+966 50 123 4567' };

/** The payment address box within its result's content box, on both sides (it stuck out 16 px on the end side). */
async function expectAddressInside(page: Page, resultTestId: string) {
  const overhang = await page.evaluate((id) => {
    const result = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
    const box = result.querySelector<HTMLElement>('[data-testid="share-url"]')!.getBoundingClientRect();
    const outer = result.getBoundingClientRect();
    const style = getComputedStyle(result);
    const left = outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = outer.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    return { start: left - box.left, end: box.right - right };
  }, resultTestId);
  expect(overhang.start).toBeLessThanOrEqual(0.5);
  expect(overhang.end).toBeLessThanOrEqual(0.5);
}

describe('payment links and checkout sessions', () => {
  let session: E2eSession;
  let app: GetPaidPage;
  let customerTab: Page;

  beforeAll(async () => {
    session = await openSession();
    app = new GetPaidPage(session.page);
    await app.open(session.preview.url);
    customerTab = await session.customerTab();
  });
  afterAll(() => session?.close());

  it('checks the form before sending and shows main’s messages next to the fields', async () => {
    await app.newLinkByKeyboard();
    await expect.poll(() => session.page.evaluate(() => document.activeElement?.id)).toBe('link-amount'); // the amount first (docs/keyboard.md)
    await session.page.locator('#link-amount').pressSequentially('10.505'); // kept as typed, with a message
    expect(await session.page.locator('#link-amount').inputValue()).toBe('10.505');
    expect(await session.page.getByTestId('error-link-amount').textContent()).toBe('SAR allows at most 2 decimals.');
    await session.page.locator('#link-customer-phone').fill('0501234567');
    await session.page.locator('#link-description').fill('');
    await session.page.keyboard.press('Control+Enter');
    expect(await session.page.getByTestId('error-link-customer-phone').textContent()).toMatch(/international format/);
    expect(await session.page.getByTestId('error-link-description').textContent()).toMatch(/description/i);
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('get-paid-link-form-errors-en');
  });

  it('creates a link with defaults, shares it, and sees it paid with the approved card', async () => {
    await app.newLinkByKeyboard();
    const url = await app.createLink({ orderId: 'LINK-OK', amount: '125.50', description: 'Invoice 1001', customer });
    const result = session.page.getByTestId('link-result');
    expect(url).toMatch(/\/link\?linkId=/);
    expect(await result.getByTestId('link-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const mail = await result.getByTestId('share-email').getAttribute('href');
    expect(mail).toMatch(/^mailto:layla%40example\.com\?subject=/);
    expect(decodeURIComponent(mail!)).toContain(url);
    await result.getByTestId('share-language').selectOption('ar');
    const wa = new URL((await result.getByTestId('share-whatsapp').getAttribute('href'))!);
    expect(wa.origin + wa.pathname).toBe('https://wa.me/966501234567');
    expect(wa.searchParams.get('text')).toContain('يرجى دفع');
    expect(wa.searchParams.get('text')).toContain(url);
    // The address box within its result: it stuck out 16 px (its padding and border past its 100 %).
    await expectAddressInside(session.page, 'link-result');
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('get-paid-link-result-en');

    await app.waitForLinkState('LINK-OK', 'pending');
    expect(await app.linkRow('LINK-OK').getByTestId('payment-state').textContent()).toBe('Unpaid');
    expect(await payOnGatewayPage(customerTab, url, cards.approved)).toMatch(/result=success/);
    await app.waitForLinkState('LINK-OK', 'paid'); // the webhook and status check, no reload
    expect(await app.linkRow('LINK-OK').getByTestId('payment-state').textContent()).toBe('Paid');
  });

  it.each([
    ['LINK-3DS-OK', cards.challenge, '123456', 'paid', 'success'],
    ['LINK-3DS-NO', cards.challenge, '000000', 'declined', 'failure'],
    ['LINK-DECLINED', cards.declined, undefined, 'declined', 'failure'],
  ])('link %s paid on the gateway page ends %s in the list', async (orderId, card, otp, state, landing) => {
    await session.page.getByTestId('new-link').click();
    const url = await app.createLink({ orderId, amount: '20', description: `Invoice ${orderId}`, customer });
    expect(await payOnGatewayPage(customerTab, url, card, otp)).toContain(`result=${landing}`);
    await app.waitForLinkState(orderId, state);
  });

  it('finds links by search, and offers what each can still use: a receipt for the paid one, a new link for the declined one', async () => {
    await session.page.getByTestId('links-search').fill('3DS');
    await expect.poll(() => session.page.getByTestId('link-row').count()).toBe(2);
    // Their pages say paid and declined: sending their addresses again (Copy, Resend) would send that.
    expect(await session.page.getByTestId('row-resend').count()).toBe(0);
    await app.linkRow('LINK-3DS-OK').getByTestId('row-receipt').click();
    await expect.poll(() => session.page.getByTestId('row-receipt-panel').textContent()).toContain('LINK-3DS-OK'); // once its invoice is looked up
    expect(await app.linkRow('LINK-3DS-NO').getByRole('button', { name: 'New link like LINK-3DS-NO' }).count()).toBe(1);
    await session.page.getByTestId('links-search').fill('');
    await expect.poll(() => session.page.getByTestId('link-row').count()).toBe(4);
  });

  it('creates a checkout session and sees it paid', async () => {
    await app.openScreen('checkout');
    const form = app.form('checkout');
    await form.locator('#checkout-orderId').fill('CHECKOUT-1');
    await form.locator('#checkout-amount').fill('75');
    await app.fillCustomer(form, customer);
    await form.getByLabel('ID type').fill('NATIONAL_ID');
    await form.getByLabel('ID number').fill('1012345678');
    await form.getByText('Address (optional)').click();
    await form.getByLabel('Country').fill('SA');
    await form.getByLabel('City').fill('Riyadh');
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('get-paid-checkout-form-en');
    await session.page.getByTestId('checkout-submit').click();
    const result = session.page.getByTestId('checkout-result');
    const url = await result.getByTestId('share-url').inputValue();
    expect(url).toMatch(/\/checkout\?sessionId=/);
    await expectAddressInside(session.page, 'checkout-result');
    expect(await payOnGatewayPage(customerTab, url, cards.approved)).toContain('result=success');
    await session.page.locator('[data-testid="session-row"][data-order-id="CHECKOUT-1"] [data-state="paid"]').waitFor({ timeout: 30_000 });
    await session.screenshot('get-paid-checkout-result-en');
  });

  it('works in Arabic, right to left, with amounts and ids left to right', async () => {
    await app.chooseLanguage('ar');
    expect(await app.documentDirection()).toBe('rtl');
    await app.openScreen('links');
    const form = app.form('link');
    await form.locator('#link-orderId').fill('LINK-AR');
    await form.locator('#link-amount').fill('٥٠');
    await form.locator('#link-description').fill('فاتورة');
    await form.locator('#link-customer-name').fill('ليلى حداد');
    await form.locator('#link-customer-email').fill('layla@example.com');
    await form.locator('#link-customer-phone').fill('0501');
    await session.page.getByTestId('link-submit').click();
    expect(await session.page.getByTestId('error-link-customer-phone').textContent()).toContain('بالصيغة الدولية');
    await form.locator('#link-customer-phone').fill('+966501234567');
    await session.page.getByTestId('link-submit').click();
    const result = session.page.getByTestId('link-result');
    await result.waitFor();
    expect(await result.getByRole('heading', { level: 2 }).textContent()).toBe('تم إنشاء رابط الدفع');
    expect(await result.locator('bdi[dir="ltr"]').first().textContent()).toBe('LINK-AR');
    await app.waitForLinkState('LINK-AR', 'pending'); // the list reloads on the creation's last event
    expect(await app.linkRow('LINK-AR').getByTestId('payment-state').textContent()).toBe('غير مدفوعة');
    await expectAddressInside(session.page, 'link-result');
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('get-paid-link-result-ar');
    await app.openScreen('checkout');
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('get-paid-checkout-form-ar');
    await app.chooseLanguage('en');
  });
});
