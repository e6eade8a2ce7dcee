// Needs attention says when its list is one end of a longer one: each of its queries answers at most
// 500, and Home counted 1,001 while the list held 996 with nothing on screen saying so (the fourth
// screen walk, docs/screens-walks.md). How many of how many, and the sort that shows the other end,
// in both languages; nothing when the whole list is shown. Main answers 20 rows here, its totals whole.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

let flaggedTotal = 1_001;
let lostRows = 0;
const flagged = (n: number) => Array.from({ length: n }, (_, i) => paymentView({ id: `p${i}`, orderId: `CUT-${i}`, state: 'unknown', needsAttention: true, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }));
stubMain({
  searchPayments: (input) => {
    if (!(input as { filter: { needsAttention?: boolean } }).filter.needsAttention) return { ok: true, value: unchecked({ total: 0, rows: [] }) };
    return { ok: true, value: unchecked({ total: flaggedTotal, rows: flagged(Math.min(flaggedTotal, 20)) }) };
  },
  listUnclearOperations: (input) => ({ ok: true, value: unchecked({ rows: flagged(lostRows).slice(0, input.limit).map((payment) => ({ payment, operation: { kind: 'refund', amountMinor: 100, sentAt: payment.createdAt } })) }) }),
});
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useOverview } = await import('../../renderer/src/features/overview/overview-store');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  flaggedTotal = 1_001;
  lostRows = 0;
});

it.each([
  ['en', 'Showing the oldest 20 of 1,001 payments that need attention. Sort by “Date, newest first” to see the latest.', 'Showing the newest 20 of 1,001 payments that need attention. Sort by “Date, oldest first” to see the oldest.'],
  ['ar', 'تُعرض أقدم 20 من 1,001 دفعة تحتاج إلى متابعة. رتّب حسب «التاريخ، الأحدث أولًا» لترى أحدثها.', 'تُعرض أحدث 20 من 1,001 دفعة تحتاج إلى متابعة. رتّب حسب «التاريخ، الأقدم أولًا» لترى أقدمها.'],
] as const)('says how many of how many are shown, and how to see the other end (%s)', async (language, oldest, newest) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<AttentionScreen />);
  expect((await screen.findByTestId('attention-cut')).textContent).toBe(oldest);
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'desc' } });
  await screen.findByText(newest);
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'asc' } });
  await screen.findByText(oldest);
});

it('says nothing when the whole list is shown', async () => {
  flaggedTotal = 12;
  render(<AttentionScreen />);
  await screen.findByTestId('attention-CUT-11');
  expect(screen.queryByTestId('attention-cut')).toBeNull();
});

// The lost operations' list has no total: cut at 500, it says more need attention, or Home's count.
it('says more need attention when only the lost operations were cut, with Home’s count once known', async () => {
  flaggedTotal = 12;
  lostRows = 500;
  render(<AttentionScreen />);
  expect((await screen.findByTestId('attention-cut')).textContent).toBe('Showing the oldest 500 payments that need attention; more need it. Sort by “Date, newest first” to see the latest.');
  act(() => useOverview.setState({ data: { ...useOverview.getState().data!, needsAttention: 1_001 } }));
  expect(screen.getByTestId('attention-cut').textContent).toBe('Showing the oldest 500 of 1,001 payments that need attention. Sort by “Date, newest first” to see the latest.');
});
