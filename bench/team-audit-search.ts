// The audit screen's search on the team ledger (PostgreSQL) at scale, by amount above all
// (pg-audit-reads.ts, audit-amount.sql): `--entries` entries (1,000,000) appended by the database's
// own append_audit (a valid chain) for 1,000 payments in six currencies, about three entries per
// amount and currency, as a seeded laptop ledger has them. On a throwaway PostgreSQL it starts
// itself (loopback, fsync off), read as a finance login through a pool like the app's, the chain
// verified to the end first (as a laptop that has had the screen open). p50/p95 of `--runs` (41)
// calls of listAuditLog, the cases alternated. Without the server binaries it says so and exits 0.
// Run: node scripts/run-ts.mjs bench/team-audit-search.ts [--entries 1000000] [--runs 41]
import { loadavg } from 'node:os';
import { randomUUID } from 'node:crypto';
import { formatMinor, type CurrencyCode } from '../contract/money';
import { createTeamLedgerReads } from '../main/ledger/postgres/pg-reads';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, result, sizeLabel, stats, table } from './support';
import { financeTeamDatabase } from './team-database';

const missing = postgresMissing();
if (missing) {
  console.log(`team-audit-search: skipped: ${missing}`);
} else {
  const entries = Number(option('entries') || 1_000_000);
  const runs = Number(option('runs') || 41);
  const loadStart = loadavg().map((l) => l.toFixed(1)).join(' ');
  const server = await startPostgres({ settings: ['shared_buffers=256MB', 'effective_cache_size=2GB', 'max_wal_size=4GB', 'checkpoint_timeout=30min'] });
  const { superuser, financePool } = await financeTeamDatabase(server);
  const pool = financePool();
  try {
    const started = performance.now();
    const currencies: CurrencyCode[] = ['SAR', 'KWD', 'USD', 'AED', 'BHD', 'JPY'];
    const payments = Array.from({ length: 1_000 }, (_, i) => ({ id: randomUUID(), currency: currencies[i % currencies.length]! }));
    for (const p of payments) {
      await superuser.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'sale', $2, 10000, $3, 'paid')`, [p.id, `AUD-${p.id.slice(0, 8)}`, p.currency]);
    }
    await superuser.query(`SELECT set_config('paydesk.os_user', 'huda', false)`);
    const ids = payments.map((p) => p.id);
    // 2,000 per transaction (team-audit.ts: the head row's versions); amounts spread over 60,000 values.
    for (let from = 1; from <= entries; from += 2_000) {
      await superuser.query(`SELECT paydesk.append_audit('refund', ($3::uuid[])[g % 1000 + 1], ((g::bigint * 7919) % 60000 + 100), 'customer asked', 'succeeded') FROM generate_series($1::int, $2::int) g`, [from, Math.min(entries, from + 1_999), ids]);
    }
    await superuser.query('VACUUM ANALYZE paydesk.audit_log');
    const total = Number((await superuser.query('SELECT max(seq)::text AS n FROM paydesk.audit_log')).rows[0].n);
    console.log(`appended ${total.toLocaleString('en')} audit entries in ${((performance.now() - started) / 1000).toFixed(1)} s (load at start ${loadStart})`);

    // One entry a third of the way in: its amount typed with its currency, without, in Arabic-Indic digits.
    const entry = (await superuser.query(`SELECT amount_minor::int AS minor, currency FROM paydesk.audit_log WHERE seq = $1`, [Math.floor(total / 3)])).rows[0] as { minor: number; currency: CurrencyCode };
    const typed = formatMinor(entry.minor, entry.currency);
    const arabic = typed.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))).replace('.', '\u066B');
    const cases = [
      { label: 'open (chain + newest 200)', input: {} },
      { label: 'search matching nothing "no-such-entry"', input: { query: 'no-such-entry' } },
      { label: `amount "${typed} ${entry.currency}"`, input: { query: `${typed} ${entry.currency}` } },
      { label: `amount "${typed}" (any currency)`, input: { query: typed } },
      { label: `amount "${arabic}" (Arabic-Indic digits)`, input: { query: arabic } },
      { label: 'amount "98,765.43" (no entry)', input: { query: '98,765.43' } },
    ].map((c) => ({ ...c, times: [] as number[], found: 0 }));

    const reads = createTeamLedgerReads({ pool });
    const t0 = performance.now();
    await reads.listAuditLog({ offset: 0, limit: 200 });
    await reads.settled();
    console.log(`the chain verified to the end in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (let run = -2; run < runs; run++) {
      for (const c of run % 2 === 0 ? cases : [...cases].reverse()) {
        const t = performance.now();
        const page = await reads.listAuditLog({ ...c.input, offset: 0, limit: 200 });
        if (run >= 0) c.times.push(performance.now() - t);
        c.found = page.rows.length;
      }
    }
    console.log(`\nthe audit screen on the team ledger, ${total.toLocaleString('en')} entries, ${runs} runs each (load at start ${loadStart}, now ${loadavg().map((l) => l.toFixed(1)).join(' ')}), ms`);
    table(['case', 'found', 'p50', 'p95'], cases.map((c) => [c.label, String(c.found), stats(c.times).p50, stats(c.times).p95]));
    const size = sizeLabel(total);
    result(`team_audit_open_p95_${size}`, Number(stats(cases[0]!.times).p95), 'ms');
    result(`team_audit_amount_p95_${size}`, Math.max(...cases.slice(2).map((c) => Number(stats(c.times).p95))), 'ms');
  } finally {
    await pool.end();
    await superuser.end();
    await server.stop();
  }
}
