// What a list page costs around its window, part by part, on a window that reads nothing
// ("amount 100-200 KWD, by amount": its SQL is ~40 µs, so the page's own work decides its ratio
// to the raw SQL in ledger-search.ts). Each round bumps the ledger's version (as ledger-search.ts's
// runs do, as a change does in the app), then times every part once, in an order shuffled per
// round, in one process: the shared machine's load falls on all parts alike. Prints each part's
// median and p95 in µs, and the page's excess over its raw SQL (paired per round). `--proc` reads
// /proc before each part as ledger-search.ts does before each timed run (caches colder, as there).
// Since fixedcost, a first page whose window read nothing last time reads that window alone
// (search.ts stillEmpty): `page` is that (every 101st read whole); the other parts are what a page
// read whole adds around its window.
// Run: node scripts/run-ts.mjs bench/page-fixed-cost.ts --data-dir DIR [--rounds N] [--case NAME] [--proc]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openLedgerDb } from '../main/ledger/database';
import { planWhere, searchPayments, settle, windowQuery, windowSql, type PaymentSort } from '../main/ledger/search';
import { countCommon, knownCounted, ledgerMeta, paymentsVersion } from '../main/ledger/count-tables';
import { positionsThread, usePositionsWorker, whileServingList } from '../main/ledger/positions-thread';
import { option, percentile, table } from './support';
import { searchCases } from './search-cases';

const dir = option('data-dir');
if (!dir) throw new Error('--data-dir DIR: a seeded ledger (a copy: the version is bumped)');
const rounds = Number(option('rounds') ?? 20_000);
const db = openLedgerDb(dir);
const proc = option('proc') !== undefined;
usePositionsWorker(db, join(process.cwd(), 'dist/main/positions-worker.cjs'));
const name = option('case') ?? 'amount 100-200 KWD, by amount';
const c = searchCases(100_000, 'nobody@example.com').find((x) => x.name === name)!;
const sort: PaymentSort = c.sort ?? { by: 'createdAt', direction: 'desc' };
const query = windowQuery(db, planWhere(db, c.filter), sort, undefined);
const raw = db.prepare(windowSql(query.sql, 100)); // the LIMIT written in, as the page's
const bump = db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'");
const key = JSON.stringify(c.filter);
// The version alone, by its primary key, one value (no object): what one read could be.
const versionOnly = db.prepare("SELECT value FROM ledger_meta WHERE key = 'payments_version'").pluck();
const dataVersion = db.prepare('PRAGMA data_version').pluck();
const totalChanges = db.prepare('SELECT total_changes()').pluck();
const begin = db.prepare('BEGIN');
const commit = db.prepare('COMMIT');
const parts: Record<string, () => unknown> = {
  page: () => searchPayments(db, c.filter, sort, 0, 100),
  raw: () => raw.all({ ...query.params, skip: 0 }),
  'ledgerMeta (two subqueries)': () => ledgerMeta(db),
  'the version alone (pluck)': () => versionOnly.get(),
  // What the page reads now: the version alone, in the page's one read transaction (search.ts oneSnapshot).
  'paymentsVersion (as the page reads it)': () => paymentsVersion(db),
  'BEGIN + COMMIT (the page\'s one snapshot)': () => (begin.run(), commit.run()),
  'raw, in one snapshot with the version': () => {
    begin.run();
    try {
      paymentsVersion(db);
      return raw.all({ ...query.params, skip: 0 });
    } finally {
      commit.run();
    }
  },
  // What could tell a change without reading the version: both are no cheaper, or see only this connection's.
  'PRAGMA data_version': () => dataVersion.get(),
  'SELECT total_changes()': () => totalChanges.get(),
  'JSON.stringify(filter)': () => JSON.stringify(c.filter),
  'whileServingList (Atomics)': () => whileServingList(db, () => 0),
  knownCounted: () => knownCounted(db, key, 0),
  // A common filter's exact count, made again once per version (planFor): the default list's, by customer's.
  'countCommon (payment_counts summed)': () => countCommon(db, c.filter),
  'params spread': () => ({ ...query.params, skip: 0 }),
};
const names = Object.keys(parts);
const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
const excess: number[] = [];
searchPayments(db, c.filter, sort, 0, 100);
await settle();
for (let i = -200; i < rounds; i++) {
  bump.run();
  const order = [...names].sort(() => Math.random() - 0.5);
  const took: Record<string, number> = {};
  for (const n of order) {
    // `--proc`: read /proc as ledger-search.ts does around each timed run (its caches go cold as there).
    if (proc) readFileSync('/proc/thread-self/schedstat', 'utf8');
    const t0 = performance.now();
    parts[n]!();
    took[n] = (performance.now() - t0) * 1000;
  }
  if (i < 0) continue;
  for (const n of names) times[n]!.push(took[n]!);
  excess.push(took.page! - took.raw!);
  // Let the worker's messages and timers run now and then, as main's idle moments do.
  if (i % 500 === 0) await settle(10);
}
const row = (label: string, list: number[]) => [label, percentile(list, 50).toFixed(1), percentile(list, 95).toFixed(1)];
console.log(`${rounds} rounds, "${name}", µs (median, p95); the version bumped before each round`);
table(['part', 'p50', 'p95'], [...names.map((n) => row(n, times[n]!)), row('page − raw, paired per round', excess)]);
await positionsThread(db)?.stop();
db.close();
