// Benchmark: the list's totals per currency (main/ledger/list-totals.ts) on a laptop's ledger:
// how long each filter's totals take from the call to the answer, in how many slices, and the
// longest slice (what a page asked meanwhile waits at most: main answers between slices); then
// the list's first pages (search.ts, as the list asks them) alone and while the whole ledger's
// totals run, interleaved a page per turn. Medians and p95; a ledger from `npm run seed` (or a
// copy of one) is reused: --data-dir DIR.
// Run: node scripts/run-ts.mjs bench/list-totals.ts --data-dir DIR [--runs R] [--page-runs P]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import type { PaymentFilter } from '../contract/methods/payments';
import { openLedgerDb } from '../main/ledger/database';
import { listTotals, totalsSliceRows } from '../main/ledger/list-totals';
import { searchPayments, settle } from '../main/ledger/search';
import { usePositionsWorker } from '../main/ledger/positions-thread';
import { msText, option, ranks, sizeLabel, table } from './support';
import { totalsCases } from './totals-cases';

const dir = option('data-dir');
if (!dir) throw new Error('--data-dir DIR: a seeded ledger (a copy: the bench reads it, the app may migrate it)');
const runs = Number(option('runs') ?? 5);
const pageRuns = Number(option('page-runs') ?? 41);
const db = openLedgerDb(dir);
usePositionsWorker(db, join(process.cwd(), 'dist/main/positions-worker.cjs'));
const total = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
const newest = (db.prepare('SELECT max(created_at) AS at FROM payments').get() as { at: string }).at;
const weekBefore = new Date(Date.parse(newest) - 7 * 86_400_000).toISOString();
console.log(`${total} payments (${sizeLabel(total)}), newest ${newest}; slices of ${totalsSliceRows} rowids`);

const cases = totalsCases(weekBefore);

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const times = new Map<string, number[]>();
const blocks = new Map<string, number[]>();
// Round-robin: each call is for another filter than the one before, so none is answered from what is kept.
for (let run = 0; run < runs; run++) {
  for (const c of cases) {
    await settle(50);
    delay.reset();
    const t0 = performance.now();
    const answer = await listTotals(db, c.filter);
    const ms = performance.now() - t0;
    if (answer.stopped) throw new Error(`${c.name}: stopped`);
    (times.get(c.name) ?? times.set(c.name, []).get(c.name)!).push(ms);
    (blocks.get(c.name) ?? blocks.set(c.name, []).get(c.name)!).push(delay.max / 1e6);
    if (run === 0) console.log(`${c.name}: ${answer.currencies.map((x) => `${x.currency} ${x.payments}`).slice(0, 4).join(', ')}${answer.currencies.length > 4 ? ', …' : ''}`);
  }
}
table(['totals', 'p50 ms', 'p95 ms', 'longest turn of main, p50 ms', 'p95 ms'], cases.map((c) => {
  const r = ranks(times.get(c.name)!);
  const b = ranks(blocks.get(c.name)!);
  return [c.name, msText(r.p50), msText(r.p95), msText(b.p50), msText(b.p95)];
}));

// The list's first pages, alone and while the whole ledger's totals run (a page between slices).
const pages: Array<{ name: string; filter: PaymentFilter }> = [
  { name: 'newest 100 (the default list)', filter: {} },
  { name: 'state = pending', filter: { states: ['pending'] } },
  { name: 'one month, SAR', filter: { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z', currency: 'SAR' } },
  { name: 'name "Qahtani"', filter: { query: 'Qahtani' } },
];
const page = (filter: PaymentFilter) => {
  const t0 = performance.now();
  searchPayments(db, filter, { by: 'createdAt', direction: 'desc' }, 0, 100);
  return performance.now() - t0;
};
const alone = new Map<string, number[]>();
const during = new Map<string, number[]>();
for (const p of pages) for (let i = 0; i < 3; i++) page(p.filter); // warm: plans made, counts begun
await settle();
for (let i = 0; i < pageRuns; i++) {
  for (const p of pages) (alone.get(p.name) ?? alone.set(p.name, []).get(p.name)!).push(page(p.filter));
  await new Promise((resolve) => setImmediate(resolve));
}
// The totals of another filter each round, so each round sums anew.
let round = 0;
while ([...during.values()].reduce((n, s) => Math.min(n, s.length), during.size ? Infinity : 0) < pageRuns) {
  let running = true;
  const sums = listTotals(db, round++ % 2 ? {} : { kinds: ['link', 'sale', 'checkout'] }).finally(() => (running = false));
  while (running) {
    for (const p of pages) (during.get(p.name) ?? during.set(p.name, []).get(p.name)!).push(page(p.filter));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await sums;
}
table(['first page', 'alone p50', 'alone p95', 'totals running p50', 'totals running p95'], pages.map((p) => {
  const a = ranks(alone.get(p.name)!);
  const d = ranks(during.get(p.name)!);
  return [p.name, msText(a.p50), msText(a.p95), msText(d.p50), msText(d.p95)];
}));
delay.disable();
db.close();
process.exit(0);
