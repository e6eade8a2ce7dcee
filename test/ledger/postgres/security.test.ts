// The team ledger's security model, enforced by a real PostgreSQL server against clients that
// write plain SQL (as a hand-written program would), not through Paydesk's own code: each
// person logs in as their own role; staff cannot record a refund, finance cannot move money,
// nobody can write the audit log, its hash chain holds under concurrent writers, and two
// refunds of one payment at the same moment give one success and one unique violation.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { applyTeamLedgerSecurity } from '../../../main/ledger/postgres/security';
import { describeWithPostgres, teamServer, type TeamServer } from '../../support/postgres-tests';

describeWithPostgres('the team ledger on PostgreSQL: roles the database enforces', () => {
  let server: TeamServer;
  // This file's own team database, a copy of the template: sam (staff), sue (support), fay
  // (finance) and ada (admin), ada added by the superuser and the others by ada. Its tests
  // share it (each makes its own payments): a copy per test costs 0.1 s idle but 1-1.5 s on
  // the loaded shared machine (docs/team-ledger-plan.md).
  let database: string;
  const clients: pg.Client[] = [];
  const as: Record<string, pg.Client> = {};

  const connectAs = async (login: string, osUser?: string) => {
    const client = await server.connectAs(database, login, osUser);
    clients.push(client);
    return client;
  };
  const newPayment = (kind = 'link', extra: Record<string, unknown> = {}) => ({ id: randomUUID(), kind, order_id: `PD-${randomUUID().slice(0, 8)}`, ...extra });
  const insertPayment = (client: pg.Client, p: { id: string; kind: string; order_id: string; created_by?: string }) =>
    client.query(
      `INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, created_by)
       VALUES ($1, 'practice', 'practice', $2, $3, 12550, 'SAR', 'creating', coalesce($4, session_user))`,
      [p.id, p.kind, p.order_id, p.created_by ?? null],
    );
  const insertOperation = (client: pg.Client, paymentId: string, kind: string, amount: number | null = null, extra: { db_user?: string; outcome?: string } = {}) =>
    client.query(
      `INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, reason, outcome, db_user)
       VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, session_user)) RETURNING id`,
      [randomUUID(), paymentId, kind, amount, kind === 'refund' ? 'customer asked' : null, extra.outcome ?? 'sending', extra.db_user ?? null],
    );
  /** A paid link with a transaction id, made by support (as the app would after the gateway's answer). */
  const paidPayment = async () => {
    const p = newPayment('link');
    await insertPayment(as.sue!, p);
    await as.sue!.query(`UPDATE paydesk.payments SET state = 'paid', transaction_id = $2, captured_minor = 12550 WHERE id = $1`, [p.id, `T-${p.id.slice(0, 6)}`]);
    return p;
  };

  beforeAll(async () => {
    server = teamServer();
    database = await server.createTeamDatabase();
    for (const p of server.people) as[p.login] = await connectAs(p.login, `${p.login}-laptop`);
    const superuser = await server.connect({ database });
    clients.push(superuser);
    as.postgres = superuser;
  });

  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.end()));
  });

  it('lets staff record a link and its create, stamped with their own login whatever they claim', async () => {
    const p = newPayment('link', { created_by: 'ada' });
    await insertPayment(as.sam!, p);
    await insertOperation(as.sam!, p.id, 'create', null, { db_user: 'ada' });
    const payment = await as.sam!.query('SELECT created_by, os_user FROM paydesk.payments WHERE id = $1', [p.id]);
    expect(payment.rows).toEqual([{ created_by: 'sam', os_user: 'sam-laptop' }]);
    const op = await as.sam!.query('SELECT db_user, outcome FROM paydesk.operations WHERE payment_id = $1', [p.id]);
    expect(op.rows).toEqual([{ db_user: 'sam', outcome: 'sending' }]);
    const audit = await as.sam!.query('SELECT db_user, os_user, action, result FROM paydesk.audit_log WHERE payment_id = $1 ORDER BY seq', [p.id]);
    expect(audit.rows).toEqual([
      { db_user: 'sam', os_user: 'sam-laptop', action: 'create_link', result: 'recorded: creating' },
      { db_user: 'sam', os_user: 'sam-laptop', action: 'create_link', result: 'sending' },
    ]);
  });

  it('refuses staff a refund, capture or void, and a recurring charge, in the database itself', async () => {
    const p = await paidPayment();
    for (const kind of ['refund', 'capture', 'void']) {
      await expect(insertOperation(as.sam!, p.id, kind, 100)).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('row-level security') });
    }
    await expect(insertPayment(as.sam!, newPayment('recurring'))).rejects.toMatchObject({ code: '42501' });
    // Nor can staff mark a support member's refund as done, or change what an operation is.
    const refund = await insertOperation(as.sue!, p.id, 'refund', 100);
    const changed = await as.sam!.query(`UPDATE paydesk.operations SET outcome = 'failed' WHERE id = $1`, [refund.rows[0].id]);
    expect(changed.rowCount).toBe(0);
    await expect(as.sam!.query(`UPDATE paydesk.operations SET kind = 'create' WHERE id = $1`, [refund.rows[0].id])).rejects.toMatchObject({ code: '42501' });
    await as.sue!.query(`UPDATE paydesk.operations SET outcome = 'succeeded' WHERE id = $1`, [refund.rows[0].id]);
    const ops = await as.sam!.query('SELECT kind, outcome, db_user FROM paydesk.operations WHERE payment_id = $1', [p.id]);
    expect(ops.rows).toEqual([{ kind: 'refund', outcome: 'succeeded', db_user: 'sue' }]);
  });

  it('lets support refund, records the intent first, and keeps a decided outcome decided', async () => {
    const p = await paidPayment();
    await expect(insertOperation(as.sue!, p.id, 'refund', 500, { outcome: 'succeeded' })).rejects.toMatchObject({ code: '23514' });
    const refund = await insertOperation(as.sue!, p.id, 'refund', 500);
    const id = refund.rows[0].id as string;
    await as.sue!.query(`UPDATE paydesk.operations SET outcome = 'unknown' WHERE id = $1`, [id]);
    await as.sue!.query(`UPDATE paydesk.operations SET outcome = 'succeeded', settled_reason = 'seen on the dashboard' WHERE id = $1`, [id]);
    await expect(as.sue!.query(`UPDATE paydesk.operations SET outcome = 'failed' WHERE id = $1`, [id])).rejects.toMatchObject({ code: '23514' });
    const op = await as.sue!.query('SELECT outcome, settled_by FROM paydesk.operations WHERE id = $1', [id]);
    expect(op.rows).toEqual([{ outcome: 'succeeded', settled_by: 'sue' }]);
    const audit = await as.fay!.query('SELECT db_user, action, amount_minor, result FROM paydesk.audit_log WHERE payment_id = $1 AND action <> $2 ORDER BY seq', [p.id, 'create_link']);
    expect(audit.rows).toEqual([
      { db_user: 'sue', action: 'refund', amount_minor: '500', result: 'sending' },
      { db_user: 'sue', action: 'refund', amount_minor: '500', result: 'outcome_unknown' },
      { db_user: 'sue', action: 'settle_refund', amount_minor: '500', result: 'went_through' },
    ]);
  });

  it('lets finance read and export everything and change nothing', async () => {
    const p = await paidPayment();
    const create = await insertOperation(as.sam!, p.id, 'create');
    await as.sam!.query(`UPDATE paydesk.operations SET outcome = 'succeeded' WHERE id = $1`, [create.rows[0].id]);
    for (const table of ['payments', 'operations', 'audit_log', 'ledger_meta']) {
      const rows = await as.fay!.query(`SELECT count(*)::int AS n FROM paydesk.${table}`);
      expect(rows.rows[0].n, table).toBeGreaterThan(0);
    }
    await as.fay!.query(`SELECT paydesk.record_export('payments', '12 rows')`);
    const exported = await as.fay!.query(`SELECT db_user, result FROM paydesk.audit_log WHERE action = 'export_payments'`);
    expect(exported.rows).toEqual([{ db_user: 'fay', result: '12 rows' }]);
    await expect(insertOperation(as.fay!, p.id, 'refund', 100)).rejects.toMatchObject({ code: '42501' });
    await expect(insertPayment(as.fay!, newPayment('link'))).rejects.toMatchObject({ code: '42501' });
    await expect(as.fay!.query(`UPDATE paydesk.payments SET refunded_minor = 0 WHERE id = $1`, [p.id])).rejects.toMatchObject({ code: '42501' });
    await expect(as.fay!.query(`DELETE FROM paydesk.payments WHERE id = $1`, [p.id])).rejects.toMatchObject({ code: '42501' });
  });

  it('keeps an export\'s record whole (schema 22), refuses one longer than 4000 characters in words, and the chain holds', async () => {
    // Before, record_export kept the first 200 characters: a long search lost its end, silently.
    const record = `3 rows; file paydesk-audit-matching-20261129-081500.csv; zone Asia/Riyadh; search ${JSON.stringify('refund "Ahmed; الدمام" '.repeat(200).slice(0, 3_000))}`;
    await as.fay!.query(`SELECT paydesk.record_export('audit_log', $1)`, [record]);
    const [kept] = (await as.fay!.query(`SELECT result FROM paydesk.audit_log WHERE action = 'export_audit_log' ORDER BY seq DESC LIMIT 1`)).rows;
    expect(kept.result).toBe(record);
    await as.sam!.query(`SELECT paydesk.record_export('payments', $1)`, ['x'.repeat(4_000)]);
    await expect(as.sam!.query(`SELECT paydesk.record_export('payments', $1)`, ['x'.repeat(4_001)])).rejects.toMatchObject({ code: '22001', message: expect.stringContaining('at most 4000 characters') });
    expect(brokenAt(await readChain(as.fay!))).toBeNull();
  });

  it('lets staff and up write what a status check leaves on a payment, and finance none of it', async () => {
    const p = await paidPayment();
    await as.sam!.query(`UPDATE paydesk.payments SET last_error = 'The gateway did not answer.', check_attempts = 2 WHERE id = $1`, [p.id]);
    expect((await as.fay!.query(`SELECT last_error, check_attempts FROM paydesk.payments WHERE id = $1`, [p.id])).rows).toEqual([{ last_error: 'The gateway did not answer.', check_attempts: 2 }]);
    for (const change of [`last_error = NULL`, `check_attempts = 0`]) {
      await expect(as.fay!.query(`UPDATE paydesk.payments SET ${change} WHERE id = $1`, [p.id]), change).rejects.toMatchObject({ code: '42501' });
    }
    await expect(as.sam!.query(`UPDATE paydesk.payments SET check_attempts = -1 WHERE id = $1`, [p.id])).rejects.toMatchObject({ code: '23514' });
  });

  it('keeps each person\'s watching their own: stamped with their login, unseen and unchangeable by anyone else, never deleted', async () => {
    const p = await paidPayment();
    // Whatever login a hand-written client claims, the row is the session's.
    await expect(as.sam!.query(`INSERT INTO paydesk.watching (payment_id, login, watched) VALUES ($1, 'sue', true)`, [p.id])).rejects.toMatchObject({ code: '42501' });
    for (const who of ['sam', 'fay']) await as[who]!.query(`INSERT INTO paydesk.watching (payment_id, watched) VALUES ($1, true)`, [p.id]);
    expect((await as.sam!.query(`SELECT login, watched FROM paydesk.watching WHERE payment_id = $1`, [p.id])).rows).toEqual([{ login: 'sam', watched: true }]);
    expect((await as.sue!.query(`SELECT login FROM paydesk.watching WHERE payment_id = $1`, [p.id])).rows).toEqual([]);
    // Sue cannot stop fay's watching (row-level security finds no row of hers), nor delete anyone's.
    expect((await as.sue!.query(`UPDATE paydesk.watching SET watched = false WHERE payment_id = $1`, [p.id])).rowCount).toBe(0);
    await expect(as.fay!.query(`DELETE FROM paydesk.watching WHERE payment_id = $1`, [p.id])).rejects.toMatchObject({ code: '42501' });
    await expect(as.fay!.query(`UPDATE paydesk.watching SET login = 'sam' WHERE payment_id = $1`, [p.id])).rejects.toMatchObject({ code: '42501' });
    expect((await as.postgres!.query(`SELECT login, watched FROM paydesk.watching WHERE payment_id = $1 ORDER BY login`, [p.id])).rows).toEqual([{ login: 'fay', watched: true }, { login: 'sam', watched: true }]);
  });

  it('lets nobody who uses Paydesk write, edit or delete the audit log, or forge their login', async () => {
    for (const login of ['sam', 'sue', 'fay', 'ada']) {
      const c = as[login]!;
      const attempts = [
        `INSERT INTO paydesk.audit_log (seq, at, db_user, action, result, prev_hash, hash) VALUES (999999, now(), 'x', 'x', 'x', 'x', 'x')`,
        `UPDATE paydesk.audit_log SET result = 'nothing happened'`,
        `DELETE FROM paydesk.audit_log`,
        `TRUNCATE paydesk.audit_log`,
        `UPDATE paydesk.audit_head SET seq = 0`,
        `SELECT paydesk.append_audit('refund', NULL, 1, 'forged', 'succeeded')`,
        `DELETE FROM paydesk.operations`,
        `SET ROLE paydesk_owner`,
        `SET SESSION AUTHORIZATION postgres`,
      ];
      for (const sql of attempts) await expect(c.query(sql), `${login}: ${sql}`).rejects.toMatchObject({ code: '42501' });
    }
    await expect(as.sam!.query(`SET ROLE paydesk_support`)).rejects.toMatchObject({ code: '42501' });
  });

  it('lets only admins add and remove people, and only as one of the four roles', async () => {
    await expect(as.sue!.query(`SELECT paydesk.add_person('mallory', 'admin', 'x')`)).rejects.toMatchObject({ code: '42501' });
    await expect(as.ada!.query(`SELECT paydesk.add_person('mallory', 'superuser', 'x')`)).rejects.toMatchObject({ code: '22023' });
    await expect(as.ada!.query(`SELECT paydesk.add_person('postgres', 'staff')`)).rejects.toMatchObject({ code: '42501' });
    await expect(as.ada!.query(`SELECT paydesk.add_person('pg_monitor', 'staff')`)).rejects.toMatchObject({ code: '22023' });
    await as.ada!.query(`SELECT paydesk.add_person('noor', 'support', 'first-secret-n1')`);
    const noor = await server.connect({ database, user: 'noor', password: 'first-secret-n1' });
    clients.push(noor);
    const who = await noor.query(`SELECT pg_has_role('paydesk_support', 'MEMBER') AS support, pg_has_role('paydesk_admin', 'MEMBER') AS admin`);
    expect(who.rows).toEqual([{ support: true, admin: false }]);
    // Removing a person takes their groups away at once, open sessions included.
    await expect(as.sue!.query(`SELECT paydesk.remove_person('noor')`)).rejects.toMatchObject({ code: '42501' });
    await expect(as.ada!.query(`SELECT paydesk.remove_person('ada')`)).rejects.toMatchObject({ code: '42501' });
    await as.ada!.query(`SELECT paydesk.remove_person('noor')`);
    await expect(noor.query('SELECT count(*) FROM paydesk.payments')).rejects.toMatchObject({ code: '42501' });
    await expect(server.connect({ database, user: 'noor', password: 'first-secret-n1' })).rejects.toMatchObject({ code: '28000' });
    const audit = await as.fay!.query(`SELECT db_user, action, reason, result FROM paydesk.audit_log WHERE action LIKE '%_person' ORDER BY seq`);
    expect(audit.rows.at(0)).toEqual({ db_user: 'postgres', action: 'add_person', reason: 'ada', result: 'admin' });
    expect(audit.rows.slice(-2)).toEqual([
      { db_user: 'ada', action: 'add_person', reason: 'noor', result: 'support' },
      { db_user: 'ada', action: 'remove_person', reason: 'noor', result: 'removed' },
    ]);
  });

  it('gives two refunds of one payment at the same moment one success and one unique violation', async () => {
    const p = await paidPayment();
    const [first, second] = [await connectAs('sue'), await connectAs('ada')];
    await first.query('BEGIN');
    await second.query('BEGIN');
    await insertOperation(first, p.id, 'refund', 12550);
    // The second waits on the first's uncommitted row (seen waiting on a lock), then fails when it commits.
    const secondPid = (await second.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    const racing = insertOperation(second, p.id, 'refund', 12550).then(() => 'recorded', (e: { code?: string }) => e.code);
    await until(async () => (await as.postgres!.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [secondPid])).rowCount === 1);
    await first.query('COMMIT');
    expect(await racing).toBe('23505');
    await second.query('ROLLBACK');
    const open = await as.fay!.query(`SELECT db_user FROM paydesk.operations WHERE payment_id = $1 AND outcome IN ('sending', 'unknown')`, [p.id]);
    expect(open.rows).toEqual([{ db_user: 'sue' }]);
  });

  it('keeps one unbroken hash chain while four people write at once, and shows an edit', async () => {
    const writers = await Promise.all(['sam', 'sue', 'sam', 'ada'].map((login) => connectAs(login)));
    await Promise.all(writers.map(async (c) => {
      for (let i = 0; i < 10; i++) {
        const p = newPayment('link');
        await c.query('BEGIN');
        await insertPayment(c, p);
        await insertOperation(c, p.id, 'create');
        await c.query('COMMIT');
      }
    }));
    const chain = await readChain(as.fay!);
    expect(chain.map((e) => e.seq)).toEqual(chain.map((_, i) => i + 1));
    expect(brokenAt(chain)).toBeNull();
    // Only a superuser can edit a row; the chain shows it from that entry on.
    const victim = chain[Math.floor(chain.length / 2)]!;
    await as.postgres!.query(`UPDATE paydesk.audit_log SET result = 'nothing happened' WHERE seq = $1`, [victim.seq]);
    expect(brokenAt(await readChain(as.fay!))).toBe(victim.seq);
    await as.postgres!.query(`UPDATE paydesk.audit_log SET result = $2 WHERE seq = $1`, [victim.seq, victim.result]);
  });

  it('sets up a second team database on the same server, and finds an existing one as it is', async () => {
    const other = await server.createDatabase();
    const superuser = await server.connect({ database: other });
    clients.push(superuser);
    expect(await applyTeamLedgerSecurity(superuser)).toBe('created');
    expect(await applyTeamLedgerSecurity(superuser)).toBe('present');
  });
});

/** Waits for a condition the database reports (no fixed sleep): up to 10 s, then fails. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the condition never held');
}

type Entry = { seq: number; at: string; result: string; prev_hash: string; hash: string; values: unknown[] };

async function readChain(client: pg.Client): Promise<Entry[]> {
  const rows = await client.query(
    `SELECT seq, at, db_user, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result, prev_hash, hash
     FROM paydesk.audit_log ORDER BY seq`,
  );
  const n = (v: string | null) => (v === null ? null : Number(v));
  return rows.rows.map((r) => ({
    seq: Number(r.seq),
    at: (r.at as Date).toISOString(),
    result: r.result,
    prev_hash: r.prev_hash,
    hash: r.hash,
    values: [Number(r.seq), (r.at as Date).toISOString(), r.db_user, r.os_user, r.profile_id, r.environment, r.action, r.payment_id, r.order_id, n(r.amount_minor), r.currency, r.reason, r.result],
  }));
}

/** Checks the chain independently of the database: the first entry whose hash or link is wrong. */
function brokenAt(chain: Entry[]): number | null {
  let prev = '0'.repeat(64);
  for (const e of chain) {
    const hash = createHash('sha256').update(prev).update(JSON.stringify(e.values)).digest('hex');
    if (e.prev_hash !== prev || e.hash !== hash) return e.seq;
    prev = e.hash;
  }
  return null;
}
