// Settings → Team ledger: "Add a person" is offered by the saved login's role, as main adds the
// person as the saved login (main/team/team-people.ts). A "Test connection" of another login, not
// saved, is that test's answer only (walk of the team ledger: it once decided the offer, so an admin
// who tested a colleague's login lost it, and a colleague who tested an admin's login was offered
// an "Add the person" the database then refused). Main's real settings, people and handlers run
// in-process; the server is a stand-in that knows each login's group (the real one:
// test/e2e/team-ledger.test.ts tests a colleague's login, then adds a person, in Chromium).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDirectApi } from '../support/direct-api';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { appHandlers } from '../../main/api/app-handlers';
import { profileHandlers } from '../../main/api/profile-handlers';
import { teamLedgerHandlers, teamPeopleHandlers } from '../../main/api/team-ledger-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { createProfileStore } from '../../main/profiles/profile-store';
import { createTeamLedgerSettings } from '../../main/team/team-ledger-settings';
import { createTeamPeople } from '../../main/team/team-people';
import { createKeyVault } from '../../main/vault/key-vault';
import { memoryKeychain } from '../vault/support/memory-keychain';
import { createUiLanguage } from '../../main/core/ui-language';
import { absentKeychainVault, practice } from '../profiles/support';

// The team's server: amal is an admin, omar staff; add_person is an admin's only (42501 otherwise).
const groups: Record<string, 'admin' | 'staff'> = { amal: 'admin', omar: 'staff' };
const addedBy: string[] = [];
const addedWith: unknown[][] = [];
vi.mock('../../main/ledger/postgres/team-ledger-module', async (original) => ({
  ...(await original<typeof import('../../main/ledger/postgres/team-ledger-module')>()),
  testTeamLedgerConnection: async (settings: { user: string }) => ({ ok: true, login: settings.user, role: groups[settings.user], superuser: false, tls: true }),
  connectTeamClient: async (config: { user: string }) => ({
    // add_person is the call that counts; the server's scram_iterations is asked first (its verifier's).
    query: async (text: string, values: unknown[] = []) => {
      if (!text.includes('add_person')) return { rows: [] };
      if (groups[config.user] !== 'admin') throw Object.assign(new Error('permission denied'), { code: '42501' });
      addedBy.push(config.user);
      addedWith.push(values);
      return { rows: [] };
    },
    end: async () => {},
  }),
}));

let dataDir: string;
let keychain: Map<string, string>;
function directBackend() {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-dom-people-'));
  keychain = new Map();
  const logger = createMemoryLogger();
  const events = createEventHub();
  const store = createProfileStore({ dataDir, practice, vault: absentKeychainVault(logger), logger, events });
  const teamLedger = createTeamLedgerSettings({ dataDir, vault: createKeyVault({ logger, backend: memoryKeychain(keychain).backend }), logger });
  const people = createTeamPeople({ settings: teamLedger, logger });
  const handlers = createHandlers({ ...appHandlers({ name: 'Paydesk', version: '1.2.3', runtime: 'test' }, createUiLanguage(dataDir)), ...profileHandlers({ profiles: store }), ...teamLedgerHandlers({ teamLedger }), ...teamPeopleHandlers({ people }) } as unknown as Implementations, logger);
  return { handlers, events };
}
let backend: ReturnType<typeof directBackend>;
installDirectApi(() => backend);
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');

/** Settings → Team ledger with `user`'s login saved (its password in the keychain), its role kept from a test or not. */
async function openSavedAs(user: string, testedRole?: string) {
  writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ host: 'db.example.com', port: 5432, database: 'paydesk', user, tls: true, caPem: null, ...(testedRole ? { testedRole } : {}) }));
  keychain.set(`Paydesk/team-ledger:${user}@db.example.com:5432/paydesk`, `${user}-password`);
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings'));
  const section = within(await screen.findByTestId('team-ledger'));
  await section.findByTestId('team-use');
  return section;
}

/** Tests another login from the form, without saving it, and waits for the answer. */
async function testOtherLogin(section: ReturnType<typeof within>, user: string) {
  fireEvent.change(section.getByLabelText('User'), { target: { value: user } });
  fireEvent.change(section.getByLabelText('Password'), { target: { value: `${user}-password` } });
  fireEvent.click(section.getByRole('button', { name: 'Test connection' }));
  await waitFor(() => expect(section.getByTestId('team-outcome').textContent).toBe(`Connected as ${user} (${groups[user]}).The connection is encrypted.`));
}

beforeEach(() => {
  backend = directBackend();
  addedBy.length = 0;
  addedWith.length = 0;
});
afterEach(() => {
  cleanup();
  act(() => useNavigation.getState().go('home'));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Add a person follows the saved login', () => {
  it('stays offered to the admin whose login is saved after they test a colleague\'s staff login, and adds the person as the admin', async () => {
    const section = await openSavedAs('amal', 'admin');
    await section.findByRole('heading', { name: 'Add a person' });
    // The people on the team read first (the team ledger's code loaded once, for both calls).
    await within(await section.findByRole('region', { name: 'People on the team ledger' })).findByRole('table');
    await testOtherLogin(section, 'omar');
    expect(section.queryByRole('heading', { name: 'Add a person' })).not.toBeNull();
    fireEvent.change(section.getByLabelText('Login'), { target: { value: 'huda' } });
    fireEvent.change(section.getByLabelText('First password'), { target: { value: 'a first password' } });
    fireEvent.click(section.getByRole('button', { name: 'Add the person' }));
    await waitFor(() => expect(section.getByTestId('team-people-outcome').textContent).toMatch(/huda/));
    expect(section.getByTestId('team-people-outcome').className).toContain('notice-ok');
    expect(addedBy).toEqual(['amal']);
    // The server is given a SCRAM verifier, never the password: a server logging every statement's parameters keeps no password.
    expect(addedWith).toEqual([['huda', 'staff', expect.stringMatching(/^SCRAM-SHA-256\$4096:/)]]);
  });

  it('refuses a first password PostgreSQL would change before keeping it, and sends nothing', async () => {
    const section = await openSavedAs('amal', 'admin');
    fireEvent.change(section.getByLabelText('Login'), { target: { value: 'huda' } });
    fireEvent.change(section.getByLabelText('First password'), { target: { value: 'a first\u00a0password' } });
    fireEvent.click(section.getByRole('button', { name: 'Add the person' }));
    await waitFor(() => expect(section.getByTestId('team-people-outcome').textContent).toMatch(/has a character PostgreSQL would change/));
    expect(addedBy).toEqual([]);
  });

  it('is not offered to a staff login saved here after it tests an admin\'s login without saving it', async () => {
    const section = await openSavedAs('omar', 'staff');
    await testOtherLogin(section, 'amal');
    await section.findByText('Connected as amal (admin).');
    expect(section.queryByRole('heading', { name: 'Add a person' })).toBeNull();
  });

  it('is offered once a test of the saved login itself finds an admin (main keeps the role with the saved login)', async () => {
    const section = await openSavedAs('amal');
    expect(section.queryByRole('heading', { name: 'Add a person' })).toBeNull();
    fireEvent.click(section.getByRole('button', { name: 'Test connection' }));
    expect(await section.findByRole('heading', { name: 'Add a person' })).toBeTruthy();
  });
});
