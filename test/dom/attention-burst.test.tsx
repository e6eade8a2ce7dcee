// Needs attention re-reads on main's payments.changed once per burst, not once per event: a bulk run
// sends hundreds a minute, and each re-read is a window of up to 500 rows and the queue's total
// (~50 ms of main on a 1,000,000-payment ledger). The first event starts a short wait the rest ride
// on; events during a read ask for exactly one more. The screen still keeps the rows "Show more"
// brought, its total follows, and a payment settled elsewhere leaves. Main answers 20 a window here.
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';
import type { PaymentView } from '../../contract/methods/payments';

const flagged = (n: number) => Array.from({ length: n }, (_, i) => paymentView({ id: `p${String(i).padStart(4, '0')}`, orderId: `BURST-${i}`, state: 'unknown', needsAttention: true, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }));
let queue: PaymentView[] = flagged(50);
let held: Promise<void> | undefined;
const answer = attentionQueue(() => queue);
const main = stubMain({
  listNeedsAttention: async (input) => {
    await held;
    return answer({ ...input, limit: Math.min(input.limit ?? 500, 20) });
  },
});
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { burstWaitMs } = await import('../../renderer/src/app/once-per-burst');

afterEach(() => {
  cleanup();
  queue = flagged(50);
});

const reads = () => main.asked('listNeedsAttention').length;
const shownIds = () => screen.getAllByTestId(/^attention-BURST-/).map((row) => row.getAttribute('data-testid')!.replace('attention-', ''));
const cut = () => screen.getByTestId('attention-cut').textContent;
const pastTheWait = () => new Promise((resolve) => setTimeout(resolve, burstWaitMs * 2));
const burst = (n: number, from = 0) => {
  for (let i = from; i < from + n; i++) main.tell({ type: 'payments.changed', paymentIds: [`p${String(i).padStart(4, '0')}`] });
};

/** The screen with "Show more" pressed once: 40 rows shown, from two windows of main's. */
async function showingForty() {
  render(<AttentionScreen />);
  await screen.findByTestId('attention-BURST-0');
  fireEvent.click(screen.getByTestId('attention-more'));
  await screen.findByTestId('attention-BURST-39');
  await main.settled();
  expect(cut()).toBe('Showing the oldest 40 of 50 payments that need attention. Sort by “Date, newest first” to see the latest.');
}

it('reads the queue again once for a burst of events, keeping the rows "Show more" brought; the settled leave', async () => {
  await showingForty();
  const before = reads();
  // Three settled elsewhere, one a row shown, while a bulk run tells 30 changes.
  queue = queue.filter((row) => !['BURST-5', 'BURST-41', 'BURST-42'].includes(row.orderId));
  burst(30);
  await waitFor(() => expect(cut()).toBe('Showing the oldest 40 of 47 payments that need attention. Sort by “Date, newest first” to see the latest.'));
  await main.settled();
  expect(reads()).toBe(before + 2); // one re-read: the two windows shown, from the start
  expect(shownIds()).toEqual(queue.slice(0, 40).map((row) => row.orderId));
  await pastTheWait();
  expect(reads()).toBe(before + 2);
});

it('events during a re-read ask for exactly one more, which reads what they changed', async () => {
  render(<AttentionScreen />);
  await screen.findByTestId('attention-BURST-0');
  await main.settled();
  const before = reads();
  let release!: () => void;
  held = new Promise((resolve) => (release = resolve));
  burst(1);
  await waitFor(() => expect(reads()).toBe(before + 1)); // the re-read, its answer held
  queue = queue.slice(10);
  burst(20, 1);
  held = undefined;
  release();
  await waitFor(() => expect(reads()).toBe(before + 2));
  await waitFor(() => expect(shownIds()[0]).toBe('BURST-10'));
  expect(cut()).toBe('Showing the oldest 20 of 40 payments that need attention. Sort by “Date, newest first” to see the latest.');
  await pastTheWait();
  expect(reads()).toBe(before + 2);
});

it('reads nothing more once the screen is left during a burst\'s wait', async () => {
  const view = render(<AttentionScreen />);
  await screen.findByTestId('attention-BURST-0');
  await main.settled();
  const before = reads();
  burst(5);
  view.unmount();
  await pastTheWait();
  expect(reads()).toBe(before);
});
