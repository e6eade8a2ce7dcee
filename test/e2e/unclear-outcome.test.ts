// A refund whose answer is lost while the gateway's status fails too, in Chromium through the
// preview against the practice gateway's faults, as the walkthrough of 2026-11-29 did it
// (docs/screens-after-sale.md, "When an answer is lost"): the keyboard stays on "Check status now"
// (Chromium dropped it to the page's body behind the modal dialog, twice), the failed check is said,
// the check that cannot decide it says to settle it by hand, and settling it sends nothing again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Otaibi', email: 'huda@example.com', phone: '+966500000011' };
const focusedTestId = (session: E2eSession) => session.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

describe('a refund whose answer is lost, the status failing too', () => {
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

  it('keeps the keyboard on "Check status now", says a failed check, then leads to settling by hand: one refund at the gateway', async () => {
    const payment = await cardSale(session.page, { orderId: 'UNCLEAR-WALK-1', amount: '100.00', currency: 'SAR', holder: 'HUDA OTAIBI', customer });
    await practice.fault('refund', { failure: 'reset_after_processing', times: 1 });
    await practice.fault('status', { failure: 'http_500' });
    await tx.show();
    await tx.openPayment('UNCLEAR-WALK-1');
    await tx.startAction('refund');
    await tx.fillAmount('30');
    await tx.dialog.getByLabel(/^Reason/).fill('Customer asked');
    await tx.sendButton.click();
    await session.page.getByTestId('outcome-unknown').waitFor();
    await expect.poll(() => focusedTestId(session)).toBe('check-status');

    const check = session.page.getByTestId('check-status');
    await check.click();
    await expect.poll(() => check.textContent()).toBe('Checking…');
    const failed = tx.dialog.locator('.form-error[role="alert"]');
    await failed.waitFor();
    expect(await failed.textContent()).toMatch(/The gateway reported an error/);
    await expect.poll(() => focusedTestId(session)).toBe('check-status');
    await tx.dialog.getByRole('button', { name: 'Close' }).click();

    // The status answers again: "Approved, Purchase" without totals cannot say whether 30.00 was refunded.
    await practice.fault('status', null);
    await session.page.getByTestId('action-status').click();
    // The note names what to look up; the check's line does not say it all again (the fifteenth walk).
    await expect.poll(() => session.page.getByTestId('detail-notice').textContent()).toBe('Status checked: the gateway’s answer still cannot tell whether it went through. The next step is in the note above.');
    await expect.poll(() => focusedTestId(session)).toBe('action-status');
    expect(await session.page.getByTestId('attention-undecidable').textContent()).toMatch(/cannot tell whether the last refund went through/);
    expect(await session.page.getByTestId('detail-in-flight').count()).toBe(0);
    await session.screenshot('unclear-refund-settle-by-hand-en');

    await session.page.getByTestId('action-settle').click();
    const settle = session.page.getByTestId('settle-dialog');
    await settle.getByLabel('went through').check();
    await settle.getByLabel(/What you saw/).fill('Dashboard shows a refund of 30.00 SAR');
    await session.page.getByTestId('settle-send').click();
    await tx.detailState('partially_refunded');
    const refunds = (await practice.records()).filter((r) => r.operation === 'refund' && r.transactionId === payment.transactionId);
    expect(refunds).toHaveLength(1);
  }, 60_000);
});
