// The team ledger's server name and logins inside Arabic sentences stay left to right (isolated,
// U+2066 … U+2069), in main's reasons and in Settings → Team ledger's own lines. Unisolated, a
// login and a host side by side ("omar" on "db.example.com") were reordered by the sentence's
// direction: "db.example.com@omar" for "omar@db.example.com". English stays without marks.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import { stubMain, unchecked } from '../support/stub-main';
import { wireReasonText as mainWords } from '../../main/core/fail';

const host = 'db.example.com';
const isolated = (text: string) => `\u2066${text}\u2069`;
let teamView: MethodOutput<'getTeamLedger'>;
stubMain({
  getTeamLedger: () => ({ ok: true, value: teamView }),
  getTeamLedgerCopy: () => ({ ok: true, value: unchecked({ state: 'idle', progress: null, report: null, reason: null }) }),
  testTeamLedger: () => ({ ok: true, value: { ok: true, login: 'omar', role: 'admin', tls: true, superuser: false } }),
  addTeamPerson: (input) => ({ ok: true, value: unchecked({ login: input.login, role: input.role }) }),
});
const { TeamLedgerSection } = await import('../../renderer/src/features/settings/team-ledger-section');
const { useLanguage, wordReason } = await import('../../renderer/src/i18n');
const speak = (language: 'en' | 'ar') => act(() => useLanguage.getState().setLanguage(language));
const settings = { host, port: 5432, database: 'paydesk', user: 'omar', tls: true, caPinned: false, caSubject: null };

afterEach(() => {
  cleanup();
  speak('en');
});

describe('The team ledger’s Latin values in Arabic', () => {
  it('isolates the host, the user, the login and the person in main’s reasons, as the server and the database', () => {
    const reasons: Array<{ key: string; values: Record<string, string> }> = [
      { key: 'teamLedger.noPassword', values: { user: 'omar', host, who: 'admin', path: 'docs/team-ledger.md' } },
      { key: 'teamLedger.noDatabase', values: { database: 'paydesk', host } },
      { key: 'teamLedger.wrongPassword', values: { user: 'omar' } },
      { key: 'teamLedger.reconnecting', values: { host } },
      { key: 'teamLedger.addPersonAdminOnly', values: { login: 'sam.ali' } },
      { key: 'teamLedger.busySending', values: { person: 'omar', operation: 'refund' } },
    ];
    for (const why of reasons) {
      const latinValues = Object.entries(why.values).filter(([name]) => name !== 'operation' && name !== 'who').map(([, value]) => value);
      // The page's words and main's (notifications, logs in the person's language) alike.
      for (const ar of [wordReason('ar', why)!, mainWords('ar', why)!]) {
        for (const value of latinValues) expect(ar, why.key).toContain(isolated(value));
      }
      expect(wordReason('en', why), why.key).not.toMatch(/[\u2066-\u2069]/);
    }
  });

  it('isolates the host and the login in Settings’ line of what this laptop uses, and in Test connection’s answer', async () => {
    teamView = { settings, passwordSaved: true, inUse: true, chosen: true, session: { login: 'omar', role: 'staff', reason: null }, savedRole: null };
    speak('ar');
    render(<TeamLedgerSection />);
    const team = within(await screen.findByTestId('team-ledger'));
    const line = () => team.getByRole('note').textContent!;
    await waitFor(() => expect(line()).toContain(isolated(host)));
    expect(line()).toContain(isolated('omar'));

    fireEvent.click(team.getByRole('button', { name: 'اختبار الاتصال' }));
    await waitFor(() => expect(screen.getByTestId('team-outcome').textContent).toContain(`متصل باسم ${isolated('omar')}`));
    speak('en');
    expect(line()).toBe('This laptop uses the team ledger at db.example.com, logged in as omar (staff).');
    expect(screen.getByTestId('team-outcome').textContent).toBe('Connected as omar (admin).The connection is encrypted.');
  });

  it('isolates both logins when the next start uses another one', async () => {
    teamView = { settings: { ...settings, user: 'sara' }, passwordSaved: true, inUse: true, chosen: true, session: { login: 'omar', role: 'staff', reason: null }, savedRole: null };
    speak('ar');
    render(<TeamLedgerSection />);
    const note = await screen.findByRole('note');
    await waitFor(() => expect(note.textContent).toContain(isolated('sara')));
    expect(note.textContent).toContain(isolated('omar'));
    expect(note.textContent).toContain(isolated(host));
  });
});
