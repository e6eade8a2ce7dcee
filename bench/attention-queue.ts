// Benchmark: Needs attention's queue (attention-queue.ts) on a seeded ledger: the queue's size, its
// total and its first window (500), a window deep in it (after the middle), newest first, and Home's
// count (overview.ts) for comparison; the total alone is the navigation's count (countNeedsAttention).
// With the window's and the count's query plans (they must read the three sets from their indexes,
// never walk the payments). Prints p50 and p95 in ms, and the count's p50 as a RESULT line.
// Run: node scripts/run-ts.mjs bench/attention-queue.ts DIR [repeats]   (on a copy: opening migrates)
import { openLedgerDb } from '../main/ledger/database';
import { attentionTotal, attentionWindow } from '../main/ledger/attention-queue';
import { needsAttentionCount } from '../main/ledger/overview';
import { result, sizeLabel } from './support';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/attention-queue.ts DIR [repeats]');
const repeats = Number(process.argv[3] ?? 30);
const db = openLedgerDb(dir);
const payments = (db.prepare('SELECT max(rowid) AS n FROM payments').get() as { n: number }).n;
const first = attentionWindow(db, { limit: 500, direction: 'asc' });
console.log(`~${payments} payments; the queue holds ${first.total}; Home counts ${needsAttentionCount(db)}`);

function time(name: string, run: () => unknown): number {
  for (let i = 0; i < 3; i++) run();
  const ms: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t = performance.now();
    run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(2);
  console.log(`${name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  return Number(at(0.5));
}

time('first window of 500 and the total', () => attentionWindow(db, { limit: 500, direction: 'asc' }));
time('first window of 500, newest first', () => attentionWindow(db, { limit: 500, direction: 'desc' }));
if (first.next) time('the next window (keyset)', () => attentionWindow(db, { limit: 500, direction: 'asc', after: first.next }));
// The navigation's count (countNeedsAttention): asked at most once per burst of main's change events.
const counted = time("the total alone (the navigation's count)", () => attentionTotal(db));
time("Home's count (overview.ts)", () => needsAttentionCount(db));
const plan = db.prepare(`EXPLAIN QUERY PLAN WITH queue(r) AS (SELECT rowid FROM payments WHERE needs_attention = 1
  UNION SELECT rowid FROM payments WHERE state IN ('unknown', 'creating') UNION SELECT payment FROM ledger_operations WHERE outcome = 3)
  SELECT p.* FROM queue JOIN payments p ON p.rowid = queue.r ORDER BY p.created_at, p.rowid LIMIT 501`).all() as Array<{ detail: string }>;
console.log(plan.map((r) => `  ${r.detail}`).join('\n'));
const countPlan = db.prepare(`EXPLAIN QUERY PLAN WITH queue(r) AS (SELECT rowid FROM payments WHERE needs_attention = 1
  UNION SELECT rowid FROM payments WHERE state IN ('unknown', 'creating') UNION SELECT payment FROM ledger_operations WHERE outcome = 3)
  SELECT count(*) FROM queue`).all() as Array<{ detail: string }>;
console.log("the navigation's count:");
console.log(countPlan.map((r) => `  ${r.detail}`).join('\n'));
result(`attention_count_p50_${sizeLabel(payments)}`, counted, 'ms');
db.close();
