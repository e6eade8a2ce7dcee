// A link the customer's card was declined on, in Chromium through the preview and the practice
// gateway: the customer's page says "declined" for good, so the links list offers "New link like
// this" instead of Copy and Resend, and two presses (it, then Create) make a new link with the same
// amount and customer under a new order id, which the customer can pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { cards, GetPaidPage, payOnGatewayPage } from './pages/get-paid-page';

const customer = { name: 'Layla Haddad', email: 'layla@example.com', phone: '+966501234567' };

describe('a declined link, made again', () => {
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

  it('offers a new link like it, and the new one is paid', async () => {
    await app.openScreen('links');
    const url = await app.createLink({ orderId: 'DECLINED-1', amount: '1234.50', description: 'Two oak chairs', customer });
    await payOnGatewayPage(customerTab, url, cards.declined);
    await app.waitForLinkState('DECLINED-1', 'declined');
    const row = app.linkRow('DECLINED-1');
    expect(await row.getByTestId('row-resend').count()).toBe(0);
    expect(await row.getByTestId('row-copy').count()).toBe(0);
    // The result panel above, still showing that link, no longer offers to send it either.
    expect(await session.page.getByTestId('link-result').getByTestId('share-panel').count()).toBe(0);

    await row.getByRole('button', { name: 'New link like DECLINED-1' }).click(); // press 1
    const form = app.form('link');
    await form.waitFor();
    // The same order, tried again: its reference numbered on, the first free one (main's nextOrderId; walk of 2026-12-01).
    await expect.poll(() => form.locator('#link-orderId').inputValue()).toBe('DECLINED-1-2');
    expect(await form.locator('#link-amount').inputValue()).toBe('1234.50');
    expect(await form.locator('#link-customer-name').inputValue()).toBe(customer.name);
    await session.page.getByTestId('link-submit').click(); // press 2
    const result = session.page.getByTestId('link-result');
    await result.getByTestId('share-url').waitFor();
    const orderId = (await result.getByTestId('result-order-id').textContent())!;
    expect(orderId).toBe('DECLINED-1-2');
    expect(await result.textContent()).toMatch(/SAR\s1,234\.50/);

    await payOnGatewayPage(customerTab, await result.getByTestId('share-url').inputValue(), cards.approved);
    await app.waitForLinkState(orderId, 'paid');
    await app.waitForLinkState('DECLINED-1', 'declined'); // the declined one stays as it was
  });

  it('on a declined card sale, "Try another card" keeps all but the card and gives the keyboard to its number', async () => {
    const page = session.page;
    await app.openScreen('terminal');
    const form = app.form('terminal');
    await form.locator('#terminal-amount').fill('75.50');
    await form.locator('#terminal-card-number').fill(cards.declined.number);
    await form.locator('#terminal-card-holder').fill('LAYLA HADDAD');
    await form.locator('#terminal-card-expiryMonth').selectOption('01');
    await form.locator('#terminal-card-expiryYear').selectOption('2039');
    await form.locator('#terminal-card-cvv').fill(cards.declined.cvv);
    await app.fillCustomer(form, customer);
    await page.getByTestId('terminal-submit').click();
    const result = page.getByTestId('sale-result');
    const declined = (await result.getByTestId('result-order-id').textContent())!;
    await result.getByRole('button', { name: 'Try another card' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'terminal-card-number');
    expect(await form.locator('#terminal-amount').inputValue()).toBe('75.50');
    expect(await form.locator('#terminal-card-number').inputValue()).toBe('');
    // The same order tried again: the declined reference numbered on, free in the ledger (the gateway takes one once).
    expect(await form.locator('#terminal-orderId').inputValue()).toBe(`${declined}-2`);
  });
});
