// Benchmark: what a burst of payments.changed costs main while Needs attention is open. The screen
// read its window (up to 500 rows and the queue's total, attention-queue.ts) again on each event;
// now a burst is read once, and once more for events during a read (the screen's own helper,
// renderer/src/app/once-per-burst.ts). `--events` (100) events `--every` ms apart (a list, default
// 20,200: a fast bulk run, and "hundreds a minute"), main's reads done in this one thread as main
// does them; per spacing the old way (a read per event) and the new one alternated `--runs` (3)
// times, which goes first swapping each run: the reads, main's ms in them, the burst's length.
// A third way is the navigation's count beside the screen, as it was from its start to 2026-12-01:
// the screen's re-read and the navigation's count (attentionTotal) each once per burst; since then
// the screen's read carries the total to the navigation, which counts none of its own ("once per
// burst" alone). Its reads column counts main's calls, both kinds.
// Run: node scripts/run-ts.mjs bench/attention-burst.ts DIR [--events N] [--every 20,200] [--runs 3]   (on a copy)
import { openLedgerDb } from '../main/ledger/database';
import { attentionTotal, attentionWindow } from '../main/ledger/attention-queue';
import { burstWaitMs, oncePerBurst } from '../renderer/src/app/once-per-burst';
import { option, result, sizeLabel, table } from './support';

const dir = process.argv[2];
if (!dir || dir.startsWith('--')) throw new Error('usage: bench/attention-burst.ts DIR [--events N] [--every 20,200] [--runs 3]');
const events = Number(option('events') ?? 100);
const spacings = (option('every') ?? '20,200').split(',').map(Number);
const runs = Number(option('runs') ?? 3);
const db = openLedgerDb(dir);
const payments = (db.prepare('SELECT max(rowid) AS n FROM payments').get() as { n: number }).n;
console.log(`~${payments} payments; the queue holds ${attentionWindow(db, { limit: 500, direction: 'asc' }).total}; ${events} events a burst; the wait ${burstWaitMs} ms`);

for (let i = 0; i < 3; i++) attentionWindow(db, { limit: 500, direction: 'asc' }); // warm: the first reads fill the page cache

type Way = 'each event' | 'once per burst' | 'and the count beside';
type Run = { reads: number; mainMs: number; lengthMs: number };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function burst(way: Way, every: number): Promise<Run> {
  let reads = 0;
  let mainMs = 0;
  let inFlight = 0;
  // The screen's re-read as main answers it: the first window of 500 and the total.
  const read = async () => {
    inFlight++;
    await sleep(0); // the call crosses to main: a turn of its own
    const t = performance.now();
    attentionWindow(db, { limit: 500, direction: 'asc' });
    mainMs += performance.now() - t;
    reads++;
    inFlight--;
  };
  // The navigation's own count, once per burst too (before 2026-12-01, while the screen was open).
  const count = async () => {
    inFlight++;
    await sleep(0);
    const t = performance.now();
    attentionTotal(db);
    mainMs += performance.now() - t;
    reads++;
    inFlight--;
  };
  const coalesced = oncePerBurst(read);
  const counted = oncePerBurst(count);
  const onEvent = way === 'each event' ? () => void read() : way === 'once per burst' ? coalesced.soon : () => { coalesced.soon(); counted.soon(); };
  const start = performance.now();
  for (let i = 0; i < events; i++) {
    onEvent();
    const due = start + (i + 1) * every;
    await sleep(Math.max(0, due - performance.now()));
  }
  // Until every read the burst set off is done: no read under way past the wait.
  do await sleep(burstWaitMs * 2);
  while (inFlight > 0);
  coalesced.stop();
  counted.stop();
  return { reads, mainMs, lengthMs: performance.now() - start };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const every of spacings) {
  const seen: Record<Way, Run[]> = { 'each event': [], 'and the count beside': [], 'once per burst': [] };
  for (let r = 0; r < runs; r++) {
    const ways: Way[] = ['each event', 'and the count beside', 'once per burst'];
    const order = r % 2 === 0 ? ways : [...ways].reverse();
    for (const way of order) seen[way].push(await burst(way, every));
  }
  console.log(`\n${events} events ${every} ms apart (${(60_000 / every).toFixed(0)} a minute), median of ${runs} runs:`);
  table(['re-read', "main's calls", "main's ms reading", 'ms a read', 'burst ms'], (Object.keys(seen) as Way[]).map((way) => {
    const xs = seen[way];
    return [way, String(median(xs.map((x) => x.reads))), median(xs.map((x) => x.mainMs)).toFixed(0), median(xs.map((x) => x.mainMs / x.reads)).toFixed(1), median(xs.map((x) => x.lengthMs)).toFixed(0)];
  }));
  for (const way of Object.keys(seen) as Way[]) {
    console.log(`  ${way}: reads per run ${seen[way].map((x) => x.reads).join(', ')}; main's ms ${seen[way].map((x) => x.mainMs.toFixed(0)).join(', ')}`);
  }
  result(`attention_burst_reads_${every}ms_${sizeLabel(payments)}`, median(seen['once per burst'].map((x) => x.reads)), 'reads', 0);
}
db.close();
