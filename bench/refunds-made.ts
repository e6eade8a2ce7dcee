// Benchmark: Home's "Refunds made in this period" (docs/overview.md, docs/performance.md) on a
// seeded ledger (`npm run seed -- --payments N --data-dir DIR`: two years, about one payment in
// ten refunded, 1 to 20 days after it was made). Prints, p50 / p95 in ms:
// - Home's figures call as Home makes it (today, 7 days, this month, last month, 30 chosen days),
//   with and without the refunds made of the chosen days, alternated run by run;
// - the refunds made's sums alone over 30, 90 and 400 days as Home reads them (migration 21's
//   refund_days and refund_hours, a period's edges by its index), and to compare, each refund read
//   by the index with its payment looked up (the index alone), and with no index at all;
// - the list's first window (100 refunds) and the CSV of 30 days;
// - the index's size (dbstat) and the query plan.
// Run: node scripts/run-ts.mjs bench/refunds-made.ts --data-dir DIR [--repeats 30]
import { openLedgerDb } from '../main/ledger/database';
import { dayEndsAt } from '../main/core/zone-days';
import { refundsMadeTotals } from '../main/ledger/refunds-made';
import { prepared } from '../main/ledger/statements';
import { createOverview } from '../main/payments/overview';
import { option, result, stats, table } from './support';

const dir = option('data-dir');
if (!dir) throw new Error('--data-dir DIR: a ledger seeded with npm run seed');
const repeats = Number(option('repeats') ?? 30);
const zone = 'Asia/Riyadh';
const db = openLedgerDb(dir);
const overview = createOverview({ db });
const payments = (db.prepare('SELECT count(*) FROM payments').pluck().get() as number);
const newest = db.prepare('SELECT max(created_at) FROM payments').pluck().get() as string;
const now = new Date(newest);

const day = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10); // Riyadh has no summer time
const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
/** The local days [first, last] as Home sends them: the local midnight before first, and after last. */
const days = (first: string, last: string) => ({ from: dayEndsAt(addDays(first, -1), zone).toISOString(), to: dayEndsAt(last, zone).toISOString() });
const today = day(now);
const monthStart = `${today.slice(0, 7)}-01`;
const lastMonthStart = `${addDays(monthStart, -1).slice(0, 7)}-01`;
const chosen = days(addDays(today, -29), today);
const periods = [days(today, today), days(addDays(today, -6), today), days(monthStart, addDays(`${addDays(monthStart, 40).slice(0, 7)}-01`, -1)), days(lastMonthStart, addDays(monthStart, -1)), chosen];

async function timed(run: () => unknown): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}
const rows: string[][] = [];
const add = (name: string, samples: number[], note = '') => {
  const s = stats(samples);
  rows.push([name, s.p50, s.p95, note]);
  return s;
};

// Warm: the statements prepared and the pages read once, as a running app has them.
for (let i = 0; i < 3; i++) {
  await overview.get({ periods, now: now.toISOString(), days: [], refundsMadeIn: chosen });
}

// Home's figures, with and without the refunds made, alternated so the machine's load falls on both alike.
const withMade: number[] = [];
const without: number[] = [];
for (let i = 0; i < repeats; i++) {
  without.push(await timed(() => overview.get({ periods, now: now.toISOString(), days: [] })));
  withMade.push(await timed(() => overview.get({ periods, now: now.toISOString(), days: [], refundsMadeIn: chosen })));
}
const base = add('Home figures (5 periods), without', without);
const made = add('Home figures (5 periods), with refunds made (30 days)', withMade);

// The sums alone as Home reads them and, to compare, by the index alone and with no index on the operations.
const indexOnly = (range: { from: string; to: string }) => prepared(db, `SELECT p.currency, count(*), sum(o.amount_minor) FROM ledger_operations o INDEXED BY ledger_operations_refunds_made JOIN payments p ON p.rowid = o.payment
  WHERE o.kind = 3 AND o.outcome = 1 AND o.created_at >= @from AND o.created_at < @to GROUP BY p.currency`).all({ from: BigInt(Date.parse(range.from)), to: BigInt(Date.parse(range.to)) });
// (`NOT INDEXED` still let SQLite take the partial index of a WITHOUT ROWID table; `+ 0` makes its condition unprovable.)
const unindexed = (range: { from: string; to: string }) => prepared(db, `SELECT p.currency, count(*), sum(o.amount_minor) FROM ledger_operations o JOIN payments p ON p.rowid = o.payment
  WHERE o.kind + 0 = 3 AND o.outcome + 0 = 1 AND o.created_at >= @from AND o.created_at < @to GROUP BY p.currency`).all({ from: BigInt(Date.parse(range.from)), to: BigInt(Date.parse(range.to)) });
let refunds30 = 0;
for (const n of [30, 90, 400]) {
  const range = days(addDays(today, 1 - n), today);
  const counted = refundsMadeTotals(db, range).reduce((a, t) => a + t.count, 0);
  if (n === 30) refunds30 = counted;
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) samples.push(await timed(() => refundsMadeTotals(db, range)));
  add(`refunds made, ${n} days, by hour and day sums`, samples, `${counted} refunds`);
  const looked: number[] = [];
  for (let i = 0; i < repeats; i++) looked.push(await timed(() => indexOnly(range)));
  add(`refunds made, ${n} days, the index alone`, looked);
  const slow: number[] = [];
  for (let i = 0; i < Math.min(repeats, 5); i++) slow.push(await timed(() => unindexed(range)));
  add(`refunds made, ${n} days, without an index`, slow, `${Math.min(repeats, 5)} runs`);
}
const list: number[] = [];
for (let i = 0; i < repeats; i++) list.push(await timed(() => overview.listRefundsMade({ ...chosen, limit: 100 })));
add('list: first 100 refunds of 30 days', list);
const csv: number[] = [];
let csvRows = 0;
for (let i = 0; i < Math.min(repeats, 10); i++) csv.push(await timed(async () => (csvRows = (await overview.exportRefundsMade({ ...chosen, timeZone: zone }, { transport: 'direct', osUser: 'bench' })).rows)));
add('CSV of 30 days', csv, `${csvRows} rows`);

console.log(`\n${payments.toLocaleString('en')} payments, newest ${newest}; chosen dates ${chosen.from} to ${chosen.to} (${zone})\n`);
table(['case', 'p50 ms', 'p95 ms', ''], rows);
console.log('');
for (const name of ['ledger_operations_refunds_made', 'refund_hours', 'refund_days']) {
  let bytes = 0;
  try {
    bytes = db.prepare(`SELECT sum(pgsize) FROM dbstat WHERE name = ?`).pluck().get(name) as number;
  } catch {
    // dbstat not compiled in: the size is not printed
  }
  const rowsIn = name.startsWith('refund_') ? `, ${db.prepare(`SELECT count(*) FROM ${name}`).pluck().get()} rows` : '';
  if (bytes) console.log(`${name}: ${(bytes / 1_048_576).toFixed(2)} MiB, ${(bytes / payments).toFixed(2)} B a payment${rowsIn}`);
}
const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT p.currency, count(*), sum(o.amount_minor) FROM ledger_operations o INDEXED BY ledger_operations_refunds_made JOIN payments p ON p.rowid = o.payment
  WHERE o.kind = 3 AND o.outcome = 1 AND o.created_at >= 0 AND o.created_at < 1 GROUP BY p.currency`).all() as Array<{ detail: string }>;
console.log(`plan: ${plan.map((p) => p.detail).join(' | ')}`);
const label = payments >= 1_000_000 ? `${payments / 1_000_000}m` : `${payments / 1_000}k`;
result(`refunds_made_home_figures_added_p50_${label}`, Number(made.p50) - Number(base.p50), 'ms');
console.log(`(${refunds30} refunds made in the 30 chosen days)`);
db.close();
