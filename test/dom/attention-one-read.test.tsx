// While Needs attention is open, a burst of payments.changed costs main one read, not two: the
// screen's re-read (a window and the queue's total) and the navigation's count (the same total,
// counted again) each ran once per burst. Now the screen hands its total to the navigation, which
// asks none of its own for those events, and shows the same number as the screen's line. Once the
// screen is left the navigation counts again (once at leaving, as the screen's last re-read may
// be dropped then), and a profile switch is still counted while it is open. main is a stub.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';
import type { PaymentView } from '../../contract/methods/payments';

const waiting = (n: number) => Array.from({ length: n }, (_, i) => paymentView({ id: `p${String(i).padStart(4, '0')}`, orderId: `ONE-${i}`, state: 'unknown', needsAttention: true, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }));
let queue: PaymentView[] = waiting(3);
const main = stubMain({
  listNeedsAttention: attentionQueue(() => queue),
  countNeedsAttention: () => ({ ok: true, value: { total: queue.length } }),
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { Navigation } = await import('../../renderer/src/app/navigation');
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { startAttentionCount } = await import('../../renderer/src/app/attention-count');
const { burstWaitMs } = await import('../../renderer/src/app/once-per-burst');

afterEach(async () => {
  await main.settled();
  cleanup();
});

const counts = () => main.asked('countNeedsAttention').length;
const reads = () => main.asked('listNeedsAttention').length;
const badge = () => screen.queryByTestId('attention-waiting')?.textContent ?? null;
const pastTheWait = () => new Promise((resolve) => setTimeout(resolve, burstWaitMs * 2));
const burst = (n: number) => {
  for (let i = 0; i < n; i++) main.tell({ type: 'payments.changed', paymentIds: [`p${i}`] });
};

it('reads once per burst while the screen is open, the navigation showing the screen\'s total; counts again once the screen is left', async () => {
  useSession.setState({ info: appInfo(null), profile: practiceProfile() });
  render(<Navigation />);
  startAttentionCount();
  await waitFor(() => expect(badge()).toBe('3'));
  const screenView = render(<AttentionScreen />);
  await screen.findByTestId('attention-ONE-0');
  await main.settled();
  const [countsBefore, readsBefore] = [counts(), reads()];

  // A bulk run settles one and lets five more in: 20 events.
  queue = waiting(8).slice(1);
  burst(20);
  await waitFor(() => expect(screen.getAllByTestId(/^attention-ONE-/)).toHaveLength(7));
  await pastTheWait();
  await main.settled();
  expect(reads()).toBe(readsBefore + 1);
  expect(counts()).toBe(countsBefore); // was countsBefore + 1: the same total counted again
  expect(badge()).toBe('7');

  // A switch of profile, which the screen does not read again for: the navigation still counts it.
  main.tell({ type: 'profiles.changed' });
  await waitFor(() => expect(counts()).toBe(countsBefore + 1));

  // Left: the navigation counts once (the screen's last re-read may have been dropped), then on its own again.
  await main.settled();
  queue = waiting(2);
  burst(3);
  act(() => screenView.unmount());
  await waitFor(() => expect(badge()).toBe('2'));
  await main.settled();
  expect(counts()).toBe(countsBefore + 2);
  queue = waiting(4);
  burst(10);
  await waitFor(() => expect(badge()).toBe('4'));
  await pastTheWait();
  expect(counts()).toBe(countsBefore + 3);
});
