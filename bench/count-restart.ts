// How soon the list knows its exact count when the ledger changed while the count was under way:
// a page starts the count (in the list's worker, as in the app), `--after MS` later (10) a change
// and the page read again, and the time from that page until the count is exact; then, for
// comparison, the same from a page whose count starts with none under way. `--rounds N` (15)
// each, alternated, p50 and max, ms. Run: node scripts/run-ts.mjs bench/count-restart.ts --data-dir DIR [--cases REGEX]
import { join } from 'node:path';
import { openLedgerDb } from '../main/ledger/database';
import { searchPayments, settle, type PaymentSort } from '../main/ledger/search';
import { knownCount } from '../main/ledger/count-tables';
import { positionsThread, usePositionsWorker } from '../main/ledger/positions-thread';
import type { PaymentFilter } from '../contract/methods/payments';
import { option, percentile, table } from './support';

const dir = option('data-dir');
if (!dir) throw new Error('--data-dir DIR: a seeded ledger (a copy: the version is bumped)');
const rounds = Number(option('rounds') ?? 15);
const gap = Number(option('after') ?? 10);
const db = openLedgerDb(dir);
usePositionsWorker(db, join(process.cwd(), 'dist/main/positions-worker.cjs'));
const bump = db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'");
const newest: PaymentSort = { by: 'createdAt', direction: 'desc' };
const cases: Array<[string, PaymentFilter]> = [
  ['name "Qahtani"', { query: 'Qahtani' }],
  ['e-mail domain "example.com"', { query: 'example.com' }],
  ['one month, SAR', { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z', currency: 'SAR' }],
];
const only = option('cases');

/** From this page to its exact count, ms. */
async function untilExact(filter: PaymentFilter): Promise<number> {
  const t0 = performance.now();
  if (searchPayments(db, filter, newest, 0, 100).totalExact) return 0;
  while (!knownCount(db, filter)?.exact) await new Promise((resolve) => setTimeout(resolve, 1));
  return performance.now() - t0;
}

const rows: string[][] = [];
for (const [name, filter] of cases.filter(([n]) => !only || new RegExp(only).test(n))) {
  const fresh: number[] = [];
  const restarted: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await settle();
    bump.run();
    fresh.push(await untilExact(filter));
    await settle();
    bump.run();
    searchPayments(db, filter, newest, 0, 100); // its count starts
    await new Promise((resolve) => setTimeout(resolve, gap));
    bump.run(); // a change while it runs, and the page read again
    restarted.push(await untilExact(filter));
  }
  const f = (list: number[]) => [percentile(list, 50).toFixed(1), Math.max(...list).toFixed(1)];
  rows.push([name, ...f(fresh), ...f(restarted)]);
}
console.log(`exact count known after the page, ms, ${rounds} rounds; "restarted": the page came ${gap} ms after the count of the version before started`);
table(['case', 'fresh p50', 'fresh max', 'restarted p50', 'restarted max'], rows);
await positionsThread(db)?.stop();
db.close();
