// A new user's Transactions, before any payment: "No payments yet", with what will appear there, not
// "No payments match.", which read as a search gone wrong when nothing was searched. A search that
// finds nothing still says it matched nothing. In English and Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: null }) }),
  searchPayments: () => ({ ok: true, value: { total: 0, totalExact: true, rows: [] } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useTransactions.getState().clearFilter());
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('an empty transactions list', () => {
  it('says no payments were made yet, and what will appear, when nothing is filtered', async () => {
    render(<TransactionsScreen />);
    expect((await screen.findByTestId('tx-empty')).textContent).toBe('No payments yet. Every payment link, checkout session and card payment made here appears in this list.');
    cleanup();
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<TransactionsScreen />);
    expect((await screen.findByTestId('tx-empty')).textContent).toBe('لا مدفوعات بعد. يظهر في هذه القائمة كل رابط دفع وجلسة دفع ودفعة بالبطاقة تُجرى هنا.');
  });

  it('says a search matched nothing when something was searched', async () => {
    act(() => useTransactions.getState().setFilter({ query: 'Sara' }));
    render(<TransactionsScreen />);
    expect((await screen.findByTestId('tx-empty')).textContent).toBe('No payments match.');
  });
});
