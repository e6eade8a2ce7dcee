// A refund whose answer is lost while the gateway's status fails too, in Chromium through the
// preview against the practice gateway's faults, as support meets it (docs/screens-after-sale.md,
// "When an answer is lost"): Needs attention lists it at once with what was sent (it said "Nothing
// needs attention." until 5 failed checks flagged it, about 23 minutes), a notification says it,
// Home counts it and one press opens Needs attention, and once a check settles it both empty by
// themselves (main's events; no reload).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Rana Dosari', email: 'rana@example.com', phone: '+966500000012' };

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

describe('a refund whose answer is lost, seen by support at once', () => {
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
    await practice?.fault('status', null);
    await session?.close();
  });

  it('is in Needs attention and on Home at once, said in a notification, and leaves both by itself once settled', async () => {
    const page = session.page;
    const payment = await cardSale(page, { orderId: 'LOST-AT-ONCE-1', amount: '100.00', currency: 'SAR', holder: 'RANA DOSARI', customer });
    await practice.fault('refund', { failure: 'reset_after_processing', times: 1 });
    await practice.fault('status', { failure: 'http_500' });
    await tx.show();
    await tx.openPayment('LOST-AT-ONCE-1');
    await tx.startAction('refund');
    await tx.fillAmount('100');
    await tx.dialog.getByLabel(/^Reason/).fill('Customer asked');
    await tx.sendButton.click();
    await page.getByTestId('outcome-unknown').waitFor();
    await tx.dialog.getByRole('button', { name: 'Close' }).click();
    // The payment's detail names what was sent (it said "the last operation").
    await expect.poll(async () => plain(await page.getByTestId('detail-in-flight').textContent())).toBe('The refund of SAR 100.00 was sent, but its answer was lost: it may or may not have gone through. Paydesk is checking. Check the status before doing anything else.');

    const told = page.getByTestId('notifications').locator('p', { hasText: 'LOST-AT-ONCE-1' }); // the words, not the id drawn in them
    await told.waitFor();
    expect(plain(await told.textContent())).toBe('Refund of SAR 100.00 on LOST-AT-ONCE-1 sent, answer not received; Paydesk is checking. It is in Needs attention until it is settled.');

    // The navigation's entry, its name with how many wait once counted ("Needs attention: 1 payment waiting").
    await page.getByRole('navigation').getByRole('button', { name: /^Needs attention/ }).click();
    const row = page.getByTestId('attention-LOST-AT-ONCE-1');
    await row.waitFor();
    // What was sent comes first; a scheduled status check that failed meanwhile (a loaded machine) adds its sentence after it.
    expect(plain(await row.locator('td').nth(4).textContent())).toMatch(/^Refund of SAR 100\.00 sent, answer not received; checking(?:$|\. The status check at .+ failed\.)/);
    await session.screenshot('attention-answer-lost-en');
    await tx.chooseLanguage('ar');
    await expect.poll(async () => plain(await row.locator('td').nth(4).textContent())).toMatch(/^أُرسل استرداد .*100\.00.*، ولم يصل الرد؛ جارٍ الفحص(?:$|[.\s])/);
    await tx.chooseLanguage('en');

    await page.getByRole('button', { name: 'Home', exact: true }).click();
    const homeLine = page.getByTestId('ov-attention');
    await expect.poll(() => homeLine.textContent()).toBe('1 payment needs attention');
    await homeLine.click();
    await row.waitFor();

    // The status answers again: "refunded in full" settles it; the page open on Needs attention empties by itself.
    await practice.fault('status', null);
    await callApi(page, 'checkPaymentStatus', { paymentId: payment.id });
    await expect.poll(() => page.getByTestId('attention-empty').textContent()).toBe('Nothing needs attention.');
    await page.getByRole('button', { name: 'Home', exact: true }).click();
    await expect.poll(() => homeLine.textContent()).toBe('Nothing needs attention');
    const refunds = (await practice.records()).filter((r) => r.operation === 'refund');
    expect(refunds).toHaveLength(1);
  }, 60_000);
});
