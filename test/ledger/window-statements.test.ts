// The list's window statements are planned once. SQLite (3.51, as better-sqlite3 12 bundles it)
// reads a bound LIMIT, and a bound LIKE pattern, while planning a statement, and then plans it
// again whenever a value is bound there, which better-sqlite3 does at every call: a window that
// reads nothing cost 23 µs instead of 3, a 1 ms window 120-190 µs more (docs/performance.md,
// "List vs raw SQL on windows that read nothing"). So no window the list, its first-page warm-up
// or the export prepares may bind its LIMIT or a LIKE pattern.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerDb } from '../../main/ledger/database';
import { openRecordingLedger, type RecordingLedger } from '../support/recording-ledger';
import { allPaymentRows, firstPageRows, searchPayments, settle, type PaymentSort } from '../../main/ledger/search';
import type { PaymentFilter } from '../../contract/methods/payments';

let ledger: RecordingLedger;
let db: LedgerDb;
/** Every SQL text prepared on the ledger's connection since the test began. */
let prepared: string[];

beforeAll(() => {
  ledger = openRecordingLedger('window-statements', { payments: 3_000, seed: 5 });
  ({ db, prepared } = ledger);
});
afterAll(async () => {
  await settle();
  ledger.close();
});

const byDate: PaymentSort = { by: 'createdAt', direction: 'desc' };
const cases: Array<{ name: string; filter: PaymentFilter; sort?: PaymentSort }> = [
  { name: 'the default list', filter: {} },
  { name: 'a text of three characters or more', filter: { query: 'Qahtani' } },
  { name: 'two characters (an order id prefix)', filter: { query: 'PD' } },
  { name: "a card's last digits", filter: { cardLast4: '4242' } },
  { name: 'a card no payment has', filter: { cardLast4: '0000' } },
  { name: 'an amount range, by amount', filter: { currency: 'KWD', minAmount: '100', maxAmount: '200' }, sort: { by: 'amount', direction: 'desc' } },
  { name: 'a state and a month, by customer', filter: { states: ['paid'], from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z' }, sort: { by: 'customer', direction: 'asc' } },
];

/** The statements that read payments' rows for a window: each may bind neither its LIMIT nor a LIKE pattern. */
const boundForPlanning = (sql: string) => /\bLIMIT\s+[@:$?]/i.test(sql) || /\bLIKE\s+[@:$?]/i.test(sql);
const windowsOf = (texts: string[]) => texts.filter((sql) => /\bpayments p\b/.test(sql));

describe("the list's windows", () => {
  it.each(cases)('bind no value SQLite plans with: $name, page after page', async ({ filter, sort = byDate }) => {
    for (const offset of [0, 100, 250]) searchPayments(db, filter, sort, offset, 100);
    searchPayments(db, filter, sort, 0, 50);
    await settle();
    // Every window prepared so far (one filter's statements may be another's: only values differ).
    const windows = windowsOf(prepared);
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.filter(boundForPlanning)).toEqual([]);
    // The same window again (a new version of the ledger: a change) prepares nothing new.
    db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'").run();
    const again = prepared.length;
    searchPayments(db, filter, sort, 0, 100);
    expect(windowsOf(prepared.slice(again))).toEqual([]);
  });

  it("and so do the first page's warm-up and the export", () => {
    const from = prepared.length;
    const rows = firstPageRows(db, { query: 'Qahtani' }, byDate, 100);
    const exported = [...allPaymentRows(db, { query: 'Qahtani' }, byDate, ['p.order_id'], 500)].flat();
    expect(rows.length).toBeGreaterThan(0);
    expect(exported.length).toBeGreaterThanOrEqual(rows.length);
    const windows = windowsOf(prepared.slice(from));
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.filter(boundForPlanning)).toEqual([]);
  });
});
