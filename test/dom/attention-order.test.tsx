// Needs attention lists the longest unclear first; with hundreds listed, the payment that just went
// wrong was the last row, 85 screens down (the fourth screen walk, docs/screens-walks.md). "Sort by"
// offers newest first: main is asked in that order, so a list longer than one answer shows its newest
// end, and the choice is kept when the screen is opened again.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

// 30 payments needing attention, one a day from 1 Jan 2025, the newest WENT-WRONG-TODAY; main answers
// 20 at a time here (500 in the app), so the oldest-first window leaves the newest out, as it did live.
const flagged = Array.from({ length: 30 }, (_, day) => {
  const newest = day === 29;
  const orderId = newest ? 'WENT-WRONG-TODAY' : `OLD-${String(day).padStart(3, '0')}`;
  return paymentView({ id: orderId, orderId, state: 'unknown', needsAttention: true, createdAt: new Date(Date.UTC(2025, 0, 1 + day)).toISOString() });
});
const queue = attentionQueue(() => flagged);
const main = stubMain({ listNeedsAttention: (input) => queue({ ...input, limit: Math.min(input.limit ?? 500, 20) }) });
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const orderIds = () => screen.getAllByTestId(/^attention-(OLD|WENT)/).map((row) => row.getAttribute('data-testid')!.replace('attention-', ''));

it('lists oldest first, and "Date, newest first" puts the payment that just went wrong at the top, kept for the next visit', async () => {
  const { unmount } = render(<AttentionScreen />);
  await screen.findByTestId('attention-OLD-000');
  const sortBy = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
  expect(sortBy.selectedOptions[0]!.textContent).toBe('Date, oldest first');
  expect(orderIds()[0]).toBe('OLD-000');
  expect(main.asked('listNeedsAttention').every((input) => input.direction === 'asc')).toBe(true);

  fireEvent.change(sortBy, { target: { value: 'desc' } });
  await screen.findByTestId('attention-WENT-WRONG-TODAY');
  await main.settled();
  expect(orderIds().slice(0, 2)).toEqual(['WENT-WRONG-TODAY', 'OLD-028']);
  expect(main.asked('listNeedsAttention').at(-1)!.direction).toBe('desc');

  unmount();
  render(<AttentionScreen />);
  await screen.findByTestId('attention-WENT-WRONG-TODAY');
  await main.settled();
  expect(orderIds()[0]).toBe('WENT-WRONG-TODAY');
  expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Date, newest first');
});

it('names the order in Arabic', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<AttentionScreen />);
  await screen.findByTestId('attention-WENT-WRONG-TODAY');
  await main.settled();
  const sortBy = screen.getByRole('combobox', { name: 'الترتيب حسب' }) as HTMLSelectElement;
  expect([...sortBy.options].map((option) => option.textContent)).toEqual(['التاريخ، الأقدم أولًا', 'التاريخ، الأحدث أولًا']);
});
