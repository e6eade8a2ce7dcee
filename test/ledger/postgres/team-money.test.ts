// The payments service on the team ledger: two laptops (sue and ada, each a payments service
// with its own connections to one team database) and one practice gateway over HTTP. A refund
// while another person's refund of the same payment is on the wire is refused before anything is
// sent, naming that person; exactly one refund request reaches the gateway.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppFailure } from '../../../contract/result';
import { createEventHub } from '../../../main/core/event-hub';
import { createGatewayClient } from '../../../main/gateway/client';
import { createPostgresLedgerStore } from '../../../main/ledger/postgres/pg-store';
import { createPaymentsService } from '../../../main/payments/payments-service';
import { requireProductionConfirmation } from '../../../main/profiles/production-guard';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { teamLaptops } from '../../support/team-laptops';
import { approveCard, startTestGateway, testCustomer } from '../../support/practice';

describeWithPostgres('money on the team ledger, from two laptops', () => {
  let practice: Awaited<ReturnType<typeof startTestGateway>>;
  const pools: pg.Pool[] = [];
  let database: string;
  /** Sue's refund requests wait here until the test lets them go (her refund is "on the wire"). */
  let releaseSue!: () => void;
  const sueOnTheWire = new Promise<void>((resolve) => (releaseSue = resolve));

  beforeAll(async () => {
    practice = await startTestGateway();
    database = await teamServer().createTeamDatabase();
  });
  afterAll(async () => {
    releaseSue();
    await Promise.all(pools.map((p) => p.end()));
    await laptops.close();
    await practice?.gateway.close();
  });

  const laptops = teamLaptops();
  const laptop = (role: 'support' | 'admin', fetch?: typeof globalThis.fetch, name?: string) => laptops.open(database, practice, role, { fetch, name });

  it('a refund while another person’s refund of the payment is on the wire is refused, naming them; one request reaches the gateway', async () => {
    const held: typeof globalThis.fetch = async (url, init) => {
      if (String(url).includes('refund')) await sueOnTheWire;
      return globalThis.fetch(url, init);
    };
    const sue = laptop('support', held);
    const ada = laptop('admin');
    const orderId = `PD-TEAM-${randomUUID().slice(0, 8)}`;
    const { payment } = await sue.service.chargeCard({ orderId, amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, sue.ctx);
    expect(payment).toMatchObject({ state: 'paid', capturedMinor: 10_000 });

    const suesRefund = sue.service.moneyOperation(sue.ctx, { paymentId: payment.id, kind: 'refund', amount: '100.00', currency: 'SAR', reason: 'Customer returned it' });
    // Her intent is committed before her request leaves: ada's laptop sees it open.
    await expect.poll(async () => (await ada.service.store.openOperations(payment.id)).map((op) => [op.kind, op.db_user])).toEqual([['refund', 'sue']]);

    const adas = await ada.service.moneyOperation(ada.ctx, { paymentId: payment.id, kind: 'refund', amount: '100.00', currency: 'SAR', reason: 'Customer called' }).then(() => undefined, (e: unknown) => e);
    expect(adas).toBeInstanceOf(AppFailure);
    expect((adas as AppFailure).toError()).toMatchObject({
      code: 'busy', reason: { key: 'teamLedger.busySending', values: { person: 'sue', operation: 'refund' } },
      message: 'sue is already doing a refund on this payment in the team ledger. Wait for it to finish, then look at the payment again.',
    });

    releaseSue();
    expect(await suesRefund).toMatchObject({ state: 'refunded', refundedMinor: 10_000, operationInFlight: false });
    const refunds = practice.gateway.records().filter((r) => r.transactionId === payment.transactionId && r.operation === 'refund');
    expect(refunds).toHaveLength(1);
    const ops = await ada.service.store.operationsOf(payment.id);
    expect(ops.map((op) => [op.kind, op.outcome, op.db_user, op.os_user])).toEqual([['create', 'succeeded', 'sue', 'sue-laptop'], ['refund', 'succeeded', 'sue', 'sue-laptop']]);
    // Ada sees the refund as her screen would.
    expect(await ada.service.store.view((await ada.service.store.get(payment.id))!)).toMatchObject({ state: 'refunded', refundedMinor: 10_000 });
  });

  it('with the team database out of reach, a payment is refused before anything is sent, saying nothing was sent', async () => {
    // A port nobody listens on: the server is down, or this laptop is off the network.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const settings = { host: '127.0.0.1', port, database, user: 'sue' };
    const pool = new pg.Pool({ ...settings, password: 'unused', max: 1, connectionTimeoutMillis: 5_000 });
    pool.on('error', () => undefined);
    pools.push(pool);
    const profile = { id: 'practice', name: 'Practice', environment: 'practice' as const };
    const service = createPaymentsService({
      store: createPostgresLedgerStore(pool, { laptop: 'sue-desk', settings }), client: createGatewayClient({ logger: practice.logger, sleep: async () => {}, timeoutMs: 5_000 }),
      logger: practice.logger, events: createEventHub(), active: async () => ({ profile, conn: practice.conn, defaults: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' } }),
      connectionFor: async () => practice.conn, requireConfirmation: requireProductionConfirmation,
    });
    const orderId = `PD-DOWN-${randomUUID().slice(0, 8)}`;
    const refused = await service.chargeCard({ orderId, amount: '40.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, { transport: 'direct', osUser: 'sue-desk' }).then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).toError()).toMatchObject({ code: 'storage', reason: { key: 'teamLedger.notSent', values: { host: '127.0.0.1', code: 'ECONNREFUSED' } } });
    expect(practice.gateway.records().filter((r) => r.orderId === orderId)).toEqual([]);
  });

  it('after a crash a laptop marks only its own operations that were being sent unknown, and checks them first', async () => {
    const sue = laptop('support', undefined, 'sue-desk');
    const ada = laptop('admin', undefined, 'ada-desk');
    const sale = async (who: typeof sue) => (await who.service.chargeCard({ amount: '40.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, who.ctx)).payment;
    const [mine, theirs] = [await sale(sue), await sale(ada)];
    // What a crash between "recorded" and "answered" leaves on sue's desk, while ada's refund is on the wire.
    const intent = (paymentId: string, osUser: string) => ({ id: randomUUID(), payment_id: paymentId, kind: 'refund' as const, amount_minor: 1_000, base_minor: 0, reason: 'customer asked', os_user: osUser, outcome: 'sending' as const, error_code: null, error_message: null, gateway_answer: null, created_at: new Date().toISOString(), completed_at: null });
    await sue.service.store.insertOperation(intent(mine.id, 'sue-desk'));
    await ada.service.store.insertOperation(intent(theirs.id, 'ada-desk'));

    const restarted = laptop('support', undefined, 'sue-desk');
    expect(await restarted.service.markInterrupted()).toBe(1);
    expect((await restarted.service.store.openOperations(mine.id)).map((op) => op.outcome)).toEqual(['unknown']);
    expect((await restarted.service.store.openOperations(theirs.id)).map((op) => op.outcome)).toEqual(['sending']);
    expect((await restarted.service.store.get(mine.id))!.next_check_at).not.toBeNull();
    expect((await restarted.service.store.get(theirs.id))!.next_check_at).toBeNull();
  });
});
