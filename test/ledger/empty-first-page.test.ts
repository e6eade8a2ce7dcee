// A search that finds nothing, left on screen while the ledger changes: the list asks its first
// page again at every change, and such a page reads its window alone while that window stays
// empty (search.ts stillEmpty). It must still say "none" only when nothing matches, and show a
// payment that comes to match at the very next page, with its exact count, whichever way the
// page went (its window alone, or every `emptyPagesUnchecked` pages the whole page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { emptyPagesUnchecked, searchPayments, settle, type PaymentSort } from '../../main/ledger/search';
import { seedLedger } from '../../scripts/seed-ledger';
import type { PaymentFilter } from '../../contract/methods/payments';

let dir: string;
let db: LedgerDb;
let made = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-empty-first-page-'));
  db = openLedgerDb(dir);
  seedLedger(db, { payments: 3_000, seed: 9 });
  db.exec('ANALYZE');
});
afterAll(async () => {
  await settle();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A payment recorded now (the newest), as a change of the ledger; what it matches is up to `columns`. */
function record(columns: { order_id?: string; customer_name?: string; card_last4?: string; currency?: string; amount_minor?: number } = {}): string {
  const id = `empty-page-${++made}`;
  const at = new Date(Date.UTC(2030, 0, 1, 0, 0, made)).toISOString();
  // An order id given ends with the payment's number: each is unique.
  const row = { customer_name: 'Layla Haddad', card_last4: null, currency: 'SAR', amount_minor: 1_000, ...columns, order_id: `${columns.order_id ?? 'EP-'}${made}` };
  db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, card_last4, state, created_by, created_at, updated_at)
    VALUES (@id, 'practice', 'practice', 'external', @order_id, @amount_minor, @currency, @customer_name, @card_last4, 'paid', 't', @at, @at)`).run({ id, at, ...row });
  return id;
}

const newest: PaymentSort = { by: 'createdAt', direction: 'desc' };
// Four kinds of window, each matching none of the seeded payments, and the payment that makes each match one.
const cases: Array<{ name: string; filter: PaymentFilter; sort?: PaymentSort; matching: Parameters<typeof record>[0]; unmatched: string }> = [
  { name: 'a text (trigrams)', filter: { query: 'Quraishi Zuhair' }, matching: { customer_name: 'Quraishi Zuhair' }, unmatched: "UPDATE payments SET customer_name = 'Layla Haddad' WHERE id = ?" },
  // An order id never changes: this one stops matching by its state.
  { name: 'two characters (an order id prefix), paid', filter: { query: 'ZQ', states: ['paid'] }, matching: { order_id: 'ZQ-' }, unmatched: "UPDATE payments SET state = 'refunded' WHERE id = ?" },
  { name: "a card's last digits", filter: { cardLast4: '0370' }, matching: { card_last4: '0370' }, unmatched: "UPDATE payments SET card_last4 = '1111' WHERE id = ?" },
  { name: 'an amount range, by amount', filter: { currency: 'KWD', minAmount: '900', maxAmount: '950' }, sort: { by: 'amount', direction: 'desc' }, matching: { currency: 'KWD', amount_minor: 925_000 }, unmatched: 'UPDATE payments SET amount_minor = 1000 WHERE id = ?' },
];

describe('a first page that found nothing, asked again at every change', () => {
  it.each(cases)('says none while nothing matches, and shows a payment that comes to match at once: $name', ({ filter, sort = newest, matching, unmatched }) => {
    const page = () => searchPayments(db, filter, sort, 0, 100);
    const none = { total: 0, totalExact: true, rows: [] };
    expect(page()).toEqual(none);
    // The match arrives after 1 empty page, then after more than a check's worth of them (its whole page comes in between).
    for (const emptyPages of [1, emptyPagesUnchecked + 3]) {
      for (let i = 0; i < emptyPages; i++) {
        record(); // a change that matches nothing
        expect(page()).toEqual(none);
      }
      const id = record(matching);
      const found = page();
      expect(found).toMatchObject({ total: 1, totalExact: true });
      expect(found.rows.map((r) => r.id)).toEqual([id]);
      // The page after that, with no change, is read whole (it found a row) and is the same.
      expect(page()).toEqual(found);
      // It no longer matches: none again, at the next page.
      db.prepare(unmatched).run(id);
      expect(page()).toEqual(none);
    }
  });

  it('and a page past the end, or in another sort, of the same search is read as before', () => {
    const filter: PaymentFilter = { query: 'Quraishi Zuhair' };
    expect(searchPayments(db, filter, newest, 0, 100)).toMatchObject({ total: 0, rows: [] });
    const ids = Array.from({ length: 3 }, () => record({ customer_name: 'Quraishi Zuhair' }));
    // Past the end: no window's "none" there, the page reads as before.
    expect(searchPayments(db, filter, newest, 100, 100).rows).toEqual([]);
    expect(searchPayments(db, filter, { by: 'orderId', direction: 'asc' }, 0, 100).rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    // The first page, whose window was empty last time, reads rows now: it is read whole.
    const first = searchPayments(db, filter, newest, 0, 100);
    expect(first).toMatchObject({ total: 3, totalExact: true });
    expect(first.rows.map((r) => r.id)).toEqual([...ids].reverse());
  });
});
