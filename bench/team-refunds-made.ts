// Home's "Refunds made in this period" on a team ledger (PostgreSQL, schema step 30): Home's figures
// call with and without the refunds made of the last 30 days, and the refunds made alone over 30 and
// 400 days, read as a finance login through the pool the app uses; p50 / p95 in ms. On a throwaway
// PostgreSQL it starts itself (test/support/postgres-server.ts), filled with INSERT … SELECT
// generate_series (triggers off while filling, Home's sums of step 32 counted after): payments over
// two years, one in ten refunded 1 to 20 days after it was made (a refund operation each, succeeded;
// one in five of those failed before).
// Without the server binaries it says so and exits 0.
// Run: node scripts/run-ts.mjs bench/team-refunds-made.ts [--payments 100000] [--runs 30]
import { loadavg } from 'node:os';
import { createTeamOverview } from '../main/ledger/postgres/pg-overview';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, stats, table } from './support';
import { financeTeamDatabase } from './team-database';

const fill = (payments: number) => `
SET session_replication_role = replica;
INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, transaction_id, state, captured_minor, refunded_minor, created_by, created_at, updated_at)
SELECT gen_random_uuid(), CASE WHEN i % 3 = 0 THEN 'shop-2' ELSE 'practice' END, 'practice', 'sale', 'PD-' || lpad(i::text, 8, '0'), amount,
  (ARRAY['SAR', 'SAR', 'SAR', 'AED', 'KWD', 'USD', 'JPY', 'BHD', 'QAR', 'EUR'])[1 + (i * 13) % 10], 'tx_' || i,
  CASE WHEN i % 10 = 0 THEN 'partially_refunded' ELSE 'paid' END, amount, CASE WHEN i % 10 = 0 THEN amount / 3 ELSE 0 END, 'bench', created, created
FROM (SELECT i, now() - (i * interval '1 second' * (730 * 86400 / ${payments})) AS created, 100 + (i::bigint * 7919) % 50000 AS amount FROM generate_series(1, ${payments}) AS i) AS g;
INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, reason, db_user, os_user, outcome, created_at, completed_at)
SELECT gen_random_uuid(), p.id, 'refund', greatest(1, p.amount_minor / 3), 'Returned goods', 'bench', 'huda', outcome, made, made
FROM paydesk.payments p, LATERAL (SELECT p.created_at + ((1 + abs(hashtext(p.order_id)) % 20) * interval '1 day') AS made) AS m,
  LATERAL (VALUES ('succeeded'), ('failed')) AS o(outcome)
WHERE p.refunded_minor > 0 AND (o.outcome = 'succeeded' OR abs(hashtext(p.order_id)) % 5 = 0);
SET session_replication_role = origin;`;

const missing = postgresMissing();
if (missing) {
  console.log(`team-refunds-made: skipped: ${missing}`);
} else {
  const payments = Number(option('payments') || 100_000);
  const runs = Number(option('runs') || 30);
  const loadStart = loadavg().map((l) => l.toFixed(1)).join(' ');
  const server = await startPostgres();
  try {
    const { superuser, financePool } = await financeTeamDatabase(server);
    const t0 = performance.now();
    await superuser.query(fill(payments));
    // The triggers were off: Home's sums (home-sums.sql, step 32) counted once, as the step does on a database it finds filled.
    const t1 = performance.now();
    await superuser.query('SELECT paydesk.fill_home_sums()');
    const t2 = performance.now();
    await superuser.query('ANALYZE');
    console.log(`filled ${payments.toLocaleString('en')} payments in ${((t1 - t0) / 1000).toFixed(1)} s; Home's sums counted in ${((t2 - t1) / 1000).toFixed(1)} s`);
    const sizes = await superuser.query(`SELECT c.relname, pg_total_relation_size(c.oid) AS bytes, (SELECT count(*) FROM paydesk.money_hours) AS money_hours, (SELECT count(*) FROM paydesk.refund_hours) AS refund_hours
      FROM pg_class c WHERE c.relnamespace = 'paydesk'::regnamespace AND c.relname IN ('money_hours', 'money_days', 'refund_hours', 'refund_days') ORDER BY 1`);
    console.log(`sums: ${sizes.rows.map((r) => `${r.relname} ${(Number(r.bytes) / 1_048_576).toFixed(2)} MiB`).join(', ')}; ${sizes.rows[0]?.money_hours} money hours, ${sizes.rows[0]?.refund_hours} refund hours`);
    const pool = financePool();
    const overview = createTeamOverview({ pool });
    const dayMs = 86_400_000;
    const now = new Date();
    const midnight = Math.floor((now.getTime() + 3 * 3_600_000) / dayMs) * dayMs - 3 * 3_600_000; // Riyadh's
    const range = (days: number) => ({ from: new Date(midnight - (days - 1) * dayMs).toISOString(), to: new Date(midnight + dayMs).toISOString() });
    const periods = [range(1), range(7), range(30), range(60), range(30)];
    const timed = async (run: () => Promise<unknown>) => {
      const t = performance.now();
      await run();
      return performance.now() - t;
    };
    for (let i = 0; i < 3; i++) await overview.get({ periods, now: now.toISOString(), days: [], refundsMadeIn: range(30) });
    const without: number[] = [];
    const withMade: number[] = [];
    for (let i = 0; i < runs; i++) {
      without.push(await timed(() => overview.get({ periods, now: now.toISOString(), days: [] })));
      withMade.push(await timed(() => overview.get({ periods, now: now.toISOString(), days: [], refundsMadeIn: range(30) })));
    }
    const rows = [['Home figures (5 periods), without', ...Object.values(stats(without))], ['Home figures (5 periods), with refunds made (30 days)', ...Object.values(stats(withMade))]];
    const { teamRefundsMadeTotals } = await import('../main/ledger/postgres/pg-refunds-made');
    for (const days of [30, 400]) {
      const samples: number[] = [];
      let count = 0;
      for (let i = 0; i < runs; i++) samples.push(await timed(async () => (count = (await teamRefundsMadeTotals(pool, range(days))).reduce((n, t) => n + t.count, 0))));
      rows.push([`refunds made alone, ${days} days (${count} refunds)`, ...Object.values(stats(samples))]);
    }
    const plan = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) SELECT p.currency, count(*), sum(o.amount_minor) FROM paydesk.operations o JOIN paydesk.payments p ON p.id = o.payment_id
      WHERE o.kind = 'refund' AND o.outcome = 'succeeded' AND o.created_at >= $1 AND o.created_at < $2 GROUP BY p.currency`, [range(30).from, range(30).to]);
    console.log(`\n${payments.toLocaleString('en')} payments, ${runs} runs, load ${loadStart} → ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    table(['case', 'p50 ms', 'p95 ms'], rows);
    console.log(`\nplan (30 days):\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    await pool.end();
    await superuser.end();
  } finally {
    await server.stop();
  }
}
