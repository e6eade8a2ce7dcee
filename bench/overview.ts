// Benchmark: Home's overview (getOverview through the service, as the handler calls it) over a
// ledger of 1,000,000 payments spread over the last year, mixed currencies, kinds, cards,
// refunds and voids. Goal: the overview in ≤ 300 ms (issue 17). Prints median and p95.
// Prints the figures call (what makes the overview appear) and the charts call apart.
// Run: node scripts/run-ts.mjs bench/overview.ts [payments] [repeats] [chart days]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb } from '../main/ledger/database';
import { createOverview } from '../main/payments/overview';

const count = Number(process.argv[2] ?? 1_000_000);
const repeats = Number(process.argv[3] ?? 30);
const chartDays = Number(process.argv[4] ?? 30);
const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
const db = openLedgerDb(dir);

const kinds = ['link', 'checkout', 'sale', 'recurring'];
const currencies = ['SAR', 'SAR', 'SAR', 'AED', 'KWD', 'USD'];
const bins = [null, '400000', '512345', '371449', '601100'];
const now = Date.parse('2026-11-23T12:00:00Z');
const span = 365 * 86_400_000;

const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, card_bin, state, captured_minor, refunded_minor, needs_attention, created_by, created_at, updated_at)
  VALUES (?, ?, 'practice', ?, ?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?, ?)`);
const seeded = performance.now();
db.transaction(() => {
  for (let i = 0; i < count; i++) {
    const at = new Date(now - span + Math.floor((i * span) / count)).toISOString();
    const amount = 100 + ((i * 7919) % 500_000);
    const roll = i % 10; // 0-5 paid, 6 part refunded, 7 refunded, 8 voided, 9 pending
    const captured = roll <= 7 ? amount : 0;
    const refunded = roll === 6 ? Math.floor(amount / 3) : roll === 7 ? amount : 0;
    const state = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'partially_refunded', 'refunded', 'voided', 'pending'][roll]!;
    insert.run(`p${i}`, i % 3 ? 'practice' : 'shop', kinds[i % 4], `PD-${i}`, amount, currencies[i % currencies.length], bins[i % bins.length], state, captured, refunded, i % 997 === 0 ? 1 : 0, at, at);
  }
})();
db.exec('ANALYZE');
console.log(`seeded ${count} payments in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

// What Home asks for: today, 7 days, this month, a chosen range (here 90 days), and the chart's days.
const day = 86_400_000;
const startOfDay = Math.floor(now / day) * day;
const iso = (ms: number) => new Date(ms).toISOString();
const periods = [
  { from: iso(startOfDay), to: iso(startOfDay + day) },
  { from: iso(startOfDay - 6 * day), to: iso(startOfDay + day) },
  { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' },
  { from: iso(startOfDay - 89 * day), to: iso(startOfDay + day) },
];
const days = Array.from({ length: chartDays }, (_, i) => {
  const from = startOfDay - (chartDays - 1 - i) * day;
  return { date: iso(from).slice(0, 10), from: iso(from), to: iso(from + day) };
});
const overview = createOverview({ db });
// Home asks twice, figures first: the overview appears with the first answer, the charts follow.
const figuresInput = { periods, now: iso(now), days: [] };
const chartsInput = { periods: [], now: iso(now), days };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
// The service answers a promise (it may read in the overview worker): each run is awaited.
const report = async (name: string, run: () => Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  console.log(`${name.padEnd(44)} median ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms   (${repeats} runs)`);
};
for (const [scope, profileId] of [['all profiles', undefined], ['one profile', 'practice']] as const) {
  await report(`figures (4 periods), ${scope}`, () => overview.get({ ...figuresInput, profileId }));
  await report(`charts (${chartDays} days + shares), ${scope}`, () => overview.get({ ...chartsInput, profileId }));
  await report(`both in one call, ${scope}`, () => overview.get({ ...figuresInput, days, profileId }));
}
db.close();
rmSync(dir, { recursive: true, force: true });
