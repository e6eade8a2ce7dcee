// Benchmark: the long work on a large ledger, as the app runs it (worker threads from dist/main):
// CSV export of every payment to a file while payments are added (time, each payment exactly
// once, main's memory), and a full audit-chain verification while main answers list calls
// (time, main's slowest answer and event-loop delay meanwhile).
// Run: node scripts/build.mjs main && node scripts/run-ts.mjs bench/ledger-work.ts --data-dir DIR
import { rmSync, mkdtempSync, createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openLedgerDb } from '../main/ledger/database';
import { createExportJobs } from '../main/ledger/export-jobs';
import { createAuditVerifier } from '../main/ledger/audit-verify';
import { searchPayments } from '../main/ledger/search';
import { seedLedger } from '../scripts/seed-ledger';
import type { AppEvent } from '../contract/events';
import { option, result as resultLine, sizeLabel, table } from './support';

const given = option('data-dir');
const dir = given ?? mkdtempSync(join(tmpdir(), 'paydesk-bench-work-'));
const db = openLedgerDb(dir);
if ((db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n === 0) seedLedger(db, { payments: Number(option('payments') ?? 100_000) });
const workerDir = resolve('dist/main');
const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const rows: string[][] = [];

/** Samples main's memory and event-loop delay every 10 ms while `work` runs. */
async function watch<T>(work: () => Promise<T>) {
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  let worstLag = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worstLag = Math.max(worstLag, now - last - 10);
    last = now;
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  return { result, seconds, rssGrowth: peakRss - start.rss, heapGrowth: peakHeap - start.heapUsed, worstLag };
}

// 1. Export while payments are added.
const before = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
const out = mkdtempSync(join(tmpdir(), 'paydesk-bench-export-'));
let snapshot = 0;
const jobs = createExportJobs({ db, emit: (e) => e.type === 'export.progress' && e.done && (snapshot = e.total), exportDir: out, workerFile: join(workerDir, 'export-worker.cjs') });
const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, created_by, created_at, updated_at)
  VALUES (?, 'practice', 'practice', 'link', ?, 100, 'SAR', 'pending', 'bench', ?, ?)`);
let added = 0;
const exported = await watch(async () => {
  const started = jobs.start({ kind: 'payments', filter: {}, sort: { by: 'createdAt', direction: 'desc' } });
  const adding = setInterval(() => {
    const at = new Date().toISOString();
    insert.run(`bench-${process.pid}-${added}`, `BENCH-${process.pid}-${added++}`, at, at);
  }, 5);
  await jobs.idle();
  clearInterval(adding);
  return started.path;
});
const seen = new Set<string>();
let lines = 0;
let column = -1;
for await (const line of createInterface({ input: createReadStream(exported.result, 'utf8') })) {
  const cells = line.split(',');
  if (column < 0) column = cells.indexOf('order_id');
  else {
    lines++;
    seen.add(cells[column]!);
  }
}
rows.push([`CSV export of ${before.toLocaleString('en')} payments (worker)`, `${exported.seconds.toFixed(1)} s`, `${lines === snapshot && seen.size === snapshot ? `each exactly once (${snapshot.toLocaleString('en')} at its start)` : `WRONG: ${lines} lines, ${seen.size} distinct, ${snapshot} in the snapshot`}; ${added} added during it`, `main heap +${mb(exported.heapGrowth)} MB, process rss (worker included) +${mb(exported.rssGrowth)} MB, worst main delay ${exported.worstLag.toFixed(0)} ms`]);
rmSync(out, { recursive: true, force: true });
resultLine(`export_${sizeLabel(before)}`, exported.seconds, 's');
resultLine('export_exactly_once', lines === snapshot && seen.size === snapshot ? 1 : 0, 'yes');
resultLine('export_main_heap_growth', exported.heapGrowth / 1e6, 'MB');

// 2. Full chain verification while the list is asked for.
const events: AppEvent[] = [];
const verifier = createAuditVerifier({ db, emit: (e) => events.push(e), workerFile: join(workerDir, 'audit-verify-worker.cjs') });
const answers: number[] = [];
const verified = await watch(async () => {
  verifier.start();
  const asking = setInterval(() => {
    const t0 = performance.now();
    searchPayments(db, { states: ['paid'] }, { by: 'createdAt', direction: 'desc' }, 0, 100);
    answers.push(performance.now() - t0);
  }, 50);
  await verifier.idle();
  clearInterval(asking);
});
const result = events.at(-1) as Extract<AppEvent, { type: 'audit.verify' }> | undefined;
rows.push([`full audit chain check, ${result?.checked.toLocaleString('en')} entries (worker)`, `${verified.seconds.toFixed(1)} s`, result?.intact ? 'intact' : `broken at ${result?.brokenAt}`, `slowest list call meanwhile ${Math.max(...answers).toFixed(1)} ms (${answers.length} calls), worst main delay ${verified.worstLag.toFixed(0)} ms`]);

resultLine('chain_check_slowest_list_call', Math.max(...answers), 'ms');
table(['work', 'time', 'result', 'main meanwhile'], rows);
// Foreign keys off: payments.parent_payment_id has no index, each delete would scan the table.
db.pragma('foreign_keys = OFF');
db.prepare("DELETE FROM payments WHERE created_by = 'bench'").run();
db.close();
if (!given) rmSync(dir, { recursive: true, force: true });
