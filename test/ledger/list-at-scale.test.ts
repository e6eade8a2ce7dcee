// The transactions list over a seeded ledger: every window continues exactly where the one
// before ended (each payment once, in the order asked), a deep jump lands on the same rows as
// scrolling there, text search finds what a scan of the text finds, and counts stay exact
// while payments change. On both backends (test/support/report-backends.ts), through the
// searchPayments method as the screen calls it: SQLite's search.ts and the team's pg-reads.ts.
import { randomUUID } from 'node:crypto';
import { outcomeCode } from '../../main/ledger/packing';
import { describe, expect, it } from 'vitest';
import { searchPayments } from '../../main/ledger/search';
import type { PaymentSort } from '../../main/ledger/search';
import { countCap } from '../../main/ledger/count-tables';
import { seedLedger } from '../../scripts/seed-ledger';
import type { PaymentFilter } from '../../contract/methods/payments';
import { describeReports } from '../support/report-backends';

const n = 3_000;
type Page = { total: number; totalExact: boolean; rows: Array<{ id: string; transactionId: string | null }> };

describeReports('the transactions list at scale', (db) => void seedLedger(db, { payments: n, seed: 7 }), (reports, backend) => {
  const page = (filter: PaymentFilter, sort: PaymentSort, offset: number, limit: number): Promise<Page> => reports().call('searchPayments', { filter, sort, offset, limit });
  const ids = async (filter: PaymentFilter, sort: PaymentSort, offset: number, limit: number) => (await page(filter, sort, offset, limit)).rows.map((r) => r.id);
  /** Every payment the list shows, scrolled to its end 500 at a time (a call's most). */
  const scrolled = async (filter: PaymentFilter, sort: PaymentSort) => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 500) {
      const rows = await ids(filter, sort, offset, 500);
      seen.push(...rows);
      if (rows.length < 500) return seen;
    }
  };
  const db = () => reports().oracle;
  const expected = (where: string, order: string, params: unknown[] = []) => (db().prepare(`SELECT id FROM payments p ${where} ORDER BY ${order}`).all(...params) as Array<{ id: string }>).map((r) => r.id);
  const count = (where: string, ...params: unknown[]) => (db().prepare(`SELECT count(*) AS n FROM payments ${where}`).get(...params) as { n: number }).n;
  /** Ids of payments matching `where`, in the ledger's order (the first `limit`). */
  const some = (where: string, limit: number) => db().prepare(`SELECT id FROM payments ${where} ORDER BY rowid LIMIT ?`).pluck().all(limit) as string[];

  describe('windows of the list', () => {
    const sorts: Array<[PaymentSort, string]> = [
      [{ by: 'createdAt', direction: 'desc' }, 'created_at DESC, rowid DESC'],
      [{ by: 'createdAt', direction: 'asc' }, 'created_at ASC, rowid ASC'],
      [{ by: 'amount', direction: 'desc' }, 'currency DESC, amount_minor DESC, rowid DESC'],
      [{ by: 'customer', direction: 'asc' }, "ifnull(customer_name, '') COLLATE NOCASE ASC, rowid ASC"],
      [{ by: 'state', direction: 'desc' }, 'state DESC, created_at DESC, rowid DESC'],
      [{ by: 'orderId', direction: 'asc' }, 'order_id COLLATE NOCASE ASC, rowid ASC'],
    ];

    it.each(sorts)('scrolling %o shows every payment once, in order', async (sort, order) => {
      const seen: string[] = [];
      for (let offset = 0; offset < n; offset += 250) seen.push(...(await ids({}, sort, offset, 250)));
      expect(seen).toEqual(expected('', order));
    });

    it('a deep jump shows the rows scrolling would, before and after positions are known', async () => {
      const sort: PaymentSort = { by: 'createdAt', direction: 'desc' };
      const all = expected('', 'created_at DESC, rowid DESC');
      expect(await ids({}, sort, 2_345, 100)).toEqual(all.slice(2_345, 2_445));
      await reports().settled();
      expect(await ids({}, sort, 1_777, 50)).toEqual(all.slice(1_777, 1_827));
      expect(await ids({}, sort, n - 10, 100)).toEqual(all.slice(n - 10));
    });

    it('filters walk or seek as their counts say, with the same answers', async () => {
      const dense = expected("WHERE currency = 'SAR'", 'created_at DESC, rowid DESC');
      expect(await ids({ currency: 'SAR' }, { by: 'createdAt', direction: 'desc' }, 100, 100)).toEqual(dense.slice(100, 200));
      const sparse = expected("WHERE state = 'unknown'", 'created_at DESC, rowid DESC');
      expect(sparse.length).toBeGreaterThan(0);
      expect(await ids({ states: ['unknown'] }, { by: 'createdAt', direction: 'desc' }, 0, 100)).toEqual(sparse.slice(0, 100));
    });
  });

  describe('text search', () => {
    const scan = (text: string) => {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return expected(`WHERE ${['order_id', 'transaction_id', 'customer_name', 'customer_email', 'customer_phone'].map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')}`, 'created_at DESC, rowid DESC', Array(5).fill(like));
    };

    it.each(['Qahtani', 'القحطاني', 'omar.', '@example.com', 'PD-2025', 'nobody-here'])('finds what a scan finds: %s', async (text) => {
      expect(await ids({ query: text }, { by: 'createdAt', direction: 'desc' }, 0, 500)).toEqual(scan(text).slice(0, 500));
    });

    it('a two-character query is the start of an order id or a whole transaction id', async () => {
      const tx = (db().prepare('SELECT transaction_id AS t FROM payments WHERE transaction_id IS NOT NULL LIMIT 1').get() as { t: string }).t;
      expect(await ids({ query: 'pd' }, { by: 'createdAt', direction: 'desc' }, 0, 100)).toEqual(expected("WHERE order_id LIKE 'pd%'", 'created_at DESC, rowid DESC').slice(0, 100));
      expect(await ids({ query: 'zz' }, { by: 'createdAt', direction: 'desc' }, 0, 10)).toEqual([]);
      expect((await page({ query: tx }, { by: 'createdAt', direction: 'desc' }, 0, 10)).rows.map((r) => r.transactionId)).toEqual([tx]);
    });

    it('stays in date order when a payment was recorded out of order', async () => {
      // An older payment arriving now: on the team ledger, from another laptop's copy.
      const id = randomUUID();
      await reports().arrive((ledger) => void ledger.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, state, created_by, created_at, updated_at)
        VALUES (?, 'practice', 'practice', 'external', 'EXT-1', 100, 'SAR', 'Layla Qahtani', 'paid', 't', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`).run(id));
      const found = await scrolled({ query: 'Qahtani' }, { by: 'createdAt', direction: 'desc' });
      expect(found).toEqual(scan('Qahtani'));
    });
  });

  // The team ledger's export has its own filter SQL (pg-export-filter.ts) beside the list's (pg-list-sql.ts).
  describe('the export of a list', () => {
    const orderIds = (csv: string) => csv.slice(1).trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[2]);
    it.each<[PaymentFilter, PaymentSort]>([
      [{ query: 'omar.' }, { by: 'amount', direction: 'asc' }],
      [{ query: 'القحطاني' }, { by: 'customer', direction: 'desc' }],
      [{ query: 'PD-2025', currency: 'SAR' }, { by: 'orderId', direction: 'desc' }],
      [{ query: 'pd' }, { by: 'state', direction: 'asc' }],
      [{ query: '%' }, { by: 'createdAt', direction: 'desc' }],
      [{ query: 'a_b' }, { by: 'createdAt', direction: 'desc' }],
      [{ currency: 'KWD', minAmount: '1.5', maxAmount: '300' }, { by: 'amount', direction: 'desc' }],
      [{ cardBrand: 'mastercard', withCaptured: true }, { by: 'customer', direction: 'asc' }],
      [{ cardBrand: 'none', needsAttention: false, kinds: ['link', 'checkout'] }, { by: 'state', direction: 'desc' }],
      [{ withRefunded: true, states: ['partially_refunded', 'refunded'], from: '2025-06-01T00:00:00.000Z', to: '2026-06-01T00:00:00.000Z' }, { by: 'createdAt', direction: 'asc' }],
    ])('writes the payments the list shows for %j, in its order', async (filter, sort) => {
      const list: string[] = [];
      for (let offset = 0; ; offset += 500) {
        const rows = (await page(filter, sort, offset, 500)).rows as unknown as Array<{ orderId: string }>;
        list.push(...rows.map((r) => r.orderId));
        if (rows.length < 500) break;
      }
      // Every case lists some payments, but the literal % and _ (no payment has them).
      if (!/[%_]/.test(filter.query ?? '')) expect(list.length).toBeGreaterThan(0);
      const file = await reports().exportFile({ kind: 'payments', filter, sort });
      expect(file.progress).toMatchObject({ done: true, rows: list.length });
      expect(orderIds(file.text)).toEqual(list);
    });
  });

  describe('counts', () => {
    it('are exact for the common filters, and follow every change', async () => {
      const sort: PaymentSort = { by: 'createdAt', direction: 'desc' };
      const common = { states: ['paid' as const, 'refunded' as const], currency: 'SAR' as const };
      const first = await page(common, sort, 0, 1);
      // SQLite keeps counts of the common filters (count-tables.ts): exact at once. The team ledger counts in the background.
      if (backend === 'sqlite') expect(first).toMatchObject({ total: count("WHERE state IN ('paid', 'refunded') AND currency = 'SAR'"), totalExact: true });
      await reports().settled();
      expect(await page(common, sort, 0, 1)).toMatchObject({ total: count("WHERE state IN ('paid', 'refunded') AND currency = 'SAR'"), totalExact: true });
      for (const id of some("WHERE state = 'paid'", 7)) await reports().update(id, { state: 'refunded' });
      const changed = await page({ states: ['refunded'] }, sort, 0, 1);
      if (backend === 'sqlite') expect(changed.total).toBe(count("WHERE state = 'refunded'"));
      await reports().settled();
      expect(await page({ states: ['refunded'] }, sort, 0, 1)).toMatchObject({ total: count("WHERE state = 'refunded'"), totalExact: true });
    });

    it('a page never says fewer than it has shown, nor more than match, then the exact number', async () => {
      const filter = { query: 'example.com' };
      const sort: PaymentSort = { by: 'createdAt', direction: 'desc' };
      const exact = count("WHERE customer_email LIKE '%example.com%'");
      expect(exact).toBeGreaterThan(600);
      // Before the count: "more than" what a page read (one row past its window), never less on the way back up.
      const said = (p: Page, seen: number) => (p.totalExact ? p.total === exact : p.total >= seen && p.total <= exact);
      expect(said(await page(filter, sort, 0, 10), 11)).toBe(true);
      expect(said(await page(filter, sort, 500, 100), 601)).toBe(true);
      expect(said(await page(filter, sort, 0, 10), 601)).toBe(true);
      await reports().settled();
      expect(await page(filter, sort, 0, 10)).toMatchObject({ total: exact, totalExact: true });
    });

    // SQLite counts in turns of main's event loop, the first turn up to countCap + 1 matches
    // (count-tables.ts): each step of that is SQLite's own.
    if (backend === 'sqlite') {
      it('a page says "more than" what it read at once, then the count says "more than 1,000", then the exact number', async () => {
        const filter = { query: 'example.com', profileId: 'practice' };
        const sort: PaymentSort = { by: 'createdAt', direction: 'desc' };
        const exact = count("WHERE customer_email LIKE '%example.com%' AND profile_id = 'practice'");
        expect(exact).toBeGreaterThan(countCap);
        // The page reads one row past its window: at least 11 match.
        expect(searchPayments(db(), filter, sort, 0, 10)).toMatchObject({ total: 11, totalExact: false });
        // Deeper, it knows more; scrolling back up never says less.
        expect(searchPayments(db(), filter, sort, 500, 100)).toMatchObject({ total: 601, totalExact: false });
        expect(searchPayments(db(), filter, sort, 0, 10)).toMatchObject({ total: 601, totalExact: false });
        // The count's first turn reads up to countCap + 1 matches.
        await new Promise((resolve) => setImmediate(resolve));
        expect(searchPayments(db(), filter, sort, 0, 10)).toMatchObject({ total: countCap + 1, totalExact: false });
        await reports().settled();
        expect(searchPayments(db(), filter, sort, 0, 10)).toMatchObject({ total: exact, totalExact: true });
      });
    }

    it('is exact at once when the window ends inside, and never more than match', async () => {
      const rare = (db().prepare('SELECT customer_email AS e FROM payments WHERE rowid = 1234').get() as { e: string }).e;
      expect(await page({ query: rare }, { by: 'createdAt', direction: 'desc' }, 0, 100)).toMatchObject({ total: count('WHERE customer_email LIKE ?', `%${rare}%`), totalExact: true });
      const sar = { query: 'Qahtani', currency: 'SAR' } as const;
      const all = count("WHERE customer_name LIKE '%Qahtani%' AND currency = 'SAR'");
      // A jump past the end tells nothing: the count does, and it is never more than match.
      const past = await page(sar, { by: 'amount', direction: 'desc' }, all + 500, 100);
      expect(past.rows).toEqual([]);
      expect(past.total).toBeLessThanOrEqual(all);
      await reports().settled();
      expect(await page(sar, { by: 'amount', direction: 'desc' }, all + 500, 100)).toMatchObject({ total: all, totalExact: true });
      // The last page of a search tells the exact count itself.
      const fresh = { query: 'Qahtani', currency: 'KWD' } as const;
      const kwd = count("WHERE customer_name LIKE '%Qahtani%' AND currency = 'KWD'");
      expect(await page(fresh, { by: 'createdAt', direction: 'desc' }, kwd - 3, 100)).toMatchObject({ total: kwd, totalExact: true });
    });

    it('follow a change of the ledger during the count', async () => {
      const filter = { query: 'example.com', states: ['paid' as const] };
      const sort: PaymentSort = { by: 'createdAt', direction: 'desc' };
      const paid = () => count("WHERE customer_email LIKE '%example.com%' AND state = 'paid'");
      expect((await page(filter, sort, 0, 10)).totalExact).toBe(false);
      await new Promise((resolve) => setImmediate(resolve));
      for (const id of some("WHERE state = 'pending' AND customer_email LIKE '%example.com%'", 5)) await reports().update(id, { state: 'paid' });
      await reports().settled();
      // Counted before the change, or during it: not this ledger's count.
      expect((await page(filter, sort, 0, 10)).totalExact).toBe(false);
      await reports().settled();
      expect(await page(filter, sort, 0, 10)).toMatchObject({ total: paid(), totalExact: true });
    });
  });

  // SQLite's query plan: operations left "sending" are found at start-up by an index, not a scan.
  if (backend === 'sqlite') {
    describe('start-up', () => {
      it('finds operations left "sending" by an index, not a scan', () => {
        // As payment-rows.ts's sendingOperations asks (operations are stored packed since migration 11).
        const plan = (db().prepare(`EXPLAIN QUERY PLAN SELECT * FROM ledger_operations o WHERE o.outcome = ${outcomeCode('sending')}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' ');
        expect(plan).toContain('ledger_operations_sending');
      });
    });
  }
});
