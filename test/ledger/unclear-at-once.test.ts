// A refund whose answer was lost is in Needs attention and Home's count at once, with what was
// sent, and told in a notification, before any status check flags it (that took 5 failed checks, about 23 minutes), after
// Paydesk starts again too, and leaves both once its outcome is known. On a laptop's SQLite
// ledger and on the team ledger (test/support/ledger-apps.ts).
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import type { MethodName } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';

type Unclear = { rows: Array<{ payment: PaymentView; operation: { kind: string; amountMinor: number | null; sentAt: string } }> };

describeLedgerApp('an operation whose answer was lost', (app) => {
  async function value<T>(on: LedgerApp, name: string, input: unknown): Promise<T> {
    const result = await on.call<T>(name as MethodName, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
    return result.value;
  }
  const homeCount = (on: LedgerApp, profileId = 'practice') => value<{ needsAttention?: number }>(on, 'getOverview', { profileId, periods: [{ from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }], now: new Date().toISOString() }).then((o) => o.needsAttention);
  const unclear = (on: LedgerApp) => value<Unclear>(on, 'listUnclearOperations', {}).then((u) => u.rows);

  it('is listed with the refund sent and counted on Home at once, after a restart too, and leaves both once settled', async () => {
    const { payment } = await value<{ payment: PaymentView }>(app(), 'chargeCard', { amount: '100.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
    expect(await unclear(app())).toEqual([]);
    expect(await homeCount(app())).toBe(0);

    app().practice.gateway.faults.set('refund', { failure: 'reset_after_processing', times: 1 });
    app().practice.gateway.faults.set('status', { failure: 'http_500' });
    const refunded = await value<PaymentView>(app(), 'refundPayment', { paymentId: payment.id, amount: '100', currency: 'SAR', reason: 'Customer asked' });
    expect(refunded).toMatchObject({ state: 'paid', operationInFlight: true, needsAttention: false });
    // Told at once, in the window and as an OS notification (level error: "Paydesk: needs attention").
    const told = app().events.filter((e) => e.type === 'notification' && e.paymentId === payment.id);
    expect(told).toMatchObject([{ level: 'error', reason: { key: 'notify.answerLost.refund', values: { orderId: payment.orderId, amountMinor: 10_000, currency: 'SAR' } } }]);
    expect((told[0] as { message: string }).message.replace(/[\u2066-\u2069]/g, '')).toBe(`Refund of SAR\u00a0100.00 on ${payment.orderId} sent, answer not received; Paydesk is checking. It is in Needs attention until it is settled.`);

    const listed = await unclear(app());
    expect(listed).toMatchObject([{ payment: { id: payment.id, orderId: payment.orderId, operationInFlight: true, needsAttention: false }, operation: { kind: 'refund', amountMinor: 10_000 } }]);
    expect(Number.isNaN(Date.parse(listed[0]!.operation.sentAt))).toBe(false);
    expect(await homeCount(app())).toBe(1);
    // Home showing another profile's figures still counts it: its line leads to Needs attention,
    // which lists every profile's (the count and the list it opens agree).
    expect(await homeCount(app(), 'shop-riyadh')).toBe(1);

    // Paydesk started again: nothing in memory, the ledger says it.
    const again = await app().restart();
    expect((await unclear(again)).map((r) => r.payment.id)).toEqual([payment.id]);
    expect(await homeCount(again)).toBe(1);

    // The status answers again ("refunded in full"): settled, gone from both.
    app().practice.gateway.faults.set('status', null);
    expect(await value<PaymentView>(again, 'checkPaymentStatus', { paymentId: payment.id })).toMatchObject({ state: 'refunded', operationInFlight: false });
    expect(await unclear(again)).toEqual([]);
    expect(await homeCount(again)).toBe(0);
    expect(app().practice.gateway.records().filter((r) => r.operation === 'refund' && r.transactionId === payment.transactionId)).toHaveLength(1);
  });

  it('a refund a crash left sending is told at the next start, once, and never sent again', async () => {
    app().practice.gateway.faults.set('status', null);
    const { payment } = await value<{ payment: PaymentView }>(app(), 'chargeCard', { amount: '90.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
    // What a kill between "recorded" and "answered" leaves: the refund's intent, as the flow records it.
    await app().store.insertOperation({ id: randomUUID(), payment_id: payment.id, kind: 'refund', amount_minor: 4_000, base_minor: 0, reason: 'Customer asked', os_user: 'tester', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: new Date().toISOString(), completed_at: null });

    const again = await app().restart();
    const told = again.events.filter((e) => e.type === 'notification' && e.paymentId === payment.id);
    expect(told).toMatchObject([{ level: 'error', reason: { key: 'notify.answerLost.refund', values: { orderId: payment.orderId, amountMinor: 4_000, currency: 'SAR' } } }]);
    expect((told[0] as { message: string }).message.replace(/[\u2066-\u2069]/g, '')).toBe(`Refund of SAR\u00a040.00 on ${payment.orderId} sent, answer not received; Paydesk is checking. It is in Needs attention until it is settled.`);
    expect((await unclear(again)).filter((r) => r.payment.id === payment.id)).toMatchObject([{ operation: { kind: 'refund', amountMinor: 4_000 } }]);

    // Started once more: already said, not said again; and nothing reached the gateway.
    const third = await again.restart();
    expect(third.events.filter((e) => e.type === 'notification' && e.paymentId === payment.id)).toEqual([]);
    expect(app().practice.gateway.records().filter((r) => r.operation === 'refund' && r.transactionId === payment.transactionId)).toEqual([]);
  });

  it('counts a payment once when it is flagged as well', async () => {
    app().practice.gateway.faults.set('status', null);
    const before = await homeCount(app());
    const { payment } = await value<{ payment: PaymentView }>(app(), 'chargeCard', { amount: '40.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
    app().practice.gateway.faults.set('refund', { failure: 'reset_after_processing', times: 1 });
    await value(app(), 'refundPayment', { paymentId: payment.id, amount: '10', currency: 'SAR', reason: 'Part of it' });
    // "Approved" without totals cannot say whether 10.00 of 40.00 was refunded: flagged at once.
    expect(await value<PaymentView>(app(), 'checkPaymentStatus', { paymentId: payment.id })).toMatchObject({ needsAttention: true, attentionReason: 'undecidable', operationInFlight: true });
    expect((await unclear(app())).filter((r) => r.payment.id === payment.id)).toHaveLength(1);
    expect(await homeCount(app())).toBe(before! + 1);
  });

  // The screen walk of 2026-12-01: 1,025 older lost answers on the seeded ledger, each answer 500 at
  // most, oldest first: the refund lost a moment ago was in neither of Needs attention's orders.
  it('lists newest first when asked, so the one just lost is on the first answer however many older ones wait', async () => {
    app().practice.gateway.faults.set('status', null);
    const lost: string[] = [];
    for (const amount of ['11.00', '12.00', '13.00']) {
      const { payment } = await value<{ payment: PaymentView }>(app(), 'chargeCard', { amount, currency: 'SAR', card: goodCard, customer, authOnly: false });
      app().practice.gateway.faults.set('refund', { failure: 'reset_after_processing', times: 1 });
      await value(app(), 'refundPayment', { paymentId: payment.id, amount: '1', currency: 'SAR', reason: 'Part of it' });
      lost.push(payment.id);
    }
    const all = (await unclear(app())).map((r) => r.payment.id);
    expect(all.slice(-3)).toEqual(lost);
    const oldest = await value<Unclear>(app(), 'listUnclearOperations', { limit: 1 });
    expect(oldest.rows.map((r) => r.payment.id)).toEqual([all[0]]);
    const newest = await value<Unclear>(app(), 'listUnclearOperations', { limit: 2, direction: 'desc' });
    expect(newest.rows.map((r) => r.payment.id)).toEqual([lost[2], lost[1]]);
    expect(newest.rows[0]!.operation).toMatchObject({ kind: 'refund', amountMinor: 100 });
  });
});
