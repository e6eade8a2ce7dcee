// Finance and support find "the refund of 12.500 KWD" on the audit screen in Chromium, in Arabic,
// typing the amount as they write it (Arabic-Indic digits, the Arabic decimal separator, the
// currency code): the rows of that refund, not another amount's; an amount no entry has says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Al-Sabah', email: 'huda@example.com', phone: '+96550000001' };

describe('the audit screen, searched by amount', () => {
  let session: E2eSession;

  beforeAll(async () => {
    session = await openSession();
    const tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await tx.chooseLanguage('ar');
  });
  afterAll(() => session?.close());

  it('finds the refund of 12.500 KWD typed as ١٢٫٥٠٠ KWD, and not the other refund', async () => {
    const payment = await cardSale(session.page, { orderId: 'AUD-KWD-1', amount: '20.000', currency: 'KWD', holder: 'HUDA AL-SABAH', customer });
    await callApi(session.page, 'refundPayment', { paymentId: payment.id, amount: '12.500', currency: 'KWD', reason: 'Two items returned' });
    await callApi(session.page, 'refundPayment', { paymentId: payment.id, amount: '1.250', currency: 'KWD', reason: 'Delivery fee' });
    await session.page.getByTestId('nav-audit').click();
    const table = session.page.getByTestId('audit-table');
    await table.locator('tbody tr', { hasText: 'AUD-KWD-1' }).first().waitFor();

    await session.page.locator('#audit-search').fill('١٢٫٥٠٠ KWD');
    const rows = table.locator('tbody tr');
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes('12.500')) && (await rows.count()) > 0).toBe(true);
    const texts = await rows.allTextContents();
    expect(texts.every((text) => text.includes('AUD-KWD-1'))).toBe(true);
    expect(texts.some((text) => text.includes('1.250'))).toBe(false);
    await session.screenshot('audit-amount-search-ar');

    await session.page.locator('#audit-search').fill('12.5 JPY');
    await session.page.getByTestId('audit-empty').waitFor();
  });
});
