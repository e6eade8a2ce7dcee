// Settings → Team ledger → "Change my password", for any role: the rule is said before typing and
// checked before main is asked (too short, the login name inside, the two typings apart); a change
// goes through main's real handlers and settings to the server (a stand-in client here: the real
// server is test/ledger/postgres/team-password.test.ts) as a SCRAM verifier, then into the keychain;
// when the keychain fails after the server took it, the screen says so and saves it again on a
// press. Also from the admin's walk: the Password field reads left to right, the copy's report says
// "none" rather than "0 of 0", and "Add a person" goes back to staff after each person.
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
import { teamLedgerHandlers, teamPasswordHandlers, teamPeopleHandlers } from '../../main/api/team-ledger-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { englishText } from '../../main/core/fail';
import { createMemoryLogger } from '../../main/log/logger';
import { createProfileStore } from '../../main/profiles/profile-store';
import { createTeamLedgerSettings } from '../../main/team/team-ledger-settings';
import { createTeamPassword } from '../../main/team/team-password';
import { createTeamPeople } from '../../main/team/team-people';
import { createKeyVault, type KeychainBackend } from '../../main/vault/key-vault';
import { memoryKeychain } from '../vault/support/memory-keychain';
import { createUiLanguage } from '../../main/core/ui-language';
import { absentKeychainVault, practice } from '../profiles/support';

// The team's server, as the statements it is sent: main's own changeOwnPassword runs on this client.
const statements: string[] = [];
vi.mock('../../main/ledger/postgres/team-ledger-module', async (original) => ({
  ...(await original<typeof import('../../main/ledger/postgres/team-ledger-module')>()),
  testTeamLedgerConnection: async (settings: { user: string }) => ({ ok: true, login: settings.user, role: 'admin', superuser: false, tls: true }),
  connectTeamClient: async () => ({
    query: async (sql: string, values?: unknown[]) => {
      statements.push(values ? `${sql} ${JSON.stringify(values)}` : sql);
      return { rows: sql.includes('scram_iterations') ? [{ iterations: null }] : [] };
    },
    end: async () => {},
  }),
}));

const account = 'Paydesk/team-ledger:omar@db.example.com:5432/paydesk';
let dataDir: string;
let keychain: Map<string, string>;
let keychainWorks: boolean;
function directBackend() {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-dom-my-password-'));
  keychain = new Map();
  keychainWorks = true;
  const memory = memoryKeychain(keychain).backend;
  const flaky: KeychainBackend = { ...memory, setPassword: async (s, a, p) => { if (!keychainWorks) throw new Error('The keychain is locked'); await memory.setPassword(s, a, p); } };
  const logger = createMemoryLogger();
  const events = createEventHub();
  const store = createProfileStore({ dataDir, practice, vault: absentKeychainVault(logger), logger, events });
  const vault = createKeyVault({ logger, backend: flaky });
  const teamLedger = createTeamLedgerSettings({ dataDir, vault, logger });
  const handlers = createHandlers({
    ...appHandlers({ name: 'Paydesk', version: '1.2.3', runtime: 'test' }, createUiLanguage(dataDir)), ...profileHandlers({ profiles: store }),
    ...teamLedgerHandlers({ teamLedger }), ...teamPeopleHandlers({ people: createTeamPeople({ settings: teamLedger, logger }) }),
    ...teamPasswordHandlers({ password: createTeamPassword({ settings: teamLedger, vault, logger, notify: (level, why) => events.emit({ type: 'notification', level, message: englishText(why), reason: why }) }) }),
    // A copy finished earlier: a laptop with payments and audit entries, and no invoice or credit note.
    getTeamLedgerCopy: async () => ({ state: 'done', progress: null, reason: null, report: {
      payments: { source: 25, copied: 25, alreadyThere: 0, skipped: 0 }, operations: { source: 30, copied: 30, alreadyThere: 0, skipped: 0 },
      invoices: { source: 0, copied: 0, alreadyThere: 0, skipped: 0 }, creditNotes: { source: 0, copied: 0, alreadyThere: 0, skipped: 0 },
      bulkBatches: { source: 2, copied: 2, alreadyThere: 0, skipped: 0 }, repeatStops: { source: 1, copied: 1, alreadyThere: 0, skipped: 0 },
      audit: { source: 60, copied: 60, alreadyThere: 0, skipped: 0 }, skipped: [],
    } }),
  } as unknown as Implementations, logger);
  return { handlers, events };
}
let backend: ReturnType<typeof directBackend>;
installDirectApi(() => backend);
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

/** Settings → Team ledger with omar's login saved (an admin's, tested), his password in the keychain unless told. */
async function openSettings(options: { keychainHasIt?: boolean; role?: string } = {}) {
  writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ host: 'db.example.com', port: 5432, database: 'paydesk', user: 'omar', tls: true, caPem: null, testedRole: options.role ?? 'admin' }));
  if (options.keychainHasIt !== false) keychain.set(account, 'first-password-from-amal');
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings'));
  await screen.findByTestId('team-ledger');
  // An admin's Settings reads the people on the team as it opens: waited for, so that the team
  // ledger's code is loaded once (a second import while the mocked module loads got the real one).
  if ((options.role ?? 'admin') === 'admin' && options.keychainHasIt !== false) await waitFor(() => expect(screen.getByTestId('team-people-list').textContent).not.toMatch(/Reading who is on the team ledger/));
  return within(await screen.findByTestId('team-my-password'));
}
const type = (form: ReturnType<typeof within>, label: string, value: string) => fireEvent.change(form.getByLabelText(label), { target: { value } });
const alter = () => statements.filter((s) => s.startsWith('ALTER ROLE'));

beforeEach(() => {
  backend = directBackend();
  statements.length = 0;
});
afterEach(() => {
  cleanup();
  act(() => useNavigation.getState().go('home'));
  act(() => useLanguage.getState().setLanguage('en'));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Change my password', () => {
  it('says the rule before typing, and refuses a short one, one with the login name, and two typings apart, without asking main', async () => {
    const form = await openSettings();
    expect(form.getByRole('heading', { name: 'Change my password' })).toBeTruthy();
    // The keychain has the current password: not asked for.
    expect(form.queryByLabelText('Current password')).toBeNull();
    expect(form.getByText('At least 12 characters, and not containing your login name (omar).')).toBeTruthy();
    const change = form.getByRole('button', { name: 'Change my password' }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);

    type(form, 'New password', 'short-one');
    type(form, 'New password again', 'short-one');
    fireEvent.click(change);
    expect(await form.findByText('Use at least 12 characters for the new password.')).toBeTruthy();
    type(form, 'New password', 'my-name-is-Omar-ok');
    type(form, 'New password again', 'my-name-is-Omar-ok');
    fireEvent.click(change);
    expect(await form.findByText(/contains your login name \(omar\)/)).toBeTruthy();
    type(form, 'New password', 'a long enough password');
    type(form, 'New password again', 'a long enough passwort');
    fireEvent.click(change);
    expect(await form.findByText('The two new passwords are not the same. Type them again.')).toBeTruthy();
    expect(form.getByLabelText('New password again').getAttribute('aria-invalid')).toBe('true');
    expect(alter()).toEqual([]);
  });

  it('changes it on the server as a verifier, keeps the new one in the keychain, and empties the fields', async () => {
    const form = await openSettings();
    type(form, 'New password', 'a long enough password');
    type(form, 'New password again', 'a long enough password');
    fireEvent.click(form.getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(form.getByTestId('team-my-password-outcome').textContent).toBe('Your password is changed on the server and kept in this computer’s keychain. Log in with the new one from now on.'));
    expect(alter()).toEqual([expect.stringMatching(/^ALTER ROLE CURRENT_USER PASSWORD 'SCRAM-SHA-256\$4096:[^']+'$/)]);
    expect(statements.join('\n')).not.toContain('a long enough password');
    expect(keychain.get(account)).toBe('a long enough password');
    expect((form.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    expect((form.getByLabelText('New password again') as HTMLInputElement).value).toBe('');
  });

  it('asks for the current password only when the keychain has none, and keeps the new one there', async () => {
    const form = await openSettings({ keychainHasIt: false });
    type(form, 'Current password', 'first-password-from-amal');
    type(form, 'New password', 'a long enough password');
    type(form, 'New password again', 'a long enough password');
    fireEvent.click(form.getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(keychain.get(account)).toBe('a long enough password'));
    // The Password field's note follows: the keychain has it now.
    expect(await screen.findByTestId('team-password-saved')).toBeTruthy();
    await waitFor(() => expect(form.queryByLabelText('Current password')).toBeNull());
  });

  it('says plainly when the keychain did not take the new password the server has, and saves it on "Save the new password in the keychain"', async () => {
    const form = await openSettings();
    keychainWorks = false;
    type(form, 'New password', 'a long enough password');
    type(form, 'New password again', 'a long enough password');
    fireEvent.click(form.getByRole('button', { name: 'Change my password' }));
    const outcome = form.getByTestId('team-my-password-outcome');
    await waitFor(() => expect(outcome.textContent).toMatch(/^The password of omar is changed on the server at db\.example\.com, but this computer’s keychain did not take the new one\./));
    expect(outcome.className).toContain('notice-error');
    expect(alter()).toHaveLength(1);
    expect(keychain.get(account)).toBe('first-password-from-amal');

    keychainWorks = true;
    fireEvent.click(within(outcome).getByRole('button', { name: 'Save the new password in the keychain' }));
    await waitFor(() => expect(outcome.textContent).toMatch(/^Your password is changed on the server and kept/));
    expect(keychain.get(account)).toBe('a long enough password');
    expect(within(outcome).queryByRole('button')).toBeNull();
    expect(alter()).toHaveLength(1);
  });

  it('keeps offering "Save the new password in the keychain" after Settings is left, with a note outside it, until saved', async () => {
    await openSettings();
    const form = within(screen.getByTestId('team-my-password'));
    keychainWorks = false;
    type(form, 'New password', 'a long enough password');
    type(form, 'New password again', 'a long enough password');
    fireEvent.click(form.getByRole('button', { name: 'Change my password' }));
    await form.findByRole('button', { name: 'Save the new password in the keychain' });

    // Elsewhere in the app, a note says it is still waiting and where to save it.
    act(() => useNavigation.getState().go('home'));
    await waitFor(() => expect(screen.queryByTestId('team-my-password')).toBeNull());
    expect(await screen.findByText('The new password of omar on db.example.com is not in this computer’s keychain yet. In Settings (Team ledger), press “Save the new password in the keychain” before closing Paydesk.')).toBeTruthy();

    // Settings opened again: the offer and its words are back.
    act(() => useNavigation.getState().go('settings'));
    const again = within(await screen.findByTestId('team-my-password'));
    const outcome = again.getByTestId('team-my-password-outcome');
    await waitFor(() => expect(outcome.textContent).toMatch(/^The password of omar is changed on the server at db\.example\.com, but this computer’s keychain did not take the new one\./));
    keychainWorks = true;
    fireEvent.click(within(outcome).getByRole('button', { name: 'Save the new password in the keychain' }));
    await waitFor(() => expect(keychain.get(account)).toBe('a long enough password'));
    // The note outside Settings is replaced by "now in the keychain"; opened again, nothing is offered.
    expect(await screen.findByText('The new password of omar on db.example.com is now in this computer’s keychain.')).toBeTruthy();
    expect(screen.queryByText(/is not in this computer’s keychain yet/)).toBeNull();
    act(() => useNavigation.getState().go('home'));
    await waitFor(() => expect(screen.queryByTestId('team-my-password')).toBeNull());
    act(() => useNavigation.getState().go('settings'));
    const later = within(await screen.findByTestId('team-my-password'));
    expect(await backend.handlers.getUnsavedTeamPassword({}, { transport: 'direct', osUser: 'tester' })).toEqual({ ok: true, value: null });
    expect(later.queryByRole('button', { name: 'Save the new password in the keychain' })).toBeNull();
    expect(alter()).toHaveLength(1);
  });

  it('is in Arabic, its fields left to right', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    const form = await openSettings();
    expect(form.getByRole('heading', { name: 'تغيير كلمة مروري' })).toBeTruthy();
    expect(form.getByText(/^12 حرفًا على الأقل، ولا تحتوي اسم دخولك/)).toBeTruthy();
    for (const label of ['كلمة المرور الجديدة', 'كلمة المرور الجديدة مرة أخرى']) expect(form.getByLabelText(label).getAttribute('dir')).toBe('ltr');
    type(form, 'كلمة المرور الجديدة', 'a long enough password');
    type(form, 'كلمة المرور الجديدة مرة أخرى', 'another long password');
    fireEvent.click(form.getByRole('button', { name: 'تغيير كلمة مروري' }));
    expect(await form.findByText('كلمتا المرور الجديدتان غير متطابقتين. اكتبهما مرة أخرى.')).toBeTruthy();
  });
});

describe('From the admin\'s walk of the setup', () => {
  it('the connection\'s Password field reads left to right in Arabic, as the other connection fields', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await openSettings();
    const team = within(screen.getByTestId('team-ledger'));
    expect(team.getByLabelText('كلمة المرور').getAttribute('dir')).toBe('ltr');
  });

  it('the copy\'s report says "none" for what this computer had none of, not "0 copied … (of 0)"', async () => {
    await openSettings();
    const report = await screen.findByTestId('team-copy-report');
    expect([...report.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Payments: 25 copied, 0 already there, 0 skipped (of 25).',
      'Operations: 30 copied, 0 already there, 0 skipped (of 30).',
      'Invoices (their numbers kept, as this computer’s series): none on this computer to copy.',
      'Credit notes (their numbers kept, as this computer’s series): none on this computer to copy.',
      'Bulk link batches (with their rows): 2 copied, 0 already there, 0 skipped (of 2).',
      'Cards whose repeat charges were stopped (the customer cancelled): 1 copied, 0 already there, 0 skipped (of 1).',
      'Audit entries: 60 copied, 0 already there, 0 skipped (of 60).',
    ]);
    act(() => useLanguage.getState().setLanguage('ar'));
    await waitFor(() => expect(report.querySelectorAll('li')[2]!.textContent).toBe('الفواتير (بأرقامها كما هي، سلسلةً لهذا الحاسوب): لا شيء منها على هذا الحاسوب للنسخ.'));
  });

  it('no password in the keychain: an admin is told the one they set when creating the login, anyone else the one their admin gave them', async () => {
    const told = async () => {
      fireEvent.click(within(screen.getByTestId('team-ledger')).getByRole('button', { name: 'Test connection' }));
      await waitFor(() => expect(screen.getByTestId('team-outcome').textContent).toMatch(/^There is no password for omar/));
      return screen.getByTestId('team-outcome').textContent;
    };
    await openSettings({ keychainHasIt: false });
    expect(await told()).toBe('There is no password for omar on db.example.com:5432/paydesk in this computer’s keychain yet. Type the password you set when you created omar (step 2 of “Setting one up” in docs/team-ledger.md), or the one you changed it to.');
    cleanup();
    await openSettings({ keychainHasIt: false, role: 'support' });
    expect(await told()).toBe('There is no password for omar on db.example.com:5432/paydesk in this computer’s keychain yet. Type the first password your Paydesk admin gave you, or the one you changed it to.');
  });

  it('"Add a person" goes back to staff after each person added', async () => {
    await openSettings();
    const people = within(await screen.findByTestId('team-people'));
    fireEvent.change(people.getByLabelText('Group'), { target: { value: 'admin' } });
    fireEvent.change(people.getByLabelText('Login'), { target: { value: 'huda' } });
    fireEvent.change(people.getByLabelText('First password'), { target: { value: 'a first password' } });
    fireEvent.click(people.getByRole('button', { name: 'Add the person' }));
    await waitFor(() => expect(people.getByTestId('team-people-outcome').textContent).toMatch(/^huda was added as admin/));
    expect((people.getByLabelText('Group') as HTMLSelectElement).value).toBe('staff');
  });
});
