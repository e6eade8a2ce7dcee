// Benchmark: the list's totals per currency (main/ledger/list-totals.ts) on a laptop's ledger:
// how long each filter's totals take from the call to the answer, and main's longest turn
// meanwhile (what a page asked during the sum waits at most: main answers between slices); with
// `--against DIR` (a checkout of another commit, e.g. main's) that commit's list-totals.ts is
// bundled and run on the same connection, alternated call by call with this one (which goes first
// swaps each run), p50/p95 each, the process's CPU time (p50) and the paired per-run difference; then the list's first pages
// (search.ts, as the list asks them) alone and while the whole ledger's totals run, interleaved a
// page per turn. A ledger from `npm run seed` (or a copy of one) is reused: --data-dir DIR.
// Run: node scripts/run-ts.mjs bench/list-totals.ts --data-dir DIR [--runs R] [--page-runs P] [--against DIR] [--cases REGEX]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { build } from 'esbuild';
import type { PaymentFilter } from '../contract/methods/payments';
import { openLedgerDb } from '../main/ledger/database';
import { listTotals, totalsSliceRows } from '../main/ledger/list-totals';
import { searchPayments, settle } from '../main/ledger/search';
import { usePositionsWorker } from '../main/ledger/positions-thread';
import { msText, option, percentile, ranks, sizeLabel, table } from './support';
import { totalsCases } from './totals-cases';

const dir = option('data-dir');
if (!dir) throw new Error('--data-dir DIR: a seeded ledger (a copy: the bench reads it, the app may migrate it)');
const runs = Number(option('runs') ?? 5);
const pageRuns = Number(option('page-runs') ?? 41);
const against = option('against');
const db = openLedgerDb(dir);
usePositionsWorker(db, join(process.cwd(), 'dist/main/positions-worker.cjs'));
const total = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
console.log(`${total} payments (${sizeLabel(total)}); slices of ${totalsSliceRows}; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);

// `--cases REGEX`: only the cases whose names match (e.g. the broad ones, for more runs of their longest turns).
const only = option('cases');
const cases = totalsCases(db).filter((c) => !only || new RegExp(only).test(c.name));

type Totals = typeof listTotals;
/** Another checkout's list-totals.ts (its own search.ts, count-tables.ts, … bundled with it), for the same connection. */
async function listTotalsOf(checkout: string): Promise<Totals> {
  const out = mkdtempSync(join(resolve('node_modules'), '.bench-against-'));
  try {
    await build({ entryPoints: [join(checkout, 'main/ledger/list-totals.ts')], outfile: join(out, 'list-totals.mjs'), bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
    return ((await import(join(out, 'list-totals.mjs'))) as { listTotals: Totals }).listTotals;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
const builds: Array<{ name: string; totals: Totals }> = [{ name: 'this', totals: listTotals }];
if (against) builds.unshift({ name: 'against', totals: await listTotalsOf(against) });

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const times = new Map<string, number[]>();
const blocks = new Map<string, number[]>();
// The process's CPU time meanwhile (main's thread; the positions worker is idle then): what the
// sum costs, less moved by other work on a shared machine than the time to the answer.
const cpus = new Map<string, number[]>();
const push = (map: Map<string, number[]>, key: string, value: number) => (map.get(key) ?? map.set(key, []).get(key)!).push(value);
// Round-robin: each call is for another filter than the one before, so none is answered from what is kept.
for (let run = 0; run < runs; run++) {
  for (const c of cases) {
    const order = run % 2 ? [...builds].reverse() : builds;
    const answers: string[] = [];
    for (const b of order) {
      await settle(50);
      delay.reset();
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const answer = await b.totals(db, c.filter);
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      push(cpus, `${b.name} ${c.name}`, (cpu.user + cpu.system) / 1e3);
      if (answer.stopped) throw new Error(`${c.name}: stopped`);
      push(times, `${b.name} ${c.name}`, ms);
      push(blocks, `${b.name} ${c.name}`, delay.max / 1e6);
      answers.push(JSON.stringify(perCurrency(answer.currencies)));
      if (run === 0 && b.name === 'this') console.log(`${c.name}: ${answer.currencies.map((x) => `${x.currency} ${x.payments} (${x.capturedPayments} captured)`).slice(0, 4).join(', ')}${answer.currencies.length > 4 ? ', …' : ''}${answer.currencies.length ? '' : 'none'}`);
    }
    if (new Set(answers).size > 1) throw new Error(`${c.name}: the builds' totals differ: ${answers.join(' / ')}`);
  }
}
const cell = (name: string, c: string) => {
  const r = ranks(times.get(`${name} ${c}`)!);
  const b = ranks(blocks.get(`${name} ${c}`)!);
  return [`${msText(r.p50)} / ${msText(r.p95)}`, msText(ranks(cpus.get(`${name} ${c}`)!).p50), `${msText(b.p50)} / ${msText(b.p95)}`];
};
if (against) {
  // Paired: this build's time minus the other's in the same run (the same load).
  table(['totals', 'against p50 / p95 ms', 'CPU p50', 'longest turn p50 / p95', 'this p50 / p95 ms', 'CPU p50', 'longest turn p50 / p95', 'paired diff p50 ms', 'this ahead', 'turn shorter/same/longer'], cases.map((c) => {
    const a = times.get(`against ${c.name}`)!;
    const t = times.get(`this ${c.name}`)!;
    const diffs = t.map((x, i) => x - a[i]!);
    const ta = blocks.get(`against ${c.name}`)!;
    const turnDiffs = blocks.get(`this ${c.name}`)!.map((x, i) => x - ta[i]!);
    return [c.name, ...cell('against', c.name), ...cell('this', c.name), msText(percentile(diffs, 50)), `${diffs.filter((d) => d < 0).length} of ${diffs.length}`, `${turnDiffs.filter((d) => d < 0).length}/${turnDiffs.filter((d) => d === 0).length}/${turnDiffs.filter((d) => d > 0).length}`];
  }));
} else table(['totals', 'p50 / p95 ms', 'CPU p50 ms', 'longest turn of main p50 / p95 ms'], cases.map((c) => [c.name, ...cell('this', c.name)]));
console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);

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

/**
 * Each currency's sums over every profile, in code order: what two builds must agree on, whether
 * or not a build sums each profile apart (since 2026-12-01 this one does, docs/ledger.md).
 */
function perCurrency(currencies: Array<{ currency: string; payments: number; capturedMinor: number; refundedMinor: number; refundsNotKnown: number }>) {
  const sums = new Map<string, number[]>();
  for (const c of currencies) {
    const kept = sums.get(c.currency) ?? [0, 0, 0, 0];
    sums.set(c.currency, [kept[0]! + c.payments, kept[1]! + c.capturedMinor, kept[2]! + c.refundedMinor, kept[3]! + c.refundsNotKnown]);
  }
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
}
