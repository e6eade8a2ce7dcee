// Benchmark: the transactions list's searches on the team ledger (PostgreSQL), the same cases as
// bench/ledger-search.ts on SQLite (bench/search-cases.ts), through createTeamLedgerReads as the
// screen asks a page (the payments' version, then the window with its open-operation flags).
// Starts its own throwaway server (test/support/postgres-server.ts; shared_buffers 256 MB,
// fsync off, loopback), copies the payments of a seeded laptop ledger in with COPY
// (scripts/seed-team.ts: the same payments as the SQLite bench), then per case: the first page
// (plans nothing here: timed apart), then `runs` pages (41: p95 = the 3rd slowest), each on a new
// version of the payments (one payment updated before it, outside the timing), so no run reuses
// the count or positions of the one before; a deep page is timed as on SQLite: cold (right after
// the change), then as on screen (the list shown, its positions walked, then the jump). The
// background count a page starts is awaited between runs (not timed); its time is shown apart.
// Without the server binaries it says so and exits 0. `--keep-pg DIR` keeps the cluster in DIR
// between runs (seeded once: the 75-250 s copy of a million is skipped when DIR's database
// already holds the ledger's payments; an older team schema there is upgraded first, timed).
// Run: node scripts/run-ts.mjs bench/team-search.ts [--from DATA_DIR | --payments N] [--runs R] [--cases REGEX] [--keep-pg DIR]
import { loadavg, tmpdir } from 'node:os';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { ledgerFileName, openLedgerDb } from '../main/ledger/database';
import { applyTeamLedgerSecurity } from '../main/ledger/postgres/security';
import { createTeamLedgerReads } from '../main/ledger/postgres/pg-reads';
import type { PaymentSort } from '../main/ledger/search';
import { seedLedger } from '../scripts/seed-ledger';
import { seedTeamFromLedger } from '../scripts/seed-team';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { searchCases } from './search-cases';
import { option, result, sizeLabel, stats, table } from './support';

const missing = postgresMissing();
if (missing) {
  console.log(`team-search: skipped: ${missing}`);
  process.exit(0);
}
const runs = Number(option('runs') ?? 41);
const only = option('cases');
let from = option('from');
let made: string | undefined;
if (!from) {
  // No ledger given: one seeded here (npm run seed's data), removed at the end.
  const payments = Number(option('payments') ?? 100_000);
  made = from = join(tmpdir(), `paydesk-team-search-${payments}`);
  mkdirSync(from, { recursive: true });
  if (!existsSync(join(from, ledgerFileName))) {
    const db = openLedgerDb(from);
    seedLedger(db, { payments });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
}
const ledger = new Database(join(from, ledgerFileName), { readonly: true });
const total = (ledger.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
const rare = (ledger.prepare('SELECT customer_email AS e FROM payments WHERE rowid = ?').get(Math.floor(total / 3)) as { e: string }).e;
ledger.close();

const loadAtStart = loadavg()[0]!.toFixed(1);
const keepIn = option('keep-pg') || undefined;
const server = await startPostgres({ keepIn, settings: ['shared_buffers=256MB', 'effective_cache_size=2GB', 'max_wal_size=4GB', 'checkpoint_timeout=30min'] });
try {
  const seededBefore = keepIn && (await server.sql('postgres', `SELECT 1 FROM pg_database WHERE datname = 'team'`)).rows.length > 0;
  const database = seededBefore ? 'team' : await server.createDatabase('team');
  const superuser = await server.connect({ database });
  const t00 = performance.now();
  const schema = await applyTeamLedgerSecurity(superuser);
  if (schema === 'upgraded') console.log(`the kept team ledger's schema upgraded in ${((performance.now() - t00) / 1000).toFixed(1)} s`);
  const held = seededBefore ? Number((await superuser.query('SELECT count(*) AS n FROM paydesk.payments')).rows[0].n) : 0;
  if (seededBefore && held !== total) throw new Error(`the kept team ledger in ${keepIn} holds ${held} payments, the ledger ${total}: remove the folder to seed again`);
  if (seededBefore) {
    if (schema === 'upgraded') await superuser.query('VACUUM (ANALYZE) paydesk.payments');
    console.log(`the team ledger kept in ${keepIn}: ${held.toLocaleString('en')} payments (load average ${loadAtStart})`);
  } else {
    await superuser.query(`SELECT paydesk.add_person('fay', 'finance', 'bench-password-f-1')`);
    const t0 = performance.now();
    const seeded = await seedTeamFromLedger(superuser, from, { onProgress: (n) => n % 200_000 === 0 && console.log(`  ${n.toLocaleString('en')} payments copied`) });
    const size = Number((await superuser.query(`SELECT pg_total_relation_size('paydesk.payments') AS n`)).rows[0].n);
    console.log(`seeded the team ledger with ${seeded.payments.toLocaleString('en')} payments (from ${from}) in ${((performance.now() - t0) / 1000).toFixed(1)} s: COPY ${seeded.copySeconds.toFixed(1)} s, indexes ${seeded.indexSeconds.toFixed(1)} s, VACUUM ANALYZE ${seeded.vacuumSeconds.toFixed(1)} s; payments with indexes ${(size / 1e6).toFixed(0)} MB (load average ${loadAtStart})`);
    result(`team_seed_s_${sizeLabel(total)}`, (performance.now() - t0) / 1000, 's');
  }

  const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'fay', password: 'bench-password-f-1', max: 4 });
  pool.on('error', () => undefined);
  const reads = createTeamLedgerReads({ pool });
  // A new version of the payments: one payment updated (its change_seq moves), as any change does.
  const change = () => superuser.query(`UPDATE paydesk.payments SET next_check_at = next_check_at WHERE list_seq = 1`);
  const page = (c: { filter: object; sort: PaymentSort; offset: number }) => reads.searchPayments({ filter: c.filter, sort: c.sort, offset: c.offset, limit: 100 });

  const rows: string[][] = [];
  const worst: number[] = [];
  for (const c of searchCases(total, rare).filter((c) => !only || new RegExp(only).test(c.name))) {
    const sort = c.sort ?? { by: 'createdAt', direction: 'desc' };
    const offset = c.offset ?? 0;
    const call = { filter: c.filter, sort, offset };
    const t1 = performance.now();
    await page(call);
    const firstMs = performance.now() - t1;
    await reads.settled();
    const timed: number[] = [];
    const cold: number[] = [];
    let said: { total: number; totalExact?: boolean } = { total: 0, totalExact: true };
    for (let i = -2; i < runs; i++) {
      await change();
      if (offset > 0) {
        const k = performance.now();
        await page(call);
        if (i >= 0) cold.push(performance.now() - k);
        await reads.settled();
        await change();
        // As on screen: the list shown, then the jump (or the page before, then the next).
        await page({ ...call, offset: 0 });
        if (c.before !== undefined) await page({ ...call, offset: c.before });
        await reads.settled();
      }
      const k = performance.now();
      said = await page(call);
      if (i >= 0) timed.push(performance.now() - k);
      await reads.settled();
    }
    // The count a page did not know: how long the background count takes.
    await change();
    const k = performance.now();
    const first = await page(call);
    await reads.settled();
    const countMs = first.totalExact ? '' : (performance.now() - k).toFixed(0);
    const known = await page(call);
    const s = stats(timed);
    worst.push(Number(s.p95));
    rows.push([c.name, `${said.total.toLocaleString('en')}${said.totalExact ? '' : '+'}`, s.p50, s.p95, firstMs.toFixed(2), cold.length ? stats(cold).p95 : '', known.totalExact ? known.total.toLocaleString('en') : '?', countMs]);
    console.log(`  ${c.name}: p50 ${s.p50}, p95 ${s.p95} ms`);
  }
  console.log(`\n${total.toLocaleString('en')} payments on PostgreSQL 15 (loopback, shared_buffers 256 MB), ${runs} runs each after 2 discarded, ms (p95 = nearest rank; first = the filter's first page; cold = a deep page right after a change, before the list was shown; counted = the exact count made after a page that did not know it, in ms after that page's start). Load average ${loadAtStart} at the start, ${loadavg()[0]!.toFixed(1)} at the end.`);
  table(['case', 'page says', 'p50', 'p95', 'first', 'cold p95', 'counted', 'count ms'], rows);
  if (!only) result(`team_list_p95_worst_${sizeLabel(total)}`, Math.max(...worst), 'ms');
  await pool.end();
  await superuser.end();
} finally {
  await server.stop();
  if (made && option('keep') === undefined) rmSync(made, { recursive: true, force: true });
}
