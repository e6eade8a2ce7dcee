// Finance on the team ledger creates no payments: its navigation no longer lists Payment links,
// Checkout sessions and Virtual terminal (walk of the team ledger: each ended at "your role does
// not create them"), their Alt+digit opens nothing, the Keyboard shortcuts dialog does not list
// them, and a laptop last closed on one opens on Home. Bulk links stays, read-only: finance reads
// its batches, error reports and links there (test/dom/bulk-finance.test.tsx). Staff, support,
// admin, a role not known yet and a laptop's own ledger keep every screen.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appInfo, practiceProfile, type TestTeam } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { Navigation, CurrentScreen } = await import('../../renderer/src/app/navigation');
const { default: ShortcutsDialog } = await import('../../renderer/src/app/shortcuts-dialog');

afterEach(() => {
  cleanup();
  act(() => useNavigation.getState().go('home'));
});

const every = ['home', 'links', 'checkout', 'terminal', 'transactions', 'attention', 'audit', 'bulk', 'settings'];

function navigationAs(team: TestTeam) {
  useSession.setState({ info: appInfo(team), profile: practiceProfile() });
  render(<Navigation />);
  return within(screen.getByRole('navigation')).getAllByRole('button').map((b) => b.dataset.testid?.replace('nav-', '')).filter((id) => id && every.includes(id));
}
const altDigit = (digit: string) => act(() => void fireEvent.keyDown(window, { key: digit, code: `Digit${digit}`, altKey: true }));

describe('the navigation by the team ledger\'s role', () => {
  it('finance: no create screens listed, and their Alt+digit opens nothing; Bulk links stays', () => {
    expect(navigationAs({ role: 'finance' })).toEqual(['home', 'transactions', 'attention', 'audit', 'bulk', 'settings']);
    for (const digit of ['2', '3', '4']) {
      altDigit(digit);
      expect(useNavigation.getState().screen).toBe('home');
    }
    altDigit('5');
    expect(useNavigation.getState().screen).toBe('transactions');
    altDigit('8');
    expect(useNavigation.getState().screen).toBe('bulk');
  });

  it('finance: the Keyboard shortcuts dialog lists only the screens it is offered', () => {
    useSession.setState({ info: appInfo({ role: 'finance' }) });
    render(<ShortcutsDialog onClose={() => undefined} />);
    const keys = [...screen.getByTestId('shortcuts-help').querySelectorAll('[data-keys^="Alt+"]')].map((row) => row.getAttribute('data-keys'));
    expect(keys.filter((k) => /^Alt\+\d$/.test(k!))).toEqual(['Alt+1', 'Alt+5', 'Alt+6', 'Alt+7', 'Alt+8', 'Alt+9']);
  });

  it('finance\'s laptop last closed on a create screen opens on Home', async () => {
    act(() => useNavigation.getState().go('links'));
    useSession.setState({ info: appInfo({ role: 'finance' }), profile: practiceProfile() });
    render(<><Navigation /><CurrentScreen /></>);
    expect(await screen.findByTestId('home-tasks')).toBeTruthy();
    expect(screen.getByTestId('nav-home').getAttribute('aria-current')).toBe('page');
  });

  it('staff, support, admin, a role not known yet and this laptop\'s own ledger keep every screen and key', () => {
    for (const team of [{ role: 'staff' as const }, { role: 'support' as const }, { role: 'admin' as const }, { role: null }, null]) {
      expect(navigationAs(team)).toEqual(every);
      cleanup();
    }
    navigationAs({ role: 'staff' });
    altDigit('2');
    expect(useNavigation.getState().screen).toBe('links');
  });
});
