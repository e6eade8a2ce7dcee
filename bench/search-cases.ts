// The list searches the transactions screen makes, one list for both backends' benches
// (bench/ledger-search.ts on SQLite, bench/team-search.ts on PostgreSQL): `total` payments,
// `rareEmail` one customer's e-mail (the payment a third of the way in).
import type { PaymentFilter } from '../contract/methods/payments';
import type { PaymentSort } from '../main/ledger/search';

export type SearchCase = { name: string; filter: PaymentFilter; sort?: PaymentSort; offset?: number; before?: number };

export function searchCases(total: number, rareEmail: string): SearchCase[] {
  const mid = Math.floor(total / 2);
  return [
    { name: 'newest 100 (the default list)', filter: {} },
    { name: 'deep jump to the middle', filter: {}, offset: mid },
    { name: 'deep jump to the end', filter: {}, offset: total - 100 },
    { name: 'next page after the middle', filter: {}, offset: mid + 100, before: mid },
    { name: 'order id "PD-2025"', filter: { query: 'PD-2025' } },
    { name: 'e-mail "omar.2"', filter: { query: 'omar.2' } },
    { name: 'name "Qahtani"', filter: { query: 'Qahtani' } },
    { name: 'name "القحطاني"', filter: { query: 'القحطاني' } },
    { name: 'e-mail domain "example.com"', filter: { query: 'example.com' } },
    { name: 'rare: one e-mail', filter: { query: rareEmail } },
    { name: '2 characters "PD"', filter: { query: 'PD' } },
    { name: '2 characters "zz"', filter: { query: 'zz' } },
    { name: 'state = pending', filter: { states: ['pending'] } },
    { name: 'unknown + needs attention', filter: { states: ['unknown'], needsAttention: true } },
    { name: 'refunded, KWD', filter: { states: ['refunded'], currency: 'KWD' } },
    { name: 'one month, SAR', filter: { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z', currency: 'SAR' } },
    { name: 'amount 100-200 KWD, by amount', filter: { currency: 'KWD', minAmount: '100', maxAmount: '200' }, sort: { by: 'amount', direction: 'desc' } },
    { name: 'all, by customer', filter: {}, sort: { by: 'customer', direction: 'asc' } },
    { name: 'all, by amount, deep', filter: {}, sort: { by: 'amount', direction: 'desc' }, offset: mid },
    { name: 'all, by state, deep', filter: {}, sort: { by: 'state', direction: 'desc' }, offset: mid },
    { name: 'sales by order id', filter: { kinds: ['sale'] }, sort: { by: 'orderId', direction: 'asc' } },
    // "My card ending 4242 was charged twice": 1 payment in 9,000 of the seeded ledgers, spread over their two years.
    { name: 'card ending "4242"', filter: { cardLast4: '4242' } },
    { name: 'card ending "4242", paid, by amount', filter: { cardLast4: '4242', states: ['paid'] }, sort: { by: 'amount', direction: 'desc' } },
    { name: 'card ending "4242", SAR, by customer', filter: { cardLast4: '4242', currency: 'SAR' }, sort: { by: 'customer', direction: 'asc' } },
    { name: 'card ending "0000" (none)', filter: { cardLast4: '0000' } },
  ];
}
