// Moving to the team ledger: how long copying a laptop's ledger into the team database takes
// (main/ledger/postgres/copy-to-team.ts), and how long main's thread is held at a time (the longest
// stretch between two awaits: one batch read from SQLite and its JSON), on a seeded ledger copied
// into a throwaway PostgreSQL it starts itself (test/support/postgres-server.ts, loopback). Then
// a second run (everything already there). Without the server binaries it says so and exits 0.
// `--sums-ab N` instead: N rounds, each copying once into a fresh team database with Home's sums
// triggers (home-sums.sql, chart-sums.sql) on and once with them disabled by the superuser and paydesk.fill_home_sums()
// run after, the order alternated round by round, the sums checked equal both ways. `--from DIR`
// copies a ledger from `npm run seed` instead of seeding one (its unclear outcomes are settled in place).
// Run: node scripts/run-ts.mjs bench/team-copy.ts [--payments 20000] [--batch 1000] [--from DIR] [--sums-ab 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openLedgerDb, type LedgerDb } from '../main/ledger/database';
import { copyLedgerToTeam } from '../main/ledger/postgres/copy-to-team';
import { applyTeamLedgerSecurity } from '../main/ledger/postgres/security';
import { seedLedger } from '../scripts/seed-ledger';
import { postgresMissing, startPostgres, type PostgresServer } from '../test/support/postgres-server';
import { option, result, table } from './support';

const missing = postgresMissing();
if (missing) {
  console.log(`team-copy: skipped: ${missing}`);
} else {
  const payments = Number(option('payments') || 20_000);
  const batchRows = Number(option('batch') || 500);
  const load = loadavg()[0]!.toFixed(1);
  const from = option('from');
  const dir = from ?? mkdtempSync(join(tmpdir(), 'paydesk-team-copy-'));
  const db = openLedgerDb(dir);
  if (!from) seedLedger(db, { payments, seed: 7 });
  // The copy waits for open operations to be settled on the laptop; the seed leaves a few unclear.
  db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
  const server = await startPostgres();
  try {
    const database = await server.createDatabase('team');
    const superuser = await server.connect({ database });
    await applyTeamLedgerSecurity(superuser);
    await superuser.query(`SELECT paydesk.add_person('ada', 'admin', 'bench-password-a-1')`);
    await superuser.end();
    const sumsRounds = Number(option('sums-ab') || 0);
    if (sumsRounds > 0) {
      await sumsAb(server, database, db, batchRows, sumsRounds);
    } else {
      const admin = await server.connect({ database, user: 'ada', password: 'bench-password-a-1' });

      const rows: string[][] = [];
      for (const run of ['first', 'second'] as const) {
        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        const started = performance.now();
        const report = await copyLedgerToTeam({ source: db, team: admin, laptop: 'bench-laptop', batchRows });
        const seconds = (performance.now() - started) / 1000;
        delay.disable();
        const total = report.payments.source + report.operations.source + report.audit.source;
        const copied = report.payments.copied + report.operations.copied + report.audit.copied;
        const held = delay.max / 1e6;
        console.log(`${run}: event-loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${held.toFixed(1)} ms`);
        rows.push([run, String(report.payments.source), String(copied), String(total - copied), `${seconds.toFixed(2)} s`, `${Math.round(total / seconds)}`, `${held.toFixed(1)} ms`]);
        result(`team_copy_${run}_seconds`, seconds, 's');
        result(`team_copy_${run}_loop_max`, held, 'ms');
      }
      await admin.end();
      console.log(`copy of a seeded ledger into the team database, batches of ${batchRows} payments (load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end)`);
      table(['run', 'payments', 'rows copied', 'already there', 'time', 'rows/s', 'longest event-loop delay'], rows);
    }
  } finally {
    db.close();
    await server.stop();
    if (!from) rmSync(dir, { recursive: true, force: true });
  }
}

// Home's sums triggers on against off plus one refill at the end, each run into a fresh copy of
// the empty team database (`template`, closed), in rounds alternating which goes first.
async function sumsAb(server: PostgresServer, template: string, db: LedgerDb, batchRows: number, rounds: number): Promise<void> {
  // Home's sums: step 32's on both tables, step 34's (kind and card brand) on payments.
  const triggers = [...['payments', 'operations'].flatMap((table) => ['insert', 'update', 'delete'].map((event) => [table, `${table}_sums_${event}`] as const)),
    ...['insert', 'update', 'delete'].map((event) => ['payments', `payments_kind_brand_${event}`] as const)];
  const runs: { sums: 'on' | 'off'; seconds: number; copySeconds: number; fillSeconds: number; payments: number; rows: number; load: number; digest: string }[] = [];
  for (let round = 0; round < rounds; round++) {
    const order: ('on' | 'off')[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const sums of order) {
      const database = await server.createDatabase(`team_${round}_${sums}`, { template });
      const superuser = await server.connect({ database });
      const admin = await server.connect({ database, user: 'ada', password: 'bench-password-a-1' });
      const load = loadavg()[0]!;
      const started = performance.now();
      if (sums === 'off') for (const [table, name] of triggers) await superuser.query(`ALTER TABLE paydesk.${table} DISABLE TRIGGER ${name}`);
      const report = await copyLedgerToTeam({ source: db, team: admin, laptop: 'bench-laptop', batchRows });
      const copied = performance.now();
      if (sums === 'off') {
        await superuser.query('SELECT paydesk.fill_home_sums()');
        for (const [table, name] of triggers) await superuser.query(`ALTER TABLE paydesk.${table} ENABLE TRIGGER ${name}`);
      }
      const ended = performance.now();
      const digest = (await superuser.query(`SELECT count(*) || ' rows ' || md5(string_agg(t, '|' ORDER BY t)) AS d FROM (
        SELECT 'mh' || h::text AS t FROM paydesk.money_hours h UNION ALL SELECT 'md' || d::text FROM paydesk.money_days d
        UNION ALL SELECT 'rh' || r::text FROM paydesk.refund_hours r UNION ALL SELECT 'rd' || e::text FROM paydesk.refund_days e) s`)).rows[0].d as string;
      await admin.end();
      await superuser.end();
      const rows = report.payments.copied + report.operations.copied + report.audit.copied;
      runs.push({ sums, seconds: (ended - started) / 1000, copySeconds: (copied - started) / 1000, fillSeconds: (ended - copied) / 1000, payments: report.payments.copied, rows, load, digest });
      const r = runs.at(-1)!;
      console.log(`round ${round + 1} sums ${sums}: ${r.seconds.toFixed(2)} s (copy ${r.copySeconds.toFixed(2)} s, refill ${r.fillSeconds.toFixed(2)} s), ${r.payments} payments, ${rows} rows, load ${load.toFixed(1)}`);
      await server.sql('postgres', `DROP DATABASE team_${round}_${sums}`);
    }
  }
  const digests = new Set(runs.map((r) => r.digest));
  console.log(digests.size === 1 ? `Home's sums: the same both ways in every run (${[...digests][0]})` : `Home's sums DIFFER between runs: ${[...digests].join(', ')}`);
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  };
  const rows = (['on', 'off'] as const).map((sums) => {
    const mine = runs.filter((r) => r.sums === sums);
    const seconds = median(mine.map((r) => r.seconds));
    result(`team_copy_sums_${sums}_seconds`, seconds, 's');
    return [sums === 'on' ? 'triggers on' : 'triggers off + fill_home_sums()', mine.map((r) => r.seconds.toFixed(2)).join(', '), `${seconds.toFixed(2)} s`,
      `${median(mine.map((r) => r.copySeconds)).toFixed(2)} s`, `${median(mine.map((r) => r.fillSeconds)).toFixed(2)} s`,
      `${Math.round(mine[0]!.payments / seconds)}`, `${Math.round(mine[0]!.rows / seconds)}`, mine.map((r) => r.load.toFixed(1)).join(', ')];
  });
  console.log(`copy of ${runs[0]!.payments} payments into a fresh team database, batches of ${batchRows}, ${rounds} rounds alternated (load average ${loadavg()[0]!.toFixed(1)} at the end)`);
  table(['Home\'s sums', 'runs (s)', 'median', 'copy', 'refill', 'payments/s', 'rows/s', 'load at each start'], rows);
}
