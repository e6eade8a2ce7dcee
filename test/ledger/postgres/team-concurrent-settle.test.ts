// A money move confirmed on one laptop while the other laptop records a status answer about the
// same payment must keep its money in the team ledger. Found by the two-laptop crash test (issue
// 15, seed 923395616): a refund of 21 minor units settled by hand on one laptop, while the other
// laptop's reconciliation checked the payment, was counted as succeeded but missing from the
// payment's refunded total. The status check had read the payment (and its operations) before
// the settlement committed and wrote its totals after it: the settlement's money was overwritten.
// Here the settlement is held open (its credit-note listener waits) while the other laptop's
// check reads the payment and waits for the row; once both commit the refund is counted once.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PaymentsDeps } from '../../../main/payments/payments-service';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { teamLaptops } from '../../support/team-laptops';
import { approveCard, startTestGateway, testCustomer } from '../../support/practice';

describeWithPostgres('a money move settled on one laptop while the other checks the payment, on the team ledger', () => {
  let practice: Awaited<ReturnType<typeof startTestGateway>>;
  let database: string;
  let superuser: pg.Client;

  beforeAll(async () => {
    practice = await startTestGateway();
    database = await teamServer().createTeamDatabase();
    superuser = await teamServer().connect({ database });
  });
  afterAll(async () => {
    await superuser?.end();
    await laptops.close();
    await practice?.gateway.close();
  });

  const laptops = teamLaptops();
  const laptop = (role: 'support' | 'admin', name: string, onRefundConfirmed?: PaymentsDeps['onRefundConfirmed']) => laptops.open(database, practice, role, { name, onRefundConfirmed });

  it('a refund settled by hand on one laptop while the other records a status answer is counted once in the payment’s totals', async () => {
    /** Sue's settlement waits here, inside its transaction, after it counted the refund. */
    let letSueCommit!: () => void;
    const sueHolds = new Promise<void>((resolve) => (letSueCommit = resolve));
    let sueCounted!: () => void;
    const sueHasCounted = new Promise<void>((resolve) => (sueCounted = resolve));
    const sue = laptop('support', 'sue-desk', async () => {
      sueCounted();
      await sueHolds;
    });
    const ada = laptop('admin', 'ada-desk');
    const { payment } = await sue.service.chargeCard({ amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, sue.ctx);
    expect(payment).toMatchObject({ state: 'paid', capturedMinor: 10_000, refundedMinor: 0 });

    // A partial refund left `sending` by a crash: marked unknown at the restart; a status answer
    // (no totals) cannot decide a partial refund, so the payment waits for a person.
    await sue.service.store.insertOperation({ id: randomUUID(), payment_id: payment.id, kind: 'refund', amount_minor: 2_100, base_minor: 0, reason: 'customer asked', os_user: 'sue-desk', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: new Date().toISOString(), completed_at: null });
    expect(await sue.service.markInterrupted()).toBe(1);
    await sue.service.refresh(payment.id, 'status');
    const [unclear] = await sue.service.store.openOperations(payment.id);
    expect(unclear).toMatchObject({ kind: 'refund', outcome: 'unknown' });
    expect((await sue.service.store.get(payment.id))!.needs_attention).toBe(1);

    // Sue read the gateway's dashboard: it went through. Her settlement counts it and waits, uncommitted.
    const settled = sue.service.settleByHand(sue.ctx, { paymentId: payment.id, operationId: unclear!.id, happened: true, reason: 'The dashboard shows it' });
    await sueHasCounted;
    // Meanwhile ada's laptop checks the payment (reconciliation): it waits for sue's row.
    const checked = ada.service.refresh(payment.id, 'reconcile');
    await expect.poll(async () => (await superuser.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1 AND datname = current_database() AND wait_event_type = 'Lock'`, [ada.login])).rows[0].n, { timeout: 10_000 }).toBe(1);
    letSueCommit();
    expect(await settled).toMatchObject({ state: 'partially_refunded', refundedMinor: 2_100 });
    await checked;

    const after = (await sue.service.store.get(payment.id))!;
    expect({ state: after.state, captured: after.captured_minor, refunded: after.refunded_minor }).toEqual({ state: 'partially_refunded', captured: 10_000, refunded: 2_100 });
    expect((await sue.service.store.operationsOf(payment.id)).map((op) => [op.kind, op.outcome, op.amount_minor])).toEqual([['create', 'succeeded', 10_000], ['refund', 'succeeded', 2_100]]);
  });
});
