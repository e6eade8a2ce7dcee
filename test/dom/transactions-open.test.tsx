// Opening the transactions list asks main for its first page at the click, while the screen's
// code may still be on its way, and the screen then shows that answer without asking again;
// shown again later, it asks afresh. main is a recording stub here.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

let searches = 0;
stubMain({
  searchPayments: () => {
    searches++;
    return { ok: true, value: { total: 0, rows: [] } };
  },
});
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
await import('../../renderer/src/app/screens'); // what each screen does when chosen
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');

describe('opening the transactions list', () => {
  afterEach(cleanup);

  it('asks for the first page once, at the click, before the screen is drawn', async () => {
    searches = 0;
    useNavigation.getState().go('transactions');
    expect(searches).toBe(1);
    render(<TransactionsScreen />);
    await screen.findByText('0 payments');
    expect(searches).toBe(1);
  });

  it('asks again when the screen is shown again later', async () => {
    useNavigation.getState().go('home');
    searches = 0;
    render(<TransactionsScreen />);
    await screen.findByText('0 payments');
    expect(searches).toBe(1);
  });
});
