// Settings → Team ledger, main's side: the connection settings in `team-ledger.json` in the data
// folder (host, port, database, user, TLS, the pinned certificate authority's PEM; not secrets),
// the password in the OS keychain only (team-ledger-password.ts), and "Test connection".
// pg and Kysely are loaded only when a connection is tested, from a bundle of their own
// (dist/main/team-ledger.cjs), so main's bundle carries neither and they cost nothing at start.
// "Use the team ledger on this laptop" (`use`, after a successful test now) is kept in the same
// file and read at the next start (team-backend.ts); the view says which ledger is in use now.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Reason } from '../../contract/reasons';
import type { teamLedgerCheckSchema, teamLedgerFormSchema, TeamLedgerView } from '../../contract/methods/team-ledger';
import { AppFailure } from '../../contract/result';
import { englishText, reason } from '../core/fail';
import type { Logger } from '../log/logger';
import { isLoopback } from '../../contract/loopback-host';
import type { KeyVault } from '../vault/key-vault';
import { teamLedgerPasswords, type TeamLedgerLogin } from '../vault/team-ledger-password';

type Form = z.output<ReturnType<typeof teamLedgerFormSchema>>;
type Check = z.output<ReturnType<typeof teamLedgerCheckSchema>>;
/** What is kept in team-ledger.json: never the password. */
export type StoredTeamLedger = {
  host: string; port: number; database: string; user: string; tls: boolean; caPem: string | null;
  /** Use the team ledger from the next start. */ use?: boolean;
  /** The role the last successful test found for this login (Settings offers an admin "Add a person" from it). */
  testedRole?: TeamRole;
};
type TeamRole = Extract<Check, { ok: true }>['role'];

/** What the running app uses (team-backend.ts tells it): the team ledger since it started, and as whom. */
export type TeamLedgerRunning = Pick<TeamLedgerView, 'inUse' | 'session'>;

export const teamLedgerSettingsFile = 'team-ledger.json';

/**
 * No password in the keychain for this login: worded for who reads it, by the role last found for
 * the saved login (an admin created the login, and its password, themself; walk of the setup).
 */
export function noPasswordReason(login: { host: string; port: number; database: string; user: string }, role: TeamRole | undefined): Reason {
  // The keychain keeps one password per server, port and database: named whole, as the Password
  // field's note names the saved one (walk 7: "no password for noura on 127.0.0.1" under a note
  // saying the keychain had one for noura on 127.0.0.1:33533/paydesk; only the port differed).
  return reason('teamLedger.noPassword', { host: `${login.host}:${login.port}/${login.database}`, user: login.user, who: role === 'admin' ? 'admin' : role ? 'person' : 'unknown', path: 'docs/team-ledger.md' });
}

export type TeamLedgerModule = typeof import('../ledger/postgres/team-ledger-module');
/**
 * The team ledger's code (pg, Kysely): in the app, its own bundle beside main's (scripts/build.mjs);
 * unbundled (the tests), the module itself, named by a variable so that esbuild leaves it out of
 * main's bundle.
 */
export async function loadTeamLedgerModule(): Promise<TeamLedgerModule> {
  const bundled = typeof __dirname === 'string' ? join(__dirname, 'team-ledger.cjs') : undefined;
  if (bundled && existsSync(bundled)) return createRequire(import.meta.url)(bundled) as TeamLedgerModule;
  const source = '../ledger/postgres/team-ledger-module';
  return (await import(/* @vite-ignore */ source)) as TeamLedgerModule;
}

export function createTeamLedgerSettings(deps: { dataDir: string; vault: KeyVault; logger: Logger; testTimeoutMs?: number }) {
  const file = join(deps.dataDir, teamLedgerSettingsFile);
  const passwords = teamLedgerPasswords(deps.vault);
  let running: () => TeamLedgerRunning = () => ({ inUse: false, session: null });
  // Told once settings are saved or chosen again, before the answer (team-backend.ts opens the team ledger then, when it waited for a password).
  const savedListeners: Array<() => Promise<void>> = [];
  const told = () => Promise.all(savedListeners.map((listener) => listener()));
  // The last successful test's login and role, for the settings saved after it (a person tests, then saves).
  let lastTested: { login: string; role: TeamRole } | undefined;

  function read(): StoredTeamLedger | null {
    if (!existsSync(file)) return null;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as StoredTeamLedger;
    } catch {
      return null;
    }
  }

  const loginOf = (s: Pick<StoredTeamLedger, 'host' | 'port' | 'database' | 'user'>): TeamLedgerLogin => ({ host: s.host, port: s.port, database: s.database, user: s.user });
  const loginKey = (s: Pick<StoredTeamLedger, 'host' | 'port' | 'database' | 'user'>) => JSON.stringify(loginOf(s));
  // A successful test's role: kept for a later save of that login, and with the saved settings when they are that login's.
  const remember = (tested: StoredTeamLedger, role: TeamRole) => {
    lastTested = { login: loginKey(tested), role };
    const saved = read();
    if (saved && loginKey(saved) === loginKey(tested) && saved.testedRole !== role) write({ ...saved, testedRole: role });
  };
  // TLS is off only where the person turned it off for a server on this computer, with no pinned
  // authority (the connection uses TLS with one: connection.ts); kept as what is used, as the screen shows it.
  // A pinned authority not sent again is the one saved.
  const stored = (form: Form): StoredTeamLedger => {
    const caPem = form.caPem === undefined ? read()?.caPem ?? null : form.caPem;
    return { host: form.host, port: form.port, database: form.database, user: form.user, tls: isLoopback(form.host) ? form.tls || caPem !== null : true, caPem };
  };
  const caSubject = (pem: string | null) => {
    if (!pem) return null;
    try {
      return new X509Certificate(pem).subject.replace(/\n/g, ', ');
    } catch {
      return null;
    }
  };

  async function view(): Promise<TeamLedgerView> {
    const s = read();
    const now = running();
    if (!s) return { settings: null, passwordSaved: false, chosen: false, savedRole: null, ...now };
    return {
      settings: { host: s.host, port: s.port, database: s.database, user: s.user, tls: s.tls, caPinned: s.caPem !== null, caSubject: caSubject(s.caPem) },
      passwordSaved: (await passwords.read(loginOf(s))) !== null,
      chosen: s.use === true,
      savedRole: s.testedRole ?? null,
      ...now,
    };
  }

  function write(next: StoredTeamLedger) {
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, JSON.stringify(next, null, 2), { mode: 0o600 });
    renameSync(tmp, file);
  }

  /** Use the saved team ledger from the next start (only if its connection test succeeds now), or this laptop's ledger again. */
  async function use(on: boolean): Promise<TeamLedgerView> {
    const s = read();
    if (!s) throw new AppFailure('invalid_input', englishText(reason('teamLedger.copyNoSettings')), { reason: reason('teamLedger.copyNoSettings') });
    if (on) {
      const check = await test({ host: s.host, port: s.port, database: s.database, user: s.user, tls: s.tls });
      if (!check.ok) throw new AppFailure('invalid_input', englishText(check.reason as Reason), { reason: check.reason as Reason });
    }
    // Read again: the test just kept the role it found.
    write({ ...(read() ?? s), use: on });
    deps.logger.info('team ledger chosen for the next start', { use: on, host: s.host, database: s.database, user: s.user });
    await told();
    return view();
  }

  async function save(form: Form): Promise<TeamLedgerView> {
    const before = read();
    // The choice to use the team ledger stays with the same login; another login is tested again first.
    const sameLogin = before !== null && loginKey(before) === loginKey(stored(form));
    // The role found for this login stays with it: the last test of it, else what was kept.
    const testedRole = lastTested?.login === loginKey(stored(form)) ? lastTested.role : sameLogin ? before.testedRole : undefined;
    const next = { ...stored(form), ...(sameLogin && before.use ? { use: true } : {}), ...(testedRole ? { testedRole } : {}) };
    // The keychain first: a keychain that does not work leaves the settings as they were.
    if (form.password !== undefined) await passwords.store(loginOf(next), form.password);
    write(next);
    // Another server, database or user: the previous login's password has no use left.
    if (before && !sameLogin) await passwords.remove(loginOf(before)).catch(() => false);
    deps.logger.info('team ledger settings saved', { host: next.host, port: next.port, database: next.database, user: next.user, tls: next.tls, caPinned: next.caPem !== null });
    await told();
    return view();
  }

  async function test(form: Form): Promise<Check> {
    const s = stored(form);
    const password = form.password ?? (await passwords.read(loginOf(s)));
    if (password === null) {
      const saved = read();
      return { ok: false, problem: 'noPassword', reason: noPasswordReason(s, saved && loginKey(saved) === loginKey(s) ? saved.testedRole : undefined) };
    }
    const { testTeamLedgerConnection } = await loadTeamLedgerModule();
    const check = await testTeamLedgerConnection({ ...loginOf(s), tls: s.tls, ...(s.caPem ? { caPem: s.caPem } : {}) }, password, { timeoutMs: deps.testTimeoutMs });
    deps.logger.info('team ledger connection tested', { host: s.host, port: s.port, database: s.database, user: s.user, result: check.ok ? 'ok' : check.problem });
    if (check.ok) remember(s, check.role);
    return check.ok ? { ok: true, login: check.login, role: check.role, superuser: check.superuser, tls: check.tls, ...(check.sharedServer ? { sharedServer: check.sharedServer } : {}) } : { ok: false, problem: check.problem, reason: check.reason };
  }

  /** The saved settings as the connection takes them, with the keychain's password, or null when either is missing. */
  async function connectionSettings() {
    const s = read();
    const password = s && (await passwords.read(loginOf(s)));
    if (!s || !password) return null;
    return { settings: { ...loginOf(s), tls: s.tls, ...(s.caPem ? { caPem: s.caPem } : {}) }, password };
  }

  return {
    view, save, test, read, connectionSettings, use,
    /** The running app's team ledger, for the view (team-backend.ts). */
    setRunning: (now: () => TeamLedgerRunning) => void (running = now),
    /** A password kept in the keychain by "Change my password" (team-password.ts): told as a save is. */
    passwordStored: () => told().then(() => undefined),
    /** `listener` is awaited after each save and each choice of the ledger (it must not throw). */
    whenSaved: (listener: () => Promise<void>) => void savedListeners.push(listener),
  };
}

export type TeamLedgerSettingsService = ReturnType<typeof createTeamLedgerSettings>;
