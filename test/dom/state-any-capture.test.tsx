// Finance's "last month's paid payments" (the twelfth walk, docs/screens-walks.md): State "Paid" is
// the state, so a payment refunded since (Partly refunded, Refunded) was not in the list, its totals
// or its CSV: SAR 321,497.66 where the month captured SAR 385,422.73, with nothing to say so. The State
// field now offers "Any capture" (every payment that took money: main's withCaptured, as Home's
// Captured figure opens its list), and "Paid" says under it what it leaves out. English and Arabic.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

const main = stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { showPayments } = await import('../../renderer/src/features/overview/overview-store');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(async () => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  await act(async () => useTransactions.getState().clearFilter());
});

const state = () => screen.getByLabelText('State') as HTMLSelectElement;
const choose = async (label: string) => {
  const option = [...state().options].find((o) => o.textContent === label)!;
  await act(async () => void fireEvent.change(state(), { target: { value: option.value } }));
  await main.settled();
};

it('"Any capture" lists every payment that took money, refunded since or not; "Paid" says what it leaves out', async () => {
  render(<TransactionsScreen />);
  await main.settled();
  expect([...state().options].map((o) => o.textContent)).toContain('Any capture');
  await choose('Any capture');
  expect(main.asked('searchPayments').at(-1)?.filter).toEqual({ withCaptured: true });
  expect(screen.queryByTestId('paid-only-hint')).toBeNull();
  await choose('Paid');
  expect(main.asked('searchPayments').at(-1)?.filter).toEqual({ states: ['paid'] });
  expect(screen.getByTestId('paid-only-hint').textContent).toBe('Only payments still wholly paid: one refunded since is Partly refunded or Refunded. “Any capture” lists every payment that took money.');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('paid-only-hint').textContent).toContain('«فيها تحصيل» تعرض كل دفعة أُخذ فيها مال');
  expect([...(screen.getByLabelText('الحالة') as HTMLSelectElement).options].map((o) => o.textContent)).toContain('فيها تحصيل');
});

it('a list opened from Home’s Captured figure shows "Any capture" in State, said once', async () => {
  showPayments({ currency: 'SAR', withCaptured: true }, () => {});
  render(<TransactionsScreen />);
  await main.settled();
  expect(state().selectedOptions[0]!.textContent).toBe('Any capture');
  expect(screen.queryByTestId('overview-filter-note')).toBeNull();
  // Another state replaces it: never "Paid" and "took money" at once, unseen.
  await choose('Declined');
  expect(main.asked('searchPayments').at(-1)?.filter).toEqual({ currency: 'SAR', states: ['declined'] });
});
