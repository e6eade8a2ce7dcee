// The audit screen's search and period on the entries copied from laptops (pg-copied-audit.ts),
// at scale: `--entries` (100,000) copied entries of one laptop (and 1,000 of another) written
// straight into paydesk.imported_audit by the superuser (the search reads them; their hashes are
// not checked here), a minute apart, in six currencies, each with an order id of its own. On a
// throwaway PostgreSQL it starts itself, read as a finance login through a pool like the app's.
// p50/p95 of `--runs` (41) calls of listCopiedAudit per case, the cases alternated. Without the
// server binaries it says so and exits 0.
// Run: node scripts/run-ts.mjs bench/team-copied-audit-search.ts [--entries 100000] [--runs 41]
import { loadavg } from 'node:os';
import { createTeamLedgerReads } from '../main/ledger/postgres/pg-reads';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, result, sizeLabel, stats, table } from './support';
import { financeTeamDatabase } from './team-database';

const missing = postgresMissing();
if (missing) {
  console.log(`team-copied-audit-search: skipped: ${missing}`);
} else {
  const entries = Number(option('entries') || 100_000);
  const runs = Number(option('runs') || 41);
  const loadStart = loadavg().map((l) => l.toFixed(1)).join(' ');
  const server = await startPostgres({ settings: ['shared_buffers=256MB', 'effective_cache_size=2GB', 'max_wal_size=4GB'] });
  const { superuser, financePool } = await financeTeamDatabase(server);
  const pool = financePool();
  try {
    const laptop = 'omar-laptop:1a2b3c4d';
    const fill = (name: string, count: number) => superuser.query(`INSERT INTO paydesk.imported_audit (laptop, seq, at, os_user, profile_id, environment, action, order_id, amount_minor, currency, result, prev_hash, hash)
      SELECT $1, g, to_char((timestamptz '2024-11-01 00:00Z' + g * interval '1 minute') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'omar', 'practice', 'practice',
        (ARRAY['refund', 'create_sale', 'status_check', 'capture'])[g % 4 + 1], 'LAP-' || g, (g::bigint * 7919) % 60000 + 100, (ARRAY['SAR', 'KWD', 'USD', 'AED', 'BHD', 'JPY'])[g % 6 + 1],
        (ARRAY['succeeded', 'paid', 'failed: declined'])[g % 3 + 1], repeat('0', 64), repeat('1', 64)
      FROM generate_series(1, $2::int) g`, [name, count]);
    await fill(laptop, entries);
    await fill('amal-laptop:0c1d2e3f', 1_000);
    // --without-index: as a version 28 database has it (no copied-audit-search.sql), to compare.
    if (option('without-index') !== undefined) await superuser.query('DROP INDEX IF EXISTS paydesk.imported_audit_search, paydesk.imported_audit_amount');
    await superuser.query('VACUUM ANALYZE paydesk.imported_audit');
    const middle = Math.floor(entries / 2);
    const minor = (middle * 7919) % 60000 + 100;
    const currency = ['SAR', 'KWD', 'USD', 'AED', 'BHD', 'JPY'][middle % 6]!;
    const typed = `${(minor / (currency === 'KWD' || currency === 'BHD' ? 1000 : currency === 'JPY' ? 1 : 100)).toString()} ${currency}`;
    // A month in Riyadh halfway through the laptop's log.
    const month = new Date(Date.UTC(2024, 10, 1) + middle * 60_000);
    const period = { from: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1) - 3 * 3_600_000).toISOString(), to: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1) - 3 * 3_600_000).toISOString() };
    const cases = [
      { label: 'open (newest 100)', input: {} },
      { label: 'search matching nothing "no-such-entry"', input: { query: 'no-such-entry' } },
      { label: `one order id "LAP-${middle}"`, input: { query: `LAP-${middle}` } },
      { label: `amount "${typed}"`, input: { query: typed } },
      { label: '"refund" (the action code too)', input: { query: 'refund', actions: ['refund'] } },
      { label: 'a month in Riyadh', input: period },
      { label: 'a month, matching nothing', input: { ...period, query: 'no-such-entry' } },
    ].map((c) => ({ ...c, times: [] as number[], found: 0 }));
    const reads = createTeamLedgerReads({ pool });
    for (let run = -2; run < runs; run++) {
      for (const c of run % 2 === 0 ? cases : [...cases].reverse()) {
        const t = performance.now();
        const page = await reads.listCopiedAudit({ ...c.input, laptop, limit: 100 });
        if (run >= 0) c.times.push(performance.now() - t);
        c.found = page.rows.length;
      }
    }
    console.log(`\n"Copied from laptops" searched, ${entries.toLocaleString('en')} entries of one laptop, ${runs} runs each (load at start ${loadStart}, now ${loadavg().map((l) => l.toFixed(1)).join(' ')}), ms`);
    table(['case', 'found', 'p50', 'p95'], cases.map((c) => [c.label, String(c.found), stats(c.times).p50, stats(c.times).p95]));
    result(`team_copied_audit_search_p95_${sizeLabel(entries)}`, Math.max(...cases.map((c) => Number(stats(c.times).p95))), 'ms');
  } finally {
    await pool.end();
    await superuser.end();
    await server.stop();
  }
}
