// Benchmark: what one set of queries for both ledger backends would cost on the laptop's SQLite
// file (docs/team-ledger-plan.md, "Why the queries stayed two sets"). Since migration 11 the
// SQLite ledger keeps payments' child rows packed (a payment's rowid, word ids, packed times: the
// ≤ 1 KB per payment of issue 13) and shows them under their old names through views that unpack
// them. A query written once for both backends would read those plain views (PostgreSQL keeps
// plain columns); the row modules read the packed tables by their keys. This times the money
// path's reads of one payment both ways, alternated, on a seeded ledger.
// Run: node scripts/run-ts.mjs bench/shared-queries.ts [--ledger DIR] [--payments N] [--samples S]
// `--ledger DIR`: a data folder from `npm run seed` (opened read-only); else N payments are seeded.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openLedgerDb } from '../main/ledger/database';
import { seedLedger } from '../scripts/seed-ledger';
import { option, percentile, result, table } from './support';

const ledger = option('ledger');
const samples = Number(option('samples') ?? 40);
const dir = ledger ? undefined : mkdtempSync(join(tmpdir(), 'paydesk-bench-shared-'));

/** Each read: the row module's query on the packed table (by the payment's rowid) and the same read through the plain view (by its id). */
const reads = [
  ['a payment\'s operations', 'SELECT * FROM ledger_operations WHERE payment = ? ORDER BY created_at, seq', 'SELECT * FROM operations WHERE payment_id = ? ORDER BY created_at'],
  ['its state history', 'SELECT * FROM ledger_history WHERE payment = ? ORDER BY id', 'SELECT * FROM state_history WHERE payment_id = ? ORDER BY id'],
  ['its status checks', 'SELECT * FROM ledger_checks WHERE payment = ? ORDER BY id DESC LIMIT 100', 'SELECT * FROM status_checks WHERE payment_id = ? ORDER BY id DESC LIMIT 100'],
] as const;

function main() {
  const db = ledger ? new Database(join(ledger, 'paydesk.sqlite'), { readonly: true }) : openLedgerDb(dir!);
  if (!ledger) seedLedger(db, { payments: Number(option('payments') ?? 100_000) });
  const count = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
  const picked = db.prepare('SELECT rowid, id FROM payments ORDER BY rowid LIMIT ? OFFSET ?');
  const step = Math.max(1, Math.floor(count / samples));
  const payments = Array.from({ length: samples }, (_, i) => picked.get(1, i * step) as { rowid: number; id: string });
  console.log(`one query set on SQLite: ${count} payments, ${samples} payments read each way, alternated; load average ${loadavg()[0]!.toFixed(2)}`);
  const rows: string[][] = [];
  for (const [name, packedSql, viewSql] of reads) {
    const packed = db.prepare(packedSql);
    const view = db.prepare(viewSql);
    const times = { packed: [] as number[], view: [] as number[] };
    payments.forEach((p, i) => {
      const order = i % 2 ? (['packed', 'view'] as const) : (['view', 'packed'] as const);
      for (const way of order) {
        const t0 = performance.now();
        const found = way === 'packed' ? packed.all(p.rowid) : view.all(p.id);
        times[way].push(performance.now() - t0);
        if (!Array.isArray(found)) throw new Error('no rows answer');
      }
    });
    const [p50, v50, v95] = [percentile(times.packed, 50), percentile(times.view, 50), percentile(times.view, 95)];
    rows.push([name, p50.toFixed(3), percentile(times.packed, 95).toFixed(3), v50.toFixed(3), v95.toFixed(3), `${Math.round(v50 / p50)}×`]);
    result(`shared_query_${name.replace(/\W+/g, '_').replace(/^_|_$/g, '')}_view_p50`, v50, 'ms');
  }
  table(['read of one payment', 'packed p50 ms', 'packed p95', 'plain view p50 ms', 'plain view p95', 'view ÷ packed'], rows);
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${reads[0][2]}`).all('x') as Array<{ detail: string }>;
  console.log(`the view's plan: ${plan[0]?.detail} (no index on the unpacked payment id)`);
  db.close();
}

try {
  main();
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
