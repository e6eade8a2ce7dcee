// A repeat charge the gateway refuses, and one whose answer is lost, as support sees them on the
// first payment's open detail, in Chromium through the preview with the practice gateway's faults:
// each new charge is listed under "Repeat charges of this card" at once (it was left out until the
// payment was opened again), and the lost one's "Check status now" asks about the new charge, which
// it names, not about the first payment (walkthrough of 2026-11-29).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Nasser', email: 'huda@example.com', phone: '+96550000044' };
type Made = { id: string; orderId: string };

describe('a refused and an unclear repeat charge on the first payment\'s detail', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
  });
  afterAll(() => session?.close());

  /** A KWD card sale with the card saved for repeat charges, open in its detail, "Charge again" pressed and a description typed. */
  async function chargeAgainFrom(orderId: string): Promise<Made> {
    const first = await cardSale<Made>(session.page, { orderId, amount: '12.500', currency: 'KWD', holder: 'HUDA NASSER', customer, recurringInit: true });
    await tx.show();
    await tx.openPayment(orderId);
    await tx.startAction('recurring');
    await tx.dialog.locator('#action-description').fill('December box');
    return first;
  }

  it('lists a refused repeat charge under the first payment as soon as the refusal is shown, in Arabic at 600 px', async () => {
    await session.page.setViewportSize({ width: 600, height: 900 });
    await tx.chooseLanguage('ar');
    await chargeAgainFrom('SUB-REFUSED-1');
    await (await practiceControl(session.page, session.preview.dataDir)).fault('recurring', { failure: 'error_envelope', times: 1 });
    await tx.sendButton.click();
    await tx.dialog.getByRole('alert').first().waitFor();
    await tx.dialog.getByRole('button', { name: 'تراجع' }).click();
    const repeats = tx.detail.getByTestId('related-payments');
    await repeats.locator('li').first().waitFor();
    expect(await repeats.locator('li').count()).toBe(1);
    expect(await repeats.locator('li').first().textContent()).toContain('لم تُنشأ'); // "Not created"
    await session.screenshot('recurring-refused-listed-ar-600');
  });

  it('checks the status of the new charge, which it names, after a repeat charge whose answer was lost, in English', async () => {
    await session.page.setViewportSize({ width: 1280, height: 900 });
    await tx.chooseLanguage('en');
    const first = await chargeAgainFrom('SUB-LOST-1');
    await (await practiceControl(session.page, session.preview.dataDir)).fault('recurring', { failure: 'reset_after_processing', times: 1 });
    await tx.sendButton.click();
    const unknown = tx.dialog.getByTestId('outcome-unknown');
    await unknown.waitFor();
    const named = (await unknown.getByTestId('unknown-new-charge').textContent())!;
    const newOrderId = /PD-[\w-]+/.exec(named)?.[0];
    expect(newOrderId).toBeDefined();
    // Listed under the first payment already, behind the dialog.
    await tx.detail.getByTestId('related-payments').getByText(newOrderId!).waitFor({ state: 'attached' });
    const asked = session.page.waitForRequest((request) => request.url().includes('/api/call/checkPaymentStatus'));
    await unknown.getByTestId('check-status').click();
    const checked = JSON.parse((await asked).postData()!) as { paymentId: string };
    expect(checked.paymentId).not.toBe(first.id);
    await tx.dialog.waitFor({ state: 'detached' });
    const row = tx.detail.getByTestId('related-payments').locator('li', { hasText: newOrderId! });
    await row.getByText('Paid').waitFor();
    await session.screenshot('recurring-lost-checked-en');
  });
});
