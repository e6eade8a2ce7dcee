// Moving to the team ledger: how long copying a laptop's ledger into the team database takes
// (main/ledger/postgres/copy-to-team.ts), and how long main's thread is held at a time (the longest
// stretch between two awaits: one batch read from SQLite and its JSON), on a seeded ledger copied
// into a throwaway PostgreSQL it starts itself (test/support/postgres-server.ts, loopback). Then
// a second run (everything already there). Without the server binaries it says so and exits 0.
// Run: node scripts/run-ts.mjs bench/team-copy.ts [--payments 20000] [--batch 1000]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openLedgerDb } from '../main/ledger/database';
import { copyLedgerToTeam } from '../main/ledger/postgres/copy-to-team';
import { applyTeamLedgerSecurity } from '../main/ledger/postgres/security';
import { seedLedger } from '../scripts/seed-ledger';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, result, table } from './support';

const missing = postgresMissing();
if (missing) {
  console.log(`team-copy: skipped: ${missing}`);
} else {
  const payments = Number(option('payments') || 20_000);
  const batchRows = Number(option('batch') || 500);
  const load = loadavg()[0]!.toFixed(1);
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-team-copy-'));
  const db = openLedgerDb(dir);
  seedLedger(db, { payments, seed: 7 });
  // The copy waits for open operations to be settled on the laptop; the seed leaves a few unclear.
  db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
  const server = await startPostgres();
  try {
    const database = await server.createDatabase('team');
    const superuser = await server.connect({ database });
    await applyTeamLedgerSecurity(superuser);
    await superuser.query(`SELECT paydesk.add_person('ada', 'admin', 'ada-bench-password')`);
    await superuser.end();
    const admin = await server.connect({ database, user: 'ada', password: 'ada-bench-password' });

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
  } finally {
    db.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
