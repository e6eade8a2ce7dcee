// The list worker's two jobs as it runs them, on a read-only connection of their own (as
// positions-worker.ts opens it), in read transactions that end every few rows here (the app:
// about 250 ms) and go on in a new snapshot: the positions land where a scan says, the counts
// equal a scan, and a change of the ledger between two transactions ends the job with nothing
// more posted for the old version (main drops it and a later page starts it again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { walkPositions, type Positions } from '../../main/ledger/positions';
import { countCap, countMatches, ledgerMeta } from '../../main/ledger/count-tables';
import { anchorEvery, type PaymentSort } from '../../main/ledger/search';
import type { PaymentFilter } from '../../contract/methods/payments';
import { seedLedger } from '../../scripts/seed-ledger';

let dir: string;
let db: LedgerDb;
let reader: Database.Database;
const n = 30_000;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-list-jobs-'));
  db = openLedgerDb(dir);
  seedLedger(db, { payments: n, seed: 13 });
  reader = new Database(db.name, { readonly: true, fileMustExist: true });
}, 60_000);
afterAll(() => {
  reader.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const never = () => false;
const newest: PaymentSort = { by: 'createdAt', direction: 'desc' };
const byCustomer: PaymentSort = { by: 'customer', direction: 'asc' };
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const textSql = "(order_id LIKE @like ESCAPE '\\' OR transaction_id LIKE @like ESCAPE '\\' OR customer_name LIKE @like ESCAPE '\\' OR customer_email LIKE @like ESCAPE '\\' OR customer_phone LIKE @like ESCAPE '\\')";
/** Rowids of the rows a list shows, by a plain scan: a text search or everything. */
const scan = (query: string, sort: PaymentSort) =>
  (db.prepare(`SELECT rowid AS r FROM payments ${query ? `WHERE ${textSql}` : ''} ORDER BY ${sort.by === 'customer' ? "ifnull(customer_name, '') COLLATE NOCASE ASC, rowid ASC" : 'created_at DESC, rowid DESC'}`).all(query ? { like: like(query) } : {}) as Array<{ r: number }>).map((r) => r.r);
const version = () => ledgerMeta(db).paymentsVersion;

async function walk(filter: PaymentFilter, sort: PaymentSort, transactionMs: number, onTurn = turn) {
  const posted: Array<{ version: number; at: Positions }> = [];
  const complete = await walkPositions(reader, { filter, sort }, (v, at) => posted.push({ version: v, at }), never, onTurn, { transactionMs });
  return { complete, posted, at: new Map(posted.flatMap((p) => p.at)) };
}

async function count(filter: PaymentFilter, at: number, transactionMs: number, onTurn = turn) {
  const posted: Array<[total: number, exact: boolean]> = [];
  const complete = await countMatches(reader, { filter, version: at }, (total, exact) => posted.push([total, exact]), never, onTurn, { transactionMs });
  return { complete, posted };
}

describe('positions walked in short read transactions', () => {
  it.each([
    ['a text search, newest first', 'example', newest],
    ['the whole list by customer', '', byCustomer],
  ])('%s: every 10,000th row where a scan has it, however often the transaction is renewed', async (_name, query, sort) => {
    const rows = scan(query, sort);
    expect(rows.length).toBeGreaterThan(2 * anchorEvery);
    const filter = query ? { query } : {};
    const short = await walk(filter, sort, 0); // a new snapshot after (nearly) every turn
    const long = await walk(filter, sort, Number.POSITIVE_INFINITY); // one snapshot
    expect(short.complete).toBe(true);
    expect([...short.at.keys()]).toEqual(Array.from({ length: Math.floor(rows.length / anchorEvery) }, (_, i) => (i + 1) * anchorEvery));
    for (const [offset, cursor] of short.at) expect({ offset, rowid: cursor.rowid }).toEqual({ offset, rowid: rows[offset - 1] });
    expect(short.at).toEqual(long.at);
    expect(short.posted.every((p) => p.version === version())).toBe(true);
  });

  it('ends, posting nothing more, when the ledger changes between two transactions', async () => {
    let turns = 0;
    const change = async () => {
      if (++turns === 1) db.prepare("UPDATE payments SET customer_name = 'Changed Meanwhile' WHERE rowid = 5").run();
      await turn();
    };
    const before = version();
    const walked = await walk({}, byCustomer, 0, change);
    expect(walked.complete).toBe(false);
    expect(version()).toBe(before + 1);
    // Only what the first snapshot (before the change) held was posted: 5,000 rows, no position yet.
    expect(walked.posted.every((p) => p.version === before)).toBe(true);
    expect(walked.at.size).toBe(0);
  });
});

describe('counts made off main, in short read transactions', () => {
  const countOf = (where: string, params: Record<string, unknown> = {}) => (db.prepare(`SELECT count(*) AS n FROM payments WHERE ${where}`).get(params) as { n: number }).n;

  it.each([
    ['a dense text', { query: 'example' }, () => countOf(textSql, { like: like('example') })],
    ['a text and a state', { query: 'example', states: ['paid' as const] }, () => countOf(`${textSql} AND state = 'paid'`, { like: like('example') })],
    ['2 characters', { query: 'PD' }, () => countOf("order_id LIKE 'PD%' OR transaction_id = 'PD'")],
    ['a month in one currency', { from: '2025-03-01T00:00:00Z', to: '2025-09-01T00:00:00Z', currency: 'SAR' }, () => countOf("created_at >= '2025-03-01T00:00:00.000Z' AND created_at < '2025-09-01T00:00:00.000Z' AND currency = 'SAR'")],
  ])('%s: "more than 1,000" first, then the number a scan finds', async (_name, filter, expected) => {
    const exact = expected();
    expect(exact).toBeGreaterThan(countCap);
    const counted = await count(filter as PaymentFilter, version(), 0);
    expect(counted).toEqual({ complete: true, posted: [[countCap + 1, false], [exact, true]] });
  });

  it('exact at once when fewer than 1,001 match', async () => {
    const email = (db.prepare('SELECT customer_email AS e FROM payments WHERE rowid = 777').get() as { e: string }).e;
    const exact = countOf(textSql, { like: like(email) });
    expect(await count({ query: email }, version(), 0)).toEqual({ complete: true, posted: [[exact, true]] });
  });

  it('of the version main asked about, or none', async () => {
    // Main's page was of an older version: nothing is counted.
    expect(await count({ query: 'example' }, version() - 1, 0)).toEqual({ complete: false, posted: [] });
    // The ledger changes after the first transaction: "more than 1,000" only, never an exact number of either version.
    let turns = 0;
    const change = async () => {
      if (++turns === 1) db.prepare("UPDATE payments SET customer_email = 'someone@example.org' WHERE rowid = 9").run();
      await turn();
    };
    expect(await count({ query: 'example' }, version(), 0, change)).toEqual({ complete: false, posted: [[countCap + 1, false]] });
  });
});
