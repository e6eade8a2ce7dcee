// The team ledger's audit chain at scale (PostgreSQL): "Verify the whole chain" (pg-audit-verify.ts:
// PostgreSQL recomputes each hash, keyset slices of 10,000 awaited on the pool) against main
// recomputing the same hashes from the rows (pg-audit-reads.ts's check as the log is opened, run to
// the end), and the quick audit CSV download (pg-quick-export.ts), each with main's longest
// event-loop delay meanwhile. On a throwaway PostgreSQL it starts itself (loopback, fsync off),
// the log written by the database's own append_audit (a valid chain). Reads as a finance login
// through a pool like the app's. Without the server binaries it says so and exits 0.
// Run: node scripts/run-ts.mjs bench/team-audit.ts [--entries 100000] [--runs 3]
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { createTeamAuditVerifier } from '../main/ledger/postgres/pg-audit-verify';
import { createTeamLedgerReads } from '../main/ledger/postgres/pg-reads';
import { createTeamQuickExports } from '../main/ledger/postgres/pg-quick-export';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, percentile, result, sizeLabel, table } from './support';
import { financeTeamDatabase } from './team-database';

/** Times `work`, with main's longest event-loop delay while it ran. */
async function timed(work: () => Promise<unknown>): Promise<{ ms: number; loopMax: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const t = performance.now();
  await work();
  const ms = performance.now() - t;
  loop.disable();
  return { ms, loopMax: loop.max / 1e6 };
}

const missing = postgresMissing();
if (missing) {
  console.log(`team-audit: skipped: ${missing}`);
} else {
  const entries = Number(option('entries') || 100_000);
  const runs = Number(option('runs') || 3);
  const loadStart = loadavg().map((l) => l.toFixed(1)).join(' ');
  const server = await startPostgres();
  let pool: pg.Pool | undefined;
  try {
    const { superuser, financePool } = await financeTeamDatabase(server);
    const started = performance.now();
    // Entries of the usual size (an amount, a reason, a result), each appended by the database.
    await superuser.query(`SELECT set_config('paydesk.os_user', 'huda', false)`);
    // 2,000 per transaction: the head row updated many times in one transaction grows a chain of versions each append walks.
    const before = Number((await superuser.query('SELECT max(seq)::text AS n FROM paydesk.audit_log')).rows[0].n);
    for (let from = before + 1; from <= entries; from += 2_000) {
      await superuser.query(`SELECT paydesk.append_audit('refund', NULL, (g % 50000)::bigint, 'customer asked ' || g, 'succeeded') FROM generate_series($1::int, $2::int) g`, [from, Math.min(entries, from + 1_999)]);
    }
    await superuser.query('VACUUM ANALYZE paydesk.audit_log');
    const total = Number((await superuser.query('SELECT max(seq)::text AS n FROM paydesk.audit_log')).rows[0].n);
    console.log(`appended ${total.toLocaleString('en')} audit entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await superuser.end();

    const fay = financePool();
    pool = fay;
    const samples = { pg: [] as number[], pgLoop: [] as number[], main: [] as number[], mainLoop: [] as number[], csv: [] as number[], csvLoop: [] as number[], csv1k: [] as number[], csv1kLoop: [] as number[] };
    for (let run = -1; run < runs; run++) {
      // Alternated; one warm-up round discarded.
      const events: Array<{ done: boolean; intact: boolean; checked: number }> = [];
      const verifier = createTeamAuditVerifier({ pool, emit: (e) => e.type === 'audit.verify' && events.push(e) });
      const byPg = await timed(async () => {
        await verifier.start();
        await verifier.idle();
      });
      // Each run's download adds its own entry.
      const now = total + 2 * (run + 1);
      if (!events.at(-1)?.intact || events.at(-1)?.checked !== now) throw new Error(`the full check did not verify every entry: ${JSON.stringify(events.at(-1))}`);
      const reads = createTeamLedgerReads({ pool });
      const byMain = await timed(async () => {
        await reads.listAuditLog({ offset: 0, limit: 1 });
        await reads.settled();
      });
      const chain = await reads.auditChain();
      if (!chain.intact || chain.checkedThrough !== now) throw new Error(`main's check did not verify every entry: ${JSON.stringify(chain)}`);
      const csv = await timed(() => createTeamQuickExports({ pool: fay, chain: () => reads.auditChain() }).exportAuditLog('huda'));
      // The same download fetching 1,000 entries a turn instead of 5,000 (its entry is checked by the next run's count).
      const csv1k = await timed(() => createTeamQuickExports({ pool: fay, chain: () => reads.auditChain(), auditWindow: 1_000 }).exportAuditLog('huda'));
      if (run < 0) continue;
      samples.pg.push(byPg.ms);
      samples.pgLoop.push(byPg.loopMax);
      samples.main.push(byMain.ms);
      samples.mainLoop.push(byMain.loopMax);
      samples.csv.push(csv.ms);
      samples.csvLoop.push(csv.loopMax);
      samples.csv1k.push(csv1k.ms);
      samples.csv1kLoop.push(csv1k.loopMax);
    }
    // What the machine's load alone does to the event loop: 3 s doing nothing.
    const idle = await timed(() => new Promise((resolve) => setTimeout(resolve, 3_000)));
    const size = sizeLabel(total);
    const row = (label: string, ms: number[], loop: number[]) => [label, percentile(ms, 50).toFixed(0), (total / (percentile(ms, 50) / 1000)).toFixed(0), percentile(loop, 50).toFixed(1)];
    console.log(`\nthe team audit chain, ${total.toLocaleString('en')} entries, ${runs} runs (p50; load at start ${loadStart}, now ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    table(['work', 'ms', 'entries/s', "main's longest loop delay (ms)"], [
      row('full check, PostgreSQL recomputes (verifyAuditChain)', samples.pg, samples.pgLoop),
      row('main recomputes (the check as the log is opened, to the end)', samples.main, samples.mainLoop),
      row('quick audit CSV download (exportAuditLog), 5,000 entries a turn', samples.csv, samples.csvLoop),
      row('the same, 1,000 entries a turn', samples.csv1k, samples.csv1kLoop),
    ]);
    console.log(`main's longest event-loop delay while idle for 3 s: ${idle.loopMax.toFixed(1)} ms`);
    result('team_audit_idle_loop_max', idle.loopMax, 'ms');
    result(`team_audit_verify_${size}`, percentile(samples.pg, 50), 'ms');
    result(`team_audit_verify_loop_max_${size}`, percentile(samples.pgLoop, 50), 'ms');
    result(`team_audit_main_check_${size}`, percentile(samples.main, 50), 'ms');
    result(`team_audit_main_check_loop_max_${size}`, percentile(samples.mainLoop, 50), 'ms');
    result(`team_audit_quick_csv_${size}`, percentile(samples.csv, 50), 'ms');
    result(`team_audit_quick_csv_loop_max_${size}`, percentile(samples.csvLoop, 50), 'ms');
    result(`team_audit_quick_csv_1k_window_${size}`, percentile(samples.csv1k, 50), 'ms');
    result(`team_audit_quick_csv_1k_window_loop_max_${size}`, percentile(samples.csv1kLoop, 50), 'ms');
  } finally {
    await pool?.end();
    await server.stop();
  }
}
