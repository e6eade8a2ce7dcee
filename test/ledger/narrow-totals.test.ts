// The totals of narrow filters (a card's last digits, one e-mail, an order id's start, one state, an
// amount range, some days, those needing attention) are read through the list's indexes, a few candidates in index order,
// and of broad ones a slice of rowids at a time (main/ledger/totals-path.ts): either way they are
// what the payments CSV of the same filter adds up, on a laptop's ledger and on the team ledger.
// On SQLite, with slices of a few rows, the same holds over many slices; a narrow filter's totals
// come in a few turns of main's event loop, not one per slice of the whole table; and a payment
// recorded between two slices behind the walk's position is counted (the walk starts over).
import { beforeAll, expect, it } from 'vitest';
import { minorFromDecimalText, type CurrencyCode } from '../../contract/money';
import type { PaymentFilter } from '../../contract/methods/payments';
import { describeLedgerApp, type SeedPayment } from '../support/ledger-apps';
import { parseCsv } from './support';
import { listTotals, type CurrencyTotals } from '../../main/ledger/list-totals';

const states = ['paid', 'pending', 'partially_refunded', 'refunded', 'declined', 'authorised', 'paid'] as const;
const currencies = ['SAR', 'SAR', 'KWD', 'JPY', 'SAR', 'BHD'] as const;

/** 240 payments over 30 days: six currencies' worth, a card's last digits on most, e-mails, transaction ids. */
function seedRows(): SeedPayment[] {
  const rows: SeedPayment[] = [];
  for (let i = 0; i < 240; i++) {
    const state = states[i % states.length]!;
    const currency = currencies[i % currencies.length]!;
    const amount = 1_000 + ((i * 7_919) % 50_000);
    const captured = state === 'paid' || state === 'partially_refunded' || state === 'refunded' ? amount : 0;
    // Every third refund told, the others made outside Paydesk (not known).
    const refunded = state === 'partially_refunded' ? (i % 3 ? 0 : 250) : state === 'refunded' ? (i % 3 ? 0 : amount) : 0;
    rows.push({
      order_id: `NT-${String(i).padStart(4, '0')}`,
      kind: i % 3 ? 'sale' : 'link',
      currency,
      amount_minor: amount,
      state,
      captured_minor: captured,
      refunded_minor: refunded,
      card_last4: i % 5 ? String(1_000 + (i % 40)) : null,
      customer_email: `buyer.${i % 60}@example.com`,
      customer_name: i % 4 ? `Customer ${i % 25}` : 'Noura Al-Qahtani',
      transaction_id: `tx-${i}`,
      needs_attention: i % 11 === 0 ? 1 : 0,
      created_at: new Date(Date.parse('2026-10-01T08:00:00Z') + i * 3 * 3_600_000).toISOString(),
    });
  }
  return rows;
}

const narrow: PaymentFilter[] = [
  { cardLast4: '1007' },
  { cardLast4: '0000' },
  { query: 'buyer.17@example.com' },
  { query: 'NT-01' },
  { query: 'tx-200' },
  { states: ['refunded'] },
  { states: ['partially_refunded'], from: '2026-10-05T00:00:00.000Z' },
  { currency: 'KWD' },
  { currency: 'SAR', minAmount: '100', maxAmount: '250.50' },
  { currency: 'SAR', maxAmount: '90' },
  { from: '2026-10-10T00:00:00.000Z', to: '2026-10-12T00:00:00.000Z' },
  { to: '2026-10-03T00:00:00.000Z', kinds: ['sale'] },
  { from: '2026-10-25T00:00:00.000Z', currency: 'BHD', withRefunded: false },
  { needsAttention: true },
  { needsAttention: true, profileId: 'practice', currency: 'SAR' },
];
const broad: PaymentFilter[] = [{}, { kinds: ['link'] }, { states: ['paid', 'refunded'] }, { withRefunded: true }, { query: 'Qahtani' }];

describeLedgerApp('the totals of narrow and broad filters', (app, backend) => {
  const totals = (filter: PaymentFilter) => app().value<{ stopped: boolean; currencies: CurrencyTotals[] }>('listTotals', { filter });

  /** The CSV of the same filter, its columns summed per currency as a person would in a spreadsheet. */
  async function csvSums(filter: PaymentFilter) {
    const { csv } = await app().value<{ csv: string }>('exportPayments', { filter, limit: 20_000 });
    const sums = new Map<string, CurrencyTotals>();
    for (const row of parseCsv(csv)) {
      const currency = row.currency as CurrencyCode;
      // Each profile's apart, as the CSV's profile_id column says.
      const key = `${row.profile_id} ${currency}`;
      const kept = sums.get(key) ?? { profileId: row.profile_id!, currency, payments: 0, capturedPayments: 0, capturedMinor: 0, refundedMinor: 0, refundsNotKnown: 0, capturesNotKnown: 0 };
      kept.payments++;
      // An empty `captured` cell: captured outside Paydesk, its amount not known (walk35), counted apart.
      if (row.captured === '') kept.capturesNotKnown++;
      const captured = row.captured === '' ? 0 : minorFromDecimalText(row.captured!, currency)!;
      // The rows that took money (captured above 0), counted through each path as through the table.
      if (captured > 0) kept.capturedPayments++;
      kept.capturedMinor += captured;
      if (row.refunded === '') kept.refundsNotKnown++;
      else kept.refundedMinor += minorFromDecimalText(row.refunded!, currency)!;
      sums.set(key, kept);
    }
    return sortByCurrency([...sums.values()]);
  }

  beforeAll(async () => {
    await app().seedHistory(seedRows());
  });

  it('each narrow and broad filter\'s totals are what its CSV adds up', async () => {
    for (const filter of [...narrow, ...broad]) {
      const answer = await totals(filter);
      expect(answer.stopped, JSON.stringify(filter)).toBe(false);
      expect(sortByCurrency(answer.currencies), JSON.stringify(filter)).toEqual(await csvSums(filter));
    }
    // The filters above are not all empty: a narrow one matches some, one none.
    expect((await totals({ cardLast4: '1007' })).currencies.length).toBeGreaterThan(0);
    expect((await totals({ cardLast4: '0000' })).currencies).toEqual([]);
  });

  it.runIf(backend === 'sqlite')('over many slices of a few rows, the same answers', async () => {
    for (const filter of [...narrow, ...broad]) {
      const answer = await listTotals(app().db!, filter, 3);
      expect(sortByCurrency(answer.currencies), JSON.stringify(filter)).toEqual(await csvSums(filter));
    }
  });

  it.runIf(backend === 'sqlite')('a narrow filter\'s totals come in a few turns of main\'s event loop, not one per slice of the table', async () => {
    // Slices of 2 rows: the whole table is 120 or more slices, a turn each; the card's payments a few.
    const answer = listTotals(app().db!, { cardLast4: '1013' }, 2);
    let turns = 0;
    let done = false;
    void answer.finally(() => (done = true));
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    expect((await answer).currencies.reduce((n, c) => n + c.payments, 0)).toBeGreaterThan(2);
    expect(turns).toBeLessThan(10);
  });

  it.runIf(backend === 'sqlite')('a payment recorded between two slices behind the walk\'s position is counted: the sum starts over', async () => {
    // SAR walked in amount order, a row a slice; a SAR payment of 0.01 comes in mid-walk, before
    // the position reached (the slices after it would never see it).
    const filter: PaymentFilter = { currency: 'SAR' };
    const summing = listTotals(app().db!, filter, 1);
    for (let i = 0; i < 6; i++) await new Promise((resolve) => setImmediate(resolve));
    await app().seedPayments([{ order_id: 'NT-LATE', kind: 'sale', currency: 'SAR', amount_minor: 1, state: 'paid', captured_minor: 1 }]);
    const answer = await summing;
    expect(answer.stopped).toBe(false);
    expect(sortByCurrency(answer.currencies)).toEqual(await csvSums(filter));
    expect(answer.currencies[0]!.payments).toBe(121);
  });
});

const sortByCurrency = <T extends { currency: string; profileId: string }>(list: T[]) => [...list].sort((a, b) => a.currency.localeCompare(b.currency) || a.profileId.localeCompare(b.profileId));
