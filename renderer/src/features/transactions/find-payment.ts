// "Find a payment" from anywhere (Home's task list): the transactions list filtered by what was
// typed, and the payment opened at once when exactly one matches; or one payment shown by its id.
import { useTransactions } from './transactions-store';

/**
 * One payment opened in Transactions from elsewhere (a sale's or a link's result, Needs attention,
 * Home's refunds made): the list's filters cleared, so its row is in the list (in the person's own
 * sort), and its detail open. The list's first page is asked for once, here; the visit shows it.
 */
export function showPayment(paymentId: string, go: (screen: string) => void): void {
  const list = useTransactions.getState();
  void list.showFiltered({});
  list.open(paymentId);
  go('transactions');
}

/**
 * A search from outside the list (Home's "Find a payment") searches every payment: the text
 * replaces the list's filters, as a global search box does. Filters left from an earlier visit
 * (a figure's currency and dates, folded under "More filters") would hide what was asked for.
 * The list's first page is the lookup: one match on it (it holds up to a page) opens that payment,
 * and the visit shows the page with no second call.
 */
export async function findPayment(query: string): Promise<void> {
  const text = query.trim();
  const list = useTransactions.getState();
  list.open(undefined);
  const page = list.showFiltered({ query: text || undefined });
  if (!text) return;
  const { generation } = useTransactions.getState();
  await page;
  const { rows, generation: now } = useTransactions.getState();
  if (now !== generation) return; // another search or filter since: its answer decides
  if (rows.size === 1) list.open(rows.get(0)?.id);
}
