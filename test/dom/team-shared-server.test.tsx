// Test connection on a server that holds another Paydesk team database (main's `sharedServer`,
// connection.ts, schema step 39): below "Connected as …" the screen says that people, groups and
// passwords are shared with it and to keep one team ledger per server, in English and in Arabic
// (the other database's name left to right), and follows a change of language made after it. A
// server with one team database shows the connection alone (one-team-per-server.test.ts finds both
// on a real server).
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import { stubMain, unchecked } from '../support/stub-main';

let shared: boolean;
const settings = { host: 'db.example.com', port: 5432, database: 'paydesk', user: 'amal', tls: true, caPinned: false, caSubject: null };
stubMain({
  getTeamLedger: () => ({ ok: true, value: { settings, passwordSaved: true, inUse: false, chosen: false, session: null, savedRole: 'admin' } satisfies MethodOutput<'getTeamLedger'> }),
  getTeamLedgerCopy: () => ({ ok: true, value: unchecked({ state: 'idle', progress: null, report: null, reason: null }) }),
  testTeamLedger: () => ({
    ok: true,
    value: { ok: true, login: 'amal', role: 'admin', tls: true, superuser: false, ...(shared ? { sharedServer: { key: 'teamLedger.sharedServer', values: { count: 2, databases: 'paydesk_b, paydesk_test', path: 'docs/team-ledger.md' } } } : {}) },
  }),
});
const { TeamLedgerSection } = await import('../../renderer/src/features/settings/team-ledger-section');
const { useLanguage } = await import('../../renderer/src/i18n');
const speak = (language: 'en' | 'ar') => act(() => useLanguage.getState().setLanguage(language));

afterEach(() => {
  cleanup();
  speak('en');
});

async function testConnection(label: string) {
  render(<TeamLedgerSection />);
  const team = within(await screen.findByTestId('team-ledger'));
  fireEvent.click(await team.findByRole('button', { name: label }));
  await waitFor(() => expect(screen.getByTestId('team-outcome').textContent).toMatch(/amal/));
  return () => screen.getByTestId('team-outcome').textContent!;
}

it('says a server shared with other team ledgers below the connection, in English, then in Arabic', async () => {
  shared = true;
  const outcome = await testConnection('Test connection');
  expect(outcome()).toBe('Connected as amal (admin).The connection is encrypted.'
    + 'This server also holds 2 other Paydesk team ledgers (paydesk_b, paydesk_test). People, groups and passwords belong to the server, not to one database: each team’s people can log in to the other’s, and a person removed or moved to another group in one is removed or moved in all of them. Keep one team ledger per PostgreSQL server (docs/team-ledger.md, “One team database per server”).');
  speak('ar');
  expect(outcome()).toContain('يحتوي هذا الخادم أيضًا سجلَّي فريقين آخرين لبايدسك (\u2066paydesk_b, paydesk_test\u2069)');
  expect(outcome()).toContain('اجعل لكل خادم PostgreSQL سجل فريق واحدًا (\u2066docs/team-ledger.md\u2069).');
});

it('shows the connection alone on a server with one team ledger', async () => {
  shared = false;
  const outcome = await testConnection('Test connection');
  expect(outcome()).toBe('Connected as amal (admin).The connection is encrypted.');
});
