// "Change my password" (Settings → Team ledger) through main's handlers, against the real
// PostgreSQL: the login's own password changes with a SCRAM verifier made in main, so the old one
// no longer logs in and the new one does, and the server's statement log (log_statement = 'all' for
// that login) holds the verifier, never the password; the keychain keeps the new one only after the
// server accepted it, and when the keychain fails then, the words say so and "Save again" keeps it;
// the running team ledger's next connections log in with the new one.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers, type Implementations } from '../../../main/api/create-handlers';
import { teamLedgerHandlers, teamPasswordHandlers } from '../../../main/api/team-ledger-handlers';
import { reasonText } from '../../../main/core/fail';
import { createEventHub } from '../../../main/core/event-hub';
import { keepsItsBytes } from '../../../main/ledger/postgres/scram-verifier';
import { createMemoryLogger } from '../../../main/log/logger';
import { openTeamBackend, type TeamBackend } from '../../../main/team/team-backend';
import { createTeamLedgerSettings } from '../../../main/team/team-ledger-settings';
import { createTeamPassword } from '../../../main/team/team-password';
import { createKeyVault, type KeychainBackend } from '../../../main/vault/key-vault';
import { teamLedgerAccount } from '../../../main/vault/team-ledger-password';
import type { Reason } from '../../../contract/reasons';
import { memoryKeychain } from '../../vault/support/memory-keychain';
import { postgresBinaries } from '../../support/postgres-server';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

const ctx = { transport: 'direct' as const, osUser: 'tester' };

describeWithPostgres('Change my password on the team ledger', () => {
  let database: string;
  const dirs: string[] = [];
  const backends: TeamBackend[] = [];
  beforeAll(async () => {
    database = await teamServer().createTeamDatabase();
  });
  afterAll(async () => {
    await Promise.all(backends.map((b) => b.close()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A person of this test's own (logins are the server's: the template's people are shared by every file), saved on a laptop with its first password in the keychain. */
  async function laptop(options: { keychain?: KeychainBackend; log?: boolean; use?: boolean } = {}) {
    const server = teamServer();
    const person = { login: `pw_${randomUUID().slice(0, 8)}`, password: 'a-first-password-from-the-admin' };
    await server.sql(database, `SELECT paydesk.add_person($1, 'staff', $2)`, [person.login, person.password]);
    // Every statement of this login's sessions goes to the server's log.
    if (options.log) await server.sql('postgres', `ALTER ROLE ${person.login} SET log_statement = 'all'`);
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-team-password-'));
    dirs.push(dataDir);
    const login = { host: server.host, port: server.port, database, user: person.login };
    writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ ...login, tls: false, caPem: null, ...(options.use ? { use: true } : {}) }));
    const memory = memoryKeychain();
    memory.entries.set(`Paydesk/${teamLedgerAccount(login)}`, person.password);
    const logger = createMemoryLogger();
    const vault = createKeyVault({ logger, backend: options.keychain ?? memory.backend });
    const settings = createTeamLedgerSettings({ dataDir, vault, logger });
    let team: TeamBackend | undefined;
    if (options.use) {
      team = (await openTeamBackend({ dataDir, settings, events: createEventHub(), logger, exportDir: join(dataDir, 'exports') }))!;
      backends.push(team);
    }
    const password = createTeamPassword({ settings, vault, logger, changed: (who, next) => team?.passwordChanged(who, next) });
    const handlers = createHandlers({ ...teamLedgerHandlers({ teamLedger: settings }), ...teamPasswordHandlers({ password }) } as unknown as Implementations, logger);
    return { person, login, handlers, logger, keychain: memory.entries, team };
  }
  const logsIn = (user: string, password: string) => teamServer().connect({ database, user, password }).then((c) => c.end().then(() => true), (e: { code?: string }) => e.code ?? 'failed');

  it('changes the login\'s own password with a verifier: the old one no longer logs in, the new one does, and the server\'s log never holds it', async () => {
    const me = await laptop({ log: true });
    const next = `new-${randomUUID()}`;
    const answer = await me.handlers.changeTeamPassword({ next }, ctx);
    expect(answer).toEqual({ ok: true, value: { login: me.person.login } });

    expect(await logsIn(me.person.login, me.person.password)).toBe('28P01');
    expect(await logsIn(me.person.login, next)).toBe(true);
    // The keychain has the new one; no log line of main holds it.
    expect(me.keychain.get(`Paydesk/${teamLedgerAccount(me.login)}`)).toBe(next);
    expect(me.logger.lines.join("\n")).not.toContain(next);
    expect(me.logger.lines.join("\n")).toContain("password changed on the server");
    // Stored as PostgreSQL stores its own SCRAM secrets, with its iteration count.
    const stored = await teamServer().sql('postgres', `SELECT rolpassword FROM pg_authid WHERE rolname = $1`, [me.person.login]);
    expect(stored.rows[0].rolpassword).toMatch(/^SCRAM-SHA-256\$4096:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);

    // The server's own log (pg_ctl -l, beside its data folder): the statement is there, with the verifier only.
    const dataDirectory = (await teamServer().sql('postgres', `SELECT current_setting('data_directory') AS d`)).rows[0].d as string;
    const serverLog = join(dirname(dataDirectory), 'server.log');
    expect(existsSync(serverLog)).toBe(true);
    const logged = readFileSync(serverLog, 'utf8');
    expect(logged).toContain(`ALTER ROLE CURRENT_USER PASSWORD 'SCRAM-SHA-256$4096:`);
    expect(logged).not.toContain(next);
  });

  it('a password PostgreSQL and psql would read differently, or one against the rule, is refused before the server is asked', async () => {
    const me = await laptop();
    const refusal = async (next: string) => {
      const answer = await me.handlers.changeTeamPassword({ next }, ctx);
      if (answer.ok) throw new Error('changed');
      return answer.error.reason as Reason;
    };
    expect(await refusal('eleven-char')).toMatchObject({ key: 'teamLedger.passwordShort' });
    expect(reasonText('ar', await refusal('eleven-char'))).toContain('12 حرفًا');
    expect(await refusal(`my-${me.person.login.toUpperCase()}-password`)).toMatchObject({ key: 'teamLedger.passwordHasLogin' });
    expect(await refusal(me.person.password)).toMatchObject({ key: 'teamLedger.passwordSame' });
    expect(await refusal('twelve\u00A0characters')).toMatchObject({ key: 'teamLedger.passwordChars' });
    expect(await logsIn(me.person.login, me.person.password)).toBe(true);
    // An Arabic password (SASLprep leaves it as it is) is kept and logs in.
    const arabic = 'كلمة-مرور-طويلة-٢٠٢٦';
    expect(keepsItsBytes(arabic)).toBe(true);
    expect(await me.handlers.changeTeamPassword({ next: arabic }, ctx)).toMatchObject({ ok: true });
    expect(await logsIn(me.person.login, arabic)).toBe(true);
    // psql (libpq, which applies SASLprep first) logs in with it too.
    const psql = spawnSync(join(postgresBinaries()!, 'psql'), ['-w', '-h', '127.0.0.1', '-p', String(teamServer().port), '-U', me.person.login, '-d', database, '-Atc', 'SELECT session_user'], { encoding: 'utf8', env: { ...process.env, PGPASSWORD: arabic, PGSSLMODE: 'disable' } });
    expect(psql.stdout.trim()).toBe(me.person.login);
  });

  it('when the keychain fails after the server changed it, says so and keeps the new password for "Save again" only', async () => {
    const entries = new Map<string, string>();
    let keychainWorks = true;
    const flaky: KeychainBackend = {
      ...memoryKeychain(entries).backend,
      setPassword: async (s, a, p) => {
        if (!keychainWorks) throw new Error('The keychain is locked');
        entries.set(`${s}/${a}`, p);
      },
    };
    const me = await laptop({ keychain: flaky });
    await flaky.setPassword('Paydesk', teamLedgerAccount(me.login), me.person.password);
    keychainWorks = false;
    const next = `new-${randomUUID()}`;
    const answer = await me.handlers.changeTeamPassword({ next }, ctx);
    if (answer.ok) throw new Error('saved');
    expect(answer.error.reason).toMatchObject({ key: 'teamLedger.passwordNotSaved', values: { user: me.person.login } });
    expect(reasonText('en', answer.error.reason as Reason)).toContain('Save the new password in the keychain');
    expect(JSON.stringify(answer)).not.toContain(next);
    // The server has it; the keychain still the old one.
    expect(await logsIn(me.person.login, next)).toBe(true);
    expect(entries.get(`Paydesk/${teamLedgerAccount(me.login)}`)).toBe(me.person.password);

    // Changed again before the keychain works: from the password the server has now, not the keychain's older one.
    const latest = `newer-${randomUUID()}`;
    const second = await me.handlers.changeTeamPassword({ next: latest }, ctx);
    expect(second.ok ? null : second.error.reason?.key).toBe('teamLedger.passwordNotSaved');
    expect(await logsIn(me.person.login, latest)).toBe(true);

    // Settings opened again asks whether one is waiting: whose and where, never the password.
    const waiting = await me.handlers.getUnsavedTeamPassword({}, ctx);
    expect(waiting).toEqual({ ok: true, value: { login: me.person.login, host: me.login.host } });
    expect(JSON.stringify(waiting)).not.toContain(latest);
    keychainWorks = true;
    expect(await me.handlers.saveTeamPasswordAgain({}, ctx)).toEqual({ ok: true, value: { login: me.person.login } });
    expect(await me.handlers.getUnsavedTeamPassword({}, ctx)).toEqual({ ok: true, value: null });
    expect(entries.get(`Paydesk/${teamLedgerAccount(me.login)}`)).toBe(latest);
    // Kept for that one save only.
    const again = await me.handlers.saveTeamPasswordAgain({}, ctx);
    expect(again.ok ? null : again.error.reason?.key).toBe('teamLedger.passwordNothingUnsaved');
  });

  it('the team ledger this laptop runs on logs in with the new password from then on, without a restart', async () => {
    const me = await laptop({ use: true });
    expect(me.team!.session()).toMatchObject({ login: me.person.login, role: 'staff', reason: null });
    expect(await me.team!.store.get(randomUUID())).toBeUndefined();
    expect(await me.handlers.changeTeamPassword({ next: `new-${randomUUID()}` }, ctx)).toMatchObject({ ok: true });
    // Its connections end (the server restarted, an idle timeout): the next ones are made with the new password.
    await teamServer().sql('postgres', `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [me.person.login]);
    await expect.poll(() => me.team!.store.get(randomUUID()).then(() => 'read', (e: { reason?: Reason }) => e.reason?.key ?? 'failed')).toBe('read');
  });
});
