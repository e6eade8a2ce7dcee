// Needs attention as a queue (docs/screens-after-sale.md): a queue longer than a window says how many
// of how many, in both languages; "Show more" continues exactly where the last window ended (main's
// keyset), each row once and in order, the keyboard on the first new row; and the total is the queue's
// own, live: it followed Home's count as Home last read it ("of 1,026" after the reconciler settled
// 160, docs/screens-walks.md), and now follows main's payments.changed. Main answers 20 a window here.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';
import type { PaymentView } from '../../contract/methods/payments';

const flagged = (n: number) => Array.from({ length: n }, (_, i) => paymentView({ id: `p${String(i).padStart(4, '0')}`, orderId: `CUT-${i}`, state: 'unknown', needsAttention: true, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }));
let queue: PaymentView[] = flagged(1_001);
const answer = attentionQueue(() => queue);
const main = stubMain({ listNeedsAttention: (input) => answer({ ...input, limit: Math.min(input.limit ?? 500, 20) }) });
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useOverview } = await import('../../renderer/src/features/overview/overview-store');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  queue = flagged(1_001);
});

const shownIds = () => screen.getAllByTestId(/^attention-CUT-/).map((row) => row.getAttribute('data-testid')!.replace('attention-', ''));

it.each([
  ['en', 'Showing the oldest 20 of 1,001 payments that need attention. Sort by “Date, newest first” to see the latest.', 'Showing the newest 20 of 1,001 payments that need attention. Sort by “Date, oldest first” to see the oldest.', 'Show more'],
  ['ar', 'تُعرض أقدم 20 من 1,001 دفعة تحتاج إلى متابعة. رتّب حسب «التاريخ، الأحدث أولًا» لترى أحدثها.', 'تُعرض أحدث 20 من 1,001 دفعة تحتاج إلى متابعة. رتّب حسب «التاريخ، الأقدم أولًا» لترى أقدمها.', 'عرض المزيد'],
] as const)('says how many of how many are shown, and how to see the other end (%s)', async (language, oldest, newest, more) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<AttentionScreen />);
  expect((await screen.findByTestId('attention-cut')).textContent).toBe(oldest);
  expect(screen.getByTestId('attention-more').textContent).toBe(more);
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'desc' } });
  await screen.findByText(newest);
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'asc' } });
  await screen.findByText(oldest);
});

it('says nothing and offers no more when the whole queue is shown', async () => {
  queue = flagged(12);
  render(<AttentionScreen />);
  await screen.findByTestId('attention-CUT-11');
  expect(screen.queryByTestId('attention-cut')).toBeNull();
  expect(screen.queryByTestId('attention-more')).toBeNull();
});

it('"Show more" continues where the list ended, each row once and in order, the keyboard on the first new row', async () => {
  queue = flagged(50);
  render(<AttentionScreen />);
  await screen.findByTestId('attention-CUT-19');
  fireEvent.click(screen.getByTestId('attention-more'));
  await screen.findByTestId('attention-CUT-39');
  expect(shownIds()).toEqual(Array.from({ length: 40 }, (_, i) => `CUT-${i}`));
  await waitFor(() => expect(document.activeElement?.closest('tr')?.getAttribute('data-testid')).toBe('attention-CUT-20'));
  // Two rows already shown and one not yet shown settle meanwhile: the list keeps its length, nothing skipped or repeated.
  queue = queue.filter((row) => !['CUT-3', 'CUT-25', 'CUT-41'].includes(row.orderId));
  main.tell({ type: 'payments.changed', paymentIds: [] });
  await waitFor(() => expect(screen.getByTestId('attention-cut').textContent).toBe('Showing the oldest 40 of 47 payments that need attention. Sort by “Date, newest first” to see the latest.'));
  fireEvent.click(screen.getByTestId('attention-more'));
  await screen.findByTestId('attention-CUT-49');
  expect(shownIds()).toEqual(queue.map((row) => row.orderId));
  expect(screen.queryByTestId('attention-more')).toBeNull();
});

// The walk's "of 1,026" was Home's count as Home last read it, 160 settled since; Home's figure has no say now.
it('keeps its total true and live: main’s change events, not Home’s last count', async () => {
  render(<AttentionScreen />);
  expect((await screen.findByTestId('attention-cut')).textContent).toContain('of 1,001 payments');
  act(() => useOverview.setState({ data: { ...useOverview.getState().data!, needsAttention: 1_026 } }));
  expect(screen.getByTestId('attention-cut').textContent).toContain('of 1,001 payments');
  const asked = main.asked('listNeedsAttention').length;
  queue = queue.slice(160);
  main.tell({ type: 'payments.changed', paymentIds: [] });
  await waitFor(() => expect(screen.getByTestId('attention-cut').textContent).toBe('Showing the oldest 20 of 841 payments that need attention. Sort by “Date, newest first” to see the latest.'));
  expect(shownIds()[0]).toBe('CUT-160');
  expect(main.asked('listNeedsAttention').length).toBe(asked + 1); // one window read again, as many rows as were shown
});
