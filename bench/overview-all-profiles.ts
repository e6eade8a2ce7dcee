// Benchmark: Home's overview with its scope on "All profiles", as main answered it (one call over
// every profile's payments, their money added up) against as Home asks now (one call per profile,
// the profile in use first: docs/overview.md, "All profiles"), alternated run by run on the same
// ledger, figures then charts as Home asks them. Reads a copy of a seeded ledger (read-only here).
// Run: node scripts/run-ts.mjs bench/overview-all-profiles.ts DATA_DIR [runs] [profile ids, comma-separated]
import { loadavg } from 'node:os';
import { openLedgerDb } from '../main/ledger/database';
import { createOverview } from '../main/payments/overview';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: bench/overview-all-profiles.ts DATA_DIR [runs] [profile ids]');
const runs = Number(process.argv[3] ?? 15);
const profiles = (process.argv[4] ?? 'practice,shop').split(',');
const db = openLedgerDb(dataDir);
const overview = createOverview({ db });

// The seeds' last payments are of 31 October 2026: Home as on 2 November, its periods in UTC days.
const day = 86_400_000;
const now = Date.parse('2026-11-02T10:00:00Z');
const today = Math.floor(now / day) * day;
const iso = (ms: number) => new Date(ms).toISOString();
const periods = [
  { from: iso(today), to: iso(today + day) },
  { from: iso(today - 6 * day), to: iso(today + day) },
  { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' },
  { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' },
  { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' },
];
const days = Array.from({ length: 30 }, (_, i) => ({ date: iso(today - (29 - i) * day).slice(0, 10), from: iso(today - (29 - i) * day), to: iso(today - (28 - i) * day) }));
const figures = (profileId?: string) => overview.get({ profileId, now: iso(now), periods, days: [], refundsMadeIn: periods[4] });
const charts = (profileId?: string) => overview.get({ profileId, now: iso(now), periods: [], days });

const variants = {
  // main: every profile's money in one call
  before: async () => {
    const f = performance.now(); await figures(); const fig = performance.now() - f;
    await charts(); return { fig, all: performance.now() - f };
  },
  // this branch: each profile apart, every figures call before any charts call (as overview-store.ts)
  after: async () => {
    const f = performance.now(); await Promise.all(profiles.map((p) => figures(p))); const fig = performance.now() - f;
    await Promise.all(profiles.map((p) => charts(p))); return { fig, all: performance.now() - f };
  },
};
const samples: Record<string, Array<{ fig: number; all: number }>> = { before: [], after: [] };
for (const v of ['before', 'after'] as const) await variants[v](); // warm both
for (let i = 0; i < runs; i++) {
  const order = i % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
  for (const v of order) samples[v]!.push(await variants[v]());
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ahead = (k: 'fig' | 'all') => samples.after!.filter((s, i) => s[k] < samples.before![i]![k]).length;
console.log(`load ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${runs} runs alternated; profiles ${profiles.join(', ')}`);
for (const k of ['fig', 'all'] as const) {
  const name = k === 'fig' ? 'figures' : 'figures + charts';
  const paired = median(samples.after!.map((s, i) => s[k] - samples.before![i]![k]));
  console.log(`${name.padEnd(18)} one call (main) p50 ${median(samples.before!.map((s) => s[k])).toFixed(1)} ms · per profile p50 ${median(samples.after!.map((s) => s[k])).toFixed(1)} ms · paired ${paired >= 0 ? '+' : ''}${paired.toFixed(1)} ms · per profile ahead in ${ahead(k)} of ${runs}`);
}
db.close();
