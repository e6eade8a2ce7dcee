// Home's "What do you want to do?" on the team ledger offers the role's own tasks (walk of the
// team ledger: finance was offered "New payment link", "Take a card payment" and "New checkout
// session", each ending at "Your role … does not create them", and staff and finance "Refund or
// check a payment", a refund they cannot make). In English and Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { appInfo, practiceProfile, type TestTeam } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { HomeScreen } = await import('../../renderer/src/features/home/home-screen');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

function tasksOf(team: TestTeam) {
  useSession.setState({ info: appInfo(team), profile: practiceProfile() });
  render(<HomeScreen />);
  return within(screen.getByTestId('home-tasks')).getAllByRole('button').map((b) => b.textContent);
}

describe('Home\'s tasks on the team ledger', () => {
  it('finance: only finding a payment to check, no way to create one', () => {
    expect(tasksOf({ role: 'finance' })).toEqual(['Check a payment']);
    cleanup();
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(tasksOf({ role: 'finance' })).toEqual(['فحص دفعة']);
  });

  it('staff: creates payments, checks them, is not offered a refund', () => {
    expect(tasksOf({ role: 'staff' })).toEqual(['New payment link', 'Take a card payment', 'New checkout session', 'Check a payment']);
  });

  it('support, admin, a role not known yet and this laptop\'s own ledger: every task, refund included', () => {
    const every = ['New payment link', 'Take a card payment', 'New checkout session', 'Refund or check a payment'];
    for (const team of [{ role: 'support' as const }, { role: 'admin' as const }, { role: null }, null]) {
      expect(tasksOf(team)).toEqual(every);
      cleanup();
    }
  });
});
