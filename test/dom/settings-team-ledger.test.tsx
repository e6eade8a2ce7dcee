// Settings → Team ledger in a DOM, driven by its visible labels, against main's real handlers
// called in-process (a keychain stand-in that records what it was given): the screen says the team
// ledger is not in use yet, saves the settings with the password going to the keychain only
// ("Saved in the keychain", the field empty), forces TLS for a server not on this computer, pins a
// certificate authority from a PEM file, and words a failed "Test connection"; in English and
// Arabic. Connecting to a real PostgreSQL is tested on main's side (test/ledger/postgres/team-settings.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDirectApi } from '../support/direct-api';
import { flushEffects } from '../support/stub-main';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { appHandlers } from '../../main/api/app-handlers';
import { profileHandlers } from '../../main/api/profile-handlers';
import { teamLedgerCopyHandlers, teamLedgerHandlers } from '../../main/api/team-ledger-handlers';
import { createTeamLedgerCopy } from '../../main/team/team-ledger-copy';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { createProfileStore } from '../../main/profiles/profile-store';
import { createTeamLedgerSettings } from '../../main/team/team-ledger-settings';
import { clientConfig } from '../../main/ledger/postgres/connection';
import { createKeyVault } from '../../main/vault/key-vault';
import { memoryKeychain } from '../vault/support/memory-keychain';
import { createUiLanguage } from '../../main/core/ui-language';
import { absentKeychainVault, practice } from '../profiles/support';

const password = 'team-secret-7f3a';
const pem = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUTeamLedgerTestCA\n-----END CERTIFICATE-----\n';
let dataDir: string;
let keychain: Map<string, string>;
let db: LedgerDb;

function directBackend() {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-dom-team-'));
  keychain = new Map();
  const { backend } = memoryKeychain(keychain);
  const logger = createMemoryLogger();
  const events = createEventHub();
  const store = createProfileStore({ dataDir, practice, vault: absentKeychainVault(logger), logger, events });
  const teamLedger = createTeamLedgerSettings({ dataDir, vault: createKeyVault({ logger, backend }), logger, testTimeoutMs: 3_000 });
  db = openLedgerDb(dataDir);
  const copy = createTeamLedgerCopy({ db, dataDir, settings: teamLedger, logger });
  const handlers = createHandlers({ ...appHandlers({ name: 'Paydesk', version: '1.2.3', runtime: 'test' }, createUiLanguage(dataDir)), ...profileHandlers({ profiles: store }), ...teamLedgerHandlers({ teamLedger }), ...teamLedgerCopyHandlers({ copy }) } as unknown as Implementations, logger);
  return { handlers, events, logger, teamLedger };
}
let backend: ReturnType<typeof directBackend>;
installDirectApi(() => backend);
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

async function openTeamLedger() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings'));
  return screen.findByTestId('team-ledger');
}

const closedPort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

beforeEach(() => {
  backend = directBackend();
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Settings: team ledger', () => {
  it('says who this laptop is again when main checked its role again (team.changed), the form left as typed', async () => {
    writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ host: 'db.example.com', port: 5432, database: 'paydesk', user: 'sue', tls: true, caPem: null, use: true }));
    backend.teamLedger.setRunning(() => ({ inUse: true, session: { login: 'sue', role: null, reason: { key: 'teamLedger.noPassword', values: { host: 'db.example.com', user: 'sue', who: 'person', path: 'docs/team-ledger.md' } } } }));
    const section = await openTeamLedger();
    await waitFor(() => expect(within(section).getByTestId('team-not-in-use').textContent).toMatch(/^This laptop uses the team ledger at db\.example\.com as sue, but cannot reach it now:/));
    fireEvent.change(within(section).getByLabelText('Database'), { target: { value: 'paydesk_new' } });
    backend.teamLedger.setRunning(() => ({ inUse: true, session: { login: 'sue', role: 'support', reason: null } }));
    flushEffects(); // the section subscribes in an effect: it runs before main tells (test/support/stub-main.ts)
    act(() => backend.events.emit({ type: 'team.changed' }));
    await waitFor(() => expect(within(section).getByTestId('team-not-in-use').textContent).toBe('This laptop uses the team ledger at db.example.com, logged in as sue (support).'));
    expect((within(section).getByLabelText('Database') as HTMLInputElement).value).toBe('paydesk_new');
    // The connection lost later: the line says so while it lasts (the role kept), not "uses the team ledger" as if all were well.
    backend.teamLedger.setRunning(() => ({ inUse: true, session: { login: 'sue', role: 'support', reason: { key: 'teamLedger.reconnecting', values: { host: 'db.example.com' } } } }));
    act(() => backend.events.emit({ type: 'team.changed' }));
    await waitFor(() => expect(within(section).getByTestId('team-not-in-use').textContent).toBe('This laptop uses the team ledger at db.example.com as sue. Paydesk lost its connection to the team ledger at db.example.com and is reconnecting… Meanwhile other laptops’ changes may show late. A payment or refund is sent to the gateway only once the team ledger has recorded it: if it cannot be recorded, nothing is sent.'));
    // Out of reach: its reason names the team ledger itself, so the line does not say "cannot reach it now" before it (walk14).
    backend.teamLedger.setRunning(() => ({ inUse: true, session: { login: 'sue', role: 'support', reason: { key: 'teamLedger.unreachable', values: { cause: 'refused', server: 'db.example.com:5432', code: 'ECONNREFUSED' } } } }));
    act(() => backend.events.emit({ type: 'team.changed' }));
    await waitFor(() => expect(within(section).getByTestId('team-not-in-use').textContent).toBe('This laptop uses the team ledger at db.example.com as sue. Paydesk cannot reach the team ledger. The server db.example.com:5432 refused the connection. Check the address and the port, and that the server is running. Details: ECONNREFUSED.'));
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(within(section).getByTestId('team-not-in-use').textContent).toMatch(/^يستخدم هذا الحاسوب سجل الفريق على .*db\.example\.com.* باسم .*sue.*\. تعذّر على بايدسك الوصول إلى سجل الفريق\./);
  });

  it('says what the laptop uses now and from its next start, once the team ledger is chosen (the top line no longer asks for the button just pressed)', async () => {
    // "Use the team ledger on this laptop" was pressed (main tested the connection and kept the choice; e2e: team-laptops.test.ts), Paydesk not restarted yet.
    writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ host: 'db.example.com', port: 5432, database: 'paydesk', user: 'sue', tls: true, caPem: null, use: true }));
    keychain.set('Paydesk/team-ledger:sue@db.example.com:5432/paydesk', password);
    const s = within(await openTeamLedger());
    await waitFor(() => expect(s.getByRole('note').textContent).toBe('The team ledger is chosen for this laptop: Paydesk uses it from its next start (close Paydesk and open it again). Until then it reads and writes this computer’s own ledger.'));
    expect(s.getByRole('button', { name: 'Use this laptop’s ledger' })).toBeTruthy();
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(s.getByRole('note').textContent).toMatch(/^اختير سجل الفريق لهذا الحاسوب/);
  });

  it('offers an admin "Add a person" on a later visit, before the laptop uses the team ledger, from the role main kept at their last test (walk of the team ledger)', async () => {
    // The admin tested and saved yesterday (main kept the role its test found); not chosen yet, no test in this visit.
    writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ host: 'db.example.com', port: 5432, database: 'paydesk', user: 'amal', tls: true, caPem: null, testedRole: 'admin' }));
    keychain.set('Paydesk/team-ledger:amal@db.example.com:5432/paydesk', password);
    const s = within(await openTeamLedger());
    expect(await s.findByRole('heading', { name: 'Add a person' })).toBeTruthy();
    cleanup();
    // Anyone else's saved login, or one not tested since it was saved: not offered.
    writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ host: 'db.example.com', port: 5432, database: 'paydesk', user: 'amal', tls: true, caPem: null, testedRole: 'support' }));
    const other = within(await openTeamLedger());
    await other.findByTestId('team-use');
    expect(other.queryByRole('heading', { name: 'Add a person' })).toBeNull();
  });

  it('with another login saved and chosen again, says who is logged in until the restart and who after', async () => {
    writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ host: 'db.example.com', port: 5432, database: 'paydesk', user: 'sara', tls: true, caPem: null, use: true }));
    keychain.set('Paydesk/team-ledger:sara@db.example.com:5432/paydesk', password);
    backend.teamLedger.setRunning(() => ({ inUse: true, session: { login: 'omar', role: 'staff', reason: null } }));
    const s = within(await openTeamLedger());
    await waitFor(() => expect(s.getByRole('note').textContent).toBe('This laptop uses the team ledger at db.example.com as omar until Paydesk is closed; from its next start as sara (close Paydesk and open it again).'));
  });

  it('after the missing password is saved but main could not open the team ledger with it, says a restart connects (not "no password" still)', async () => {
    writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ host: 'db.example.com', port: 5432, database: 'paydesk', user: 'sue', tls: true, caPem: null, use: true }));
    backend.teamLedger.setRunning(() => ({ inUse: true, session: { login: 'sue', role: null, reason: { key: 'teamLedger.noPassword', values: { host: 'db.example.com', user: 'sue', who: 'person', path: 'docs/team-ledger.md' } } } }));
    const s = within(await openTeamLedger());
    await waitFor(() => expect(s.getByRole('note').textContent).toMatch(/cannot reach it now: There is no password for sue/));
    fireEvent.change(s.getByLabelText('Password'), { target: { value: password } });
    fireEvent.click(s.getByRole('button', { name: 'Save team ledger settings' }));
    await waitFor(() => expect(s.getByRole('note').textContent).toBe('The password for sue is now in this computer’s keychain, but Paydesk could not open the team ledger at db.example.com with it just now: close Paydesk and open it again to connect.'));
  });

  it('saves the settings with the password in the keychain only, and says the team ledger is not in use yet', async () => {
    const team = await openTeamLedger();
    const s = within(team);
    expect(s.getByRole('heading', { name: 'Team ledger', level: 2 })).toBeTruthy();
    expect(s.getByRole('note').textContent).toMatch(/^The team ledger is not in use on this laptop: Paydesk reads and writes this computer’s own ledger\./);

    fireEvent.change(s.getByLabelText('Server'), { target: { value: 'db.example.com' } });
    fireEvent.change(s.getByLabelText('User'), { target: { value: 'sara' } });
    fireEvent.change(s.getByLabelText('Password'), { target: { value: password } });
    // Not on this computer: TLS is on and cannot be turned off.
    const tls = s.getByLabelText('Encrypt the connection (TLS)') as HTMLInputElement;
    expect([tls.checked, tls.disabled]).toEqual([true, true]);
    expect(s.getByText('Always on for a server that is not on this computer.')).toBeTruthy();
    fireEvent.change(s.getByLabelText('Pinned certificate authority (PEM file)'), { target: { files: [new File([pem], 'team-ca.pem')] } });
    await waitFor(() => expect(s.getByText('Chosen: team-ca.pem (saved with the settings)')).toBeTruthy());

    fireEvent.click(s.getByRole('button', { name: 'Save team ledger settings' }));
    await waitFor(() => expect(screen.getByTestId('team-outcome').textContent).toBe('Team ledger settings saved.'));
    expect(s.getByTestId('team-password-saved').textContent).toBe('Saved in the keychain. Type a new one only to replace it.');
    expect((s.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect([...keychain.entries()]).toEqual([['Paydesk/team-ledger:sara@db.example.com:5432/paydesk', password]]);
    const file = readFileSync(join(dataDir, 'team-ledger.json'), 'utf8');
    expect(JSON.parse(file)).toEqual({ host: 'db.example.com', port: 5432, database: 'paydesk', user: 'sara', tls: true, caPem: pem });
    expect(file).not.toContain(password);
    expect(document.body.innerHTML).not.toContain(password);
    expect(backend.logger.lines.join('\n')).not.toContain(password);
  });

  // Walked as a new user: the box started ticked for a server on this computer, though main's default there is off.
  it('shows TLS as main uses it for a server on this computer: off until ticked, on with a pinned authority, and says why', async () => {
    const team = await openTeamLedger();
    const s = within(team);
    fireEvent.change(s.getByLabelText('Server'), { target: { value: 'localhost' } });
    fireEvent.change(s.getByLabelText('User'), { target: { value: 'sue' } });
    fireEvent.change(s.getByLabelText('Password'), { target: { value: password } });
    const tls = s.getByLabelText('Encrypt the connection (TLS)') as HTMLInputElement;
    const used = async () => {
      const saved = await backend.teamLedger.connectionSettings();
      const built = clientConfig(saved!.settings, saved!.password);
      return 'tls' in built ? built.tls : built.refused;
    };
    const save = async () => {
      fireEvent.click(s.getByRole('button', { name: 'Save team ledger settings' }));
      await waitFor(() => expect(screen.getByTestId('team-outcome').textContent).toBe('Team ledger settings saved.'));
    };

    expect([tls.checked, tls.disabled]).toEqual([false, false]);
    expect(s.getByTestId('team-tls-hint').textContent).toBe('Optional on this computer: the connection never leaves it, so nothing on the network can read it. Tick it if the server offers TLS.');
    await save();
    expect(await used()).toBe(false);
    expect(tls.checked).toBe(false);

    fireEvent.click(tls);
    await save();
    expect([tls.checked, await used()]).toEqual([true, true]);
    fireEvent.click(tls);

    // A pinned authority means TLS (connection.ts): ticked, and not offered unticked.
    fireEvent.change(s.getByLabelText('Pinned certificate authority (PEM file)'), { target: { files: [new File([pem], 'team-ca.pem')] } });
    await waitFor(() => expect(tls.checked).toBe(true));
    expect(tls.disabled).toBe(true);
    expect(s.getByTestId('team-tls-hint').textContent).toBe('On while a certificate authority is pinned: Paydesk checks the server’s certificate against it.');
    await save();
    expect(JSON.parse(readFileSync(join(dataDir, 'team-ledger.json'), 'utf8')).tls).toBe(true);
    expect(await used()).toBe(true);

    // Without the authority the box is the person's again, as saved (on); cleared, TLS is off.
    act(() => useLanguage.getState().setLanguage('ar'));
    fireEvent.click(s.getByRole('button', { name: 'الوثوق بجهات التصديق في النظام بدلًا منها' }));
    expect([tls.checked, tls.disabled]).toEqual([true, false]);
    fireEvent.click(tls);
    expect(tls.checked).toBe(false);
    expect(s.getByTestId('team-tls-hint').textContent).toBe('اختياري على هذا الحاسوب: الاتصال لا يغادره، فلا يستطيع أحد على الشبكة قراءته. ضع علامة هنا إن كان الخادم يوفّر TLS.');
  });

  it('words a failed test in the person’s language, with the password already saved', async () => {
    const port = await closedPort();
    const team = await openTeamLedger();
    const s = within(team);
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(await s.findByRole('heading', { name: 'سجل الفريق', level: 2 })).toBeTruthy();
    expect(s.getByRole('note').textContent).toMatch(/^سجل الفريق غير مستخدم على هذا الحاسوب/);
    fireEvent.change(s.getByLabelText('الخادم'), { target: { value: '127.0.0.1' } });
    fireEvent.change(s.getByLabelText('المنفذ'), { target: { value: String(port) } });
    fireEvent.change(s.getByLabelText('المستخدم'), { target: { value: 'sue' } });
    // On this computer TLS is off until ticked, as main's default there.
    const tls = s.getByLabelText('تشفير الاتصال (TLS)') as HTMLInputElement;
    expect([tls.checked, tls.disabled]).toEqual([false, false]);

    // No password typed and none in the keychain yet.
    fireEvent.click(s.getByRole('button', { name: 'اختبار الاتصال' }));
    await waitFor(() => expect(screen.getByTestId('team-outcome').textContent).toMatch(/^لا توجد بعد كلمة مرور للمستخدم/));

    fireEvent.change(s.getByLabelText('كلمة المرور'), { target: { value: password } });
    fireEvent.click(s.getByRole('button', { name: 'حفظ إعدادات سجل الفريق' }));
    await waitFor(() => expect(s.getByTestId('team-password-saved').textContent).toBe('محفوظة في سلسلة المفاتيح. اكتب كلمة جديدة فقط لاستبدالها.'));
    fireEvent.click(s.getByRole('button', { name: 'اختبار الاتصال' }));
    await waitFor(() => expect(screen.getByTestId('team-outcome').textContent).toContain(`127.0.0.1:${port}`));
    expect(screen.getByTestId('team-outcome').textContent).toMatch(/ECONNREFUSED/);
    expect(screen.getByTestId('team-outcome').textContent).toMatch(/[\u0600-\u06ff]/);

    act(() => useLanguage.getState().setLanguage('en'));
    fireEvent.click(s.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(screen.getByTestId('team-outcome').textContent).toMatch(/^Paydesk cannot reach the team ledger\. The server 127\.0\.0\.1:\d+ refused the connection\. Check the address and the port, and that the server is running\. Details: ECONNREFUSED\./));

    // With settings and a password saved, the copy is offered; it says why it cannot run.
    expect(s.getByRole('heading', { name: 'Move this computer’s ledger to the team ledger', level: 3 })).toBeTruthy();
    fireEvent.click(s.getByRole('button', { name: 'Copy to the team ledger' }));
    await waitFor(() => expect(s.getByTestId('team-copy-status').textContent).toMatch(/^Paydesk cannot reach the team ledger\. The server 127\.0\.0\.1:\d+ refused the connection\. Check the address and the port, and that the server is running\. Details: ECONNREFUSED\./));

    // Using the team ledger is refused while its connection test fails; nothing is switched.
    fireEvent.click(s.getByRole('button', { name: 'Use the team ledger on this laptop' }));
    await waitFor(() => expect(screen.getByTestId('team-outcome').textContent).toMatch(/^That did not work: Paydesk cannot reach the team ledger\. The server 127\.0\.0\.1:\d+ refused the connection\. .* Details: ECONNREFUSED\./));
    expect(JSON.parse(readFileSync(join(dataDir, 'team-ledger.json'), 'utf8')).use).toBeUndefined();
    expect(s.getByRole('note').textContent).toMatch(/^The team ledger is not in use on this laptop/);
  });

  // Walk of the setup (2026-11-29): an admin who saved, then fixed the port, read "Saved in the
  // keychain" under an empty Password, and Test connection answered "There is no password for amal":
  // the keychain's password is the saved login's (server, port, database, user) only.
  it('says whose password the keychain holds when the form names another login, in English and Arabic', async () => {
    const team = await openTeamLedger();
    const s = within(team);
    fireEvent.change(s.getByLabelText('Server'), { target: { value: 'db.example.com' } });
    fireEvent.change(s.getByLabelText('User'), { target: { value: 'amal' } });
    fireEvent.change(s.getByLabelText('Password'), { target: { value: password } });
    fireEvent.click(s.getByRole('button', { name: 'Save team ledger settings' }));
    await waitFor(() => expect(s.getByTestId('team-password-saved').textContent).toBe('Saved in the keychain. Type a new one only to replace it.'));

    fireEvent.change(s.getByLabelText('Port'), { target: { value: '6432' } });
    expect(s.queryByTestId('team-password-saved')).toBeNull();
    expect(s.getByTestId('team-password-other').textContent).toBe('The password in the keychain is for amal on db.example.com:5432/paydesk. Type the password of the login above to test it or save it (saving replaces the one in the keychain).');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(await s.findByTestId('team-password-other')).toHaveProperty('textContent', 'كلمة المرور في سلسلة المفاتيح هي لـ \u2066amal\u2069 على \u2066db.example.com:5432/paydesk\u2069. اكتب كلمة مرور الحساب المذكور أعلاه لاختباره أو حفظه (الحفظ يستبدل ما في سلسلة المفاتيح).');
    act(() => useLanguage.getState().setLanguage('en'));

    // The saved login named again: the keychain's password is used, and the note says so.
    fireEvent.change(s.getByLabelText('Port'), { target: { value: '5432' } });
    expect(s.getByTestId('team-password-saved').textContent).toBe('Saved in the keychain. Type a new one only to replace it.');
  });

  it('says what is missing while Save and Test connection cannot be used, in English and Arabic', async () => {
    const team = await openTeamLedger();
    const s = within(team);
    fireEvent.change(s.getByLabelText('Server'), { target: { value: 'db.example.com' } });
    const save = s.getByRole('button', { name: 'Save team ledger settings' }) as HTMLButtonElement;
    const test = s.getByRole('button', { name: 'Test connection' }) as HTMLButtonElement;
    const why = 'Fill in server, port, database and user to save or test.';
    expect([save.disabled, test.disabled]).toEqual([true, true]); // no user yet
    expect(s.getByTestId('team-incomplete').textContent).toBe(why);
    for (const button of [save, test]) expect(button.getAttribute('aria-describedby')).toBe(s.getByTestId('team-incomplete').id);
    expect(s.getByRole('button', { name: 'Test connection', description: why })).toBe(test);

    act(() => useLanguage.getState().setLanguage('ar'));
    expect(s.getByTestId('team-incomplete').textContent).toBe('أدخل الخادم والمنفذ وقاعدة البيانات والمستخدم لتتمكن من الحفظ أو الاختبار.');
    act(() => useLanguage.getState().setLanguage('en'));

    fireEvent.change(s.getByLabelText('User'), { target: { value: 'sara' } });
    expect([save.disabled, test.disabled]).toEqual([false, false]);
    expect(s.queryByTestId('team-incomplete')).toBeNull();
    expect(save.getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(s.getByLabelText('Port'), { target: { value: '' } });
    expect(save.disabled).toBe(true);
    expect(s.getByTestId('team-incomplete').textContent).toBe(why);
  });

  it('refuses a file that is not a PEM certificate, in words', async () => {
    const team = await openTeamLedger();
    const s = within(team);
    fireEvent.change(s.getByLabelText('Pinned certificate authority (PEM file)'), { target: { files: [new File(['not a certificate'], 'notes.txt')] } });
    await waitFor(() => expect(s.getByTestId('error-team-ca').textContent).toBe('That file is not a PEM certificate (it should start with -----BEGIN CERTIFICATE-----).'));
  });
});
