// "Find a payment" from anywhere (Home's task list): the transactions list filtered by what was
// typed, and the payment opened at once when exactly one matches; or one payment shown by its id.
import { api } from '../../api';
import { useTransactions } from './transactions-store';

/**
 * One payment opened in Transactions from elsewhere (a sale's or a link's result): the list's
 * filters cleared, so its row is in the list (the newest first), and its detail open.
 */
export function showPayment(paymentId: string, go: (screen: string) => void): void {
  const list = useTransactions.getState();
  list.clearFilter();
  list.open(paymentId);
  go('transactions');
}

/**
 * A search from outside the list (Home's "Find a payment") searches every payment: the text
 * replaces the list's filters, as a global search box does. Filters left from an earlier visit
 * (a figure's currency and dates, folded under "More filters") would hide what was asked for.
 */
export async function findPayment(query: string): Promise<void> {
  const text = query.trim();
  useTransactions.getState().replaceFilter({ query: text || undefined });
  if (!text) return useTransactions.getState().open(undefined);
  const result = await api.searchPayments({ filter: { query: text }, limit: 2 });
  useTransactions.getState().open(result.ok && result.value.rows.length === 1 ? result.value.rows[0]!.id : undefined);
}
