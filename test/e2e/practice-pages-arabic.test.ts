// A customer whose browser reads Arabic pays a practice payment link, in Chromium through the
// preview: the gateway's page is in Arabic, right to left, its amount as Paydesk shows it; "Fill in"
// puts the test card in, Pay ends on the Arabic result page, and the app's links list shows it paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { artifactsDir, openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { GetPaidPage } from './pages/get-paid-page';
import { formatAmount } from '../../renderer/src/i18n/format';

const customer = { name: 'Noura Al-Qahtani', email: 'noura@example.com', phone: '+966500000031' };

describe('the practice payment page in Arabic', () => {
  let session: E2eSession;
  let app: GetPaidPage;
  let customerBrowser: BrowserContext;

  beforeAll(async () => {
    session = await openSession();
    app = new GetPaidPage(session.page);
    await app.open(session.preview.url);
    customerBrowser = await session.browser.newContext({ locale: 'ar-SA', viewport: { width: 800, height: 900 } }); // Accept-Language: ar-SA
  });
  afterAll(async () => {
    await customerBrowser?.close();
    await session?.close();
  });

  it('is paid with a filled-in test card in Arabic, ends on the Arabic result page, and the list shows it paid', async () => {
    const made = await callApi<{ url: string }>(session.page, 'createPaymentLink', { orderId: 'AR-LINK-1', amount: '150.00', currency: 'SAR', description: 'فاتورة 12', customer });
    const tab = await customerBrowser.newPage();
    await tab.goto(made.url);
    expect(await tab.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await tab.locator('.amount').textContent()).toBe(formatAmount(15_000, 'SAR', 'ar'));
    await tab.getByText('بطاقات الاختبار').click();
    await tab.getByRole('listitem').filter({ hasText: 'مقبولة' }).getByRole('link', { name: 'املأ بها' }).click();
    expect(await tab.getByLabel('رقم البطاقة').inputValue()).toBe('5123 4500 0000 0008');
    expect(await tab.getByLabel('رقم البطاقة').evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
    await tab.getByRole('navigation', { name: 'اللغة' }).getByRole('link', { name: 'English' }).waitFor(); // the switch, seen
    await tab.screenshot({ path: join(artifactsDir, 'practice-pay-page-ar.png'), fullPage: true });

    await tab.getByRole('button', { name: 'ادفع', exact: true }).click();
    await tab.getByRole('heading', { name: 'تم الدفع' }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/done');
    expect(await tab.locator('html').getAttribute('lang')).toBe('ar');
    await tab.close();

    await app.openScreen('links');
    await app.waitForLinkState('AR-LINK-1', 'paid');
    expect(await app.linkRow('AR-LINK-1').getByTestId('payment-state').textContent()).toBe('Paid');
  });
});
