// What a payment's detail, the list and Home say is true, as support and finance read them, in
// Chromium through the preview against the practice gateway (documented fields only):
// - a refund made at the gateway directly (as from its dashboard), found by "Check status now":
//   its refunded amount is "Not known", never SAR 0.00, in the detail, the list's row and on Home;
// - a card sale the gateway refused: the terminal empties the card and says why; its payment says
//   nothing was charged and offers no status check.
// By the visible labels, in English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { practiceControl } from './support/practice-control';
import { cardSale } from './support/test-card';
import { TransactionsPage } from './pages/transactions-page';

const customer = { name: 'Noura Saleh', email: 'noura@example.com', phone: '+966500000003' };
const card = { number: '5123 4500 0000 0008', holder: 'NOURA SALEH', expiryMonth: '01', expiryYear: '2039', cvv: '100' };

describe('what the detail says is true', () => {
  let session: E2eSession;
  let app: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;

  beforeAll(async () => {
    session = await openSession();
    app = new TransactionsPage(session.page);
    await app.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
  });
  afterAll(() => session?.close());

  it('a refund made at the gateway: the amount refunded is not known, in the detail, the list and on Home', async () => {
    const page = session.page;
    const payment = await cardSale(page, { orderId: 'TRUTH-ELSEWHERE', amount: '60.00', currency: 'SAR', holder: card.holder, customer });
    // Refunded at the gateway directly, as from its dashboard: Paydesk does not know of it yet.
    const refunded = await fetch(`${practice.baseUrl}/payment-gateway/s2s/refund`, { method: 'POST', headers: { 'X-API-KEY': practice.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ transactionId: payment.transactionId, amount: 40, reason: 'dashboard' }) });
    expect(refunded.status).toBe(200);

    await app.show();
    await app.search('TRUTH-ELSEWHERE');
    await app.openPayment('TRUTH-ELSEWHERE');
    const detail = page.getByTestId('payment-detail');
    await detail.getByRole('button', { name: 'Check status now' }).click();
    await page.locator('[data-testid="payment-detail"][data-state="partially_refunded"]').waitFor();
    expect(await detail.getByTestId('detail-refunded').textContent()).toBe('Not known: refunded outside Paydesk (at the gateway). See the gateway’s dashboard for the amount.');
    expect(await detail.getByTestId('detail-refund-left').textContent()).toBe('Not known');
    expect(await app.row('TRUTH-ELSEWHERE').textContent()).toContain('(amount refunded not known)');

    await page.keyboard.press('Alt+1');
    const today = page.getByTestId('ov-period-today');
    expect(await today.getByTestId('ov-refunds-not-known').textContent()).toBe('1 refunded outside Paydesk: its amount is not known and not in Refunded');

    await app.chooseLanguage('ar');
    expect(await today.getByTestId('ov-refunds-not-known').textContent()).toBe('دفعة واحدة استُردت خارج بايدسك: مبلغها غير معروف وليس في المسترد');
    await page.keyboard.press('Alt+5');
    await page.locator('[data-testid="payment-detail"][data-state="partially_refunded"]').waitFor();
    expect(await page.getByTestId('detail-refunded').textContent()).toBe('غير معروف: استُرد خارج بايدسك (لدى البوابة). اطّلع على المبلغ في لوحة تحكم البوابة.');
    expect(await app.row('TRUTH-ELSEWHERE').textContent()).toContain('(المبلغ المسترد غير معروف)');
    await app.chooseLanguage('en');
  });

  it('a sale the gateway refused: the card is emptied, saying why, and its payment says nothing was charged, with no status check', async () => {
    const page = session.page;
    await practice.fault('sale', { failure: 'error_envelope', times: 1 });
    await page.keyboard.press('Alt+4');
    await page.locator('#terminal-card-number').waitFor();
    await page.locator('#terminal-amount').fill('25.00');
    await page.locator('#terminal-card-number').fill(card.number);
    await page.locator('#terminal-card-holder').fill(card.holder);
    await page.locator('#terminal-card-expiryMonth').selectOption('01');
    await page.locator('#terminal-card-expiryYear').selectOption('2039');
    await page.locator('#terminal-card-cvv').fill(card.cvv);
    await page.locator('#terminal-customer-email').fill(customer.email);
    await page.locator('#terminal-customer-phone').fill(customer.phone);
    await page.locator('#terminal-orderId').fill('TRUTH-REFUSED');
    await page.getByRole('button', { name: 'Charge SAR 25.00' }).click();
    expect(await page.getByTestId('card-cleared').textContent()).toBe('The card’s details reached the gateway, so Paydesk does not keep them: type them again to try again. This attempt charged nothing.');
    expect(await page.locator('#terminal-card-number').inputValue()).toBe('');
    expect(await page.locator('#terminal-card-cvv').inputValue()).toBe('');

    await app.show();
    await app.search('TRUTH-REFUSED');
    await app.openPayment('TRUTH-REFUSED');
    const detail = page.locator('[data-testid="payment-detail"][data-state="not_created"]');
    await detail.waitFor();
    expect(await detail.getByTestId('detail-not-created').textContent()).toBe('The gateway did not create this payment: nothing was charged.');
    expect(await detail.getByRole('button', { name: 'Check status now' }).count()).toBe(0);
    await app.chooseLanguage('ar');
    expect(await detail.getByTestId('detail-not-created').textContent()).toBe('لم تُنشئ البوابة هذه الدفعة: لم يُخصم شيء.');
    expect(await detail.getByRole('button', { name: 'افحص الحالة الآن' }).count()).toBe(0);
    await app.chooseLanguage('en');
  });
});
