// Home's tasks say when payments need a person (a refund whose answer was lost, a status check
// failing again and again), in the first screen, and one press opens Needs attention. The count was
// only in the overview, below the fold (two and a half screens down at 600 px): a person opening
// Paydesk after a lost answer saw nothing of it (docs/screens-after-sale.md, "Needs attention walked
// in both languages").
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appInfo, practiceProfile, type TestTeam } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { overviewAnswer } from '../support/overview-answer';

let needsAttention = 0;
stubMain({
  getOverview: (input) => overviewAnswer(input, [], { unpaidLinks: [], needsAttention, authorised: [] }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { HomeScreen } = await import('../../renderer/src/features/home/home-screen');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

async function home(team: TestTeam = null) {
  useSession.setState({ info: appInfo(team), profile: practiceProfile() });
  render(<HomeScreen />);
  await screen.findByTestId('ov-figures'); // the figures' answer is in
}

describe('Home: payments needing attention among the tasks', () => {
  it('names how many, with its shortcut, and one press opens Needs attention', async () => {
    needsAttention = 2;
    await home();
    const task = within(screen.getByTestId('home-tasks')).getByTestId('task-attention');
    expect(task.textContent).toBe('Needs attention: 2 payments');
    expect(task.getAttribute('aria-keyshortcuts')).toBe('Alt+6');
    fireEvent.click(task);
    expect(useNavigation.getState().screen).toBe('attention');
  });

  it('reads in Arabic with the screen’s own name, for every role', async () => {
    needsAttention = 1;
    act(() => useLanguage.getState().setLanguage('ar'));
    await home({ role: 'finance' });
    expect(screen.getByTestId('task-attention').textContent).toBe('تحتاج إلى متابعة: دفعة واحدة');
  });

  it('is not a task when nothing needs attention', async () => {
    needsAttention = 0;
    await home();
    expect(screen.queryByTestId('task-attention')).toBeNull();
    expect(screen.getByTestId('ov-attention').textContent).toBe('Nothing needs attention');
  });
});
