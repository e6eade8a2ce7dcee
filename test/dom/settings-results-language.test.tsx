// A result Settings shows (Test connection of the team ledger and of an API key, a refusal, a person
// added, a key refused) follows a change of language made after it came: it is kept as what it says
// (keys, main's reason or error) and worded at each draw. Before, the line stayed in the language
// it was shown in, next to a screen in the other one.
import { afterEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import type { Notice } from '../../renderer/src/ui/notice';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import type { ErrorCode } from '../../contract/result';
import { stubMain, unchecked } from '../support/stub-main';

type Check = MethodOutput<'testTeamLedger'>;
const checks: Check[] = [];
const refusal = (key: string, values: Record<string, string | number>, code: ErrorCode = 'invalid_input') => ({ ok: false as const, error: { code, message: `English words of ${key}`, reason: { key, values } } });
let teamView: MethodOutput<'getTeamLedger'> = {
  settings: { host: '127.0.0.1', port: 5432, database: 'paydesk', user: 'sue', tls: false, caPinned: false, caSubject: null },
  passwordSaved: true, inUse: false, chosen: false, session: null, savedRole: null,
};
const keychainValues = { detail: 'none', os: 'linux' };
const live: MethodOutput<'getActiveProfile'> = {
  id: 'live', name: 'Riyadh live', environment: 'production', baseUrl: 'https://gw.example/api/v1', defaultCurrency: 'SAR',
  key: { configured: true, lastFour: 'wxyz' }, pathOverrides: {}, successUrl: null, failureUrl: null,
};
stubMain({
  getTeamLedger: () => ({ ok: true, value: teamView }),
  getTeamLedgerCopy: () => ({ ok: true, value: unchecked({ state: 'idle', progress: null, report: null, reason: null }) }),
  // As main does: a successful test of the saved login (sue's, the form's) keeps its role with the settings.
  testTeamLedger: () => {
    const check = checks.shift()!;
    if (check.ok) teamView = { ...teamView, savedRole: check.role };
    return { ok: true, value: check };
  },
  saveTeamLedger: () => refusal('teamLedger.tlsRequired', { host: 'db.example' }),
  addTeamPerson: (input) => ({ ok: true, value: unchecked({ login: input.login, role: input.role }) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [live], activeId: 'live' }) }),
  testConnection: () => ({ ok: true, value: { outcome: 'accepted', message: 'The gateway answered and accepted the API key.', reason: { key: 'connection.accepted' } } }),
  removeProfileKey: () => refusal('keychain.unavailable', keychainValues, 'keychain_unavailable'),
  setProfileKey: () => ({ ok: false, error: { code: 'invalid_input', message: 'English', reason: { key: 'key.tooLong', values: { length: 9000, max: 4096 } }, fields: { key: 'English' }, fieldReasons: { key: { key: 'key.tooLong', values: { length: 9000, max: 4096 } } } } }),
});
const { TeamLedgerSection } = await import('../../renderer/src/features/settings/team-ledger-section');
const { ProfileCard } = await import('../../renderer/src/features/settings/profile-card');
/** A card with its status line held as the Settings screen holds it. */
function Card({ open }: { open: 'key' | null }) {
  const [notice, say] = useState<Notice>();
  return <ProfileCard profile={live} active open={open} setOpen={() => undefined} onRemoved={() => undefined} notice={notice} say={say} />;
}
const { useLanguage, translate, wordReason } = await import('../../renderer/src/i18n');
const speak = (language: 'en' | 'ar') => act(() => useLanguage.getState().setLanguage(language));

afterEach(() => {
  cleanup();
  speak('en');
});

describe('Settings results after a change of language', () => {
  it('words the team ledger’s Test connection, its refusals and a person added in the language of the moment', async () => {
    checks.push({ ok: true, login: 'sue', role: 'admin', tls: true, superuser: false }, { ok: false, problem: 'wrongPassword', reason: { key: 'teamLedger.wrongPassword', values: { user: 'sue' } } });
    render(<TeamLedgerSection />);
    const team = await screen.findByTestId('team-ledger');
    const outcome = () => screen.getByTestId('team-outcome').textContent;

    fireEvent.click(within(team).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(outcome()).toBe('Connected as sue (admin).The connection is encrypted.'));
    speak('ar');
    // The login stays left to right inside the Arabic sentence (isolated).
    expect(outcome()).toBe(`${translate('ar', 'team.connected', { login: '\u2066sue\u2069', role: 'مسؤول' })}الاتصال مشفّر.`);
    expect(outcome()).toMatch(/^متصل باسم \u2066sue\u2069/);
    speak('en');
    expect(outcome()).toBe('Connected as sue (admin).The connection is encrypted.');

    fireEvent.click(within(team).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(outcome()).toMatch(/^The server refused the user sue/));
    // An admin who created the login, or a person who changed the first password, reads of theirs too.
    expect(outcome()).toContain('the one you changed it to, or, if you created sue yourself, the one you set then.');
    speak('ar');
    expect(outcome()).toBe(wordReason('ar', { key: 'teamLedger.wrongPassword', values: { user: 'sue' } }));

    fireEvent.click(within(team).getByRole('button', { name: 'حفظ إعدادات سجل الفريق' }));
    await waitFor(() => expect(outcome()).toMatch(/^لم ينجح ذلك: /));
    speak('en');
    expect(outcome()).toBe(`That did not work: ${wordReason('en', { key: 'teamLedger.tlsRequired', values: { host: 'db.example' } })}`);

    // The test of the saved login found an admin: "Add a person" is offered.
    const people = await screen.findByTestId('team-people');
    fireEvent.change(within(people).getByLabelText('Login'), { target: { value: 'sam' } });
    fireEvent.change(within(people).getByLabelText('First password'), { target: { value: 'first-password-1' } });
    fireEvent.click(within(people).getByRole('button', { name: 'Add the person' }));
    await waitFor(() => expect(screen.getByTestId('team-people-outcome').textContent).toBe('sam was added as staff. They log in with the first password and change it.'));
    speak('ar');
    expect(screen.getByTestId('team-people-outcome').textContent).toBe(translate('ar', 'team.people.added', { login: '\u2066sam\u2069', role: translate('ar', 'team.role.staff') }));
  });

  it('words an API key’s Test connection, a refusal and a refused key in the language of the moment', async () => {
    render(<ul><Card open={null} /></ul>);
    const notice = () => screen.getByTestId('profile-notice').textContent;
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(notice()).toBe('Connection works: The gateway answered and accepted the API key.'));
    speak('ar');
    expect(notice()).toBe(translate('ar', 'settings.test.ok', { message: wordReason('ar', { key: 'connection.accepted' })! }));
    expect(notice()).toMatch(/^الاتصال يعمل: /);

    fireEvent.click(screen.getByRole('button', { name: translate('ar', 'settings.key.remove') }));
    await waitFor(() => expect(notice()).toBe(wordReason('ar', { key: 'keychain.unavailable', values: keychainValues })));
    speak('en');
    expect(notice()).toBe(wordReason('en', { key: 'keychain.unavailable', values: keychainValues }));
  });

  it('words a key main refused, under its field, in the language of the moment', async () => {
    cleanup();
    render(<ul><Card open="key" /></ul>);
    fireEvent.change(screen.getByTestId('key-input'), { target: { value: 'x'.repeat(20) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    const english = wordReason('en', { key: 'key.tooLong', values: { length: 9000, max: 4096 } })!;
    await waitFor(() => expect(screen.getByText(english)).toBeTruthy());
    speak('ar');
    expect(screen.queryByText(english)).toBeNull();
    expect(screen.getByText(wordReason('ar', { key: 'key.tooLong', values: { length: 9000, max: 4096 } })!)).toBeTruthy();
  });
});
