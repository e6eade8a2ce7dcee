// Whether the ledger's other reads are planned once (docs/performance.md, "The other reads planned
// once"): each statement the audit screen, the links list, the refunds made and earlier customers
// run, called as they call it (values bound at every call, as better-sqlite3 does) against the same
// statement bound once (so never planned again). Equal when SQLite does not plan it again at every
// call; a statement more than 5 µs slower bound at each call is named. Prints the load with each line.
// Run: node scripts/run-ts.mjs bench/reads-planned-once.ts --data-dir DIR [--calls 300]
import { loadavg } from 'node:os';
import type { Statement } from 'better-sqlite3';
import { openLedgerDb } from '../main/ledger/database';
import { listAudit } from '../main/ledger/audit-query';
import { linksWindow } from '../main/ledger/links-query';
import { refundsMadeWindow } from '../main/ledger/refunds-made';
import { recentCustomers } from '../main/ledger/customers';
import { option, percentile } from './support';

const dir = option('data-dir');
if (!dir) throw new Error('--data-dir DIR: a seeded ledger (npm run seed)');
const calls = Number(option('calls') ?? 300);
const db = openLedgerDb(dir);

/** Every read statement's call (its SQL, its values, plucked or not), as the reads made them. */
const made: Array<{ sql: string; args: unknown[]; pluck: boolean }> = [];
const prepare = db.prepare.bind(db);
db.prepare = ((sql: string) => {
  const statement = prepare(sql);
  let pluck = false;
  const setPluck = statement.pluck.bind(statement);
  statement.pluck = ((on?: boolean) => ((pluck = on !== false), on === undefined ? setPluck() : setPluck(on))) as Statement['pluck'];
  for (const method of ['all', 'get'] as const) {
    const run = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => (made.push({ sql, args, pluck }), run(...args));
  }
  return statement;
}) as typeof db.prepare;

const to = new Date().toISOString();
const reads: Array<[string, () => unknown]> = [
  ['audit: newest 100', () => listAudit(db, { offset: 0, limit: 100 })],
  ['audit: "zzqx" (none)', () => listAudit(db, { offset: 0, limit: 100, query: 'zzqx' })],
  ['audit: "125.83 SAR"', () => listAudit(db, { offset: 0, limit: 100, query: '125.83 SAR' })],
  ['audit: "refund"', () => listAudit(db, { offset: 0, limit: 100, query: 'refund' })],
  ['links: newest 100', () => linksWindow(db, { limit: 100 })],
  ['refunds made: 30 days', () => refundsMadeWindow(db, { from: new Date(Date.now() - 30 * 864e5).toISOString(), to }, 101)],
  ['customers: 30', () => recentCustomers(db, 'production', 30)],
];
const median = (xs: number[]) => percentile(xs, 50);
for (const [name, read] of reads) {
  made.length = 0;
  read();
  const mine = made.filter((c) => /^\s*(SELECT|WITH)\b/i.test(c.sql));
  let each = 0;
  let once = 0;
  const replanned: string[] = [];
  for (const c of mine) {
    const asCalled = prepare(c.sql);
    const boundOnce = prepare(c.sql);
    if (c.pluck) [asCalled, boundOnce].forEach((s) => s.pluck());
    boundOnce.bind(...c.args);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < calls; i++) {
      let start = performance.now();
      asCalled.all(...c.args);
      a.push((performance.now() - start) * 1e3);
      start = performance.now();
      boundOnce.all();
      b.push((performance.now() - start) * 1e3);
    }
    each += median(a);
    once += median(b);
    if (median(a) - median(b) > 5) replanned.push(`${c.sql.replace(/\s+/g, ' ').slice(0, 60)}… ${median(a).toFixed(1)} against ${median(b).toFixed(1)} µs`);
  }
  console.log(`${name.padEnd(24)} ${mine.length} statements: bound at each call ${each.toFixed(1)} µs, bound once ${once.toFixed(1)} µs (sums of medians of ${calls}), load ${loadavg()[0]!.toFixed(1)}`);
  for (const line of replanned) console.log(`    slower bound at each call: ${line}`);
}
