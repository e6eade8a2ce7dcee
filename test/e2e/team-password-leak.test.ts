// The team ledger's password leak test: the PostgreSQL passwords (an admin's, the first one the
// admin gives sue through Add a person, a wrong one, and the Arabic one sue changes it to) go
// through every flow that carries them, in Chromium through the preview, the real keychain and a
// real PostgreSQL that logs every statement: typed in Settings → Team ledger, Add a person, Test
// connection (wrong, then right), Save, Use the team ledger, a restart, Change my password (typed
// twice), a restart, Save diagnostics, a backup.
// Then the passwords are searched for, in several encodings, in every bridge answer and event,
// everything the page can reach (leak-surfaces.ts), the console, the previews' output, every file
// of the data folder (team-ledger.json, the SQLite file and WAL, paydesk.log, the diagnostics
// file), the backup folder, the server's log and pg_stat_activity. Zero hits is the pass; positive
// controls prove each search can see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { applyTeamLedgerSecurity } from '../../main/ledger/postgres/security';
import { scramSha256Verifier } from '../../main/ledger/postgres/scram-verifier';
import { keychainService } from '../../main/vault/key-vault';
import { teamLedgerAccount } from '../../main/vault/team-ledger-password';
import { postgresMissing, startPostgres, type PostgresServer } from '../support/postgres-server';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';
import { eachAnswer, fileTexts, filesUnder, pageSurfaces, postgresSurfaces, recordAnswers, recordEvents, surfacesAt, type Moment } from './support/leak-surfaces';
import { describeWithKeychain } from '../vault/support/keychain';

const missing = postgresMissing();
const required = process.env.PAYDESK_REQUIRE_POSTGRES === '1';
if (missing && !required) console.warn(`Skipping the team ledger's password leak test: ${missing}`);
const withPostgres = missing && !required ? describe.skip : describeWithKeychain;

const tag = () => randomBytes(8).toString('hex');
const passwords = { admin: `Admin-LEAKCANARY-${tag()}`, first: `First-LEAKCANARY-${tag()}`, wrong: `Wrong-LEAKCANARY-${tag()}`, next: `كلمة-السر-الجديدة-${tag()}` };

/** The forms a password could take if something mishandled it. */
function needles(password: string): string[] {
  const bytes = Buffer.from(password, 'utf8');
  const escaped = JSON.stringify(password).slice(1, -1).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [...new Set([password, password.slice(-16), password.toUpperCase(), [...password].reverse().join(''), bytes.toString('base64').slice(0, 24), bytes.toString('hex'), encodeURIComponent(password), escaped])];
}
const allNeedles = Object.values(passwords).flatMap(needles);
const hitsIn = (where: string, text: string) => allNeedles.filter((n) => text.includes(n)).map((n) => `${where}: ${n}`);

withPostgres('no team ledger password leaks to the renderer, to disk or to the server', () => {
  let server: PostgresServer;
  let database: string;
  let dataDir: string;
  let backupDir: string;
  let session: E2eSession;
  const login = () => ({ host: '127.0.0.1', port: server.port, database, user: 'sue' });
  const answers: Array<Promise<string>> = [];
  const requests: string[] = [];
  const events: Array<ReturnType<typeof recordEvents>> = [];
  const previewOutputs: Array<() => string> = [];
  const consoles: string[][] = [];
  // What each page could reach, read before its preview stops.
  const pagesSeen: Array<Record<string, string>> = [];
  // What the page held the moment each password field was emptied (before anything else drew).
  const emptied: Array<{ where: string; surfaces: Record<string, string> }> = [];
  /** Runs `act`, which empties a password field, and keeps what the page held when `moment` came. */
  async function whenEmptied(where: string, moment: Moment, act: () => Promise<void>) {
    const at = await surfacesAt(session.page, moment);
    await act();
    emptied.push({ where, surfaces: await at.read() });
  }

  async function start() {
    session = await openSession({ dataDir });
    events.push(recordEvents(session.preview.origin, session.preview.token));
    previewOutputs.push(session.preview.output);
    consoles.push(session.consoleLines);
    session.page.on('request', (req) => void requests.push(req.postData() ?? ''));
    recordAnswers(session.page, answers);
    const settings = new SettingsPage(session.page);
    await settings.open(session.preview.url);
    await settings.openSettings();
    return session.page.getByTestId('team-ledger');
  }
  async function restart() {
    pagesSeen.push(await pageSurfaces(session.page));
    await session.close();
    return start();
  }

  beforeAll(async () => {
    if (missing) throw new Error(`PAYDESK_REQUIRE_POSTGRES=1 but ${missing}`);
    // Every statement, its parameters and any error's statement go to the server's log.
    server = await startPostgres({ settings: ['log_statement=all', 'log_min_error_statement=debug5', 'log_parameter_max_length_on_error=-1', 'log_connections=on'] });
    database = await server.createDatabase();
    const superuser = await server.connect({ database });
    await applyTeamLedgerSecurity(superuser);
    // The admin, made as security.sql's step 2 says, with a verifier: the test's own setup puts no password in the log.
    await superuser.query(`SELECT paydesk.add_person('ada', 'admin', $1)`, [scramSha256Verifier(passwords.admin)]);
    await superuser.end();
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-team-leak-'));
    backupDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-team-leak-backups-'));
  });
  afterAll(async () => {
    for (const e of events) e.stop();
    if (server) for (const user of ['ada', 'sue']) await keytar.deletePassword(keychainService, teamLedgerAccount({ ...login(), user })).catch(() => false);
    await session?.close();
    await server?.stop();
    for (const dir of [dataDir, backupDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs every flow that carries the password', async () => {
    let team = await start();
    const outcome = () => session.page.getByTestId('team-outcome').textContent();
    const note = () => team.getByRole('note').textContent();
    await team.getByLabel('Server').fill('127.0.0.1');
    await team.getByLabel('Port').fill(String(server.port));
    await team.getByLabel('Database').fill(database);
    // The admin adds sue with her first password.
    await team.getByLabel('User').fill('ada');
    await team.getByLabel('Password', { exact: true }).fill(passwords.admin);
    await team.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(outcome).toBe('Connected as ada (admin).');
    const saved: Moment = { selector: '[data-testid="team-outcome"]', text: '^Team ledger settings saved\\.$' };
    await whenEmptied('Password, saved (ada)', saved, () => team.getByRole('button', { name: 'Save team ledger settings' }).click());
    await team.getByLabel('Login').fill('sue');
    await team.getByLabel('Group').selectOption('support');
    await team.getByLabel('First password').fill(passwords.first);
    await whenEmptied('First password, person added', { selector: '[data-testid="team-people-outcome"]', text: '^sue was added as support' },
      () => team.getByRole('button', { name: 'Add the person' }).click());
    await expect.poll(() => team.getByTestId('team-people-outcome').textContent()).toMatch(/^sue was added as support/);

    // Sue, on her laptop (this one), sets up with it.
    await team.getByLabel('User').fill('sue');
    await team.getByLabel('Password', { exact: true }).fill(passwords.wrong);
    await team.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(outcome).toMatch(/^The server refused the user sue with this password/);
    await team.getByLabel('Password', { exact: true }).fill(passwords.first);
    await team.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(outcome).toBe('Connected as sue (support).');
    await whenEmptied('Password, saved (sue)', saved, () => team.getByRole('button', { name: 'Save team ledger settings' }).click());
    await expect.poll(() => team.getByTestId('team-password-saved').textContent()).toBe('Saved in the keychain. Type a new one only to replace it.');
    await team.getByRole('button', { name: 'Use the team ledger on this laptop' }).click();
    await expect.poll(outcome).toMatch(/^Paydesk uses the team ledger from its next start/);

    team = await restart();
    await expect.poll(note).toBe('This laptop uses the team ledger at 127.0.0.1, logged in as sue (support).');
    const mine = team.getByTestId('team-my-password');
    await mine.getByLabel('New password', { exact: true }).fill(passwords.next);
    await mine.getByLabel('New password again').fill(passwords.next);
    await whenEmptied('Change my password', { selector: '[data-testid="team-my-password-outcome"]', text: '^Your password is changed' },
      () => mine.getByRole('button', { name: 'Change my password' }).click());
    await expect.poll(() => mine.getByTestId('team-my-password-outcome').textContent()).toBe('Your password is changed on the server and kept in this computer’s keychain. Log in with the new one from now on.');

    // The next start logs in with the new password, from the keychain.
    team = await restart();
    await expect.poll(note).toBe('This laptop uses the team ledger at 127.0.0.1, logged in as sue (support).');
    const { page } = session;
    await page.getByTestId('save-diagnostics').click();
    await expect.poll(() => page.getByTestId('diagnostics-notice').textContent()).toMatch(/^Saved to .*paydesk-diagnostics-/);
    await page.getByTestId('backups').getByLabel('Backup folder').fill(backupDir);
    await page.getByTestId('backups').getByRole('button', { name: 'Save backup settings' }).click();
    await expect.poll(() => page.getByTestId('backup-notice').textContent()).toBe('Backup settings saved.');
    await page.getByTestId('backup-now').click();
    await expect.poll(() => page.getByTestId('backup-notice').textContent()).toMatch(/^Backup written/);
  });

  it('positive controls: the passwords were really sent, the server took the new one, and each search can see', async () => {
    const sent = requests.join('\n');
    for (const password of Object.values(passwords)) expect(sent).toContain(password);
    expect(await keytar.getPassword(keychainService, teamLedgerAccount(login()))).toBe(passwords.next);
    const marker = `log-control-${tag()}`;
    await server.sql(database, `SELECT '${marker}'`);
    const postgres = await postgresSurfaces(server);
    expect(postgres['PostgreSQL log']).toContain(marker);
    expect(postgres['PostgreSQL log']).toMatch(/ALTER ROLE CURRENT_USER PASSWORD 'SCRAM-SHA-256\$/);
    expect(postgres.pg_stat_activity).toContain('"usename":"sue"');
    expect(readdirSync(backupDir).length).toBeGreaterThan(0);
    expect(filesUnder(dataDir).some((f) => f.includes('paydesk-diagnostics-'))).toBe(true);
    expect(hitsIn('control', `«${passwords.next}»`)).not.toEqual([]);
  });

  it('finds no password anywhere the renderer could reach', async () => {
    const hits: string[] = [];
    pagesSeen.push(await pageSurfaces(session.page));
    expect(pagesSeen.at(-1)!.dom).toContain('logged in as sue'); // the search reads the real page
    pagesSeen.forEach((surfaces, n) => Object.entries(surfaces).forEach(([where, text]) => hits.push(...hitsIn(`page ${n} ${where}`, text))));
    // Each field emptied: read that very moment (the search sees the page: its line says what was done).
    expect(emptied.map((e) => e.where)).toEqual(['Password, saved (ada)', 'First password, person added', 'Password, saved (sue)', 'Change my password']);
    for (const { where, surfaces } of emptied) {
      expect(surfaces.dom, where).toMatch(/Team ledger settings saved\.|sue was added as support|Your password is changed/);
      Object.entries(surfaces).forEach(([surface, text]) => hits.push(...hitsIn(`${where}, ${surface}`, text)));
    }
    const bodies = eachAnswer(await Promise.all(answers));
    expect(bodies.length).toBeGreaterThan(10);
    bodies.forEach((body, i) => hits.push(...hitsIn(`bridge answer ${i}`, body)));
    events.forEach((e, n) => hits.push(...hitsIn(`bridge events ${n}`, e.text())));
    consoles.forEach((lines, n) => hits.push(...hitsIn(`console ${n}`, lines.join('\n'))));
    hits.push(...hitsIn('cookies', JSON.stringify(await session.context.cookies())));
    // Where each was found, in full: the report cuts a long array to its length ("[ …(2) ]").
    expect(hits, `found at:\n${hits.join("\n")}`).toEqual([]);
  });

  it('finds no password on disk, in main\'s output, or at the server', async () => {
    const hits: string[] = [];
    const files = [...filesUnder(dataDir), ...filesUnder(backupDir)];
    const names = files.map((f) => f.slice(f.lastIndexOf('/') + 1));
    expect(names).toEqual(expect.arrayContaining(['team-ledger.json', 'paydesk.log', 'paydesk.sqlite']));
    for (const file of files) for (const text of fileTexts(file)) hits.push(...hitsIn(file, text));
    previewOutputs.forEach((output, n) => hits.push(...hitsIn(`preview output ${n}`, output())));
    for (const [where, text] of Object.entries(await postgresSurfaces(server))) hits.push(...hitsIn(where, text));
    // Where each was found, in full: the report cuts a long array to its length ("[ …(2) ]").
    expect(hits, `found at:\n${hits.join("\n")}`).toEqual([]);
  });
});
