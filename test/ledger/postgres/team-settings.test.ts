// Settings → Team ledger through main's handlers (the contract's methods, as the screen calls
// them), against the real PostgreSQL: the right password connects; a wrong one, a login without a
// role and a port nobody answers are each told apart in words; the password is kept (a keychain
// stand-in here; the real one in test/vault/team-ledger-settings.test.ts) and never answered back.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers, type Implementations } from '../../../main/api/create-handlers';
import { teamLedgerHandlers } from '../../../main/api/team-ledger-handlers';
import { reasonText } from '../../../main/core/fail';
import { createMemoryLogger } from '../../../main/log/logger';
import { createTeamLedgerSettings } from '../../../main/team/team-ledger-settings';
import { createTeamLedgerCopy } from '../../../main/team/team-ledger-copy';
import { teamLedgerCopyHandlers } from '../../../main/api/team-ledger-handlers';
import { openLedgerDb, type LedgerDb } from '../../../main/ledger/database';
import { seedLedger } from '../../../scripts/seed-ledger';
import { createKeyVault } from '../../../main/vault/key-vault';
import { memoryKeychain } from '../../vault/support/memory-keychain';
import type { Reason } from '../../../contract/reasons';
import { describeWithPostgres, teamServer, type TeamServer } from '../../support/postgres-tests';
import { schemaSteps, teamLedgerSchemaVersion } from '../../../main/ledger/postgres/security';

const stepSql = (file: string) => readFileSync(join(process.cwd(), 'main/ledger/postgres', file), 'utf8');

const ctx = { transport: 'direct' as const, osUser: 'tester' };

describeWithPostgres('Settings → Team ledger, main side', () => {
  let server: TeamServer;
  let team: string;
  let dataDir: string;
  let password: string;
  const { entries: keychain, backend } = memoryKeychain();
  const logger = createMemoryLogger();
  let handlers: ReturnType<typeof createHandlers>;
  const form = () => ({ host: '127.0.0.1', port: server.port, database: team, user: 'sue', tls: false, caPem: null });
  const problemOf = async (input: Record<string, unknown>) => {
    const answer = await handlers.testTeamLedger(input, ctx);
    if (!answer.ok) throw new Error(answer.error.message);
    expect(JSON.stringify(answer)).not.toContain(password);
    if (answer.value.ok) return 'ok';
    const reason = answer.value.reason as Reason;
    expect(reasonText('en', reason)).not.toMatch(/[{}]/);
    expect(reasonText('ar', reason)).toMatch(/[\u0600-\u06ff]/);
    return answer.value.problem;
  };

  beforeAll(async () => {
    server = teamServer();
    password = server.person('support').password;
    team = await server.createTeamDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-team-settings-'));
    const settings = createTeamLedgerSettings({ dataDir, vault: createKeyVault({ logger, backend }), logger });
    handlers = createHandlers(teamLedgerHandlers({ teamLedger: settings }) as unknown as Implementations, logger);
    await server.sql('postgres', `DO $$ BEGIN CREATE ROLE nobody LOGIN PASSWORD 'nobody-password'; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies this laptop\'s ledger from Settings as an admin, with its report; refused to support and before settings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-team-copy-app-'));
    const db: LedgerDb = openLedgerDb(dir);
    try {
      seedLedger(db, { payments: 150, seed: 5 });
      db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
      const settings = createTeamLedgerSettings({ dataDir: dir, vault: createKeyVault({ logger, backend }), logger });
      const copy = createTeamLedgerCopy({ db, dataDir: dir, settings, logger });
      const app = createHandlers({ ...teamLedgerHandlers({ teamLedger: settings }), ...teamLedgerCopyHandlers({ copy }) } as unknown as Implementations, logger);
      const finished = async () => {
        await expect.poll(async () => {
          const r = await app.getTeamLedgerCopy({}, ctx);
          return r.ok ? r.value.state : 'error';
        }, { timeout: 20_000 }).not.toBe('running');
        const r = await app.getTeamLedgerCopy({}, ctx);
        if (!r.ok) throw new Error(r.error.message);
        return r.value;
      };

      await app.copyToTeamLedger({}, ctx);
      expect(await finished()).toMatchObject({ state: 'failed', reason: { key: 'teamLedger.copyNoSettings' } });

      const copyTeam = await server.createTeamDatabase();
      await app.saveTeamLedger({ ...form(), database: copyTeam, password }, ctx);
      await app.copyToTeamLedger({}, ctx);
      expect(await finished()).toMatchObject({ state: 'failed', reason: { key: 'teamLedger.copyAdminOnly' } });

      const admin = server.person('admin');
      await app.saveTeamLedger({ ...form(), database: copyTeam, user: admin.login, password: admin.password }, ctx);
      await app.copyToTeamLedger({}, ctx);
      const done = await finished();
      const operations = (db.prepare('SELECT count(*) AS n FROM operations').get() as { n: number }).n;
      expect(done).toMatchObject({ state: 'done', progress: { part: 'audit' }, report: { payments: { source: 150, copied: 150, alreadyThere: 0, skipped: 0 }, operations: { source: operations, copied: operations } } });
      // Run twice, copy once.
      await app.copyToTeamLedger({}, ctx);
      expect(await finished()).toMatchObject({ state: 'done', report: { payments: { copied: 0, alreadyThere: 150 }, operations: { copied: 0, alreadyThere: operations } } });
      expect(JSON.stringify(done)).not.toContain(admin.password);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to copy into a team ledger an older Paydesk set up, saying how to upgrade it, before copying anything', async () => {
    // A team database at schema 27, as the setup command of that Paydesk left it: its import_batch
    // named no expiry date, so a copy into it would have dropped every link's without a word.
    const old = await server.createDatabase();
    await server.sql(old, `BEGIN; ${schemaSteps.filter(([version]) => version <= 27).map(([, file]) => stepSql(file)).join('\n')} COMMIT;`);
    const admin = server.person('admin');
    await server.sql(old, 'SELECT paydesk.add_person($1, $2)', [admin.login, 'admin']);
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-team-copy-old-'));
    const db: LedgerDb = openLedgerDb(dir);
    try {
      seedLedger(db, { payments: 20, seed: 6 });
      db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
      const settings = createTeamLedgerSettings({ dataDir: dir, vault: createKeyVault({ logger, backend }), logger });
      const copy = createTeamLedgerCopy({ db, dataDir: dir, settings, logger });
      const app = createHandlers({ ...teamLedgerHandlers({ teamLedger: settings }), ...teamLedgerCopyHandlers({ copy }) } as unknown as Implementations, logger);
      await app.saveTeamLedger({ ...form(), database: old, user: admin.login, password: admin.password }, ctx);
      await app.copyToTeamLedger({}, ctx);
      await expect.poll(async () => {
        const r = await app.getTeamLedgerCopy({}, ctx);
        return r.ok ? r.value.state : 'error';
      }, { timeout: 20_000 }).not.toBe('running');
      const answer = await app.getTeamLedgerCopy({}, ctx);
      if (!answer.ok) throw new Error(answer.error.message);
      expect(answer.value).toMatchObject({ state: 'failed', report: null, reason: { key: 'teamLedger.oldSchemaAdmin', values: { found: 27, expected: teamLedgerSchemaVersion } } });
      const words = reasonText('en', answer.value.reason as Reason);
      expect(words).toContain('set up by an older Paydesk (schema 27');
      expect(words).toContain('-f main/ledger/postgres/copy-whole.sql');
      expect(reasonText('ar', answer.value.reason as Reason)).toMatch(/[\u0600-\u06ff]/);
      expect((await server.sql(old, 'SELECT count(*)::int AS n FROM paydesk.payments')).rows[0]!.n).toBe(0);
      expect((await server.sql(old, 'SELECT count(*)::int AS n FROM paydesk.import_progress')).rows[0]!.n).toBe(0);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('connects with the right password, and says who the person is', async () => {
    const answer = await handlers.testTeamLedger({ ...form(), password }, ctx);
    expect(answer).toEqual({ ok: true, value: { ok: true, login: 'sue', role: 'support', superuser: false, tls: false, sharedServer: expect.objectContaining({ key: 'teamLedger.sharedServer' }) } });
  });

  it('tells a wrong password, a login without a role and a server nobody answers', async () => {
    expect(await problemOf({ ...form(), password: 'not-the-password' })).toBe('wrongPassword');
    expect(await problemOf({ ...form(), user: 'nobody', password: 'nobody-password' })).toBe('noPermission');
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    expect(await problemOf({ ...form(), port: closed, password })).toBe('unreachable');
  });

  it('keeps the role an admin\'s test found with the saved settings, for Settings\' "Add a person" on a later visit (walk of the team ledger)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-team-admin-'));
    try {
      const admin = server.person('admin');
      const ownKeychain = memoryKeychain().backend; // this laptop's own: the other tests' keychain stays as they left it
      const visit = () => createHandlers(teamLedgerHandlers({ teamLedger: createTeamLedgerSettings({ dataDir: dir, vault: createKeyVault({ logger, backend: ownKeychain }), logger }) }) as unknown as Implementations, logger);
      const adminForm = { ...form(), user: admin.login, password: admin.password };
      // Test connection, then Save, as the walk's admin did; then Settings opened again (a new visit, or a restart).
      const first = visit();
      expect(await first.testTeamLedger(adminForm, ctx)).toMatchObject({ ok: true, value: { ok: true, role: 'admin' } });
      expect(await first.saveTeamLedger(adminForm, ctx)).toMatchObject({ ok: true, value: { savedRole: 'admin' } });
      expect(await visit().getTeamLedger({}, ctx)).toMatchObject({ ok: true, value: { savedRole: 'admin', inUse: false } });
      // Saved, then tested (the password from the keychain): kept too.
      const again = visit();
      expect(await again.saveTeamLedger({ ...form(), user: admin.login }, ctx)).toMatchObject({ ok: true, value: { savedRole: 'admin' } });
      // Another login saved: no role until it is tested.
      expect(await again.saveTeamLedger({ ...form(), password }, ctx)).toMatchObject({ ok: true, value: { savedRole: null } });
      await again.testTeamLedger(form(), ctx);
      expect(await visit().getTeamLedger({}, ctx)).toMatchObject({ ok: true, value: { savedRole: 'support' } });
      expect(readFileSync(join(dir, 'team-ledger.json'), 'utf8')).not.toContain(admin.password);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('saves the settings, keeps the password for the test, and never answers it back', async () => {
    expect(await problemOf(form())).toBe('noPassword');
    const saved = await handlers.saveTeamLedger({ ...form(), password }, ctx);
    expect(saved).toEqual({ ok: true, value: { settings: { host: '127.0.0.1', port: server.port, database: team, user: 'sue', tls: false, caPinned: false, caSubject: null }, passwordSaved: true, chosen: false, inUse: false, session: null, savedRole: 'support' } });
    // Tested again without typing it: the one in the keychain.
    expect(await problemOf(form())).toBe('ok');
    // With the test authority pinned, over TLS.
    const pinned = await handlers.saveTeamLedger({ ...form(), tls: true, caPem: server.caPem }, ctx);
    expect(pinned).toMatchObject({ ok: true, value: { settings: { tls: true, caPinned: true, caSubject: expect.stringContaining('CN=') }, passwordSaved: true } });
    expect(await handlers.testTeamLedger({ ...form(), tls: true, caPem: server.caPem }, ctx)).toMatchObject({ ok: true, value: { ok: true, tls: true } });

    const file = readFileSync(join(dataDir, 'team-ledger.json'), 'utf8');
    expect(file).toContain('BEGIN CERTIFICATE');
    expect(file).not.toContain(password);
    expect(JSON.stringify(await handlers.getTeamLedger({}, ctx))).not.toContain(password);
    expect(logger.lines.join('\n')).not.toContain(password);
    expect([...keychain.entries()].filter(([account]) => account.includes('team-ledger:sue@'))).toEqual([[`Paydesk/team-ledger:sue@127.0.0.1:${server.port}/${team}`, password]]);

    // Another port typed, no password: the words name the port and database tried, as the Password
    // field's note names the keychain's (walk 7: "no password for noura on 127.0.0.1" beside a
    // note saying the keychain had one for noura on 127.0.0.1:33533/paydesk).
    const otherPort = await handlers.testTeamLedger({ ...form(), port: server.port + 1 }, ctx);
    const why = otherPort.ok && !otherPort.value.ok ? otherPort.value.reason as Reason : undefined;
    expect(reasonText('en', why!)).toMatch(new RegExp(`^There is no password for sue on 127\\.0\\.0\\.1:${server.port + 1}/${team} in this computer’s keychain yet\\.`));
    expect(reasonText('ar', why!)).toContain(`\u2066127.0.0.1:${server.port + 1}/${team}\u2069`);
  });
});
