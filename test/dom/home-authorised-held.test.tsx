// Home's "Authorised, not captured": card payments whose money is held on the customer's card and
// not captured (it lapses if nobody captures it), per currency with the amount held and the oldest
// one's age. Who may capture (this laptop's own ledger, support, admin) finds a line among Home's
// tasks; finance (and staff) a figure in the overview. One press opens the list at exactly those
// payments: state Authorised, the currency, the overview's scope. Nothing when there are none.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appInfo, practiceProfile, type TestTeam } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000 - 3_600_000).toISOString();
let held: Array<{ currency: string; count: number; amountMinor: number; oldestAt: string }> = [];
stubMain({
  getOverview: (input) => ({
    ok: true,
    value: unchecked({
      periods: (input.periods ?? []).map((p) => ({ ...p, totals: [] })),
      days: [], byBrand: [], byKind: [],
      ...(input.periods?.length ? { unpaidLinks: [], needsAttention: 0, authorised: held } : {}),
    }),
  }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { HomeScreen } = await import('../../renderer/src/features/home/home-screen');

/** Without the isolates and direction marks around each amount, its no-break space a space. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

async function home(team: TestTeam) {
  useSession.setState({ info: appInfo(team), profile: practiceProfile() });
  render(<HomeScreen />);
  await screen.findByTestId('ov-figures'); // the figures' answer is in
}

describe('Home: authorised, not captured', () => {
  it('is a task per currency for who may capture, with the amount held and the oldest one’s age, and opens exactly those payments', async () => {
    held = [{ currency: 'KWD', count: 1, amountMinor: 12_345, oldestAt: new Date().toISOString() }, { currency: 'SAR', count: 2, amountMinor: 15_000, oldestAt: sixDaysAgo }];
    await home(null);
    const tasks = screen.getByTestId('home-tasks');
    const sar = within(tasks).getByTestId('held-task-SAR');
    expect(plain(sar.textContent)).toBe('Authorised, not captured: 2 payments, SAR 150.00');
    expect(screen.getByTestId('held-oldest-SAR').textContent).toBe('oldest 6 days ago');
    expect(plain(within(tasks).getByTestId('held-task-KWD').textContent)).toBe('Authorised, not captured: 1 payment, KWD 12.345');
    expect(screen.getByTestId('held-oldest-KWD').textContent).toBe('oldest under a day ago');
    expect(screen.queryByTestId('ov-held')).toBeNull(); // not twice

    fireEvent.click(sar);
    expect(useNavigation.getState().screen).toBe('transactions');
    expect(useTransactions.getState().filter).toEqual({ profileId: 'practice', states: ['authorised'], currency: 'SAR' });
  });

  it('reads in Arabic with the list’s word for the state', async () => {
    held = [{ currency: 'SAR', count: 2, amountMinor: 15_000, oldestAt: sixDaysAgo }];
    act(() => useLanguage.getState().setLanguage('ar'));
    await home({ role: 'support' });
    expect(plain(screen.getByTestId('held-task-SAR').textContent)).toBe('مفوَّضة غير محصَّلة: دفعتان، 150.00 SAR');
    expect(screen.getByTestId('held-oldest-SAR').textContent).toBe('أقدمها منذ 6 أيام');
  });

  it('is a figure in the overview for finance, which opens the same list', async () => {
    held = [{ currency: 'SAR', count: 2, amountMinor: 15_000, oldestAt: sixDaysAgo }];
    await home({ role: 'finance' });
    expect(within(screen.getByTestId('home-tasks')).queryByTestId('held-task-SAR')).toBeNull();
    const figure = within(screen.getByTestId('ov-held'));
    expect(figure.getByRole('heading', { name: 'Authorised, not captured' })).toBeTruthy();
    expect(plain(figure.getByTestId('held-figure-SAR').textContent)).toBe('2 payments, SAR 150.00');
    expect(figure.getByText(/until a colleague in support or an admin captures it/)).toBeTruthy(); // finance does not capture
    fireEvent.click(figure.getByTestId('held-figure-SAR'));
    expect(useTransactions.getState().filter).toEqual({ profileId: 'practice', states: ['authorised'], currency: 'SAR' });
  });

  it('shows nothing when no payment is held', async () => {
    held = [];
    await home(null);
    expect(screen.queryByText(/Authorised, not captured/)).toBeNull();
    cleanup();
    await home({ role: 'finance' });
    expect(screen.queryByTestId('ov-held')).toBeNull();
    expect(screen.queryByText(/Authorised, not captured/)).toBeNull();
  });
});
