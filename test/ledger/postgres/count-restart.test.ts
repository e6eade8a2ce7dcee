// The team ledger's background count of a filter (pg-reads.ts) is a query on the server. When the
// payments change while it runs and the list is read again, that count can only be stale: the
// page of the newer version stops it on the server at once, a burst of changes read page by page
// keeps no count running beside it, and the new count starts once no newer page has come for a
// quiet moment (50 ms; longer here), then is told exact with the newest version's total; no older count ever is.
// A count here takes as long as the test wants: a row-level policy the test adds makes a count's
// query (known by its text) wait at its first row for an advisory lock the test holds; the pages'
// own queries read on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLedgerDb, type LedgerDb } from '../../../main/ledger/database';
import { copyLedgerToTeam } from '../../../main/ledger/postgres/copy-to-team';
import { createTeamLedgerReads, type TeamLedgerReads } from '../../../main/ledger/postgres/pg-reads';
import { seedLedger } from '../../../scripts/seed-ledger';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

const lock = 4242;
// The quiet moment before a restarted count: the product's 50 ms, longer here so that a burst of
// changes read page by page stays within it on a loaded machine (a change and a page took over
// 50 ms there, and a count started inside the burst).
const quietMs = 400;

describeWithPostgres('The team ledger\'s background count after a change', () => {
  let dir: string;
  let db: LedgerDb;
  let pool: pg.Pool;
  let superuser: pg.Client;
  let database: string;
  let reads: TeamLedgerReads;
  let newest: string;
  let matching: number;
  const told: Array<{ countId: string; total: number; exact: boolean }> = [];
  const filter = { query: 'example.com' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-count-restart-'));
    db = openLedgerDb(dir);
    seedLedger(db, { payments: 300, seed: 5 });
    db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)'); // a copy waits for unclear operations
    const server = teamServer();
    database = await server.createTeamDatabase();
    const admin = await server.connectAs(database, server.person('admin').login);
    await copyLedgerToTeam({ source: db, team: admin, laptop: 'laptop-a', batchRows: 300 });
    await admin.end();
    superuser = await server.connect({ database });
    newest = (await superuser.query('SELECT id FROM paydesk.payments ORDER BY created_at DESC, list_seq DESC LIMIT 1')).rows[0].id as string;
    matching = Number((await superuser.query("SELECT count(*) AS n FROM paydesk.payments WHERE customer_email LIKE '%example.com%'")).rows[0].n);
    await superuser.query(`CREATE FUNCTION public.counts_wait_for_test() RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN
      IF current_query() LIKE 'SELECT count(*)::bigint::text AS n,%' THEN PERFORM pg_advisory_xact_lock_shared(${lock}); END IF;
      RETURN true; END $$`);
    await superuser.query('ALTER TABLE paydesk.payments ENABLE ROW LEVEL SECURITY');
    await superuser.query('CREATE POLICY every_row ON paydesk.payments USING (true) WITH CHECK (true)');
    await superuser.query('CREATE POLICY counts_wait ON paydesk.payments AS RESTRICTIVE FOR SELECT USING (public.counts_wait_for_test())');
    const finance = server.person('finance');
    pool = new pg.Pool({ host: server.host, port: server.port, database, user: finance.login, password: finance.password, max: 4 });
    pool.on('error', () => undefined);
    // Pages of 10 whose text walk of the newest 50 rows fills them (no estimate from a sample of every row).
    reads = createTeamLedgerReads({ pool, onCounted: (e) => told.push(e), textPlan: { walkRows: 50, manyMatches: 30 }, restartQuietMs: quietMs });
  });

  afterAll(async () => {
    await superuser?.query(`SELECT pg_advisory_unlock_all()`);
    await reads?.settled();
    await pool?.end();
    await superuser?.end();
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The counts the server is running now (each waiting for the lock while the test holds it). */
  const countsRunning = async () => (await superuser.query(
    "SELECT pid, query_start FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query LIKE 'SELECT count(*)::bigint::text AS n,%'", [database],
  )).rows.map((r) => `${r.pid as number}@${(r.query_start as Date).toISOString()}`);
  const until = async (what: string, done: () => Promise<boolean>, ms = 5_000) => {
    const end = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const change = () => superuser.query('UPDATE paydesk.payments SET customer_phone = customer_phone WHERE id = $1', [newest]);
  const page = () => reads.searchPayments({ filter, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 10 });

  it('stops a stale count on the server at once, counts once after a burst of changes, never tells an older version\'s count', async () => {
    await superuser.query('SELECT pg_advisory_lock($1)', [lock]);
    const first = await page();
    expect(first).toMatchObject({ totalExact: false, total: 11 }); // "more than 10": the count comes after
    await until('the first page\'s count running', async () => (await countsRunning()).length === 1);
    const stale = (await countsRunning())[0]!;

    // A change, and the list read again: the first count is stopped on the server, now.
    await change();
    const second = await page();
    expect(second.countId).not.toBe(first.countId);
    await until('the stale count stopped', async () => !(await countsRunning()).includes(stale), 2_000);

    // A burst of changes, each read again at once: no count runs beside the pages.
    const ids = [first.countId, second.countId];
    let last = second;
    for (let i = 0; i < 4; i++) {
      await change();
      last = await page();
      ids.push(last.countId);
      expect(await countsRunning()).toEqual([]);
    }
    // Quiet: one count, the newest version's, starts after the quiet moment.
    await until('the newest version\'s count started', async () => (await countsRunning()).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await countsRunning()).toHaveLength(1);

    await superuser.query('SELECT pg_advisory_unlock($1)', [lock]);
    await reads.settled();
    expect(told).toEqual([{ countId: last.countId, total: matching, exact: true }]);
    expect(await page()).toMatchObject({ total: matching, totalExact: true });
    expect(new Set(ids).size).toBe(6);
  });

  it('does not start a waiting count once the payments moved on without a page', async () => {
    told.length = 0;
    await superuser.query('SELECT pg_advisory_lock($1)', [lock]);
    await change();
    await page();
    await until('a count running', async () => (await countsRunning()).length === 1);
    await change();
    await page(); // stops it; its own count waits for the quiet moment
    await change(); // and the payments move on with no page
    await new Promise((resolve) => setTimeout(resolve, quietMs + 300));
    expect(await countsRunning()).toEqual([]);
    await superuser.query('SELECT pg_advisory_unlock($1)', [lock]);
    await reads.settled();
    expect(told).toEqual([]);
  });
});
