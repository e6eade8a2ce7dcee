// Moving to the team ledger, against the real PostgreSQL: a seeded laptop ledger is copied into a
// team database; a copy interrupted half-way and run again holds every row exactly once; a second
// run copies nothing; the report adds up to the laptop's own counts; money stays whole integers;
// each payment's state history, status checks, last error, last check and check attempts arrive
// as the laptop has them; the laptop's audit chain still verifies in the team database; only an
// admin may copy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLedgerDb, type LedgerDb } from '../../../main/ledger/database';
import { copyLedgerToTeam, exactInteger, OpenOperationsError, verifyImportedAudit, type CopyReport } from '../../../main/ledger/postgres/copy-to-team';
import { seedLedger } from '../../../scripts/seed-ledger';
import { describeWithPostgres, teamServer, type TeamServer } from '../../support/postgres-tests';

describeWithPostgres('Copying a laptop ledger into the team ledger', () => {
  let server: TeamServer;
  let dir: string;
  let db: LedgerDb;
  const clients: pg.Client[] = [];
  const admin = async (database: string) => {
    const c = await server.connectAs(database, server.person('admin').login);
    clients.push(c);
    return c;
  };
  const source = () => ({
    payments: (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n,
    operations: (db.prepare('SELECT count(*) AS n FROM operations').get() as { n: number }).n,
    audit: (db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n,
    history: (db.prepare('SELECT count(*) AS n FROM state_history').get() as { n: number }).n,
    checks: (db.prepare('SELECT count(*) AS n FROM status_checks').get() as { n: number }).n,
  });
  const inTeam = async (c: pg.ClientBase, laptop: string) => {
    const r = await c.query<{ p: string; o: string; a: string; h: string; c: string; dp: string; do: string }>(
      `SELECT (SELECT count(*) FROM paydesk.payments WHERE imported_from = $1) AS p,
              (SELECT count(*) FROM paydesk.operations WHERE imported_from = $1) AS o,
              (SELECT count(*) FROM paydesk.imported_audit WHERE laptop = $1) AS a,
              (SELECT count(*) FROM paydesk.payment_history h JOIN paydesk.payments p ON p.id = h.payment_id WHERE p.imported_from = $1) AS h,
              (SELECT count(*) FROM paydesk.status_checks k JOIN paydesk.payments p ON p.id = k.payment_id WHERE p.imported_from = $1) AS c,
              (SELECT count(*) - count(DISTINCT id) FROM paydesk.payments) AS dp,
              (SELECT count(*) - count(DISTINCT id) FROM paydesk.operations) AS do`, [laptop]);
    const row = r.rows[0]!;
    return { payments: Number(row.p), operations: Number(row.o), audit: Number(row.a), history: Number(row.h), checks: Number(row.c), duplicates: Number(row.dp) + Number(row.do) };
  };
  const adds = (report: CopyReport, table: 'payments' | 'operations' | 'audit') => {
    const c = report[table];
    expect(c.copied + c.alreadyThere + c.skipped).toBe(c.source);
  };

  beforeAll(() => {
    server = teamServer();
    dir = mkdtempSync(join(tmpdir(), 'paydesk-copy-'));
    db = openLedgerDb(dir);
    seedLedger(db, { payments: 700, seed: 15 });
    // The seed leaves a few operations unclear; a copy waits until they are settled on the laptop.
    db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
    // Some payments checked again and again without a clear answer.
    db.exec(`UPDATE payments SET check_attempts = 1 + rowid % 6, last_error = 'The gateway did not answer in time.' WHERE rowid % 7 = 0`);
  });

  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => {});
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('copies everything once, resumes after an interruption, and copies nothing the second time', async () => {
    const team = await server.createTeamDatabase();
    const c = await admin(team);
    const counts = source();
    expect(counts.payments).toBe(700);

    // Interrupted after 3 committed batches (of 100 payments with their operations).
    const stop = new Error('interrupted');
    await expect(copyLedgerToTeam({ source: db, team: c, laptop: 'laptop-a', batchRows: 100, afterBatch: (n) => { if (n === 3) throw stop; } })).rejects.toBe(stop);
    const half = await inTeam(c, 'laptop-a');
    expect(half.payments).toBe(300);
    expect(half.audit).toBe(0);

    const progress: number[] = [];
    const resumed = await copyLedgerToTeam({ source: db, team: c, laptop: 'laptop-a', batchRows: 100, onProgress: (p) => p.part === 'payments' && progress.push(p.done) });
    expect(resumed.resumedAfter).not.toBeNull();
    expect(resumed.payments).toEqual({ source: 700, copied: 400, alreadyThere: 300, skipped: 0 });
    expect(resumed.operations.copied + resumed.operations.alreadyThere).toBe(counts.operations);
    expect(resumed.audit).toEqual({ source: counts.audit, copied: counts.audit, alreadyThere: 0, skipped: 0 });
    for (const t of ['payments', 'operations', 'audit'] as const) adds(resumed, t);
    expect(progress.at(-1)).toBe(700);
    expect(await inTeam(c, 'laptop-a')).toEqual({ ...counts, duplicates: 0 });

    // Run twice, copy once.
    const again = await copyLedgerToTeam({ source: db, team: c, laptop: 'laptop-a', batchRows: 100 });
    expect([again.payments.copied, again.operations.copied, again.audit.copied]).toEqual([0, 0, 0]);
    expect(again.payments.alreadyThere).toBe(700);
    expect(again.operations.alreadyThere).toBe(counts.operations);
    expect(again.audit.alreadyThere).toBe(counts.audit);
    expect(await inTeam(c, 'laptop-a')).toEqual({ ...counts, duplicates: 0 });

    // Without the progress (another laptop name, the same rows): all already there, none doubled.
    const other = await copyLedgerToTeam({ source: db, team: c, laptop: 'laptop-a-again', batchRows: 250 });
    expect(other.payments).toEqual({ source: 700, copied: 0, alreadyThere: 700, skipped: 0 });
    expect(other.operations.copied).toBe(0);
    expect(await inTeam(c, 'laptop-a')).toEqual({ ...counts, duplicates: 0 });
  });

  it('keeps money in whole minor units, the rows as they ended, and the laptop\'s audit chain verifiable', async () => {
    const team = await server.createTeamDatabase();
    const c = await admin(team);
    const otherEntries = async (client: typeof c) => (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM paydesk.audit_log WHERE action <> 'import'`)).rows[0]!.n;
    const entriesBefore = await otherEntries(c);
    await copyLedgerToTeam({ source: db, team: c, laptop: 'laptop-b', batchRows: 500 });

    const laptopSums = db.prepare('SELECT sum(amount_minor) AS a, sum(refunded_minor) AS r FROM payments').get() as { a: number; r: number };
    const teamSums = await c.query<{ a: string; r: string }>('SELECT sum(amount_minor)::text AS a, sum(refunded_minor)::text AS r FROM paydesk.payments');
    expect({ a: exactInteger(teamSums.rows[0]!.a), r: exactInteger(teamSums.rows[0]!.r) }).toEqual(laptopSums);

    // One payment and its operations, field by field.
    const one = db.prepare('SELECT * FROM payments WHERE rowid = 42').get() as Record<string, unknown>;
    const there = await c.query('SELECT order_id, amount_minor::text, state, os_user, created_by, imported_from, to_char(created_at AT TIME ZONE \'UTC\', \'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"\') AS created_at FROM paydesk.payments WHERE id = $1', [one.id]);
    expect(there.rows[0]).toEqual({ order_id: one.order_id, amount_minor: String(one.amount_minor), state: one.state, os_user: one.created_by, created_by: server.person('admin').login, imported_from: 'laptop-b', created_at: one.created_at });
    const ops = db.prepare('SELECT id, kind, outcome, amount_minor FROM operations WHERE payment_id = ? ORDER BY id').all(one.id);
    const teamOps = await c.query('SELECT id::text, kind, outcome, amount_minor FROM paydesk.operations WHERE payment_id = $1 ORDER BY id', [one.id]);
    expect(teamOps.rows.map((r) => ({ ...r, amount_minor: exactInteger(r.amount_minor) }))).toEqual(ops);

    // What status checks left on every payment, and each one's state history and checks in the laptop's order.
    const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const byPayment = <T extends { payment_id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.payment_id < b.payment_id ? -1 : a.payment_id > b.payment_id ? 1 : 0));
    const laptopChecked = db.prepare('SELECT id AS payment_id, last_error, last_checked_at, check_attempts FROM payments').all() as Array<{ payment_id: string; check_attempts: number }>;
    // The team ledger's last check is the payment's latest status check.
    const teamChecked = await c.query(`SELECT id::text AS payment_id, last_error, (SELECT ${utc('max(at)')} FROM paydesk.status_checks WHERE payment_id = p.id) AS last_checked_at, check_attempts
      FROM paydesk.payments p WHERE imported_from = 'laptop-b'`);
    expect(laptopChecked.some((r) => r.check_attempts > 0)).toBe(true);
    expect(byPayment(teamChecked.rows)).toEqual(byPayment(laptopChecked));
    for (const [table, columns] of [['state_history', 'state, status_word, source'], ['status_checks', 'outcome, status_word, state']]) {
      const laptopRows = db.prepare(`SELECT payment_id, ${columns}, at FROM ${table} ORDER BY payment_id, id`).all() as Array<{ payment_id: string }>;
      const teamRows = await c.query(`SELECT payment_id::text, ${columns}, ${utc('at')} AS at FROM paydesk.${table === 'state_history' ? 'payment_history' : table} ORDER BY payment_id, id`);
      expect(laptopRows.length, table).toBeGreaterThan(0);
      expect(byPayment(teamRows.rows), table).toEqual(byPayment(laptopRows));
    }

    // The laptop's chain verifies in the team database, and an edit there is found.
    const audit = source().audit;
    expect(await verifyImportedAudit(c, 'laptop-b', 97)).toEqual({ ok: true, rows: audit });
    // Nothing per copied row in the team's own log: one `import` entry per batch, by the admin.
    const imports = await c.query(`SELECT db_user, count(*)::int AS n FROM paydesk.audit_log WHERE action = 'import' GROUP BY db_user`);
    expect(imports.rows).toEqual([{ db_user: server.person('admin').login, n: 2 + Math.ceil(audit / 500) }]);
    expect(await otherEntries(c)).toBe(entriesBefore);
    await server.sql(team, `UPDATE paydesk.imported_audit SET amount_minor = amount_minor + 1 WHERE laptop = 'laptop-b' AND seq = 5`);
    expect(await verifyImportedAudit(c, 'laptop-b')).toMatchObject({ ok: false, brokenAt: 5 });
  });

  it('skips a payment whose order id another laptop already has, with its operations, and says why', async () => {
    const team = await server.createTeamDatabase();
    const c = await admin(team);
    const first = db.prepare('SELECT profile_id, environment, order_id FROM payments WHERE rowid = 1').get() as { profile_id: string; environment: string; order_id: string };
    const ops = (db.prepare('SELECT count(*) AS n FROM operations WHERE payment_id = (SELECT id FROM payments WHERE rowid = 1)').get() as { n: number }).n;
    await c.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES (gen_random_uuid(), $1, $2, 'link', $3, 100, 'SAR', 'pending')`, [first.profile_id, first.environment, first.order_id]);
    const report = await copyLedgerToTeam({ source: db, team: c, laptop: 'laptop-c', batchRows: 300 });
    expect(report.payments).toEqual({ source: 700, copied: 699, alreadyThere: 0, skipped: 1 });
    expect(report.operations.skipped).toBe(ops);
    expect(report.skipped).toContainEqual({ table: 'payments', id: expect.any(String), why: 'orderIdTaken' });
    expect(report.skipped.filter((s) => s.why === 'paymentSkipped')).toHaveLength(ops);
    for (const t of ['payments', 'operations', 'audit'] as const) adds(report, t);
  });

  it('is refused to anyone but an admin, and while an operation is still open on the laptop', async () => {
    const team = await server.createTeamDatabase();
    const support = await server.connectAs(team, server.person('support').login);
    clients.push(support);
    await expect(copyLedgerToTeam({ source: db, team: support, laptop: 'laptop-d', batchRows: 100 })).rejects.toMatchObject({ code: '42501' });
    // Nor can a person forge an imported (already decided) operation by hand.
    await expect(support.query(`SELECT paydesk.import_batch('x', 'payments', 1, '[]', '[]', '[]', '[]', '[]')`)).rejects.toMatchObject({ code: '42501' });
    await expect(support.query(`INSERT INTO paydesk.importing VALUES (pg_backend_pid(), 'x')`)).rejects.toMatchObject({ code: '42501' });
    // A payment recorded the ordinary way cannot claim to be imported, nor enter with its own time.
    const made = await support.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, imported_from, created_at)
      VALUES (gen_random_uuid(), 'practice', 'practice', 'link', 'HAND-1', 100, 'SAR', 'pending', 'laptop-x', '2001-01-01') RETURNING imported_from, created_at > now() - interval '1 hour' AS now`);
    expect(made.rows).toEqual([{ imported_from: null, now: true }]);
    await expect(support.query(`INSERT INTO paydesk.operations (id, payment_id, kind, outcome) SELECT gen_random_uuid(), id, 'refund', 'succeeded' FROM paydesk.payments WHERE order_id = 'HAND-1'`)).rejects.toMatchObject({ code: '23514' });

    const dir2 = mkdtempSync(join(tmpdir(), 'paydesk-copy-open-'));
    const open = openLedgerDb(dir2);
    try {
      seedLedger(open, { payments: 200, seed: 3 });
      open.exec('UPDATE ledger_operations SET outcome = 3 WHERE (payment, seq) IN (SELECT payment, seq FROM ledger_operations LIMIT 1)');
      const c = await admin(team);
      await expect(copyLedgerToTeam({ source: open, team: c, laptop: 'laptop-e' })).rejects.toBeInstanceOf(OpenOperationsError);
      expect((await inTeam(c, 'laptop-e')).payments).toBe(0);
    } finally {
      open.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });
});
