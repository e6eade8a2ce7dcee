// Finding payments: search by order id, customer or gateway id; filters; sorting; windows. On a
// laptop's SQLite ledger and on the team ledger (test/support/ledger-apps.ts).
import { beforeAll, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { describeLedgerApp } from '../support/ledger-apps';

describeLedgerApp('searching the ledger', (app) => {
  const search = (input: unknown) => app().call<{ total: number; rows: PaymentView[] }>('searchPayments', input);
  const orders = async (input: unknown) => (await app().value<{ rows: PaymentView[] }>('searchPayments', input)).rows.map((r) => r.orderId);

  beforeAll(async () => {
    const rows = [
      ['A-100', 'link', 1_000, 'SAR', 'Layla Haddad', 'layla@example.com', '+966500000001', 'tx-aaa', 'pending', '2026-11-01T10:00:00.000Z', 'practice'],
      ['A-101', 'sale', 25_000, 'SAR', 'Omar 50% Saleh', 'omar@example.com', '+966500000002', 'tx-bbb', 'paid', '2026-11-02T10:00:00.000Z', 'practice'],
      ['B-200', 'checkout', 500, 'KWD', 'مريم القحطاني', 'maryam@example.com', '+96550000000', 'tx-ccc', 'refunded', '2026-11-03T10:00:00.000Z', 'practice'],
      ['B-201', 'sale', 1_250, 'KWD', 'Zaid_Ali', 'zaid@example.com', '+96550000001', 'tx-ddd', 'unknown', '2026-11-04T10:00:00.000Z', 'other'],
    ] as const;
    await app().seedHistory(rows.map(([order, kind, amount, currency, name, email, phone, tx, state, at, profile]) => ({
      order_id: order, kind, amount_minor: amount, currency, customer_name: name, customer_email: email, customer_phone: phone, transaction_id: tx, state, created_at: at, profile_id: profile, created_by: 'me',
    })));
  });

  it('finds by order id prefix, e-mail, name, phone or transaction id', async () => {
    expect(await orders({ filter: { query: 'A-10' } })).toEqual(['A-101', 'A-100']);
    expect(await orders({ filter: { query: 'MARYAM@' } })).toEqual(['B-200']);
    expect(await orders({ filter: { query: 'القحطاني' } })).toEqual(['B-200']);
    expect(await orders({ filter: { query: '0000002' } })).toEqual(['A-101']);
    expect(await orders({ filter: { query: 'tx-ddd' } })).toEqual(['B-201']);
  });

  it('finds an order id pasted from an Arabic sentence, with the marks that kept it left to right there', async () => {
    // A notification or error in Arabic isolates an order id (U+2066 … U+2069); copied from it, the marks come along.
    expect(await orders({ filter: { query: '\u2066A-101\u2069' } })).toEqual(['A-101']);
    expect(await orders({ filter: { query: '\u200fB-2\u200e' } })).toEqual(['B-201', 'B-200']);
  });

  it('treats % and _ in a search as text, not wildcards', async () => {
    expect(await orders({ filter: { query: '50%' } })).toEqual(['A-101']);
    expect(await orders({ filter: { query: 'aid%' } })).toEqual([]);
    expect(await orders({ filter: { query: 'Za_d' } })).toEqual([]);
    expect(await orders({ filter: { query: 'Zaid_' } })).toEqual(['B-201']);
  });

  it('filters by state, kind, currency, dates, amount and profile', async () => {
    expect(await orders({ filter: { states: ['paid', 'refunded'] } })).toEqual(['B-200', 'A-101']);
    expect(await orders({ filter: { kinds: ['sale'] } })).toEqual(['B-201', 'A-101']);
    expect(await orders({ filter: { from: '2026-11-02T00:00:00Z', to: '2026-11-04T00:00:00Z' } })).toEqual(['B-200', 'A-101']);
    expect(await orders({ filter: { currency: 'KWD', minAmount: '0.6', maxAmount: '1.250' } })).toEqual(['B-201']);
    expect(await orders({ filter: { profileId: 'other' } })).toEqual(['B-201']);
  });

  it('asks for a currency before filtering by amount, and refuses a bad date', async () => {
    expect(await search({ filter: { minAmount: '1' } })).toMatchObject({ ok: false, error: { fields: { currency: expect.any(String) } } });
    expect(await search({ filter: { from: 'yesterday-ish' } })).toMatchObject({ ok: false, error: { fields: { from: expect.any(String) } } });
  });

  it('refuses an amount bound with two readings next to its field, as a form does: "1,250" KWD is 1250 or 1.250', async () => {
    expect(await search({ filter: { currency: 'KWD', minAmount: '1,250' } })).toMatchObject({
      ok: false, error: { fieldReasons: { minAmount: { key: 'amount.twoReadings', values: { whole: '1250', decimal: '1.250', currency: 'KWD' } } } },
    });
  });

  it('sorts, and pages through a window with the total', async () => {
    // Each currency apart: KWD 1.250 is 1250 fils, not between SAR 10.00 (1000 halalas) and SAR 250.00.
    expect(await orders({ sort: { by: 'amount', direction: 'asc' } })).toEqual(['B-200', 'B-201', 'A-100', 'A-101']);
    expect(await orders({ sort: { by: 'amount', direction: 'desc' } })).toEqual(['A-101', 'A-100', 'B-201', 'B-200']);
    const page = await search({ sort: { by: 'orderId', direction: 'asc' }, offset: 1, limit: 2 });
    expect(page).toMatchObject({ ok: true, value: { total: 4, rows: [{ orderId: 'A-101' }, { orderId: 'B-200' }] } });
  });
});
