// Settings → Team ledger → "People on the team ledger", main's side against the real PostgreSQL:
// an admin's saved login lists each person in one of the four groups with their highest group (as
// "Test connection" words it), a person just added among them, and neither the superuser nor a
// login in no group; a person removed (paydesk.remove_person) is no longer listed. Walk 7: the
// admin who added Layla and Omar had no way to see who could log in.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers, type Implementations } from '../../../main/api/create-handlers';
import { teamLedgerHandlers, teamPeopleHandlers } from '../../../main/api/team-ledger-handlers';
import { createMemoryLogger } from '../../../main/log/logger';
import { createTeamLedgerSettings } from '../../../main/team/team-ledger-settings';
import { createTeamPeople } from '../../../main/team/team-people';
import { createKeyVault } from '../../../main/vault/key-vault';
import { memoryKeychain } from '../../vault/support/memory-keychain';
import { describeWithPostgres, teamServer, type TeamServer } from '../../support/postgres-tests';

const ctx = { transport: 'direct' as const, osUser: 'tester' };

describeWithPostgres('Settings → Team ledger → People on the team ledger, main side', () => {
  let server: TeamServer;
  let team: string;
  let dataDir: string;
  let handlers: ReturnType<typeof createHandlers>;
  // Logins of this file's own: the server (and its roles) is shared by every test file.
  const layla = `layla_${randomBytes(3).toString('hex')}`;
  const omar = `omar_${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    server = teamServer();
    team = await server.createTeamDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-team-people-'));
    const logger = createMemoryLogger();
    const settings = createTeamLedgerSettings({ dataDir, vault: createKeyVault({ logger, backend: memoryKeychain().backend }), logger });
    handlers = createHandlers({ ...teamLedgerHandlers({ teamLedger: settings }), ...teamPeopleHandlers({ people: createTeamPeople({ settings, logger }) }) } as unknown as Implementations, logger);
    const admin = server.person('admin');
    expect(await handlers.saveTeamLedger({ host: '127.0.0.1', port: server.port, database: team, user: admin.login, tls: false, caPem: null, password: admin.password }, ctx)).toMatchObject({ ok: true });
    await server.sql('postgres', `DO $$ BEGIN CREATE ROLE nobody LOGIN PASSWORD 'nobody-password'; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const list = async () => {
    const answer = await handlers.listTeamPeople({}, ctx);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as Array<{ login: string; role: string }>;
  };

  it('lists each person with their highest group, the people just added among them', async () => {
    expect(await handlers.addTeamPerson({ login: layla, role: 'support', password: 'layla first password' }, ctx)).toMatchObject({ ok: true });
    expect(await handlers.addTeamPerson({ login: omar, role: 'staff', password: 'omar first password' }, ctx)).toMatchObject({ ok: true });
    const people = await list();
    expect(people).toContainEqual({ login: layla, role: 'support' });
    expect(people).toContainEqual({ login: omar, role: 'staff' });
    for (const role of ['staff', 'support', 'finance', 'admin'] as const) expect(people).toContainEqual({ login: server.person(role).login, role });
    const logins = people.map((p) => p.login);
    expect(logins).not.toContain('postgres');
    expect(logins).not.toContain('nobody');
    expect(logins).toEqual([...logins].sort());
  });

  // One rule with "Change my password" (contract/team-password-rule.ts): main refuses what the form does, in words, before the server.
  it('refuses a first password shorter than 12 characters or containing the login, and adds no one', async () => {
    const huda = `huda_${randomBytes(3).toString('hex')}`;
    const short = await handlers.addTeamPerson({ login: huda, role: 'staff', password: 'eleven char' }, ctx);
    expect(short).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { password: { key: 'teamLedger.firstPasswordShort', values: { min: 12 } } } } });
    const named = await handlers.addTeamPerson({ login: huda, role: 'staff', password: `${huda.toUpperCase()}-first-password` }, ctx);
    expect(named).toMatchObject({ ok: false, error: { fieldReasons: { password: { key: 'teamLedger.firstPasswordHasLogin', values: { login: huda } } } } });
    expect((await list()).map((p) => p.login)).not.toContain(huda);
  });

  it('no longer lists a person removed', async () => {
    await server.sql(team, 'SELECT paydesk.remove_person($1)', [omar]);
    const logins = (await list()).map((p) => p.login);
    expect(logins).toContain(layla);
    expect(logins).not.toContain(omar);
  });

  it('changes a person\'s group and removes a person through the database, refuses the admin\'s own, and adds a removed person back', async () => {
    expect(await handlers.changeTeamPersonGroup({ login: layla, role: 'finance' }, ctx)).toMatchObject({ ok: true, value: { login: layla, role: 'finance' } });
    expect(await list()).toContainEqual({ login: layla, role: 'finance' });
    const self = await handlers.removeTeamPerson({ login: server.person('admin').login }, ctx);
    expect(self).toMatchObject({ ok: false, error: { reason: { key: 'teamLedger.peopleSelf' } } });
    expect(await handlers.changeTeamPersonGroup({ login: server.person('admin').login, role: 'staff' }, ctx)).toMatchObject({ ok: false, error: { reason: { key: 'teamLedger.peopleSelf' } } });
    expect(await handlers.addTeamPerson({ login: layla, role: 'admin', password: 'layla other password' }, ctx)).toMatchObject({ ok: false, error: { reason: { key: 'teamLedger.addPersonOnTeam', values: { login: layla } } } });
    expect(await handlers.removeTeamPerson({ login: layla }, ctx)).toMatchObject({ ok: true, value: { login: layla } });
    expect((await list()).map((p) => p.login)).not.toContain(layla);
    expect(await handlers.removeTeamPerson({ login: layla }, ctx)).toMatchObject({ ok: false, error: { reason: { key: 'teamLedger.peopleNotFound', values: { login: layla } } } });
    expect(await handlers.addTeamPerson({ login: layla, role: 'staff', password: 'layla is back again' }, ctx)).toMatchObject({ ok: true });
    expect(await list()).toContainEqual({ login: layla, role: 'staff' });
  });
});
