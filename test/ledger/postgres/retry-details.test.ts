// An order's details on the team ledger (retry.sql, version 13; pg-store.ts): what the gateway
// has stays, whatever program connects. Staff may change a payment's amount, currency,
// description or customer only while it is "not created" with no create open or gone through
// (an order tried again), audited by the database with the old and new amount; a created or
// paid payment's details are refused to everyone (SQLSTATE PD013), finance may change none.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

describeWithPostgres('an order\'s details on the team ledger, as the database enforces them', () => {
  let database: string;
  const clients: pg.Client[] = [];
  const as: Record<string, pg.Client> = {};

  beforeAll(async () => {
    const server = teamServer();
    database = await server.createTeamDatabase();
    for (const p of server.people) {
      as[p.role] = await server.connectAs(database, p.login, `${p.login}-laptop`);
      clients.push(as[p.role]!);
    }
    as.postgres = await server.connect({ database });
    clients.push(as.postgres);
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.end()));
  });

  /** A link staff recorded, whose create ended `outcome` (the payment then in `state`). */
  async function link(state: string, outcome: 'failed' | 'succeeded' | 'sending' | 'unknown') {
    const id = randomUUID();
    await as.staff!.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'link', $2, 1000, 'SAR', 'creating')`, [id, `PD-${id.slice(0, 8)}`]);
    await as.staff!.query(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, outcome) VALUES ($1, $2, 'create', 1000, 'sending')`, [randomUUID(), id]);
    if (outcome !== 'sending') await as.staff!.query(`UPDATE paydesk.operations SET outcome = $2, completed_at = now() WHERE payment_id = $1`, [id, outcome]);
    await as.staff!.query(`UPDATE paydesk.payments SET state = $2 WHERE id = $1`, [id, state]);
    return id;
  }
  const amountOf = async (id: string) => Number((await as.postgres!.query('SELECT amount_minor FROM paydesk.payments WHERE id = $1', [id])).rows[0].amount_minor);

  it('staff change a not-created order\'s amount, currency, description and customer; the database audits who and the old and new amount', async () => {
    const id = await link('not_created', 'failed');
    await as.staff!.query(`UPDATE paydesk.payments SET amount_minor = 2000, currency = 'AED', description = 'Second try', customer_name = 'Noura', state = 'creating' WHERE id = $1`, [id]);
    expect((await as.postgres!.query('SELECT amount_minor::int, currency, description, customer_name FROM paydesk.payments WHERE id = $1', [id])).rows).toEqual([{ amount_minor: 2_000, currency: 'AED', description: 'Second try', customer_name: 'Noura' }]);
    const entries = (await as.postgres!.query(`SELECT db_user, os_user, amount_minor::int, currency, result FROM paydesk.audit_log WHERE payment_id = $1 AND action = 'retry_details'`, [id])).rows;
    expect(entries).toEqual([{ db_user: 'sam', os_user: 'sam-laptop', amount_minor: 2_000, currency: 'AED', result: 'amount 1000 SAR -> 2000 AED; description, customer' }]);
  });

  it.each([
    ['paid', 'succeeded'],
    ['pending', 'succeeded'],
    ['unknown', 'unknown'],
    ['creating', 'sending'],
    // A payment said "not created" while its create went through or is still open: the gateway may have it.
    ['not_created', 'succeeded'],
    ['not_created', 'sending'],
  ] as const)('refuses staff, support and admin changing the amount of a %s payment (create %s), and keeps it', async (state, outcome) => {
    const id = await link(state, outcome);
    for (const role of ['staff', 'support', 'admin']) {
      await expect(as[role]!.query('UPDATE paydesk.payments SET amount_minor = 1 WHERE id = $1', [id])).rejects.toMatchObject({ code: 'PD013' });
      await expect(as[role]!.query(`UPDATE paydesk.payments SET customer_email = 'x@example.com' WHERE id = $1`, [id])).rejects.toMatchObject({ code: 'PD013' });
    }
    expect(await amountOf(id)).toBe(1_000);
  });

  it('refuses finance any change, a not-created order\'s included', async () => {
    const id = await link('not_created', 'failed');
    await expect(as.finance!.query('UPDATE paydesk.payments SET amount_minor = 2000 WHERE id = $1', [id])).rejects.toMatchObject({ code: '42501' });
    expect(await amountOf(id)).toBe(1_000);
  });

  it('lets a created payment\'s answer columns change as before (state, link, captured amount)', async () => {
    const id = await link('pending', 'succeeded');
    await as.support!.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = 1000, link_url = 'https://x.example/l' WHERE id = $1`, [id]);
    expect(await amountOf(id)).toBe(1_000);
  });
});
