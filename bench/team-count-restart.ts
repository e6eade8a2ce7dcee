// The team ledger's background count (pg-reads.ts) when the payments change while it runs, as
// bench/count-restart.ts measures SQLite's: per round, first a page whose count starts with none
// under way ("fresh": from the page until it is told exact); then a burst: a page, and `--burst N`
// (4) times `--after MS` (10) later a change and the page read again, from the last page until its
// count is told exact, and how many counts the server was running 20 ms after that last page
// (pg_stat_activity: stale ones still counting, besides the newest's own once started). `--rounds N`
// (10), p50 and max, ms. Starts its own server as bench/team-search.ts does (`--keep-pg DIR` keeps
// it seeded between runs). Run: node scripts/run-ts.mjs bench/team-count-restart.ts --from DATA_DIR [--keep-pg DIR] [--cases REGEX]
import { loadavg } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ledgerFileName } from '../main/ledger/database';
import { createTeamLedgerReads } from '../main/ledger/postgres/pg-reads';
import type { PaymentFilter } from '../contract/methods/payments';
import { seedTeamFromLedger } from '../scripts/seed-team';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, percentile, table } from './support';
import { financeTeamDatabase, keptTeamDatabase } from './team-database';

const missing = postgresMissing();
if (missing) {
  console.log(`team-count-restart: skipped: ${missing}`);
  process.exit(0);
}
const from = option('from');
if (!from) throw new Error('--from DATA_DIR: a seeded laptop ledger to copy in');
const rounds = Number(option('rounds') ?? 10);
const burst = Number(option('burst') ?? 4);
const gap = Number(option('after') ?? 10);
const only = option('cases');
const ledger = new Database(join(from, ledgerFileName), { readonly: true });
const total = (ledger.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
ledger.close();

const keepIn = option('keep-pg') || undefined;
const server = await startPostgres({ keepIn, settings: ['shared_buffers=256MB', 'effective_cache_size=2GB', 'max_wal_size=4GB', 'checkpoint_timeout=30min'] });
try {
  const seededBefore = keepIn && (await server.sql('postgres', `SELECT 1 FROM pg_database WHERE datname = 'team'`)).rows.length > 0;
  const team = seededBefore ? await keptTeamDatabase(server) : await financeTeamDatabase(server);
  const { database, superuser } = team;
  if (!seededBefore) {
    const t0 = performance.now();
    await seedTeamFromLedger(superuser, from);
    console.log(`seeded ${total.toLocaleString('en')} payments in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const pool = team.financePool();
  pool.on('error', () => undefined);
  // Every count told exact, by id (one of an earlier page may be told while a later page is read).
  const told = new Set<string>();
  let wake = () => undefined as void;
  const reads = createTeamLedgerReads({ pool, onCounted: (e) => e.exact && (told.add(e.countId), wake()) });
  const change = () => superuser.query(`UPDATE paydesk.payments SET next_check_at = next_check_at WHERE list_seq = 1`);
  const counting = async () => Number((await superuser.query(
    "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query LIKE 'SELECT count(*)::bigint::text AS n,%'", [database],
  )).rows[0].n);
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /** A page, and the time from it until its count is told exact (0 when the page knew it). */
  async function untilExact(filter: PaymentFilter, before: () => Promise<void> = async () => undefined): Promise<{ ms: number; running: number }> {
    const t0 = performance.now();
    const page = await reads.searchPayments({ filter, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 });
    if (page.totalExact) return { ms: 0, running: 0 };
    await before();
    const running = await counting();
    while (!told.has(page.countId!)) await new Promise<void>((resolve) => (wake = resolve));
    return { ms: performance.now() - t0, running };
  }

  const cases: Array<[string, PaymentFilter]> = [
    ['name "Qahtani"', { query: 'Qahtani' }],
    ['e-mail domain "example.com"', { query: 'example.com' }],
    ['one month, SAR', { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z', currency: 'SAR' }],
  ];
  console.log(`${total.toLocaleString('en')} payments; load average ${loadavg()[0]!.toFixed(1)}`);
  const rows: string[][] = [];
  for (const [name, filter] of cases.filter(([n]) => !only || new RegExp(only).test(n))) {
    const fresh: number[] = [];
    const after: number[] = [];
    const running: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await reads.settled();
      await change();
      fresh.push((await untilExact(filter)).ms);
      await reads.settled();
      await change();
      await reads.searchPayments({ filter, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 }); // its count starts
      for (let b = 1; b < burst; b++) {
        await sleep(gap);
        await change();
        await reads.searchPayments({ filter, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 });
      }
      await sleep(gap);
      await change();
      const last = await untilExact(filter, () => sleep(20));
      after.push(last.ms);
      running.push(last.running);
    }
    const f = (list: number[]) => [percentile(list, 50).toFixed(1), Math.max(...list).toFixed(1)];
    rows.push([name, ...f(fresh), ...f(after), `${Math.min(...running)}-${Math.max(...running)}`]);
  }
  await reads.settled();
  console.log(`exact count told after the page, ms, ${rounds} rounds; "burst": ${burst} pages ${gap} ms apart, each after a change, timed from the last; load average ${loadavg()[0]!.toFixed(1)}`);
  table(['case', 'fresh p50', 'fresh max', 'burst p50', 'burst max', 'counts on the server 20 ms after the last page'], rows);
  await pool.end();
  await superuser.end();
} finally {
  await server.stop();
}
