// Benchmark: Needs attention's queue (attention-queue.ts) on a seeded ledger: the queue's size, its
// total and its first window (500), a window deep in it (after the middle), newest first, and Home's
// the total alone, which is the navigation's and Home's count (countNeedsAttention, overview.ts).
// With the window's and the count's query plans (they must read the three sets from their indexes,
// never walk the payments). Prints p50 and p95 in ms, and the count's p50 as a RESULT line. Then the
// count against the two it replaced (2026-12-01: the queue with `creating` payments, and Home's own
// count), alternated run by run: paired medians and in how many runs the count was ahead.
// Run: node scripts/run-ts.mjs bench/attention-queue.ts DIR [repeats]   (on a copy: opening migrates)
import { openLedgerDb } from '../main/ledger/database';
import { attentionTotal, attentionWindow } from '../main/ledger/attention-queue';
import { outcomeCode } from '../main/ledger/packing';
import { result, sizeLabel } from './support';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/attention-queue.ts DIR [repeats]');
const repeats = Number(process.argv[3] ?? 30);
const db = openLedgerDb(dir);
const payments = (db.prepare('SELECT max(rowid) AS n FROM payments').get() as { n: number }).n;
const first = attentionWindow(db, { limit: 500, direction: 'asc' });
// The counts as they were before 2026-12-01's one definition: the navigation's (the queue with the
// payments being created) and Home's (the flagged and the lost answers, the flagged taken out first).
const unclear = outcomeCode('unknown');
const navBefore = db.prepare(`WITH queue(r) AS (SELECT rowid FROM payments WHERE needs_attention = 1
  UNION SELECT rowid FROM payments WHERE state IN ('unknown', 'creating') UNION SELECT payment FROM ledger_operations WHERE outcome = ${unclear})
  SELECT count(*) AS n FROM queue`);
const homeBefore = db.prepare(`SELECT (SELECT count(*) FROM payments WHERE needs_attention = 1)
  + (SELECT count(*) FROM payments WHERE rowid IN (SELECT payment FROM ledger_operations WHERE outcome = ${unclear}
     EXCEPT SELECT rowid FROM payments WHERE needs_attention = 1)) AS n`);
const countOf = (statement: typeof navBefore) => (statement.get() as { n: number }).n;
console.log(`~${payments} payments; the queue holds ${first.total}; before: the navigation counted ${countOf(navBefore)}, Home ${countOf(homeBefore)}`);

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
const plan = db.prepare(`EXPLAIN QUERY PLAN WITH queue(r) AS (SELECT rowid FROM payments WHERE needs_attention = 1
  UNION SELECT rowid FROM payments WHERE state = 'unknown' UNION SELECT payment FROM ledger_operations WHERE outcome = 3)
  SELECT p.* FROM queue JOIN payments p ON p.rowid = queue.r ORDER BY p.created_at, p.rowid LIMIT 501`).all() as Array<{ detail: string }>;
console.log(plan.map((r) => `  ${r.detail}`).join('\n'));
const countPlan = db.prepare(`EXPLAIN QUERY PLAN WITH queue(r) AS (SELECT rowid FROM payments WHERE needs_attention = 1
  UNION SELECT rowid FROM payments WHERE state = 'unknown' UNION SELECT payment FROM ledger_operations WHERE outcome = 3)
  SELECT count(*) FROM queue`).all() as Array<{ detail: string }>;
console.log("the navigation's count:");
console.log(countPlan.map((r) => `  ${r.detail}`).join('\n'));
result(`attention_count_p50_${sizeLabel(payments)}`, counted, 'ms');

/** The count now against one it replaced, alternated run by run (which goes first swaps each run). */
function against(name: string, before: () => unknown): void {
  for (let i = 0; i < 3; i++) { attentionTotal(db); before(); }
  const now: number[] = [];
  const then: number[] = [];
  const timed = (run: () => unknown) => { const t = performance.now(); run(); return performance.now() - t; };
  for (let i = 0; i < repeats; i++) {
    if (i % 2) { then.push(timed(before)); now.push(timed(() => attentionTotal(db))); }
    else { now.push(timed(() => attentionTotal(db))); then.push(timed(before)); }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ahead = now.filter((x, i) => x < then[i]!).length;
  const diffs = now.map((x, i) => x - then[i]!);
  console.log(`the count now against ${name}: p50 ${median(now).toFixed(2)} vs ${median(then).toFixed(2)} ms, paired difference median ${median(diffs).toFixed(2)} ms, ahead in ${ahead} of ${repeats}`);
}
against("the navigation's before (with `creating`)", () => navBefore.get());
against("Home's before (flagged + lost answers)", () => homeBefore.get());
db.close();
