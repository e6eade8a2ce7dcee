// The filters whose totals bench/list-totals.ts (SQLite) and bench/team-list-totals.ts (the team
// ledger) time: the same list on both, so their figures compare. Broad ones (the whole ledger, a
// state, a common name) and narrow ones (a week's paid links, a card's last digits, one e-mail,
// an amount range), which the totals read through the list's indexes (main/ledger/totals-path.ts).
import type { PaymentFilter } from '../contract/methods/payments';

type Ledger = { prepare(sql: string): { get(): unknown } };

/** The cases for a seeded ledger: its newest payment's date and one customer's e-mail are read from it. */
export function totalsCases(ledger: Ledger): Array<{ name: string; filter: PaymentFilter }> {
  const newest = (ledger.prepare('SELECT max(created_at) AS at FROM payments').get() as { at: string }).at;
  const weekBefore = new Date(Date.parse(newest) - 7 * 86_400_000).toISOString();
  // The newest payment's customer with an e-mail: one or a few payments.
  const email = (ledger.prepare('SELECT customer_email AS e FROM payments WHERE customer_email IS NOT NULL ORDER BY rowid DESC LIMIT 1').get() as { e: string }).e;
  return [
    { name: 'the whole ledger (the default list)', filter: {} },
    { name: 'state = paid', filter: { states: ['paid'] } },
    { name: 'links paid in the last 7 days', filter: { kinds: ['link'], states: ['paid'], from: weekBefore } },
    { name: 'one month, SAR', filter: { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z', currency: 'SAR' } },
    { name: 'name "Qahtani"', filter: { query: 'Qahtani' } },
    { name: 'card ending "4242"', filter: { cardLast4: '4242' } },
    { name: 'card ending "0000"', filter: { cardLast4: '0000' } },
    { name: 'one e-mail', filter: { query: email } },
    { name: 'SAR 100.00-100.50', filter: { currency: 'SAR', minAmount: '100.00', maxAmount: '100.50' } },
    { name: 'with something refunded', filter: { withRefunded: true } },
  ];
}
