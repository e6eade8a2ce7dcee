// The transactions list over a seeded ledger: every window continues exactly where the one
// before ended (each payment once, in the order asked), a deep jump lands on the same rows as
// scrolling there, text search finds what a scan of the text finds, and counts stay exact
// while payments change.
import { outcomeCode } from '../../main/ledger/packing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { searchPayments, settle, type PaymentSort } from '../../main/ledger/search';
import { countCap } from '../../main/ledger/count-tables';
import { seedLedger } from '../../scripts/seed-ledger';
import type { PaymentFilter } from '../../contract/methods/payments';

let dir: string;
let db: LedgerDb;
const n = 3_000;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-scale-'));
  db = openLedgerDb(dir);
  seedLedger(db, { payments: n, seed: 7 });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = (filter: PaymentFilter, sort: PaymentSort, offset: number, limit: number) => searchPayments(db, filter, sort, offset, limit).rows.map((r) => r.id);
const expected = (where: string, order: string, params: unknown[] = []) => (db.prepare(`SELECT id FROM payments p ${where} ORDER BY ${order}`).all(...params) as Array<{ id: string }>).map((r) => r.id);

describe('windows of the list', () => {
  const sorts: Array<[PaymentSort, string]> = [
    [{ by: 'createdAt', direction: 'desc' }, 'created_at DESC, rowid DESC'],
    [{ by: 'createdAt', direction: 'asc' }, 'created_at ASC, rowid ASC'],
    [{ by: 'amount', direction: 'desc' }, 'amount_minor DESC, rowid DESC'],
    [{ by: 'customer', direction: 'asc' }, "ifnull(customer_name, '') COLLATE NOCASE ASC, rowid ASC"],
    [{ by: 'state', direction: 'desc' }, 'state DESC, created_at DESC, rowid DESC'],
    [{ by: 'orderId', direction: 'asc' }, 'order_id COLLATE NOCASE ASC, rowid ASC'],
  ];

  it.each(sorts)('scrolling %o shows every payment once, in order', (sort, order) => {
    const seen: string[] = [];
    for (let offset = 0; offset < n; offset += 250) seen.push(...ids({}, sort, offset, 250));
    expect(seen).toEqual(expected('', order));
  });

  it('a deep jump shows the rows scrolling would, before and after positions are known', async () => {
    const sort: PaymentSort = { by: 'createdAt', direction: 'desc' };
    const all = expected('', 'created_at DESC, rowid DESC');
    expect(ids({}, sort, 2_345, 100)).toEqual(all.slice(2_345, 2_445));
    await settle();
    expect(ids({}, sort, 1_777, 50)).toEqual(all.slice(1_777, 1_827));
    expect(ids({}, sort, n - 10, 100)).toEqual(all.slice(n - 10));
  });

  it('filters walk or seek as their counts say, with the same answers', () => {
    const dense = expected("WHERE currency = 'SAR'", 'created_at DESC, rowid DESC');
    expect(ids({ currency: 'SAR' }, { by: 'createdAt', direction: 'desc' }, 100, 100)).toEqual(dense.slice(100, 200));
    const sparse = expected("WHERE state = 'unknown'", 'created_at DESC, rowid DESC');
    expect(sparse.length).toBeGreaterThan(0);
    expect(ids({ states: ['unknown'] }, { by: 'createdAt', direction: 'desc' }, 0, 100)).toEqual(sparse.slice(0, 100));
  });
});

describe('text search', () => {
  const scan = (text: string) => {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return expected(`WHERE ${['order_id', 'transaction_id', 'customer_name', 'customer_email', 'customer_phone'].map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')}`, 'created_at DESC, rowid DESC', Array(5).fill(like));
  };

  it.each(['Qahtani', 'القحطاني', 'omar.', '@example.com', 'PD-2025', 'nobody-here'])('finds what a scan finds: %s', (text) => {
    const found = searchPayments(db, { query: text }, { by: 'createdAt', direction: 'desc' }, 0, 500);
    expect(found.rows.map((r) => r.id)).toEqual(scan(text).slice(0, 500));
  });

  it('a two-character query is the start of an order id or a whole transaction id', () => {
    const tx = (db.prepare('SELECT transaction_id AS t FROM payments WHERE transaction_id IS NOT NULL LIMIT 1').get() as { t: string }).t;
    expect(ids({ query: 'pd' }, { by: 'createdAt', direction: 'desc' }, 0, 100)).toEqual(expected("WHERE order_id LIKE 'pd%'", 'created_at DESC, rowid DESC').slice(0, 100));
    expect(ids({ query: 'zz' }, { by: 'createdAt', direction: 'desc' }, 0, 10)).toEqual([]);
    expect(searchPayments(db, { query: tx }, { by: 'createdAt', direction: 'desc' }, 0, 10).rows.map((r) => r.transaction_id)).toEqual([tx]);
  });

  it('stays in date order when a payment was recorded out of order', () => {
    db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, state, created_by, created_at, updated_at)
      VALUES ('late', 'practice', 'practice', 'external', 'EXT-1', 100, 'SAR', 'Layla Qahtani', 'paid', 't', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`).run();
    const found = searchPayments(db, { query: 'Qahtani' }, { by: 'createdAt', direction: 'desc' }, 0, 5_000).rows.map((r) => r.id);
    expect(found).toEqual(scan('Qahtani'));
    db.prepare("DELETE FROM payments WHERE id = 'late'").run();
  });
});

describe('counts', () => {
  it('are exact for the common filters, and follow every change', () => {
    const count = (where: string) => (db.prepare(`SELECT count(*) AS n FROM payments ${where}`).get() as { n: number }).n;
    expect(searchPayments(db, { states: ['paid', 'refunded'], currency: 'SAR' }, { by: 'createdAt', direction: 'desc' }, 0, 1)).toMatchObject({ total: count("WHERE state IN ('paid', 'refunded') AND currency = 'SAR'"), totalExact: true });
    db.prepare("UPDATE payments SET state = 'refunded' WHERE rowid IN (SELECT rowid FROM payments WHERE state = 'paid' LIMIT 7)").run();
    expect(searchPayments(db, { states: ['refunded'] }, { by: 'createdAt', direction: 'desc' }, 0, 1).total).toBe(count("WHERE state = 'refunded'"));
  });

  it('a page says "more than" what it read at once, then the count says "more than 1,000", then the exact number', async () => {
    const filter = { query: 'example.com' };
    const exact = (db.prepare("SELECT count(*) AS n FROM payments WHERE customer_email LIKE '%example.com%'").get() as { n: number }).n;
    expect(exact).toBeGreaterThan(countCap);
    // The page reads one row past its window: at least 11 match.
    expect(searchPayments(db, filter, { by: 'createdAt', direction: 'desc' }, 0, 10)).toMatchObject({ total: 11, totalExact: false });
    // Deeper, it knows more; scrolling back up never says less.
    expect(searchPayments(db, filter, { by: 'createdAt', direction: 'desc' }, 500, 100)).toMatchObject({ total: 601, totalExact: false });
    expect(searchPayments(db, filter, { by: 'createdAt', direction: 'desc' }, 0, 10)).toMatchObject({ total: 601, totalExact: false });
    // The count's first turn reads up to countCap + 1 matches.
    await new Promise((resolve) => setImmediate(resolve));
    expect(searchPayments(db, filter, { by: 'createdAt', direction: 'desc' }, 0, 10)).toMatchObject({ total: countCap + 1, totalExact: false });
    await settle();
    expect(searchPayments(db, filter, { by: 'createdAt', direction: 'desc' }, 0, 10)).toMatchObject({ total: exact, totalExact: true });
  });

  it('is exact at once when the window ends inside, and never more than match', async () => {
    const rare = (db.prepare('SELECT customer_email AS e FROM payments WHERE rowid = 1234').get() as { e: string }).e;
    const count = (db.prepare('SELECT count(*) AS n FROM payments WHERE customer_email LIKE ?').get(`%${rare}%`) as { n: number }).n;
    expect(searchPayments(db, { query: rare }, { by: 'createdAt', direction: 'desc' }, 0, 100)).toMatchObject({ total: count, totalExact: true });
    const sar = { query: 'Qahtani', currency: 'SAR' } as const;
    const all = (db.prepare("SELECT count(*) AS n FROM payments WHERE customer_name LIKE '%Qahtani%' AND currency = 'SAR'").get() as { n: number }).n;
    // A jump past the end tells nothing: the count does, and it is never more than match.
    const past = searchPayments(db, sar, { by: 'amount', direction: 'desc' }, all + 500, 100);
    expect(past.rows).toEqual([]);
    expect(past.total).toBeLessThanOrEqual(all);
    await settle();
    expect(searchPayments(db, sar, { by: 'amount', direction: 'desc' }, all + 500, 100)).toMatchObject({ total: all, totalExact: true });
    // The last page of a search tells the exact count itself.
    const fresh = { query: 'Qahtani', currency: 'KWD' } as const;
    const kwd = (db.prepare("SELECT count(*) AS n FROM payments WHERE customer_name LIKE '%Qahtani%' AND currency = 'KWD'").get() as { n: number }).n;
    expect(searchPayments(db, fresh, { by: 'createdAt', direction: 'desc' }, kwd - 3, 100)).toMatchObject({ total: kwd, totalExact: true });
  });

  it('follow a change of the ledger during the count', async () => {
    const filter = { query: 'example.com', states: ['paid' as const] };
    const count = () => (db.prepare("SELECT count(*) AS n FROM payments WHERE customer_email LIKE '%example.com%' AND state = 'paid'").get() as { n: number }).n;
    expect(searchPayments(db, filter, { by: 'createdAt', direction: 'desc' }, 0, 10).totalExact).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    db.prepare("UPDATE payments SET state = 'paid' WHERE rowid IN (SELECT rowid FROM payments WHERE state = 'pending' AND customer_email LIKE '%example.com%' LIMIT 5)").run();
    await settle();
    expect(searchPayments(db, filter, { by: 'createdAt', direction: 'desc' }, 0, 10).totalExact).toBe(false);
    await settle();
    expect(searchPayments(db, filter, { by: 'createdAt', direction: 'desc' }, 0, 10)).toMatchObject({ total: count(), totalExact: true });
  });
});

describe('start-up', () => {
  it('finds operations left "sending" by an index, not a scan', () => {
    // As payment-rows.ts's sendingOperations asks (operations are stored packed since migration 11).
    const plan = (db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM ledger_operations o WHERE o.outcome = ${outcomeCode('sending')}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' ');
    expect(plan).toContain('ledger_operations_sending');
  });
});
