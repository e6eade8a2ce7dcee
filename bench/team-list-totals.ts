// Benchmark: the list's totals per currency on the team ledger (pg-totals.ts, through
// createTeamLedgerReads as the screen asks them), the same filters as bench/list-totals.ts on
// SQLite: each call after a change of the payments (so none is answered from what is kept), then
// the list's first pages alone and while the whole ledger's totals run on the server. Starts its
// own throwaway server and copies a laptop ledger's payments in, as bench/team-search.ts does.
// Run: node scripts/run-ts.mjs bench/team-list-totals.ts --from DATA_DIR [--runs R] [--page-runs P]
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ledgerFileName } from '../main/ledger/database';
import { financeTeamDatabase } from './team-database';
import { totalsCases } from './totals-cases';
import { createTeamLedgerReads } from '../main/ledger/postgres/pg-reads';
import { seedTeamFromLedger } from '../scripts/seed-team';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { msText, option, ranks, sizeLabel, table } from './support';

const missing = postgresMissing();
if (missing) {
  console.log(`team-list-totals: skipped: ${missing}`);
  process.exit(0);
}
const from = option('from');
if (!from) throw new Error('--from DATA_DIR: a seeded laptop ledger');
const runs = Number(option('runs') ?? 5);
const pageRuns = Number(option('page-runs') ?? 21);
const ledger = new Database(join(from, ledgerFileName), { readonly: true });
const total = (ledger.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
const cases = totalsCases(ledger);
ledger.close();

const server = await startPostgres({ settings: ['shared_buffers=256MB', 'effective_cache_size=2GB', 'max_wal_size=4GB', 'checkpoint_timeout=30min'] });
try {
  // fay's own password here contained her login, which team step 39 refuses: the shared setup's.
  const { superuser, financePool } = await financeTeamDatabase(server);
  const t0 = performance.now();
  await seedTeamFromLedger(superuser, from);
  console.log(`${total} payments (${sizeLabel(total)}) copied in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const pool = financePool();
  pool.on('error', () => undefined);
  const reads = createTeamLedgerReads({ pool });
  const change = () => superuser.query(`UPDATE paydesk.payments SET next_check_at = next_check_at WHERE list_seq = 1`);

  const times = new Map<string, number[]>();
  for (let run = -1; run < runs; run++) {
    for (const c of cases) {
      await change();
      const k = performance.now();
      const answer = await reads.listTotals(c.filter);
      if (answer.stopped) throw new Error(`${c.name}: stopped`);
      if (run >= 0) (times.get(c.name) ?? times.set(c.name, []).get(c.name)!).push(performance.now() - k);
    }
  }
  table(['totals (team ledger)', 'p50 ms', 'p95 ms'], cases.map((c) => {
    const r = ranks(times.get(c.name)!);
    return [c.name, msText(r.p50), msText(r.p95)];
  }));

  // The list's first page alone, then while the whole ledger's totals run on the server.
  const page = async () => {
    const k = performance.now();
    await reads.searchPayments({ filter: {}, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 });
    return performance.now() - k;
  };
  const alone: number[] = [];
  const during: number[] = [];
  for (let i = 0; i < 3; i++) await page();
  await reads.settled();
  for (let i = 0; i < pageRuns; i++) alone.push(await page());
  while (during.length < pageRuns) {
    await change();
    let running = true;
    const sums = reads.listTotals({}).finally(() => (running = false));
    await new Promise((resolve) => setTimeout(resolve, 5));
    while (running && during.length < pageRuns) during.push(await page());
    await sums;
    await reads.settled();
  }
  const a = ranks(alone);
  const d = ranks(during);
  table(['first page (team ledger)', 'alone p50', 'alone p95', 'totals running p50', 'totals running p95'], [['newest 100 (the default list)', msText(a.p50), msText(a.p95), msText(d.p50), msText(d.p95)]]);
  await pool.end();
  await superuser.end();
} finally {
  await server.stop();
}
process.exit(0);
