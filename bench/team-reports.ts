// Home's overview and the CSV exports on a team ledger (PostgreSQL): the time of getOverview
// (figures: today, 7 days, this month, 90 days; charts: 30 and 90 days with the shares; all
// profiles and one) and of a file export of every payment and of the audit log, with main's
// longest event-loop delay and the process's memory growth during an export (flat in the row
// count: a cursor read 1,000 rows at a time), on main a slice per turn and in its worker thread.
// On a throwaway PostgreSQL it starts itself
// (test/support/postgres-server.ts: loopback, fsync off), filled with plain INSERT … SELECT
// generate_series (the triggers off while filling: no audit entry per row; the audit log gets
// three entries a payment the same way). Reads as a finance login, through the pool the app uses.
// Without the server binaries it says so and exits 0.
// Run: node scripts/run-ts.mjs bench/team-reports.ts [--payments 100000] [--runs 15] [--no-index] [--no-exports] [--windows 1000] [--slices 100,1000]
//   --no-index: drops reports.sql's indexes first (what the overview costs without them).
//   --no-exports: the overview only (at 1,000,000 payments the exports take many minutes).
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import type { ExportProgress } from '../main/ledger/export-file';
import { createTeamExports, type TeamExportRequest } from '../main/ledger/postgres/pg-export';
import { createTeamOverview } from '../main/ledger/postgres/pg-overview';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, percentile, result, sizeLabel, table } from './support';
import { financeTeamDatabase } from './team-database';

const dayMs = 86_400_000;

/** The last `count` days in Riyadh (UTC+3), as Home sends them. */
function riyadhDays(count: number, now: Date) {
  const midnight = Math.floor((now.getTime() + 3 * 3_600_000) / dayMs) * dayMs - 3 * 3_600_000;
  return Array.from({ length: count }, (_, i) => {
    const from = midnight - (count - 1 - i) * dayMs;
    return { date: new Date(from + 3 * 3_600_000).toISOString().slice(0, 10), from: new Date(from).toISOString(), to: new Date(from + dayMs).toISOString() };
  });
}

const fill = (payments: number) => `
SET session_replication_role = replica;
INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, customer_email, card_bin, card_last4,
  transaction_id, link_url, state, status_word, captured_minor, refunded_minor, created_by, created_at, updated_at, needs_attention)
SELECT gen_random_uuid(), CASE WHEN i % 3 = 0 THEN 'shop-2' ELSE 'practice' END, 'practice', kind, 'PD-' || lpad(i::text, 8, '0'), amount, currency,
  'Customer ' || (i % 997), 'c' || i || '@example.com', CASE WHEN kind IN ('sale', 'recurring') OR state <> 'pending' THEN (ARRAY['411111', '512345', '371449', '601100'])[1 + i % 4] END, '0008',
  'tx_' || i, CASE WHEN kind = 'link' THEN 'https://pay.example/l/' || i END, state, upper(state),
  CASE WHEN state IN ('paid', 'partially_refunded', 'refunded') THEN amount WHEN state = 'partially_captured' THEN amount / 2 ELSE 0 END,
  CASE WHEN state = 'refunded' THEN amount WHEN state = 'partially_refunded' THEN greatest(1, amount / 3) ELSE 0 END,
  'bench', created, created, i % 700 = 0
FROM (
  SELECT i, now() - (i * interval '1 second' * (730 * 86400 / ${payments})) AS created, 100 + (i::bigint * 7919) % 50000 AS amount,
    (ARRAY['SAR', 'SAR', 'SAR', 'AED', 'KWD', 'USD', 'JPY', 'BHD', 'QAR', 'EUR'])[1 + (i * 13) % 10] AS currency,
    CASE WHEN i % 20 = 11 THEN 'link' ELSE (ARRAY['link', 'checkout', 'sale', 'recurring', 'sale', 'external', 'link'])[1 + i % 7] END AS kind,
    (ARRAY['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'pending', 'partially_refunded', 'refunded', 'voided',
      'declined', 'expired', 'authorised', 'partially_captured', 'paid'])[1 + i % 20] AS state
  FROM generate_series(1, ${payments}) AS i
) AS g;
INSERT INTO paydesk.audit_log (seq, at, db_user, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result, prev_hash, hash)
SELECT h.seq + s, now() - (s * interval '1 second' * (730 * 86400 / ${payments * 3})), 'bench', 'huda', 'practice', 'practice', 'create_sale', NULL, 'PD-' || lpad((s / 3)::text, 8, '0'),
  1000 + s % 5000, 'SAR', NULL, 'paid', md5((s - 1)::text) || md5((s - 1)::text), md5(s::text) || md5(s::text)
FROM generate_series(1, ${payments * 3}) AS s, paydesk.audit_head AS h;
UPDATE paydesk.audit_head SET seq = seq + ${payments * 3}, hash = md5('${payments * 3}') || md5('${payments * 3}');
SET session_replication_role = origin;`;

/** reports.sql's indexes, dropped with --no-index. */
const dropIndexes = 'DROP INDEX paydesk.payments_money, paydesk.payments_unpaid_links, paydesk.payments_attention, paydesk.payments_authorised';

const missing = postgresMissing();
if (missing) {
  console.log(`team-reports: skipped: ${missing}`);
} else {
  const payments = Number(option('payments') || 100_000);
  const runs = Number(option('runs') || 15);
  const loadStart = loadavg().map((l) => l.toFixed(1)).join(' ');
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-team-reports-'));
  const server = await startPostgres();
  let pool: pg.Pool | undefined;
  try {
    const { superuser, finance, financePool } = await financeTeamDatabase(server);
    let started = performance.now();
    await superuser.query(fill(payments));
    const indexed = option('no-index') === undefined;
    if (!indexed) await superuser.query(dropIndexes);
    const summing = performance.now();
    await superuser.query('SELECT paydesk.fill_home_sums()'); // the triggers were off (home-sums.sql)
    const sumSeconds = (performance.now() - summing) / 1000;
    await superuser.query('VACUUM ANALYZE');
    // The sums' sizes (rows, with their key's index): what the figures and charts read from.
    const sizes: string[] = [];
    for (const table of ['money_hours', 'money_days', 'kind_brand_hours', 'kind_brand_days']) {
      const size = await superuser.query(`SELECT to_regclass($1) IS NOT NULL AS there`, [`paydesk.${table}`]);
      if (!size.rows[0].there) continue;
      const { n, bytes } = (await superuser.query(`SELECT count(*)::int AS n, pg_size_pretty(pg_total_relation_size('paydesk.${table}')) AS bytes FROM paydesk.${table}`)).rows[0];
      sizes.push(`${table} ${n.toLocaleString('en')} rows, ${bytes}`);
    }
    console.log(`sums: ${sizes.join('; ')}`);
    console.log(`filled ${payments.toLocaleString('en')} payments and ${(payments * 3).toLocaleString('en')} audit entries in ${((performance.now() - started) / 1000).toFixed(1)} s${indexed ? '' : ' (without reports.sql\'s indexes)'}; Home's sums counted in ${sumSeconds.toFixed(1)} s`);
    // Home's "Authorised, not captured" (pg-overview.ts; authorised.sql's index, or a scan without it).
    const held = await superuser.query(`EXPLAIN (ANALYZE, FORMAT JSON) SELECT currency, count(*), sum(amount_minor), min(created_at) FROM paydesk.payments WHERE state = 'authorised' GROUP BY currency`);
    const plan = held.rows[0]['QUERY PLAN'][0];
    console.log(`authorised, not captured: ${plan['Execution Time'].toFixed(1)} ms in the server (${plan.Plan.Plans?.[0]?.['Node Type'] ?? plan.Plan['Node Type']})`);
    await superuser.end();

    pool = financePool();
    const overview = createTeamOverview({ pool });
    const now = new Date();
    const days90 = riyadhDays(90, now);
    const today = days90.at(-1)!;
    const periods = [today, { from: days90.at(-7)!.from, to: today.to }, { from: days90.at(-30)!.from, to: today.to }, { from: days90[0]!.from, to: today.to }];
    const calls = [
      { name: 'figures', label: 'figures (today, 7 days, 30 days, 90 days)', query: { now: now.toISOString(), periods, days: [] } },
      { name: 'charts30', label: 'charts, 30 days + shares', query: { now: now.toISOString(), periods: [], days: days90.slice(-30) } },
      { name: 'charts90', label: 'charts, 90 days + shares', query: { now: now.toISOString(), periods: [], days: days90 } },
    ];
    const samples = new Map<string, number[]>();
    for (let run = -2; run < runs; run++) {
      // Alternated, so load changes fall on every call alike; two warm-up rounds discarded.
      for (const call of calls) {
        for (const profileId of [undefined, 'practice']) {
          const t = performance.now();
          await overview.get({ ...call.query, profileId });
          const ms = performance.now() - t;
          const key = `${call.name}${profileId ? '_profile' : ''}`;
          if (run >= 0) samples.set(key, [...(samples.get(key) ?? []), ms]);
        }
      }
    }
    const rows: string[][] = [];
    for (const call of calls) {
      for (const scope of ['', '_profile']) {
        const s = samples.get(call.name + scope)!;
        rows.push([`${call.label}${scope ? ', one profile' : ', all profiles'}`, percentile(s, 50).toFixed(1), percentile(s, 95).toFixed(1)]);
        const name = `team_overview_${call.name}${scope}${indexed ? '' : '_noindex'}_${sizeLabel(payments)}`;
        result(`${name}_p50`, percentile(s, 50), 'ms');
        result(`${name}_p95`, percentile(s, 95), 'ms');
      }
    }
    console.log(`\ngetOverview on the team ledger, ${payments.toLocaleString('en')} payments, ${runs} runs (ms)`);
    table(['call', 'p50', 'p95'], rows);

    // What the machine's load alone does to the event loop: 3 s doing nothing.
    const idle = monitorEventLoopDelay({ resolution: 1 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    idle.disable();
    console.log(`\nevent-loop delay while idle for 3 s: p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms, max ${(idle.max / 1e6).toFixed(1)} ms`);
    result('team_reports_idle_loop_max', idle.max / 1e6, 'ms');

    if (option('no-exports') === undefined) {
      // Exports: every payment (newest first), then the audit log; three of each, windows of 1,000
      // rows formatted 100 per turn (pg-export.ts's), alternated with the whole window formatted at
      // once (--slices 100 for pg-export's only, --windows 1000,100 for other fetch sizes).
      const exportRows: string[][] = [];
      const windows = (option('windows') || '1000').split(',').map(Number);
      const slices = (option('slices') || '100,1000').split(',').map(Number);
      // The export in its worker thread too, when the bundle is built (node scripts/build.mjs).
      const workerFile = join(process.cwd(), 'dist/main/team-export-worker.cjs');
      const worker = existsSync(workerFile) ? { file: workerFile, config: finance } : undefined;
      if (!worker) console.log('no dist/main/team-export-worker.cjs: exports on main only (node scripts/build.mjs first)');
      const modes: Array<{ windowRows: number; sliceRows: number; worker?: typeof worker }> = [
        ...windows.flatMap((w) => slices.map((sl) => ({ windowRows: w, sliceRows: Math.min(sl, w) }))),
        ...(worker ? [{ windowRows: 1_000, sliceRows: 1_000, worker }] : []),
      ];
      for (const [name, request] of [['payments', { kind: 'payments', filter: {}, sort: { by: 'createdAt', direction: 'desc' } }], ['audit', { kind: 'audit' }]] as Array<[string, TeamExportRequest]>) {
        for (let run = 0; run < 3; run++) {
          for (const { windowRows, sliceRows, worker: inWorker } of modes) {
            const exports = createTeamExports({ pool, exportDir: dir, emit: () => undefined, windowRows, sliceRows, worker: inWorker });
            global.gc?.();
            const rssBefore = process.memoryUsage().rss;
            let rssPeak = rssBefore;
            const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
            const delay = monitorEventLoopDelay({ resolution: 1 });
            delay.enable();
            started = performance.now();
            const done = await new Promise<{ p: ExportProgress; path: string }>((resolve) => {
              const s = exports.start(request, (p) => resolve({ p, path: s.path }));
            });
            const seconds = (performance.now() - started) / 1000;
            delay.disable();
            clearInterval(sampler);
            const bytes = statSync(done.path).size;
            rmSync(done.path);
            const grew = (rssPeak - rssBefore) / 1e6;
            exportRows.push([name, inWorker ? 'worker thread' : `main, ${windowRows} / ${sliceRows}`, String(run + 1), done.p.rows.toLocaleString('en'), `${(bytes / 1e6).toFixed(1)} MB`, seconds.toFixed(2), `${Math.round(done.p.rows / seconds).toLocaleString('en')}`, (delay.percentile(99) / 1e6).toFixed(1), (delay.max / 1e6).toFixed(1), grew.toFixed(1)]);
            const id = `team_export_${name}${inWorker ? '_worker' : `${windowRows === 1_000 ? '' : `_window${windowRows}`}${sliceRows === 100 ? '' : `_slice${sliceRows}`}`}_${sizeLabel(payments)}_run${run + 1}`;
            result(`${id}_seconds`, seconds, 's');
            result(`${id}_loop_p99`, delay.percentile(99) / 1e6, 'ms');
            result(`${id}_loop_max`, delay.max / 1e6, 'ms');
            result(`${id}_rss_growth`, grew, 'MB');
          }
        }
      }
      console.log(`\nexports to a file from the team ledger`);
      table(['export', 'where (window / rows per turn)', 'run', 'rows', 'file', 'seconds', 'rows/s', 'event-loop delay p99 ms', 'max ms', 'RSS growth MB'], exportRows);
    }
    console.log(`\nload average ${loadStart} at the start, ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end`);
  } finally {
    await pool?.end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
