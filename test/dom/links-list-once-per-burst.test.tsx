// A long day at the counter (walk33): with Payment links (or Checkout's recent sessions) open, each
// of main's payments.changed read the list's first window again, and Payment links its totals with
// it: a busy counter's sale, capture or refund is two or three events (its intent, its answer, the
// practice gateway's webhook), so a page sitting on Payment links asked main ~280 times per 100
// operations (bench/long-day.ts: the links ~200, their totals ~54, invoice numbers ~10). Now once
// per burst (app/once-per-burst.ts, as Needs attention): the list still follows every change, and
// leaving the screen drops a read still waiting.
import { afterEach, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

const link = (i: number) => paymentView({ id: `l${i}`, kind: 'link', orderId: `INV-${i}`, amountMinor: 4_900, currency: 'SAR', state: 'pending' });
let links: PaymentView[] = [link(1)];
const main = stubMain({ listPaymentLinks: () => ({ ok: true, value: unchecked({ total: links.length, rows: links }) }) });
const { usePaymentList } = await import('../../renderer/src/features/get-paid/payment-list');
const { burstWaitMs } = await import('../../renderer/src/app/once-per-burst');

afterEach(() => {
  cleanup();
  links = [link(1)];
});

const reads = () => main.asked('listPaymentLinks').length;
const pastTheWait = () => new Promise((resolve) => setTimeout(resolve, burstWaitMs * 2));

it('reads the links again once for a burst of changes, and shows the last of them', async () => {
  const { result } = renderHook(() => usePaymentList('link', ''));
  await waitFor(() => expect(result.current.loaded).toBe(true));
  await main.settled();
  const before = reads();
  // Ten sales and links made at the counter: their intents, answers and webhooks.
  for (let i = 2; i <= 11; i++) {
    links = [link(i), ...links];
    for (let e = 0; e < 3; e++) main.tell({ type: 'payments.changed', paymentIds: [`l${i}`] });
  }
  await waitFor(() => expect(result.current.rows.map((r) => r.orderId)[0]).toBe('INV-11'));
  await pastTheWait();
  await main.settled();
  expect(reads() - before).toBe(1);
  expect(result.current.total).toBe(11);
});

it('reads nothing more once the screen is left with a read waiting', async () => {
  const { result, unmount } = renderHook(() => usePaymentList('link', ''));
  await waitFor(() => expect(result.current.loaded).toBe(true));
  await main.settled();
  const before = reads();
  main.tell({ type: 'payments.changed', paymentIds: ['l1'] });
  unmount();
  await pastTheWait();
  expect(reads()).toBe(before);
  expect(main.listeners.size).toBe(0);
});
