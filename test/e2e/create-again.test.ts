// "The gateway has no such order: it was not created. You can create it again." now comes with a
// button, in Chromium through the preview against the practice gateway: "Create it again…" opens
// the payment's own form filled with what was sent (the same order id, as the ledger tries an order
// again after "not created"; the amount exact; currency, description, customer), and one more press
// creates it. A sale's form leaves the card to be typed again (never kept); a checkout session's and
// an invoice's forms are filled too (its lines; its number kept). English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { approvedCard } from './support/test-card';
import { seller, threeLines } from '../support/seller';

const customer = { name: 'Huda Qahtani', email: 'huda@example.com', phone: '+966500000031' };

describe('a payment the gateway did not create, made again from its detail', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
  });
  afterAll(async () => {
    await session?.close();
  });

  /** Sent while the gateway fails (unclear), then found not created by a status check. */
  async function notCreated(method: 'createPaymentLink' | 'chargeCard' | 'createCheckoutSession', operation: string, input: Record<string, unknown>) {
    await practice.fault(operation, { failure: 'http_500', times: 1 });
    const sent = await callApi<{ id?: string; payment?: { id: string } }>(session.page, method, input);
    const checked = await callApi<{ state: string }>(session.page, 'checkPaymentStatus', { paymentId: sent.payment?.id ?? sent.id });
    expect(checked.state).toBe('not_created');
  }

  it('a link: two presses, "Create it again…" and Create, with the same order id and the exact amount', async () => {
    const page = session.page;
    await notCreated('createPaymentLink', 'createPaymentLink', { orderId: 'AGAIN-LINK-1', amount: '1234.50', currency: 'SAR', description: 'Two oak chairs', customer });
    await tx.show();
    await tx.openPayment('AGAIN-LINK-1');
    const again = page.getByTestId('action-create-again');
    await tx.chooseLanguage('ar');
    expect(await again.textContent()).toBe('أنشئها مرة أخرى…');
    await tx.chooseLanguage('en');
    expect(await again.textContent()).toBe('Create it again…');

    await again.click(); // press 1
    const form = page.getByTestId('link-form');
    await form.waitFor();
    expect(await form.locator('#link-orderId').inputValue()).toBe('AGAIN-LINK-1');
    expect(await form.locator('#link-amount').inputValue()).toBe('1234.50');
    expect(await form.locator('#link-currency').inputValue()).toBe('SAR');
    expect(await form.locator('#link-description').inputValue()).toBe('Two oak chairs');
    expect(await form.locator('#link-customer-name').inputValue()).toBe(customer.name);
    expect(await form.locator('#link-customer-email').inputValue()).toBe(customer.email);
    expect(await form.locator('#link-customer-phone').inputValue()).toBe(customer.phone);

    await page.getByTestId('link-submit').click(); // press 2
    const result = page.getByTestId('link-result');
    await result.waitFor();
    expect(await result.getByTestId('result-order-id').textContent()).toContain('AGAIN-LINK-1');
    const links = (await practice.records()).filter((r) => r.orderId === 'AGAIN-LINK-1' && r.operation !== 'status');
    expect(links.map((r) => r.amountMinor)).toEqual([123_450]);
    // The same payment, tried again: one row for the order in the list.
    await tx.show();
    await tx.search('AGAIN-LINK-1');
    await expect.poll(() => tx.total()).toBe(1);
  }, 60_000);

  it('a card sale: its terminal filled but the card, to be typed again', async () => {
    const page = session.page;
    // Raw call, not cardSale(): notCreated sends any creating method while the gateway fails and reads its unclear answer.
    await notCreated('chargeCard', 'sale', { orderId: 'AGAIN-SALE-1', amount: '75.25', currency: 'SAR', card: approvedCard('HUDA QAHTANI'), customer, authOnly: true });
    await tx.show();
    await tx.search('');
    await tx.openPayment('AGAIN-SALE-1');
    await page.getByTestId('action-create-again').click();
    await page.getByTestId('terminal-form').waitFor();
    expect(await page.locator('#terminal-orderId').inputValue()).toBe('AGAIN-SALE-1');
    expect(await page.locator('#terminal-amount').inputValue()).toBe('75.25');
    expect(await page.locator('#terminal-customer-name').inputValue()).toBe(customer.name);
    expect(await page.locator('#terminal-card-number').inputValue()).toBe('');
    expect(await page.locator('#terminal-card-cvv').inputValue()).toBe('');
  }, 60_000);

  it('a checkout session: its form filled, authorise-only kept', async () => {
    const page = session.page;
    await notCreated('createCheckoutSession', 'initiateCheckout', { orderId: 'AGAIN-CHK-1', amount: '0.05', currency: 'KWD', customer, authOnly: true, recurringInit: false });
    await tx.show();
    await tx.search('');
    await tx.openPayment('AGAIN-CHK-1');
    await page.getByTestId('action-create-again').click();
    const form = page.getByTestId('checkout-form');
    await form.waitFor();
    expect(await form.locator('#checkout-orderId').inputValue()).toBe('AGAIN-CHK-1');
    expect(await form.locator('#checkout-amount').inputValue()).toBe('0.050'); // KWD: three decimals, exact
    expect(await form.locator('#checkout-currency').inputValue()).toBe('KWD');
    expect(await form.locator('#checkout-customer-email').inputValue()).toBe(customer.email);
    expect(await form.getByLabel(/^Authorise only/).isChecked()).toBe(true);
  }, 60_000);

  it('an invoice: its lines back as typed, sent for the same total, its number kept', async () => {
    const page = session.page;
    await callApi(page, 'setSellerDetails', { id: 'practice', seller });
    await practice.fault('createPaymentLink', { failure: 'http_500', times: 1 });
    const sent = await callApi<{ payment: { id: string }; invoice: { number: string; totalMinor: number } }>(page, 'createInvoice', { orderId: 'AGAIN-INV-1', currency: 'SAR', lines: threeLines, pricesIncludeVat: false, customer, language: 'both' });
    expect((await callApi<{ state: string }>(page, 'checkPaymentStatus', { paymentId: sent.payment.id })).state).toBe('not_created');
    await tx.show();
    await tx.search('');
    await tx.openPayment('AGAIN-INV-1');
    await page.getByTestId('action-create-again').click();
    const form = page.getByTestId('link-form');
    await expect.poll(() => form.getByTestId('invoice-line').count()).toBe(3);
    expect(await form.locator('#link-orderId').inputValue()).toBe('AGAIN-INV-1');
    expect(await form.locator('#link-lines-0-unitPrice').inputValue()).toBe('33.33');
    expect(await form.locator('#link-lines-1-description').inputValue()).toBe('ورق طباعة');
    expect(await form.locator('#link-lines-1-quantity').inputValue()).toBe('1.5');
    expect(await form.locator('#link-lines-1-rate').inputValue()).toBe('15');
    expect(await form.locator('#link-lines-2-vat').inputValue()).toBe('zero');
    expect(await form.locator('#link-lines-2-reason').inputValue()).toBe('Export of goods outside the GCC');
    expect(await form.getByTestId('invoice-prices-include-vat').isChecked()).toBe(false);

    await page.getByTestId('link-submit').click();
    await page.getByTestId('link-result').waitFor();
    const invoice = await callApi<{ invoice: { number: string; state: string; totalMinor: number } }>(page, 'getInvoice', { paymentId: sent.payment.id });
    expect(invoice.invoice).toMatchObject({ number: sent.invoice.number, state: 'issued', totalMinor: sent.invoice.totalMinor });
    expect((await practice.records()).filter((r) => r.orderId === 'AGAIN-INV-1' && r.operation !== 'status').map((r) => r.amountMinor)).toEqual([sent.invoice.totalMinor]);
  }, 60_000);
});
