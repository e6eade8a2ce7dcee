// A window continued from a row (scrolling on, a deep jump from a position) reads the sort's index
// from that row: a range on it, never a scan from its start. Sorted by customer (an expression
// with a collation) or by order reference (a collation), the row value "(key, rowid) > (…)" was
// scanned: 1-2 s a page deep in a million payments and 8.8 s for End, main's thread held (walk17,
// docs/screens-walks.md). SQLite's plans; the team ledger's planner is its own (bench/team-search.ts).
import { beforeAll, expect, it } from 'vitest';
import { describeLedgerApp } from '../support/ledger-apps';
import { planWhere, windowQuery, type PaymentSort } from '../../main/ledger/search';

describeLedgerApp('the list continued from a row', (app, backend) => {
  beforeAll(async () => {
    const names = ['Layla Haddad', 'عمر صالح', 'Omar Saleh', null, 'Zaid Ali'];
    await app().seedHistory(names.map((name, i) => ({
      order_id: `W17-${i}`, kind: 'sale', amount_minor: 1_000 + i, currency: 'SAR', customer_name: name, state: 'paid',
      created_at: `2026-11-0${i + 1}T10:00:00.000Z`, captured_minor: 1_000 + i, refunded_minor: 0, profile_id: 'practice', created_by: 'me',
    })));
  });

  const cursors: Array<[PaymentSort, Array<string | number>]> = [
    [{ by: 'customer', direction: 'asc' }, ['Layla Haddad']],
    [{ by: 'customer', direction: 'desc' }, ['Omar Saleh']],
    [{ by: 'orderId', direction: 'asc' }, ['W17-1']],
    [{ by: 'orderId', direction: 'desc' }, ['W17-3']],
    [{ by: 'amount', direction: 'desc' }, ['SAR', 1_003]],
    [{ by: 'createdAt', direction: 'desc' }, ['2026-11-03T10:00:00.000Z']],
  ];

  it.each(cursors)('by %o, reads the sort\'s index from the row on, and the rows after it', (sort, values) => {
    if (backend !== 'sqlite') return;
    const db = app().db!;
    const query = windowQuery(db, planWhere(db, {}), sort, { values, rowid: 2 });
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${query.sql} LIMIT 100`).all(query.params) as Array<{ detail: string }>).map((r) => r.detail).join('; ');
    expect(plan).toMatch(/^SEARCH p USING INDEX /);
    // The same rows as the row value read, in the same order.
    const keys = { customer: ["ifnull(customer_name, '') COLLATE NOCASE"], orderId: ['order_id COLLATE NOCASE'], amount: ['currency', 'amount_minor'], createdAt: ['created_at'], state: [] }[sort.by];
    const [less, order] = sort.direction === 'asc' ? ['>', 'ASC'] : ['<', 'DESC'];
    const expected = db.prepare(`SELECT id FROM payments WHERE (${keys.join(', ')}, rowid) ${less} (${keys.map(() => '?').join(', ')}, 2) ORDER BY ${keys.map((k) => `${k} ${order}`).join(', ')}, rowid ${order}`).pluck().all(...values);
    expect((db.prepare(`${query.sql} LIMIT 100`).all(query.params) as Array<{ id: string }>).map((r) => r.id)).toEqual(expected);
  });
});
