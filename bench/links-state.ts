// Benchmark: the payment links list's State filter (listPaymentLinks with `state`) on a seeded ledger
// (`npm run seed -- --payments 100000 --data-dir DIR`), on the laptop's SQLite file and on the team
// ledger (the same ledger copied into a throwaway PostgreSQL, read as a finance login): the first
// window of 100 and the first five (keyset) for All and each state, on the state index the list uses
// (payments_state), and with an index of links by state added (payments_links_state, what a partial
// index of its own would win). Prints p50 / p95 in ms, and the plans of a rare state's first window.
// Run: node scripts/run-ts.mjs bench/links-state.ts DIR [repeats]
import pg from 'pg';
import { openLedgerDb } from '../main/ledger/database';
import { copyLedgerToTeam } from '../main/ledger/postgres/copy-to-team';
import { createTeamLedgerReads } from '../main/ledger/postgres/pg-reads';
import { applyTeamLedgerSecurity } from '../main/ledger/postgres/security';
import { createLedgerReads } from '../main/payments/ledger-reads';
import { linkFilterStates, type LinkFilterState } from '../contract/payment-states';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { percentile, result, table } from './support';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/links-state.ts DIR [repeats]');
const repeats = Number(process.argv[3] ?? 30);
type Window = { rows: unknown[]; total: number; next?: string };
type List = (input: { after?: string; limit: number; state?: LinkFilterState }) => Window | Promise<Window>;

async function timed(list: List, state: LinkFilterState | undefined, depth: number): Promise<{ p50: number; p95: number; rows: number; total: number }> {
  const run = async () => {
    let window = await list({ limit: 100, state });
    for (let page = 1; page < depth && window.next; page++) window = await list({ after: window.next, limit: 100, state });
    return window;
  };
  for (let i = 0; i < 3; i++) await run(); // warm
  const ms: number[] = [];
  let last: Window | undefined;
  for (let i = 0; i < repeats; i++) {
    const t = performance.now();
    last = await run();
    ms.push((performance.now() - t) / depth); // a window's cost
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), rows: last!.rows.length, total: last!.total };
}

async function measure(backend: string, list: List, rows: string[][]) {
  for (const state of [undefined, ...linkFilterStates]) {
    for (const depth of [1, 5]) {
      const t = await timed(list, state, depth);
      rows.push([backend, state ?? 'all', depth === 1 ? 'first' : '1st-5th, each', String(t.total), t.p50.toFixed(2), t.p95.toFixed(2)]);
      result(`links_state_${backend.replace(/\W+/g, '_')}_${state ?? 'all'}_${depth}`, t.p95, 'ms');
    }
  }
}

const db = openLedgerDb(dir);
const reads = createLedgerReads({ db, events: { emit: () => undefined }, exportDir: dir });
const rows: string[][] = [];
const links = (db.prepare(`SELECT count(*) AS n FROM payments WHERE kind = 'link'`).get() as { n: number }).n;
const payments = (db.prepare(`SELECT count(*) AS n FROM payments`).get() as { n: number }).n;
console.log(`${payments} payments, ${links} links`);
await measure('sqlite', (input) => reads.listPaymentLinks(input), rows);

const missing = postgresMissing();
if (missing) console.log(`team ledger: skipped: ${missing}`);
else {
  db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)'); // a copy waits for unclear operations to be settled
  const server = await startPostgres();
  try {
    const database = await server.createDatabase('team');
    const superuser = await server.connect({ database });
    await applyTeamLedgerSecurity(superuser);
    await superuser.query(`SELECT paydesk.add_person('ada', 'admin', 'bench-password-a-1'), paydesk.add_person('fay', 'finance', 'bench-password-f-1')`);
    const admin = await server.connect({ database, user: 'ada', password: 'bench-password-a-1' });
    await copyLedgerToTeam({ source: db, team: admin, laptop: 'bench-laptop' });
    await admin.end();
    await superuser.query('ANALYZE paydesk.payments');
    const pool = new pg.Pool({ host: '127.0.0.1', port: server.port, database, user: 'fay', password: 'bench-password-f-1', max: 4 });
    const team = createTeamLedgerReads({ pool });
    const plan = async () => (await superuser.query(`EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM paydesk.payments p WHERE p.kind = 'link' AND (p.state COLLATE "C") = 'expired' ORDER BY p.created_at DESC, p.list_seq DESC LIMIT 101`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    await measure('team', (input) => team.listPaymentLinks(input), rows);
    console.log(`team plan, expired, first window:\n${await plan()}`);
    await superuser.query(`CREATE INDEX payments_links_state ON paydesk.payments ((state COLLATE "C"), created_at, list_seq) WHERE kind = 'link'; ANALYZE paydesk.payments`);
    const withIndex = createTeamLedgerReads({ pool });
    await measure('team, links index', (input) => withIndex.listPaymentLinks(input), rows);
    console.log(`team plan with payments_links_state:\n${await plan()}`);
    await pool.end();
    await superuser.end();
  } finally {
    await server.stop();
  }
}
const sqlitePlan = () => (db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM payments p WHERE p.kind = 'link' AND p.state = 'expired' ORDER BY p.created_at DESC, p.rowid DESC LIMIT 101`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
console.log(`sqlite plan, expired: ${sqlitePlan()}`);
db.exec(`CREATE INDEX payments_links_state ON payments (state, created_at) WHERE kind = 'link'; ANALYZE`);
console.log(`sqlite plan with payments_links_state: ${sqlitePlan()}`);
const size = db.prepare(`SELECT sum(pgsize) AS b FROM dbstat WHERE name = 'payments_links_state'`).get() as { b: number };
console.log(`payments_links_state: ${size.b} B, ${(size.b / payments).toFixed(1)} B a payment`);
await measure('sqlite, links index', (input) => reads.listPaymentLinks(input), rows);
db.exec('DROP INDEX payments_links_state');
db.close();
table(['ledger', 'state', 'window', 'count', 'p50 ms', 'p95 ms'], rows);
