// Whatever plan a search takes (which trigrams the index is asked for, walking the date order or
// reading the hits and sorting, driving by a filter's index or testing each row), it finds
// exactly what a plain scan of the text finds, in the same order, page after page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { searchPayments, settle, type PaymentSort } from '../../main/ledger/search';
import { seedLedger } from '../../scripts/seed-ledger';
import type { PaymentFilter } from '../../contract/methods/payments';

let dir: string;
let db: LedgerDb;
const n = 6_000;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-plans-'));
  db = openLedgerDb(dir);
  seedLedger(db, { payments: n, seed: 13 });
  // Awkward texts beside the seeded ones: wildcards, quotes, mixed case and scripts.
  const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, customer_email, state, created_by, created_at, updated_at)
    VALUES (?, 'practice', 'practice', 'external', ?, 100, 'SAR', ?, ?, 'paid', 't', ?, ?)`);
  const odd = [['ODD-1', 'Omar 50% "Saleh"', 'o_50@example.com'], ['odd-2', 'ليلى Qahtani', 'LAYLA.Q@EXAMPLE.COM'], ['PD-2025_X', 'Zaid_Ali', 'zaid%ali@example.com']];
  odd.forEach(([order, name, email], i) => {
    const at = new Date(Date.UTC(2026, 10, 10 + i)).toISOString(); // after the seeded ones: rowid order stays date order
    insert.run(`odd-${i}`, order, name, email, at, at);
  });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const sortSql: Record<PaymentSort['by'], string> = {
  createdAt: 'created_at', amount: 'currency DIR, amount_minor', orderId: 'order_id COLLATE NOCASE', state: 'state DIR, created_at', customer: "ifnull(customer_name, '') COLLATE NOCASE",
};

/** The straightforward query: every row tested, sorted in full. */
function reference(filter: PaymentFilter, sort: PaymentSort): string[] {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  const q = filter.query?.trim();
  if (q && [...q].length >= 3) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add(`(${['order_id', 'transaction_id', 'customer_name', 'customer_email', 'customer_phone'].map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`, ...Array(5).fill(like));
  } else if (q) {
    add("(order_id LIKE ? ESCAPE '\\' OR transaction_id = ?)", `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, q);
  }
  if (filter.states) add(`state IN (${filter.states.map(() => '?').join(', ')})`, ...filter.states);
  if (filter.kinds) add(`kind IN (${filter.kinds.map(() => '?').join(', ')})`, ...filter.kinds);
  if (filter.currency) add('currency = ?', filter.currency);
  if (filter.needsAttention !== undefined) add('needs_attention = ?', filter.needsAttention ? 1 : 0);
  if (filter.from) add('created_at >= ?', new Date(filter.from).toISOString());
  if (filter.to) add('created_at < ?', new Date(filter.to).toISOString());
  const dir = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const order = `${sortSql[sort.by].replace('DIR', dir)} ${dir}, rowid ${dir}`;
  const sql = `SELECT id FROM payments ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}`;
  return (db.prepare(sql).all(...params) as Array<{ id: string }>).map((r) => r.id);
}

const pick = (sql: string) => (db.prepare(sql).get() as { v: string }).v;
const queries = () => [
  'PD-2025', 'pd-2026', 'PD-2025_', 'PD-20250', 'omar.2', 'OMAR.', 'omar.1k', 'Qahtani', 'qahtani', 'Layla Qahtani', 'القحطاني', 'ليلى', 'ليلى Qahtani', 'الحربي',
  'example.com', '@EXAMPLE.COM', '+9665', '+966512', '0000', '50%', '"Saleh"', 'Zaid_', 'zaid%ali', 'o_5', 'nobody-here', 'zzz', 'PD', 'pd', 'od', 'zz', ' Qahtani ',
  pick('SELECT customer_email AS v FROM payments WHERE rowid = 2000'), pick('SELECT order_id AS v FROM payments WHERE rowid = 4321'),
  pick('SELECT transaction_id AS v FROM payments WHERE transaction_id IS NOT NULL AND rowid > 3000 LIMIT 1'), pick('SELECT customer_phone AS v FROM payments WHERE rowid = 77').slice(4, 10),
];

describe('every search plan finds what a scan finds', () => {
  const filters: PaymentFilter[] = [{}, { states: ['paid', 'refunded'] }, { currency: 'SAR' }, { states: ['unknown'], needsAttention: true }, { from: '2025-03-01T00:00:00Z', to: '2025-09-01T00:00:00Z' }, { kinds: ['sale'], currency: 'KWD' }];
  const sorts: PaymentSort[] = [{ by: 'createdAt', direction: 'desc' }, { by: 'createdAt', direction: 'asc' }, { by: 'amount', direction: 'desc' }, { by: 'orderId', direction: 'asc' }, { by: 'customer', direction: 'asc' }, { by: 'state', direction: 'desc' }];

  const newestFirst = (list: string[]) => {
    for (const query of list) {
      for (const base of filters) {
        const filter = { ...base, query };
        const expected = reference(filter, sorts[0]!);
        const found = searchPayments(db, filter, sorts[0]!, 0, 300);
        expect({ query, base, ids: found.rows.map((r) => r.id) }).toEqual({ query, base, ids: expected.slice(0, 300) });
        // Never a wrong count: exact, or "at least" no more than match.
        if (found.totalExact) expect({ query, base, total: found.total }).toEqual({ query, base, total: expected.length });
        else expect(found.total).toBeLessThanOrEqual(expected.length);
      }
    }
  };
  const dateOrderBreaks = () => (db.prepare("SELECT value AS v FROM ledger_meta WHERE key = 'date_order_breaks'").get() as { v: number }).v;

  it('for short, long, Arabic, e-mail, order id, phone and empty searches, with every filter, newest first', () => {
    expect(dateOrderBreaks()).toBe(0); // so the trigram index's own order is walked
    newestFirst(queries());
  });

  it('counts every search exactly once the background count has run, with every filter', async () => {
    for (const query of queries()) {
      for (const base of filters) {
        const filter = { ...base, query };
        searchPayments(db, filter, sorts[2]!, 0, 50);
        await settle();
        const found = searchPayments(db, filter, sorts[2]!, 0, 50);
        expect({ query, base, total: found.total, exact: found.totalExact }).toEqual({ query, base, total: reference(filter, sorts[0]!).length, exact: true });
      }
    }
  });

  it('in every sort order', () => {
    for (const query of queries()) {
      for (const sort of sorts.slice(1)) {
        const ids = searchPayments(db, { query }, sort, 0, 200).rows.map((r) => r.id);
        expect({ query, sort, ids }).toEqual({ query, sort, ids: reference({ query }, sort).slice(0, 200) });
      }
    }
  });

  it('page after page, and by a deep jump, each match once', async () => {
    for (const query of ['PD-2025', 'Qahtani', 'example.com', 'omar.', '+9665']) {
      for (const sort of [sorts[0]!, sorts[2]!]) {
        const expected = reference({ query }, sort);
        const seen: string[] = [];
        for (let offset = 0; offset < expected.length; offset += 700) seen.push(...searchPayments(db, { query }, sort, offset, 700).rows.map((r) => r.id));
        expect(seen).toEqual(expected);
        await settle();
        const deep = Math.floor(expected.length * 0.6);
        expect(searchPayments(db, { query }, sort, deep, 50).rows.map((r) => r.id)).toEqual(expected.slice(deep, deep + 50));
      }
    }
  });

  it('finds a payment added since the last search', () => {
    const at = '2027-01-01T00:00:00.000Z';
    db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, state, created_by, created_at, updated_at)
      VALUES ('new-one', 'practice', 'practice', 'external', 'PD-2025-NEW', 100, 'SAR', 'Qahtani', 'paid', 't', ?, ?)`).run(at, at);
    for (const query of ['PD-2025', 'Qahtani', 'ahtan', '-NEW']) {
      expect(searchPayments(db, { query }, sorts[0]!, 0, 5).rows[0]!.id).toBe('new-one');
    }
  });

  it('and after a payment was recorded out of date order', () => {
    const at = '2025-06-15T00:00:00.000Z';
    db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, state, created_by, created_at, updated_at)
      VALUES ('late-one', 'practice', 'practice', 'external', 'PD-2025-LATE', 100, 'SAR', 'Layla Qahtani', 'paid', 't', ?, ?)`).run(at, at);
    expect(dateOrderBreaks()).toBeGreaterThan(0);
    newestFirst(['PD-2025', 'Qahtani', 'Layla Qahtani', 'القحطاني', 'example.com', 'omar.2', 'nobody-here', 'PD']);
  });
});
