// Home's "Authorised, not captured" lines warn about the oldest hold (it lapses first), so their
// press opens the list oldest first, shown in its Sort control: the oldest held payment is the first
// row, no sort to find and change. That order is the press's, for that visit: the list opened
// otherwise is in the person's own sort (newest first until they choose one, then theirs, kept while
// the window is open), and Home's other presses open in it too (docs/overview.md, "The order a
// press opens in"). main is a recording stub; the screens are chosen as the navigation does.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { overviewAnswer } from '../support/overview-answer';

type Sort = { by: string; direction: string };
const asked: Array<{ filter: Record<string, unknown>; sort: Sort }> = [];
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const main = stubMain({
  getOverview: (input) => overviewAnswer(input, [{ currency: 'SAR', grossMinor: 1500, refundedMinor: 0, netMinor: 1500, paidCount: 1, refundCount: 0 }], { unpaidLinks: [], needsAttention: 0, authorised: [{ currency: 'SAR', count: 2, amountMinor: 15_000, oldestAt: daysAgo(6) }] }),
  searchPayments: (input) => {
    asked.push({ filter: input.filter ?? {}, sort: input.sort as Sort });
    return { ok: true, value: unchecked({ total: 0, totalExact: true, rows: [] }) };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
await import('../../renderer/src/app/screens'); // each screen's data asked as it is chosen
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { HomeScreen } = await import('../../renderer/src/features/home/home-screen');
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');

const lastSort = () => asked.at(-1)?.sort;
/** What the list's Sort control shows. */
const sortShown = () => {
  const select = screen.getByLabelText<HTMLSelectElement>('Sort by');
  return select.selectedOptions[0]!.textContent;
};

async function onHome() {
  cleanup();
  act(() => useNavigation.getState().go('home'));
  render(<HomeScreen />);
  await screen.findByTestId('held-task-SAR');
}

async function onList() {
  cleanup();
  render(<TransactionsScreen />);
  await screen.findByLabelText('Sort by');
  await main.settled();
}

afterEach(() => cleanup());

describe("Home's held payments open the list oldest first", () => {
  it('asks for the held payments oldest first and shows it; the list opened otherwise is newest first again; the person’s own sort is kept', async () => {
    useSession.setState({ info: appInfo(null), profile: practiceProfile() });
    await onHome();

    act(() => fireEvent.click(screen.getByTestId('held-task-SAR')));
    expect(useNavigation.getState().screen).toBe('transactions');
    expect(asked.at(-1)).toEqual({ filter: { profileId: 'practice', states: ['authorised'], currency: 'SAR' }, sort: { by: 'createdAt', direction: 'asc' } });
    await onList();
    expect(sortShown()).toBe('Date, oldest first');

    // Back on Home, then the list by the navigation: the person's own order (newest first), the filter as left.
    await onHome();
    act(() => useNavigation.getState().go('transactions'));
    expect(lastSort()).toEqual({ by: 'createdAt', direction: 'desc' });
    await onList();
    expect(sortShown()).toBe('Date, newest first');

    // The person sorts by amount: kept for the window's life, Home's figures open in it, the held press still oldest first.
    act(() => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'amount:desc' } }));
    expect(lastSort()).toEqual({ by: 'amount', direction: 'desc' });
    await onHome();
    act(() => fireEvent.click(screen.getAllByTestId('ov-gross')[0]!));
    expect(lastSort()).toEqual({ by: 'amount', direction: 'desc' });
    await onHome();
    act(() => fireEvent.click(screen.getByTestId('held-task-SAR')));
    expect(lastSort()).toEqual({ by: 'createdAt', direction: 'asc' });
    await onList();
    expect(sortShown()).toBe('Date, oldest first');
    await onHome();
    act(() => useNavigation.getState().go('transactions'));
    expect(lastSort()).toEqual({ by: 'amount', direction: 'desc' });
    await onList();
    expect(sortShown()).toBe('Amount by currency, largest first');
    expect(useTransactions.getState().ownSort).toEqual({ by: 'amount', direction: 'desc' });
  });

  it('lets the person change the order of a held list, which becomes their own', async () => {
    useSession.setState({ info: appInfo(null), profile: practiceProfile() });
    await onHome();
    act(() => fireEvent.click(screen.getByTestId('held-task-SAR')));
    await onList();
    act(() => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'customer:asc' } }));
    expect(lastSort()).toEqual({ by: 'customer', direction: 'asc' });
    await onHome();
    act(() => useNavigation.getState().go('transactions'));
    expect(lastSort()).toEqual({ by: 'customer', direction: 'asc' });
  });
});
