// An auditor's October refunds (the fifteenth screen walk, docs/screens-walks.md): Transactions' "Any
// refund" with From and To lists the payments made in those dates (95), which the auditor took for the
// refunds made in them (108, Home's and the audit log's: some refunded October's payments in November, some
// refunded September's in October). With a refund state and dates, a line under the row says which day
// the dates choose and where the refunds made in them are. English and Arabic.
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

it('a refund state with dates says the dates are the payments’ days, and where the refunds made in them are', async () => {
  render(<TransactionsScreen />);
  await main.settled();
  await choose('Any refund');
  expect(screen.queryByTestId('refund-dates-hint')).toBeNull(); // no dates: every refunded payment, nothing to tell apart
  fireEvent.click(screen.getByTestId('more-filters'));
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Last month' })));
  await main.settled();
  const hint = screen.getByTestId('refund-dates-hint');
  expect(hint.textContent).toBe('From and To choose the day each payment was made, not the day of its refund. Every refund made in these dates, whatever day its payment was made, is on Home under “Refunds made in this period”, with its CSV.');
  expect(state().getAttribute('aria-describedby')).toBe('tx-refund-dates');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('refund-dates-hint').textContent).toBe('يختار «من» و«إلى» يوم إنشاء كل دفعة، لا يوم استردادها. كل استرداد نُفِّذ في هذه التواريخ، أيًّا كان يوم دفعته، تجده في «الرئيسية» تحت «الاستردادات المنفَّذة في هذه الفترة» مع ملف CSV الخاص بها.');
  act(() => useLanguage.getState().setLanguage('en'));
  await choose('Refunded');
  expect(screen.getByTestId('refund-dates-hint')).toBeTruthy();
  await choose('Declined');
  expect(screen.queryByTestId('refund-dates-hint')).toBeNull();
});
