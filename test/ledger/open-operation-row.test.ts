// A payment's row in the list names the operation open on it and whether it is only being sent or
// its answer was lost ("Paid · refund unclear"), where it said "checking" alone: support could not
// tell a refund was in doubt without opening the payment. The list's rows (searchPayments), the
// payment itself and the payments export say the same. The real practice gateway over HTTP, on a
// laptop's SQLite ledger and on the team ledger (test/support/ledger-apps.ts).
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';

/** RFC 4180 as the export writes these rows (no quoted cells), as records by header name. */
function records(csv: string): Array<Record<string, string>> {
  const [header, ...lines] = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
  return lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}

describeLedgerApp('the operation open on a payment, in its row', (app) => {
  const sale = async (on: LedgerApp, orderId: string) => (await on.value<{ payment: PaymentView }>('chargeCard', { orderId, amount: '100.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;
  const row = async (on: LedgerApp, orderId: string) => (await on.value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: orderId } })).rows.find((r) => r.orderId === orderId)!;
  const exported = async (on: LedgerApp, orderId: string) => {
    const lines = records((await on.value<{ csv: string }>('exportPayments', { filter: { query: orderId } })).csv);
    expect(Object.keys(lines[0]!).slice(-7, -3)).toEqual(['open_operation', 'open_operation_state', 'open_operation_amount', 'profile_name']); // after every older column, before profile_name (walk37) and the minor units (walk38)
    const line = lines.find((r) => r.order_id === orderId)!;
    return [line.open_operation, line.open_operation_state, line.open_operation_amount];
  };

  it('names a refund being sent, then nothing once it is answered', async () => {
    const payment = await sale(app(), 'ROW-SENDING-1');
    expect(await row(app(), payment.orderId)).toMatchObject({ operationInFlight: false, openOperation: null });
    // The gateway answers late (within the client's 2 s): while the refund is on its way, the list names it.
    app().practice.gateway.faults.set('refund', { latencyMs: 1_200, times: 1 });
    const refunding = app().value<PaymentView>('refundPayment', { paymentId: payment.id, amount: '40.00', currency: 'SAR', reason: 'Part returned' });
    await expect.poll(async () => (await row(app(), payment.orderId)).operationInFlight, { timeout: 1_000, interval: 20 }).toBe(true);
    // Asked together: the refund's answer comes 1.2 s after it was sent.
    const [sending, detail] = await Promise.all([row(app(), payment.orderId), app().value<{ payment: PaymentView; operations: Array<{ outcome: string; createdAt: string }> }>('getPayment', { paymentId: payment.id })]);
    expect(sending).toMatchObject({ state: 'paid', openOperation: { kind: 'refund', outcome: 'sending', amountMinor: 4_000 } });
    // Since when, as the payment's own operation says: the row says "refund left open" once two minutes pass (left-open.ts).
    const sentAt = detail.operations.find((op) => op.outcome === 'sending')!.createdAt;
    expect(sending.openOperation!.sentAt).toBe(sentAt);
    expect(detail.payment.openOperation!.sentAt).toBe(sentAt);
    expect(await exported(app(), payment.orderId)).toEqual(['refund', 'being_sent', '40.00']);
    expect(await refunding).toMatchObject({ state: 'partially_refunded', operationInFlight: false, openOperation: null });
    expect(await row(app(), payment.orderId)).toMatchObject({ openOperation: null });
    expect(await exported(app(), payment.orderId)).toEqual(['', '', '']);
  });

  it('names a refund whose answer was lost, with its amount, in the list, the payment and the export, after a restart too', async () => {
    const payment = await sale(app(), 'ROW-LOST-1');
    app().practice.gateway.faults.set('refund', { failure: 'reset_after_processing', times: 1 });
    app().practice.gateway.faults.set('status', { failure: 'http_500' });
    try {
      const refunded = await app().value<PaymentView>('refundPayment', { paymentId: payment.id, amount: '50.00', currency: 'SAR', reason: 'Customer asked' });
      const lost = { kind: 'refund', outcome: 'unknown', amountMinor: 5_000 };
      expect(refunded).toMatchObject({ state: 'paid', operationInFlight: true, openOperation: lost });
      expect(await row(app(), payment.orderId)).toMatchObject({ state: 'paid', operationInFlight: true, openOperation: lost });
      expect((await app().value<{ payment: PaymentView }>('getPayment', { paymentId: payment.id })).payment).toMatchObject({ openOperation: lost });
      expect(await exported(app(), payment.orderId)).toEqual(['refund', 'unclear', '50.00']);
      // Paydesk started again: nothing in memory, the ledger says it.
      const again = await app().restart();
      expect(await row(again, payment.orderId)).toMatchObject({ openOperation: lost });
    } finally {
      app().practice.gateway.faults.set('status', null);
    }
  });

  it("names on a page of several payments each one's own open operation, and none on the others", async () => {
    const before = await sale(app(), 'ROW-PAGE-1');
    const lostOn = await sale(app(), 'ROW-PAGE-2');
    const after = await sale(app(), 'ROW-PAGE-3');
    app().practice.gateway.faults.set('refund', { failure: 'reset_after_processing', times: 1 });
    app().practice.gateway.faults.set('status', { failure: 'http_500' });
    try {
      await app().value<PaymentView>('refundPayment', { paymentId: lostOn.id, amount: '25.00', currency: 'SAR', reason: 'Customer asked' });
      const page = (await app().value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: 'ROW-PAGE-' } })).rows;
      expect(Object.fromEntries(page.map((r) => [r.orderId, [r.operationInFlight, r.openOperation]]))).toEqual({
        [before.orderId]: [false, null],
        [lostOn.orderId]: [true, { kind: 'refund', outcome: 'unknown', amountMinor: 2_500 }],
        [after.orderId]: [false, null],
      });
    } finally {
      app().practice.gateway.faults.set('status', null);
    }
  });
});
