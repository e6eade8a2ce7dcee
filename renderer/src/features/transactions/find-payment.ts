// "Find a payment" from anywhere (Home's task list): the transactions list filtered by what was
// typed, and the payment opened at once when exactly one matches.
import { api } from '../../api';
import { useTransactions } from './transactions-store';

export async function findPayment(query: string): Promise<void> {
  const text = query.trim();
  useTransactions.getState().setFilter({ query: text || undefined });
  if (!text) return useTransactions.getState().open(undefined);
  const result = await api.searchPayments({ filter: { query: text }, limit: 2 });
  useTransactions.getState().open(result.ok && result.value.rows.length === 1 ? result.value.rows[0]!.id : undefined);
}
