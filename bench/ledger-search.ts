// Benchmark: every list search, filter and deep jump the transactions screen makes, through
// the handlers' query module (count and window, as a page costs), against the same window SQL
// prepared once and run directly; plus opening the audit screen. Medians and p95 of `runs`
// runs, module and raw SQL alternated. A ledger from `npm run seed` is reused if given.
// Run: node scripts/run-ts.mjs bench/ledger-search.ts [--payments N] [--data-dir DIR] [--runs R]
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { openLedgerDb, ledgerFileName } from '../main/ledger/database';
import { planWhere, positionsPending, searchPayments, settle, windowQuery, type PaymentSort } from '../main/ledger/search';
import { positionsThread, usePositionsWorker } from '../main/ledger/positions-thread';
import { checkAuditChain } from '../main/ledger/audit-chain';
import { listAudit } from '../main/ledger/audit-query';
import { knownCount } from '../main/ledger/count-tables';
import type { PaymentFilter } from '../contract/methods/payments';
import { seedLedger } from '../scripts/seed-ledger';
import { option, result, sizeLabel, stats, table } from './support';

const payments = Number(option('payments') ?? 100_000);
const runs = Number(option('runs') ?? 21);
const given = option('data-dir');
const dir = given ?? join(tmpdir(), `paydesk-bench-search-${payments}`);
mkdirSync(dir, { recursive: true });
const fresh = !existsSync(join(dir, ledgerFileName));
const db = openLedgerDb(dir);
if (fresh || (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n === 0) {
  const t0 = performance.now();
  seedLedger(db, { payments });
  console.log(`seeded ${payments} payments in ${((performance.now() - t0) / 1000).toFixed(1)} s (${dir})`);
}
const total = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
// Positions for deep jumps: in their worker thread as in the app (`--positions main`: in steps on main's thread, as before).
const positionsIn = option('positions') ?? 'worker';
if (positionsIn === 'worker') usePositionsWorker(db, join(process.cwd(), 'dist/main/positions-worker.cjs'));
console.log(`positions walked ${positionsThread(db) ? 'in a worker thread' : "on main's thread, in steps"}`);
const mid = Math.floor(total / 2);

type Case = { name: string; filter: PaymentFilter; sort?: PaymentSort; offset?: number; before?: number };
const rare = db.prepare('SELECT customer_email AS e FROM payments WHERE rowid = ?').get(Math.floor(total / 3)) as { e: string };
const cases: Case[] = [
  { name: 'newest 100 (the default list)', filter: {} },
  { name: 'deep jump to the middle', filter: {}, offset: mid },
  { name: 'deep jump to the end', filter: {}, offset: total - 100 },
  { name: 'next page after the middle', filter: {}, offset: mid + 100, before: mid },
  { name: 'order id "PD-2025"', filter: { query: 'PD-2025' } },
  { name: 'e-mail "omar.2"', filter: { query: 'omar.2' } },
  { name: 'name "Qahtani"', filter: { query: 'Qahtani' } },
  { name: 'name "القحطاني"', filter: { query: 'القحطاني' } },
  { name: 'e-mail domain "example.com"', filter: { query: 'example.com' } },
  { name: 'rare: one e-mail', filter: { query: rare.e } },
  { name: '2 characters "PD"', filter: { query: 'PD' } },
  { name: '2 characters "zz"', filter: { query: 'zz' } },
  { name: 'state = pending', filter: { states: ['pending'] } },
  { name: 'unknown + needs attention', filter: { states: ['unknown'], needsAttention: true } },
  { name: 'refunded, KWD', filter: { states: ['refunded'], currency: 'KWD' } },
  { name: 'one month, SAR', filter: { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z', currency: 'SAR' } },
  { name: 'amount 100-200 KWD, by amount', filter: { currency: 'KWD', minAmount: '100', maxAmount: '200' }, sort: { by: 'amount', direction: 'desc' } },
  { name: 'all, by customer', filter: {}, sort: { by: 'customer', direction: 'asc' } },
  { name: 'all, by state, deep', filter: {}, sort: { by: 'state', direction: 'desc' }, offset: mid },
  { name: 'sales by order id', filter: { kinds: ['sale'] }, sort: { by: 'orderId', direction: 'asc' } },
];

/**
 * After the page: the count main makes (when the page did not know it), in turns of the event
 * loop, as the list then shows it, and the positions for deep jumps; how long until the count is
 * known, and main's longest turn until both are done.
 */
async function countAfterwards(filter: PaymentFilter, sort: PaymentSort, offset: number) {
  await settle();
  db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'").run();
  const t0 = performance.now();
  const page = searchPayments(db, filter, sort, offset, 100);
  let longest = 0;
  let long = 0; // turns over 16 ms: a frame's time, what a user could notice
  let known = page.totalExact ? { exact: true, total: page.total } : knownCount(db, filter);
  let after = page.totalExact ? 0 : undefined;
  while ((!known?.exact || positionsPending()) && performance.now() - t0 < 60_000) {
    const turn = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    longest = Math.max(longest, performance.now() - turn);
    if (performance.now() - turn > 16) long++;
    if (!known?.exact) known = knownCount(db, filter);
    if (known?.exact && after === undefined) after = performance.now() - t0;
  }
  return { total: known?.exact ? known.total.toLocaleString('en') : '?', after: after ? after.toFixed(0) : '', longest: longest ? `${longest.toFixed(2)} (${long})` : '' };
}

const rows: string[][] = [];
// `--cases REGEX`: only the cases whose name matches (e.g. the text searches).
const only = option('cases');
for (const c of cases.filter((c) => !only || new RegExp(only).test(c.name))) {
  const sort = c.sort ?? { by: 'createdAt', direction: 'desc' };
  const offset = c.offset ?? 0;
  // Raw: the window's own SQL, prepared once, from the start of the list (no position known).
  const where = planWhere(db, c.filter);
  const query = windowQuery(db, where, sort, undefined);
  const raw = db.prepare(`${query.sql} LIMIT @limit OFFSET @skip`);
  // Like with like: the raw statement is prepared and run once before it is timed; the module's
  // first page of a filter (which plans it: the common counts, the trigrams' densities, its
  // statement) is timed apart as "first".
  const warm = performance.now();
  raw.all({ ...query.params, limit: 100, skip: offset });
  // A window that reads almost nothing (under 1 ms) is timed 5× as often: its p95 is otherwise
  // the second slowest of 21 sub-millisecond runs, whatever the shared machine did meanwhile.
  const caseRuns = performance.now() - warm < 1 ? runs * 5 : runs;
  const first = performance.now();
  searchPayments(db, c.filter, sort, offset, 100);
  const firstMs = (performance.now() - first).toFixed(2);
  await settle(); // its background work (count, positions in their thread) does not run into the timed runs
  const module: number[] = [];
  const direct: number[] = [];
  const cold: number[] = [];
  let found = { total: 0, totalExact: true };
  for (let i = 0; i < caseRuns; i++) {
    // A new ledger version each run: no run reuses the counts or positions of the run before.
    db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'").run();
    const measure = (list: number[], run: () => unknown) => {
      const t0 = performance.now();
      run();
      list.push(performance.now() - t0);
    };
    const mine = () => (found = searchPayments(db, c.filter, sort, offset, 100));
    const theirs = () => raw.all({ ...query.params, limit: 100, skip: offset });
    if (offset > 0) {
      // A deep window right after the filter changed (nothing known yet) ...
      measure(cold, mine);
      db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'").run();
      // ... and as it happens on screen: the list is shown, then the user jumps or scrolls on.
      searchPayments(db, c.filter, sort, 0, 100);
      if (c.before !== undefined) searchPayments(db, c.filter, sort, c.before, 100);
      await settle();
    }
    if (i % 2) {
      measure(module, mine);
      measure(direct, theirs);
    } else {
      measure(direct, theirs);
      measure(module, mine);
    }
  }
  const m = stats(module);
  const d = stats(direct);
  const k = cold.length ? stats(cold).p95 : '';
  const later = await countAfterwards(c.filter, sort, offset);
  rows.push([c.name, `${found.total}${found.totalExact ? '' : '+'}`, m.p50, m.p95, d.p50, d.p95, (Number(m.p95) / Math.max(0.001, Number(d.p95))).toFixed(2), firstMs, k, later.total, later.after, later.longest]);
}

// The audit screen: the chain status (new entries only) and the newest window; then a deep window.
const audit: number[] = [];
const auditDeep: number[] = [];
const auditNone: number[] = [];
const auditOrder: number[] = [];
// A search that matches no entry reads to the end of the log; one order id, a payment's few entries.
const someOrder = (db.prepare('SELECT order_id AS o FROM payments WHERE rowid = ?').get(Math.floor(total / 3)) as { o: string }).o;
checkAuditChain(db);
for (let i = 0; i < runs; i++) {
  let t0 = performance.now();
  checkAuditChain(db);
  listAudit(db, { offset: 0, limit: 200 });
  audit.push(performance.now() - t0);
  t0 = performance.now();
  listAudit(db, { offset: mid, limit: 200 });
  auditDeep.push(performance.now() - t0);
  t0 = performance.now();
  listAudit(db, { query: 'no-such-entry', offset: 0, limit: 200 });
  auditNone.push(performance.now() - t0);
  t0 = performance.now();
  listAudit(db, { query: someOrder, offset: 0, limit: 200 });
  auditOrder.push(performance.now() - t0);
}
// For bench/run-all.ts's summary (RESULT lines, bench/README.md): the worst list case.
if (only) {
  table(['case', 'page says', 'module p50', 'module p95', 'raw p50', 'raw p95', 'ratio p95', 'first', 'cold p95', 'counted', 'after', 'longest turn'], rows);
  await positionsThread(db)?.stop();
  db.close();
  process.exit(0);
}
result(`list_p95_worst_${sizeLabel(total)}`, Math.max(...rows.map((r) => Number(r[3]))), 'ms');
result(`list_ratio_p95_worst_${sizeLabel(total)}`, Math.max(...rows.map((r) => Number(r[6]))), 'x');
const a = stats(audit);
result(`audit_open_p95_${sizeLabel(total)}`, Number(a.p95), 'ms');
const ad = stats(auditDeep);
rows.push(['audit screen: open (chain + newest 200)', '', a.p50, a.p95]);
rows.push(['audit screen: window at the middle', '', ad.p50, ad.p95]);
const an = stats(auditNone);
result(`audit_search_none_p95_${sizeLabel(total)}`, Number(an.p95), 'ms');
rows.push(['audit screen: search matching nothing', '', an.p50, an.p95]);
const ao = stats(auditOrder);
rows.push(['audit screen: search one order id', '', ao.p50, ao.p95]);

console.log(`\n${total.toLocaleString('en')} payments, ${runs} runs each, ms (module = a page as the screen asks it; raw = the window SQL alone; first = the module's first page of the filter, which plans it; cold = a deep window before the list was shown; counted = the count main makes after a page that did not know it, known after ms; longest turn = main's longest turn until that count and the positions for deep jumps are done, and how many took over 16 ms)`);
table(['case', 'page says', 'module p50', 'module p95', 'raw p50', 'raw p95', 'ratio p95', 'first', 'cold p95', 'counted', 'after', 'longest turn'], rows);
await positionsThread(db)?.stop();
db.close();
if (!given && option('keep') === undefined) rmSync(dir, { recursive: true, force: true });
