// DOM tests: main's listNeedsAttention over a test's own rows, as the ledgers answer it
// (main/ledger/attention-queue.ts): each payment once (a lost operation kept with it), by creation
// then id, in the direction asked, a window after `after`, with the whole queue's total.
import type { MethodInput, MethodOutput } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';
import type { Result } from '../../contract/result';

type Entry = MethodOutput<'listNeedsAttention'>['rows'][number];
type Operation = { kind: string; amountMinor: number | null; sentAt: string };

/** `rows`: payments, or payments with their lost operation; read on each call, so a test may change them. */
export function attentionQueue(rows: () => Array<PaymentView | { payment: PaymentView; operation: Operation | null }>) {
  return (input: MethodInput<'listNeedsAttention'>): Result<MethodOutput<'listNeedsAttention'>> => {
    const byId = new Map<string, Entry>();
    for (const row of rows()) {
      const entry = ('payment' in row ? row : { payment: row, operation: null }) as Entry;
      const known = byId.get(entry.payment.id);
      if (!known || (!known.operation && entry.operation)) byId.set(entry.payment.id, entry);
    }
    const sign = input.direction === 'desc' ? -1 : 1;
    const queue = [...byId.values()].sort((a, b) => sign * (a.payment.createdAt.localeCompare(b.payment.createdAt) || a.payment.id.localeCompare(b.payment.id)));
    const from = input.after === undefined ? 0 : Number(input.after);
    const limit = input.limit ?? 200;
    const window = queue.slice(from, from + limit);
    return { ok: true, value: { total: queue.length, rows: window, next: from + limit < queue.length ? String(from + limit) : undefined } };
  };
}
