// Paydesk killed (SIGKILL) while a refund was on the wire, started again on the same data folder:
// the person is told in the window, as a lost answer is, that the refund is in doubt (it was in
// Needs attention, but nothing said so). In Chromium through the preview; English, then Arabic.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Maha Zahrani', email: 'maha@example.com', phone: '+966500000032' };
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

describe('a refund a crash left sending', () => {
  const sessions: E2eSession[] = [];
  let dataDir = '';
  afterAll(async () => {
    for (const s of sessions) await s.close().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is told at the next start, in the window, in the reader\'s language', async () => {
    // Killed below, never closed: its close would remove the data folder the second start opens.
    const first = await openSession();
    dataDir = first.preview.dataDir;
    const tx = new TransactionsPage(first.page);
    await tx.open(first.preview.url);
    const practice = await practiceControl(first.page, dataDir);
    const payment = await cardSale(first.page, { orderId: 'CRASH-TOLD-1', amount: '100.00', currency: 'SAR', holder: 'MAHA ZAHRANI', customer });
    await practice.fault('refund', { failure: 'hang' });
    void callApi(first.page, 'refundPayment', { paymentId: payment.id, amount: '40', currency: 'SAR', reason: 'Customer asked' }).catch(() => undefined);
    // Recorded as being sent (its intent committed), its answer not yet: then the plug is pulled.
    await expect.poll(async () => (await callApi<{ payment: { operationInFlight: boolean } }>(first.page, 'getPayment', { paymentId: payment.id })).payment.operationInFlight).toBe(true);
    await first.preview.kill();
    await first.browser.close();

    const second = await openSession({ dataDir });
    sessions.push(second);
    const again = new TransactionsPage(second.page);
    await again.open(second.preview.url);
    const told = second.page.getByTestId('notifications').locator('p', { hasText: 'CRASH-TOLD-1' }); // the words, not the id drawn in them
    await told.waitFor();
    expect(plain(await told.textContent())).toBe('Refund of SAR 40.00 on CRASH-TOLD-1 sent, answer not received; Paydesk is checking. It is in Needs attention until it is settled.');
    await again.chooseLanguage('ar');
    await expect.poll(async () => plain(await second.page.getByTestId('notifications').locator('p').first().textContent())).toMatch(/^أُرسل استرداد .*40\.00.* للطلب CRASH-TOLD-1، ولم يصل الرد؛ يفحص بايدسك الأمر\. سيبقى في «تحتاج إلى متابعة» حتى يُحسم\.$/);
  }, 120_000);
});
