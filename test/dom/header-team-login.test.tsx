// On the team ledger the header says, on every screen, which ledger and whose login this laptop
// works as (walk of the team ledger: outside Settings nothing said it; on a laptop two people
// share only the timeline's "by omar" told whose login acted). Nothing on this laptop's own
// ledger. English and Arabic; the login stays left to right in Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo, practiceProfile, type TestTeam } from '../support/session';
import { stubMain } from '../support/stub-main';

const main = stubMain({ listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }) });
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { Header } = await import('../../renderer/src/app/header');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

function headerOf(team: TestTeam) {
  useSession.setState({ info: appInfo(team), profile: practiceProfile() });
  render(<Header />);
  return screen.queryByTestId('team-login');
}

describe('the header on the team ledger', () => {
  it('names the team ledger and the login with its role, in English and Arabic', async () => {
    const login = headerOf({ role: 'support', login: 'omar' })!;
    expect(login.textContent).toBe('Team ledgeromar (support)');
    expect(login.querySelector('.team-login-ledger')!.textContent).toBe('Team ledger');
    expect(login.getAttribute('title')).toBe('This laptop uses the team ledger, logged in as omar (support).');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(login.querySelector('.team-login-ledger')!.textContent).toBe('سجل الفريق');
    expect(login.querySelector('.team-login-who')!.textContent).toBe('omar (دعم)');
    expect(login.querySelector('bdi')).toHaveProperty('dir', 'ltr');
    await main.settled();
  });

  it('names the login alone while its role could not be checked (the server out of reach)', () => {
    const login = headerOf({ role: null, login: 'huda' })!;
    expect(login.querySelector('.team-login-who')!.textContent).toBe('huda');
    expect(login.getAttribute('title')).toContain('could not check its role');
  });

  // walk34: while the connection was made again the chip stayed the same; only a notice band said it.
  it('says it is reconnecting while the connection to the team ledger is made again, in English and Arabic, its name too', () => {
    const login = headerOf({ role: 'support', login: 'sue', reconnecting: true })!;
    expect(login.textContent).toBe('Team ledgersue (support)reconnecting…');
    expect(login.className).toContain('team-login-away');
    expect(login.getAttribute('aria-label')).toBe('This laptop uses the team ledger, logged in as sue (support). Its connection to the team ledger was lost, and Paydesk is reconnecting.');
    expect(login.getAttribute('title')).toBe(login.getAttribute('aria-label'));
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('team-login-reconnecting').textContent).toBe('يعيد الاتصال…');
    expect(login.getAttribute('aria-label')).toBe('يستخدم هذا الحاسوب سجل الفريق، مسجّلًا الدخول باسم \u2066sue\u2069 (دعم). انقطع اتصاله بسجل الفريق، ويعيد بايدسك الاتصال.');
    // Connected again (main's team.changed, the session read again): the chip as before.
    act(() => useSession.setState({ info: appInfo({ role: 'support', login: 'sue' }) }));
    expect(screen.queryByTestId('team-login-reconnecting')).toBeNull();
    expect(login.className).not.toContain('team-login-away');
    expect(login.getAttribute('aria-label')).toBe('يستخدم هذا الحاسوب سجل الفريق، مسجّلًا الدخول باسم \u2066sue\u2069 (دعم).');
  });

  it('shows nothing on this laptop\'s own ledger', () => {
    expect(headerOf(null)).toBeNull();
    expect(screen.getByTestId('active-profile-name').textContent).toBe('Practice');
  });
});
