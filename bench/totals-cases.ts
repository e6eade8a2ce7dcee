// The filters whose totals bench/list-totals.ts (SQLite) and bench/team-list-totals.ts (the team
// ledger) time: the same list on both, so their figures compare.
import type { PaymentFilter } from '../contract/methods/payments';

/** `weekBefore`: seven days before the ledger's newest payment. */
export const totalsCases = (weekBefore: string): Array<{ name: string; filter: PaymentFilter }> => [
  { name: 'the whole ledger (the default list)', filter: {} },
  { name: 'state = paid', filter: { states: ['paid'] } },
  { name: 'links paid in the last 7 days', filter: { kinds: ['link'], states: ['paid'], from: weekBefore } },
  { name: 'one month, SAR', filter: { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z', currency: 'SAR' } },
  { name: 'name "Qahtani"', filter: { query: 'Qahtani' } },
  { name: 'card ending "4242"', filter: { cardLast4: '4242' } },
  { name: 'with something refunded', filter: { withRefunded: true } },
];
