// A refund the gateway did, whose answer this laptop could not record (the team ledger's connection
// lost at that moment, after any reconnect's marking had passed it by as still in flight), must not
// stay `sending` until Paydesk is restarted: the payment would be busy for everyone and its money
// missing from the team ledger. The team backend looks again for this laptop's own `sending`
// operations on reconciliation's beat, marks the one no longer in flight unknown and checks it
// (found by the two-laptop crash soak, scripts/team-crash-soak.ts: three moves left `sending` after
// a laptop's connections were cut). Looking again must not take a sale whose answer is being
// recorded for an interrupted one: a create stays in flight until its answer is recorded.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppFailure } from '../../../contract/result';
import { createEventHub } from '../../../main/core/event-hub';
import { createGatewayClient } from '../../../main/gateway/client';
import type { LedgerStore } from '../../../main/ledger/store';
import { createMemoryLogger } from '../../../main/log/logger';
import { createPaymentsService } from '../../../main/payments/payments-service';
import { requireProductionConfirmation } from '../../../main/profiles/production-guard';
import type { TeamBackend } from '../../../main/team/team-backend';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { openTeamBackendAs } from '../../support/ledger-apps';
import { approveCard, startTestGateway, testCustomer } from '../../support/practice';

describeWithPostgres('a money move whose answer could not be recorded, on the team ledger', () => {
  let database: string;
  let practice: Awaited<ReturnType<typeof startTestGateway>>;
  let team: TeamBackend | undefined;
  const dirs: string[] = [];

  beforeAll(async () => {
    database = await teamServer().createTeamDatabase();
    practice = await startTestGateway();
  });
  afterAll(async () => {
    await team?.close();
    await practice?.gateway.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is marked unknown and settled by this laptop while it keeps running: the refund counted once', async () => {
    const opened = await openTeamBackendAs(database, 'support', { recheckMs: 250 });
    team = opened.team;
    dirs.push(opened.dataDir);
    const logger = createMemoryLogger();
    const server = teamServer();

    // The team ledger cannot be reached for the transaction that records the refund's answer; a
    // sale's answer is recorded just after this laptop looked for interrupted operations.
    let loseNext = false;
    let recheckNext = false;
    let rechecked = -1;
    const store = new Proxy(team.store, {
      get(target, name) {
        if (name !== 'transaction') return target[name as keyof LedgerStore];
        return async (body: Parameters<LedgerStore['transaction']>[0]) => {
          if (recheckNext && saleAnswered) {
            recheckNext = false;
            rechecked = await service.markInterrupted();
          }
          if (!loseNext) return target.transaction(body);
          loseNext = false;
          throw new AppFailure('storage', 'The team ledger could not be reached.');
        };
      },
    });
    let saleAnswered = false;
    const fetchAndLose: typeof globalThis.fetch = async (url, init) => {
      saleAnswered = false;
      const answer = await globalThis.fetch(url, init);
      if (String(url).includes('/refund')) loseNext = true;
      if (String(url).includes('/sale')) saleAnswered = true;
      return answer;
    };
    const conn = practice.conn;
    const service = createPaymentsService({
      store, client: createGatewayClient({ logger, sleep: async () => {}, timeoutMs: 10_000, fetch: fetchAndLose }), logger, events: createEventHub(),
      active: async () => ({ profile: { id: 'practice', name: 'Practice', environment: 'practice' }, conn, defaults: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' } }),
      connectionFor: async () => conn, requireConfirmation: requireProductionConfirmation,
    });
    await team.begin(service);
    const ctx = { transport: 'direct' as const, osUser: 'sue-laptop' };
    const { payment } = await service.chargeCard({ amount: '80.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, ctx);

    const refused = await service.moneyOperation(ctx, { paymentId: payment.id, kind: 'refund', amount: '80.00', currency: 'SAR', reason: 'returned' }).then(() => undefined, (e: unknown) => e);
    expect((refused as AppFailure).code).toBe('storage');
    const refunds = () => practice.gateway.records().filter((r) => r.operation === 'refund' && r.transactionId === payment.transactionId);
    expect(refunds()).toHaveLength(1);
    const row = async () => (await server.sql(database, `SELECT o.outcome, p.state, p.refunded_minor::int AS refunded FROM paydesk.operations o JOIN paydesk.payments p ON p.id = o.payment_id WHERE o.payment_id = $1 AND o.kind = 'refund'`, [payment.id])).rows[0];

    // No restart, no reconnect: this laptop finds its own refund no longer in flight and settles it from the gateway's answer.
    await expect.poll(row, { timeout: 30_000 }).toEqual({ outcome: 'succeeded', state: 'refunded', refunded: 8_000 });
    expect(refunds()).toHaveLength(1);

    // A sale being recorded is not taken for an interrupted one: a recheck while its answer is
    // being recorded leaves it alone (it stays in flight until then), so it ends succeeded at once.
    recheckNext = true;
    const sale = await service.chargeCard({ amount: '12.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, ctx);
    expect(rechecked).toBe(0);
    expect((await server.sql(database, `SELECT outcome FROM paydesk.operations WHERE payment_id = $1`, [sale.payment.id])).rows).toEqual([{ outcome: 'succeeded' }]);
  }, 60_000);
});
