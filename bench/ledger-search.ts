// Benchmark: the ledger's common searches and filters over 100,000 payments, through the
// search module (what the screens call), against the same SQL prepared once and run directly.
// Run: node scripts/run-ts.mjs bench/ledger-search.ts [payments] [repeats]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openLedgerDb } from '../main/ledger/database';
import { buildWhere, orderBy, searchPayments, type PaymentSort } from '../main/ledger/search';
import type { PaymentFilter } from '../contract/methods/payments';

const count = Number(process.argv[2] ?? 100_000);
const repeats = Number(process.argv[3] ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
const db = openLedgerDb(dir);

const names = ['Layla', 'Omar', 'Maryam', 'Zaid', 'Sara', 'Khalid', 'Noura', 'Fahad', 'Huda', 'Yousef', 'مريم', 'عمر'];
const surnames = ['Haddad', 'Saleh', 'Qahtani', 'Ali', 'Otaibi', 'Harbi', 'Shammari', 'Dossari', 'القحطاني', 'العتيبي'];
const states = ['pending', 'paid', 'authorised', 'refunded', 'partially_refunded', 'declined', 'expired', 'voided', 'unknown'];
const kinds = ['link', 'checkout', 'sale', 'recurring'];
const currencies = ['SAR', 'SAR', 'SAR', 'AED', 'KWD', 'USD'];

const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, customer_email, customer_phone, transaction_id, state, created_by, created_at, updated_at)
  VALUES (?, 'practice', 'practice', ?, ?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?, ?)`);
const start = Date.parse('2025-01-01T00:00:00Z');
const seeded = performance.now();
db.transaction(() => {
  for (let i = 0; i < count; i++) {
    const name = `${names[i % names.length]} ${surnames[(i * 7) % surnames.length]}`;
    const at = new Date(start + i * 300_000).toISOString();
    insert.run(randomUUID(), kinds[i % 4], `PD-${String(i).padStart(7, '0')}`, 100 + ((i * 7919) % 500_000), currencies[i % currencies.length], name, `customer${i}@example.com`, `+9665${String(10_000_000 + i)}`, `tx-${i}`, states[i % states.length], at, at);
  }
})();
db.exec('ANALYZE');
console.log(`seeded ${count} payments in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

type Case = { name: string; filter: PaymentFilter; sort?: PaymentSort; offset?: number };
const cases: Case[] = [
  { name: 'newest 100 (the default list)', filter: {} },
  { name: 'order id prefix "PD-00123"', filter: { query: 'PD-00123' } },
  { name: 'e-mail prefix "customer4242"', filter: { query: 'customer4242' } },
  { name: 'name contains "Qahtani"', filter: { query: 'Qahtani' } },
  { name: 'transaction id "tx-77777"', filter: { query: 'tx-77777' } },
  { name: 'state = pending', filter: { states: ['pending'] } },
  { name: 'needs attention + unknown', filter: { states: ['unknown'], needsAttention: false } },
  { name: 'one month, SAR', filter: { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z', currency: 'SAR' } },
  { name: 'amount 100-200 KWD, by amount', filter: { currency: 'KWD', minAmount: '100', maxAmount: '200' }, sort: { by: 'amount', direction: 'desc' } },
  { name: 'window at row 50,000', filter: {}, offset: 50_000 },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const time = (run: () => unknown) => {
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    run();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
};

console.log(`${repeats} runs each; p50 / p95 in ms; ratio = module p50 / direct p50`);
for (const c of cases) {
  const sort = c.sort ?? { by: 'createdAt', direction: 'desc' };
  const offset = c.offset ?? 0;
  const where = buildWhere(c.filter);
  const countSql = db.prepare(`SELECT count(*) AS n FROM payments ${where.sql}`);
  const rowsSql = db.prepare(`SELECT * FROM payments ${where.sql} ${orderBy(sort)} LIMIT @limit OFFSET @offset`);
  const direct = time(() => [countSql.get(where.params), rowsSql.all({ ...where.params, limit: 100, offset })]);
  const module = time(() => searchPayments(db, c.filter, sort, offset, 100));
  const total = searchPayments(db, c.filter, sort, offset, 100).total;
  const f = (ms: number) => ms.toFixed(2).padStart(7);
  console.log(`${c.name.padEnd(36)} ${String(total).padStart(6)} hits  module ${f(percentile(module, 50))} / ${f(percentile(module, 95))}   direct ${f(percentile(direct, 50))} / ${f(percentile(direct, 95))}   ratio ${(percentile(module, 50) / percentile(direct, 50)).toFixed(2)}`);
}
db.close();
rmSync(dir, { recursive: true, force: true });
