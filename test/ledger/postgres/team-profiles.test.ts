// The team's profiles (team-profiles.sql, schema version 31; docs/team-ledger.md, "The team's
// profiles"): ada's laptop publishes its sandbox profile to the team database (id, name,
// environment, base URL, never its key); sue's laptop adds a profile from the team's list and gets
// ada's id, so sue refunds ada's sale as a payment of her own profile, not by the colleague rule
// (sue also has a sandbox profile of her own: the colleague rule would refuse that as ambiguous).
// A laptop without the profile reads its name. The database, not the screen, keeps a staff member
// from renaming another's profile and everyone but an admin from removing one. Each laptop is its
// profile store and main's profile handlers over its own pool (logged in as its person), with a
// keychain of its own (two laptops in one process cannot share the machine's), and a payments
// service on the team database reaching the practice gateway over HTTP.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProfileView } from '../../../contract/methods/profiles';
import { createHandlers, type Implementations } from '../../../main/api/create-handlers';
import { profileHandlers } from '../../../main/api/profile-handlers';
import { createMemoryLogger } from '../../../main/log/logger';
import { createTeamProfiles } from '../../../main/ledger/postgres/pg-profiles';
import { createProfileStore } from '../../../main/profiles/profile-store';
import { teamProfilesLink } from '../../../main/team/team-profiles-link';
import { listenForTeamChanges, type LiveStatus, type TeamLedgerLive } from '../../../main/ledger/postgres/live';
import { createKeyVault } from '../../../main/vault/key-vault';
import { memoryKeychain } from '../../vault/support/memory-keychain';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { teamLaptops } from '../../support/team-laptops';
import { approveCard, startTestGateway, testCustomer } from '../../support/practice';

type Role = 'staff' | 'support' | 'finance' | 'admin';
const adasKey = `sk_test_TEAMPROFILESECRET_${randomUUID().replaceAll('-', '')}`;
const ctx = (osUser: string) => ({ transport: 'direct' as const, osUser });
const sandbox = { environment: 'sandbox' as const, defaultCurrency: 'SAR' };

describeWithPostgres('the team\'s profiles: published by one laptop, added on another with the same id', () => {
  let practice: Awaited<ReturnType<typeof startTestGateway>>;
  let database: string;
  const pools: pg.Pool[] = [];
  const clients: pg.Client[] = [];
  const listeners: TeamLedgerLive[] = [];
  const dataDirs: string[] = []; // each laptop's profiles folder, removed at the end
  const laptops = teamLaptops();
  beforeAll(async () => {
    practice = await startTestGateway();
    database = await teamServer().createTeamDatabase();
  });
  afterAll(async () => {
    await laptops.close();
    await Promise.allSettled(listeners.map((l) => l.close()));
    await Promise.allSettled([...pools.map((p) => p.end()), ...clients.map((c) => c.end())]);
    await practice?.gateway.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A laptop's Settings: its own profiles file and keychain, main's profile handlers, the team's profiles over its person's pool. */
  function settingsOf(role: Role) {
    const server = teamServer();
    const person = server.person(role);
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: person.login, password: person.password, max: 2 });
    pool.on('error', () => undefined);
    pools.push(pool);
    const logger = createMemoryLogger();
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-team-profiles-'));
    dataDirs.push(dataDir);
    const store = createProfileStore({ dataDir, practice: practice.conn, vault: createKeyVault({ logger, backend: memoryKeychain().backend }), logger });
    const team = teamProfilesLink({ profiles: createTeamProfiles({ pool, login: person.login }), profilesHere: () => store.list().profiles, publishes: () => role !== 'finance', logger });
    const handlers = createHandlers(profileHandlers({ profiles: store, team }) as unknown as Implementations, logger);
    const call = async <T>(answer: Promise<{ ok: boolean; value?: unknown; error?: unknown }>) => {
      const result = await answer;
      if (!result.ok) throw Object.assign(new Error('refused'), { error: result.error });
      return result.value as T;
    };
    const osUser = `${person.login}-laptop`;
    return {
      store, team, handlers, logger, login: person.login,
      create: (input: Record<string, unknown>) => call<ProfileView>(handlers.createProfile({ ...sandbox, ...input }, ctx(osUser))),
      refusedCreate: async (input: Record<string, unknown>) => {
        const result = await handlers.createProfile({ ...sandbox, ...input }, ctx(osUser));
        return result.ok ? undefined : result.error;
      },
      rename: (id: string, name: string) => call<ProfileView>(handlers.updateProfile({ id, name }, ctx(osUser))),
      teamList: async () => (await call<{ profiles: Array<{ id: string; name: string; environment: string; addedBy: string; removed: boolean }> }>(handlers.listTeamProfiles({}, ctx(osUser)))).profiles,
      setKey: (id: string, key: string) => call(handlers.setProfileKey({ id, key, testConnection: false }, ctx(osUser))),
    };
  }
  const asSql = async (role: Role) => {
    const server = teamServer();
    const client = await server.connectAs(database, server.person(role).login);
    clients.push(client);
    return client;
  };
  const superuser = async () => {
    const client = await teamServer().connect({ database });
    clients.push(client);
    return client;
  };
  const teamRow = async (id: string) => (await (await superuser()).query(`SELECT id, name, environment, base_url, added_by, changed_by, removed_by FROM paydesk.profiles WHERE id = $1`, [id])).rows[0];
  const refundsOf = (transactionId: string | null) => practice.gateway.records().filter((r) => r.transactionId === transactionId && r.operation === 'refund');

  let adasProfile: ProfileView;
  let ada: ReturnType<typeof settingsOf>;
  let sue: ReturnType<typeof settingsOf>;

  it('ada\'s laptop publishes its sandbox profile (never its key, never the practice profile); sue adds it from the team\'s list and gets its id; sue refunds ada\'s sale as her own profile\'s', async () => {
    ada = settingsOf('admin');
    adasProfile = await ada.create({ name: 'Shop', baseUrl: 'https://sandbox.gateway.example/api/v1' });
    await ada.setKey(adasProfile.id, adasKey);
    // Added: published beside the answer.
    await expect.poll(() => teamRow(adasProfile.id)).toMatchObject({ name: 'Shop', environment: 'sandbox', base_url: 'https://sandbox.gateway.example/api/v1', added_by: 'ada' });

    sue = settingsOf('support');
    const suesOwn = await sue.create({ name: 'Sue test', baseUrl: 'https://sandbox.other.example/api/v1' });
    await expect.poll(() => teamRow(suesOwn.id)).toMatchObject({ added_by: 'sue' });
    const offered = await sue.teamList();
    expect(offered.map((p) => [p.name, p.environment, p.addedBy, p.removed])).toEqual([['Shop', 'sandbox', 'ada', false], ['Sue test', 'sandbox', 'sue', false]]);
    expect(offered.some((p) => p.id === 'practice')).toBe(false);
    const adopted = await sue.create({ name: 'Shop', baseUrl: 'https://sandbox.gateway.example/api/v1', teamProfileId: adasProfile.id });
    expect(adopted).toMatchObject({ id: adasProfile.id, name: 'Shop', environment: 'sandbox', key: { configured: false } });
    // Its key is typed into sue's keychain, not taken from anywhere.
    await sue.setKey(adopted.id, `sk_test_sues_own_${randomUUID().slice(0, 8)}`);
    // Once is enough: a second add of the same team profile is refused in words.
    expect(await sue.refusedCreate({ name: 'Shop again', baseUrl: 'https://sandbox.gateway.example/api/v1', teamProfileId: adasProfile.id }))
      .toMatchObject({ code: 'invalid_input', fields: { teamProfileId: 'This laptop already has the team’s profile "Shop". Edit that one instead of adding it again.' } });

    // Two laptops' payments services, each with its profiles: sue has two sandbox profiles, so a
    // colleague's payment would be refused as ambiguous; ada's sale is her own profile's.
    const adaPays = laptops.open(database, practice, 'admin', { name: 'ada-laptop', profile: { id: adasProfile.id, name: 'Shop', environment: 'sandbox' } });
    const suePays = laptops.open(database, practice, 'support', { name: 'sue-laptop', profile: { id: adopted.id, name: 'Shop', environment: 'sandbox' }, otherProfiles: [{ id: suesOwn.id, environment: 'sandbox' }] });
    const sale = (await adaPays.service.chargeCard({ orderId: `PD-TP-${randomUUID().slice(0, 8)}`, amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, adaPays.ctx)).payment;
    expect(sale).toMatchObject({ state: 'paid', profileId: adasProfile.id });
    expect(await suePays.service.moneyOperation(suePays.ctx, { paymentId: sale.id, kind: 'refund', amount: '25.00', currency: 'SAR', reason: 'Customer returned one' })).toMatchObject({ state: 'partially_refunded', refundedMinor: 2_500 });
    expect(refundsOf(sale.transactionId)).toHaveLength(1);

    // The same two profiles with ids of their own (before): the colleague rule refuses it, nothing sent.
    const before = laptops.open(database, practice, 'support', { name: 'sue-laptop-before', profile: { id: suesOwn.id, name: 'Sue test', environment: 'sandbox' }, otherProfiles: [{ id: `own-${randomUUID()}`, environment: 'sandbox' }] });
    await expect(before.service.moneyOperation(before.ctx, { paymentId: sale.id, kind: 'refund', amount: '1.00', currency: 'SAR', reason: 'x' })).rejects.toMatchObject({ code: 'rule_violation' });
    expect(refundsOf(sale.transactionId)).toHaveLength(1);

    // A laptop without the profile (finance publishes nothing) names it from the team's list.
    const fay = settingsOf('finance');
    expect((await fay.teamList()).find((p) => p.id === sale.profileId)).toMatchObject({ name: 'Shop', environment: 'sandbox', addedBy: 'ada' });
  });

  it('no key, nor its last four characters, is anywhere in the team database: every text column of every table searched', async () => {
    const db = await superuser();
    const columns = (await db.query(`SELECT table_name, column_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE table_schema = 'paydesk' AND t.table_type = 'BASE TABLE' AND data_type IN ('text', 'character varying', 'json', 'jsonb')`)).rows as Array<{ table_name: string; column_name: string }>;
    expect(columns.some((c) => c.table_name === 'profiles' && c.column_name === 'base_url')).toBe(true);
    const holding = async (needle: string) => {
      const found: string[] = [];
      for (const { table_name, column_name } of columns) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM paydesk.${pg.escapeIdentifier(table_name)} WHERE strpos(${pg.escapeIdentifier(column_name)}::text, $1) > 0`, [needle]);
        if (rows[0].n > 0) found.push(`${table_name}.${column_name}`);
      }
      return found;
    };
    // The search finds what is there (it can fail), and not the key.
    expect(await holding('sandbox.gateway.example')).toContain('profiles.base_url');
    expect(await holding(adasKey)).toEqual([]);
    expect(await holding(adasKey.slice(8, 30))).toEqual([]);
  });

  it('renaming: the publisher\'s laptop renames the team\'s row; another\'s rename stays on their laptop; the database refuses a staff member renaming another\'s, and anyone but an admin removing one', async () => {
    const sam = settingsOf('staff');
    const samsProfile = await sam.create({ name: 'Sam shop', baseUrl: 'https://sandbox.sam.example/api/v1' });
    await expect.poll(() => teamRow(samsProfile.id)).toMatchObject({ name: 'Sam shop', added_by: 'sam' });

    // sue renames her copy of ada's profile: only on her laptop.
    await sue.rename(adasProfile.id, 'Shop (front desk)');
    await ada.rename(adasProfile.id, 'Shop main');
    await expect.poll(() => teamRow(adasProfile.id)).toMatchObject({ name: 'Shop main', changed_by: 'ada' });
    expect(sue.store.list().profiles.find((p) => p.id === adasProfile.id)?.name).toBe('Shop (front desk)');

    // Plain SQL, as a hand-written client would: refused by the database.
    const samSql = await asSql('staff');
    await expect(samSql.query(`UPDATE paydesk.profiles SET name = 'Mine now' WHERE id = $1`, [adasProfile.id])).rejects.toMatchObject({ code: '42501' });
    await expect(samSql.query(`UPDATE paydesk.profiles SET removed_at = now() WHERE id = $1`, [samsProfile.id])).rejects.toMatchObject({ code: '42501' });
    await expect(samSql.query(`DELETE FROM paydesk.profiles WHERE id = $1`, [samsProfile.id])).rejects.toMatchObject({ code: '42501' });
    await expect(samSql.query(`UPDATE paydesk.profiles SET environment = 'production' WHERE id = $1`, [samsProfile.id])).rejects.toMatchObject({ code: '42501' });
    const sueSql = await asSql('support');
    await expect(sueSql.query(`UPDATE paydesk.profiles SET name = 'Mine now' WHERE id = $1`, [samsProfile.id])).rejects.toMatchObject({ code: '42501' });
    await expect((await asSql('finance')).query(`INSERT INTO paydesk.profiles (id, name, environment, base_url) VALUES ('fays-own', 'Fay', 'sandbox', 'https://x.example/v1')`)).rejects.toMatchObject({ code: '42501' });
    // sam's own rename goes through; an admin may rename anyone's and remove one.
    await samSql.query(`UPDATE paydesk.profiles SET name = 'Sam store' WHERE id = $1`, [samsProfile.id]);
    expect(await teamRow(adasProfile.id)).toMatchObject({ name: 'Shop main' });
    const adaSql = await asSql('admin');
    await adaSql.query(`UPDATE paydesk.profiles SET removed_at = now() WHERE id = $1`, [samsProfile.id]);
    expect(await teamRow(samsProfile.id)).toMatchObject({ name: 'Sam store', removed_by: 'ada' });
    await expect(adaSql.query(`UPDATE paydesk.profiles SET environment = 'production' WHERE id = $1`, [samsProfile.id])).rejects.toMatchObject({ code: '42501' });

    // A removed profile is not taken, nor one of the other environment.
    const lina = settingsOf('support');
    expect((await lina.teamList()).find((p) => p.id === samsProfile.id)).toMatchObject({ removed: true });
    expect(await lina.refusedCreate({ name: 'Sam', baseUrl: 'https://sandbox.sam.example/api/v1', teamProfileId: samsProfile.id })).toMatchObject({ code: 'invalid_input', reason: { key: 'profile.teamProfileGone' } });
    expect(await lina.refusedCreate({ name: 'Live', environment: 'production', baseUrl: 'https://gateway.example/api/v1', teamProfileId: adasProfile.id })).toMatchObject({ code: 'invalid_input', reason: { key: 'profile.teamProfileGone', values: { environment: 'production' } } });
    expect(lina.store.list().profiles.map((p) => p.id)).toEqual(['practice']);
    // sam's laptop connecting again publishes nothing back over the removal.
    await sam.team.publish();
    expect(await teamRow(samsProfile.id)).toMatchObject({ removed_by: 'ada' });
  });

  it('Settings → Team ledger: an admin renames and removes a team\'s profile through main; others are refused in words; every listening laptop is told; the publisher\'s next connection does not undo the admin\'s rename', async () => {
    // Another laptop listening, as team-backend.ts does: told each time the team's list changes.
    const fay = teamServer().person('finance');
    const statuses: LiveStatus[] = [];
    let told = 0;
    listeners.push(listenForTeamChanges({ host: '127.0.0.1', port: teamServer().port, database, user: fay.login }, fay.password, {
      onPaymentsChanged: () => undefined, onProfilesChanged: () => void (told += 1), onStatus: (s) => statuses.push(s), firstDelayMs: 50,
    }));
    await expect.poll(() => statuses.some((s) => s.state === 'listening'), { timeout: 10_000 }).toBe(true);

    const sam = settingsOf('staff');
    const samsOwn = await sam.create({ name: 'Sam two', baseUrl: 'https://sandbox.sam2.example/api/v1' });
    await expect.poll(() => teamRow(samsOwn.id)).toMatchObject({ name: 'Sam two', added_by: 'sam' });
    // Published: told.
    await expect.poll(() => told, { timeout: 2_000 }).toBeGreaterThanOrEqual(1);
    const before = told;
    const answer = async (result: Promise<{ ok: boolean; value?: unknown; error?: unknown }>) => result;

    // The admin renames sam's row: the team's name changes, stamped by the database; sam's laptop keeps its own.
    expect(await answer(ada.handlers.renameTeamProfile({ id: samsOwn.id, name: 'Branch two' }, ctx('ada-laptop')))).toMatchObject({ ok: true, value: { profile: { id: samsOwn.id, name: 'Branch two', addedBy: 'sam', changedBy: 'ada', removed: false } } });
    expect(await teamRow(samsOwn.id)).toMatchObject({ name: 'Branch two', changed_by: 'ada' });
    await expect.poll(() => told, { timeout: 2_000 }).toBeGreaterThan(before);
    // sam's laptop connecting again publishes its profiles: not over the admin's rename.
    await sam.team.publish();
    expect(await teamRow(samsOwn.id)).toMatchObject({ name: 'Branch two' });
    expect(sam.store.list().profiles.find((p) => p.id === samsOwn.id)?.name).toBe('Sam two');

    // The admin's own profile of that id, named as the team's, follows (else her next connection would publish the old name back).
    expect(ada.store.list().profiles.find((p) => p.id === adasProfile.id)?.name).toBe('Shop main');
    expect(await answer(ada.handlers.renameTeamProfile({ id: adasProfile.id, name: 'Shop HQ' }, ctx('ada-laptop')))).toMatchObject({ ok: true });
    expect(ada.store.list().profiles.find((p) => p.id === adasProfile.id)?.name).toBe('Shop HQ');
    await ada.team.publish();
    expect(await teamRow(adasProfile.id)).toMatchObject({ name: 'Shop HQ' });

    // sue (support) is refused by the database, said in words naming her; nothing changes.
    expect(await answer(sue.handlers.renameTeamProfile({ id: samsOwn.id, name: 'Mine' }, ctx('sue-laptop')))).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'The team ledger does not let sue rename the team’s profile "Branch two": only an admin, or the person who published it, may.' } });
    expect(await answer(sue.handlers.removeTeamProfile({ id: samsOwn.id }, ctx('sue-laptop')))).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'profile.teamRemoveRefused', values: { person: 'sue', profile: 'Branch two' } } } });
    expect(await teamRow(samsOwn.id)).toMatchObject({ name: 'Branch two', removed_by: null });

    // The admin removes it: stamped, still listed (payments made with it are still named), no longer offered.
    const removed = await answer(ada.handlers.removeTeamProfile({ id: samsOwn.id }, ctx('ada-laptop')));
    expect(removed).toMatchObject({ ok: true, value: { profile: { id: samsOwn.id, removed: true, removedBy: 'ada' } } });
    expect((await sue.teamList()).find((p) => p.id === samsOwn.id)).toMatchObject({ name: 'Branch two', removed: true });
    expect(await answer(ada.handlers.removeTeamProfile({ id: 'no-such-profile' }, ctx('ada-laptop')))).toMatchObject({ ok: false, error: { code: 'not_found', reason: { key: 'profile.teamProfileUnknown' } } });
  });
});
