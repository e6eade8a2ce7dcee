// A new payment's own answer (a card sale's, a repeat charge's) recorded on one laptop while the
// other laptop records a status answer about the same payment must not write over what that
// status answer recorded (issue 15). Sue's sale goes through at the gateway, but its answer is slow
// to reach her laptop; meanwhile the sale is refunded in full on the gateway's dashboard and ada's
// laptop checks the payment: refunded. When sue's answer ("approved") is then recorded, it must be
// read with the refund, not with the payment as it was before ada's check committed: the create's
// answer once took no lock, read the payment while ada's check held its row, and wrote "paid,
// nothing refunded" over the refund. Here ada's check is held inside its transaction (the
// status-check table locked by the superuser) until sue's answer waits for the payment.
// The same holds for an order tried again after "not created": its intent reads the payment held,
// so a status answer another laptop records meanwhile ("created after all, and paid": the first
// request arrived late) is seen, and the order is not sent a second time.
import { expect, it } from 'vitest';
import { AppFailure } from '../../../contract/result';
import { createGatewayClient } from '../../../main/gateway/client';
import type { PaymentView } from '../../../contract/methods/payments';
import { describeWithPostgres } from '../../support/postgres-tests';
import { approveCard, testCustomer } from '../../support/practice';
import { connectionBroken, heldFetch, type HeldFetch } from '../../support/held-fetch';
import type { TeamLaptop } from '../../support/team-laptops';
import { teamRace } from '../../support/team-race';

describeWithPostgres('a new payment’s answer recorded on one laptop while the other records a status answer, on the team ledger', () => {
  const race = teamRace();

  /**
   * `create` starts sue's payment (its answer held on the wire); the gateway's dashboard refunds it
   * in full; ada's status check records it refunded while sue's answer is recorded. Answers the
   * payment as the team ledger keeps it once both are done.
   */
  async function raceTheAnswer(sue: TeamLaptop, ada: TeamLaptop, slow: HeldFetch, create: () => Promise<PaymentView>, orderId: string) {
    const created = create();
    await Promise.race([slow.reached, created.then(() => Promise.reject(new Error('the payment was answered before its answer was held')))]);
    // On the gateway's dashboard: the whole payment refunded, while sue's laptop still waits for its answer.
    const made = race.practice.gateway.records().find((r) => r.orderId === orderId && r.transactionId)!;
    const dashboard = createGatewayClient({ logger: race.practice.logger, sleep: async () => {} });
    const refunded = await dashboard.refund(race.practice.conn, { transactionId: made.transactionId!, amount: { minor: made.amountMinor!, currency: made.currency! }, reason: 'Refunded on the dashboard' });
    expect(refunded.ok).toBe(true);
    const payment = (await ada.service.store.byOrderId('practice', orderId))!;
    expect(payment.state).toBe('creating');

    // Ada's check records the refund and is held before it commits (its status-check row waits on the table).
    await race.superuser.query('BEGIN');
    await race.superuser.query('LOCK TABLE paydesk.status_checks IN SHARE MODE');
    const checked = ada.service.refresh(payment.id, 'status');
    await race.waitingOnALock(ada.login);
    // Sue's answer arrives now: its transaction waits for the payment ada's check holds.
    slow.letGo();
    await race.waitingOnALock(sue.login);
    await race.superuser.query('COMMIT');
    // Refunded, its amount not known: the word REFUND says a refund was made, not how much (walk35).
    expect(await checked).toMatchObject({ state: 'refunded', capturedMinor: made.amountMinor, refundedMinor: 0 });
    await created;
    return (await sue.service.store.get(payment.id))!;
  }

  it('a card sale’s answer keeps a refund another laptop’s status check recorded meanwhile', async () => {
    const slow = heldFetch('/s2s/sale', { at: 'after' });
    const sue = race.open('support', { name: 'sue-desk', fetch: slow.fetch, timeoutMs: 120_000 });
    const ada = race.open('admin', { name: 'ada-desk' });
    const orderId = `PD-RACE-SALE-${Date.now()}`;
    const after = await raceTheAnswer(sue, ada, slow, async () => (await sue.service.chargeCard({ orderId, amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, sue.ctx)).payment, orderId);
    expect({ state: after.state, captured: after.captured_minor, refunded: after.refunded_minor }).toEqual({ state: 'refunded', captured: 10_000, refunded: 0 });
    expect((await sue.service.store.operationsOf(after.id)).map((op) => [op.kind, op.outcome])).toEqual([['create', 'succeeded']]);
  });

  it('a repeat charge’s answer keeps a refund another laptop’s status check recorded meanwhile', async () => {
    const slow = heldFetch('/s2s/recurring', { at: 'after' });
    const sue = race.open('support', { name: 'sue-desk-2', fetch: slow.fetch, timeoutMs: 120_000 });
    const ada = race.open('admin', { name: 'ada-desk-2' });
    const { payment: first } = await sue.service.chargeCard({ amount: '50.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false, recurringInit: true }, sue.ctx);
    expect(first).toMatchObject({ state: 'paid' });
    const orderId = `PD-RACE-REPEAT-${Date.now()}`;
    const after = await raceTheAnswer(sue, ada, slow, () => sue.service.chargeRecurring({ paymentId: first.id, orderId, amount: '30.00', currency: 'SAR', description: 'Monthly box' }, sue.ctx), orderId);
    expect({ state: after.state, captured: after.captured_minor, refunded: after.refunded_minor, parent: after.parent_payment_id }).toEqual({ state: 'refunded', captured: 3_000, refunded: 0, parent: first.id });
  });

  it('an order tried again after “not created” is refused, not sent again, when another laptop’s status check finds it paid meanwhile', async () => {
    // Sue's first request is stuck on the way (a proxy holds it): her laptop sees the connection break.
    let late: (() => Promise<Response>) | undefined;
    const stuckOnce: typeof globalThis.fetch = async (url, init) => {
      if (String(url).includes('/s2s/sale') && !late) {
        late = () => globalThis.fetch(url, { ...init, signal: undefined });
        throw new TypeError('fetch failed');
      }
      return globalThis.fetch(url, init);
    };
    const sue = race.open('support', { name: 'sue-desk-3', fetch: stuckOnce });
    const ada = race.open('admin', { name: 'ada-desk-3' });
    const orderId = `PD-RACE-RETRY-${Date.now()}`;
    const sale = () => sue.service.chargeCard({ orderId, amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, sue.ctx);
    const { payment } = await sale();
    expect(payment.state).toBe('unknown');
    // Ada's check: the gateway has no such order, so it was not created (and may be tried again).
    expect(await ada.service.refresh(payment.id, 'status')).toMatchObject({ state: 'not_created' });
    // The stuck request arrives now: the gateway makes the sale.
    expect((await late!()).ok).toBe(true);

    // Ada's next check finds it paid and is held before it commits; sue tries the order again meanwhile.
    await race.superuser.query('BEGIN');
    await race.superuser.query('LOCK TABLE paydesk.status_checks IN SHARE MODE');
    const checked = ada.service.refresh(payment.id, 'status');
    await race.waitingOnALock(ada.login);
    const retried = sale().then(() => undefined, (e: unknown) => e);
    await race.waitingOnALock(sue.login);
    await race.superuser.query('COMMIT');
    expect(await checked).toMatchObject({ state: 'paid', capturedMinor: 10_000 });
    const refused = await retried;
    const after = (await sue.service.store.get(payment.id))!;
    expect({ state: after.state, captured: after.captured_minor, sales: (await sue.service.store.operationsOf(payment.id)).filter((op) => op.kind === 'create').length }).toEqual({ state: 'paid', captured: 10_000, sales: 1 });
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).toError()).toMatchObject({ code: 'conflict', reason: { key: 'rule.orderExists' } });
    expect(race.practice.gateway.records().filter((r) => r.orderId === orderId && r.operation === 'sale')).toHaveLength(1);
  });

  it('a sale whose answer was lost leaves the state another laptop’s status check recorded meanwhile, not “unknown”', async () => {
    // The sale reaches the gateway, but the connection breaks before its answer: unclear on sue's laptop.
    const lost = heldFetch('/s2s/sale', { at: 'after', answer: connectionBroken });
    const sue = race.open('support', { name: 'sue-desk-4', fetch: lost.fetch, timeoutMs: 120_000 });
    const ada = race.open('admin', { name: 'ada-desk-4' });
    const orderId = `PD-RACE-LOST-${Date.now()}`;
    const created = sue.service.chargeCard({ orderId, amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, sue.ctx);
    await lost.reached;
    const payment = (await ada.service.store.byOrderId('practice', orderId))!;
    expect(await ada.service.refresh(payment.id, 'status')).toMatchObject({ state: 'paid', capturedMinor: 10_000 });
    lost.letGo();
    await created;
    const after = (await sue.service.store.get(payment.id))!;
    expect({ state: after.state, captured: after.captured_minor }).toEqual({ state: 'paid', captured: 10_000 });
    // The unclear create stays for the next check to settle (the payment is checked again).
    expect((await sue.service.store.openOperations(payment.id)).map((op) => [op.kind, op.outcome])).toEqual([['create', 'unknown']]);
  });

  it('a sale refused after another laptop’s status check found it paid is kept as unclear, not “not created” (never sent again)', async () => {
    // The sale goes through at the gateway, but what reaches sue's laptop is a refusal (a proxy or
    // a gateway contradicting itself): recording "not created" would let the order be sent again.
    const refusal = () => new Response(JSON.stringify({ code: 400, message: 'Invalid request', errorCode: 'INVALID_REQUEST' }), { status: 400, headers: { 'content-type': 'application/json' } });
    const contradicting = heldFetch('/s2s/sale', { at: 'after', answer: refusal });
    const sue = race.open('support', { name: 'sue-desk-5', fetch: contradicting.fetch, timeoutMs: 120_000 });
    const ada = race.open('admin', { name: 'ada-desk-5' });
    const orderId = `PD-RACE-REFUSED-${Date.now()}`;
    const created = sue.service.chargeCard({ orderId, amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, sue.ctx);
    await contradicting.reached;
    const payment = (await ada.service.store.byOrderId('practice', orderId))!;
    expect(await ada.service.refresh(payment.id, 'status')).toMatchObject({ state: 'paid', capturedMinor: 10_000 });
    contradicting.letGo();
    expect((await created).payment).toMatchObject({ state: 'paid' });
    const after = (await sue.service.store.get(payment.id))!;
    expect({ state: after.state, captured: after.captured_minor }).toEqual({ state: 'paid', captured: 10_000 });
    expect((await sue.service.store.openOperations(payment.id)).map((op) => [op.kind, op.outcome])).toEqual([['create', 'unknown']]);
    // Tried again, the order is refused: it exists.
    await expect(sue.service.chargeCard({ orderId, amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, sue.ctx)).rejects.toMatchObject({ code: 'conflict' });
    expect(race.practice.gateway.records().filter((r) => r.orderId === orderId && r.operation === 'sale')).toHaveLength(1);
  });
});
