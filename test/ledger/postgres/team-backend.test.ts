// The team backend main starts when Settings → Team ledger says to use it (main/team/team-backend.ts),
// on a real team database: the role the database gives is what the screens get (never the
// password); a change made by another laptop arrives as main's payments.changed event; a lost
// live connection is said ("reconnecting…", then back, in words) and, once back, this laptop's own
// operations left `sending` are marked unknown again; chosen with no password in the keychain,
// every ledger call is refused in words (nothing is recorded anywhere else); with the server out of
// reach, the screens' reads say so in words too.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppEvent } from '../../../contract/events';
import { AppFailure } from '../../../contract/result';
import { createEventHub } from '../../../main/core/event-hub';
import { createMemoryLogger } from '../../../main/log/logger';
import { openTeamBackend, type TeamBackend } from '../../../main/team/team-backend';
import { createTeamLedgerSettings } from '../../../main/team/team-ledger-settings';
import { createKeyVault } from '../../../main/vault/key-vault';
import { memoryKeychain } from '../../vault/support/memory-keychain';
import { teamLedgerPasswords } from '../../../main/vault/team-ledger-password';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { startTeamServerProxy } from '../../support/team-server-proxy';

describeWithPostgres('the team backend main starts on the team ledger', () => {
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

  async function laptopOf(role: 'support' | 'staff', options: { password?: boolean; port?: number; person?: { login: string; password: string }; profiles?: Array<{ id: string; name: string; environment: string; baseUrl: string }> } = {}) {
    const server = teamServer();
    const person = options.person ?? server.person(role);
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-team-backend-'));
    dirs.push(dataDir);
    const login = { host: server.host, port: options.port ?? server.port, database, user: person.login };
    writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ ...login, tls: false, caPem: null, use: true }));
    const { backend } = memoryKeychain();
    const logger = createMemoryLogger();
    const vault = createKeyVault({ logger, backend });
    if (options.password !== false) await teamLedgerPasswords(vault).store(login, person.password);
    const settings = createTeamLedgerSettings({ dataDir, vault, logger });
    const events = createEventHub();
    const heard: AppEvent[] = [];
    // What the header's chip would read (getAppInfo's `reconnecting`) each time the screens are told to ask.
    const chip: Array<boolean | undefined> = [];
    let opened: TeamBackend | undefined;
    events.subscribe((e) => {
      heard.push(e);
      if (e.type === 'team.changed') chip.push(opened?.reconnecting());
    });
    const team = opened = (await openTeamBackend({ dataDir, settings, events, logger, exportDir: join(dataDir, 'exports'), profilesHere: () => options.profiles ?? [] }))!;
    backends.push(team);
    return { team, settings, heard, person, dataDir, chip };
  }

  it('tells the screens who is logged in and the role, hears other laptops, and marks its own again after a lost connection', async () => {
    const profiles = [{ id: `sues-sandbox-${randomUUID().slice(0, 8)}`, name: 'Sue shop', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1' }];
    const sue = await laptopOf('support', { profiles });
    expect(sue.team.session()).toEqual({ login: sue.person.login, role: 'support', reason: null });
    const published = async () => (await teamServer().sql(database, `SELECT id FROM paydesk.profiles WHERE added_by = $1 ORDER BY added_at`, [sue.person.login])).rows.map((r: { id: string }) => r.id);
    const view = await sue.settings.view();
    expect(view).toMatchObject({ inUse: true, chosen: true, session: { login: sue.person.login, role: 'support', reason: null } });
    expect(JSON.stringify(view)).not.toContain(sue.person.password);

    const marks: string[] = [];
    await sue.team.begin({ markInterrupted: async () => (marks.push('mark'), 0), reconcileDue: async () => 0 });
    expect(marks).toEqual(['mark']);
    const listening = async () => (await teamServer().sql(database, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'Paydesk live'`, [database])).rows[0].n;
    await expect.poll(listening).toBe(1);
    // Its profiles are published as it begins (The team's profiles, docs/team-ledger.md).
    await expect.poll(published).toEqual([profiles[0]!.id]);

    // Another laptop records a payment: sue's main hears it as payments.changed.
    const other = await teamServer().connectAs(database, teamServer().person('staff').login, 'sam-desk');
    const id = randomUUID();
    await other.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'sale', $2, 500, 'SAR', 'paid')`, [id, `PD-BACKEND-${id.slice(0, 8)}`]);
    await other.end();
    await expect.poll(() => sue.heard.some((e) => e.type === 'payments.changed' && e.paymentIds.includes(id))).toBe(true);

    // A profile added without being published (say, while the server was out of reach) is published when the connection is back.
    profiles.push({ id: `sues-live-${randomUUID().slice(0, 8)}`, name: 'Sue live', environment: 'production', baseUrl: 'https://gateway.example/api/v1' });
    // The live connection is cut: said in words, then back, and this laptop's sending operations are marked again.
    await teamServer().sql(database, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'Paydesk live'`, [database]);
    await expect.poll(() => sue.heard.filter((e) => e.type === 'notification').map((e) => (e as { reason?: { key: string } }).reason?.key)).toEqual(['teamLedger.reconnecting', 'teamLedger.reconnected']);
    await expect.poll(() => marks.length).toBe(2);
    // Settings said so while it lasted (team.changed, then the reason gone again), the role kept;
    // the header's chip said "reconnecting…" with the first, and no longer with the second.
    expect(sue.heard.filter((e) => e.type === 'team.changed').length).toBe(2);
    expect(sue.chip).toEqual([true, false]);
    expect(sue.team.session()).toEqual({ login: sue.person.login, role: 'support', reason: null });
    // Back: every open screen is told to read again (an empty list of ids: anything may have changed), so
    // a list that said "cannot reach the server" fills again without a click.
    const back = sue.heard.findIndex((e) => e.type === 'notification' && (e as { reason?: { key: string } }).reason?.key === 'teamLedger.reconnected');
    expect(sue.heard.slice(back).some((e) => e.type === 'payments.changed' && e.paymentIds.length === 0)).toBe(true);
    await expect.poll(published).toEqual(profiles.map((p) => p.id));

  });

  // A laptop that slept, or changed Wi-Fi, behind a NAT that forgot its connections: nothing is
  // closed, nothing arrives (docs/team-ledger.md, "A laptop that sleeps"). Electron's 'resume' calls wake().
  it('woken on a network that dropped its connections without a word: its reads do not wait on them, it says it is reconnecting and hears what another laptop changed', async () => {
    // A person of this test's own: another test's laptop of the template's support person is still listening.
    const sia = { login: `sia_${randomUUID().slice(0, 8)}`, password: 'sia-wake-password' };
    await teamServer().sql(database, `SELECT paydesk.add_person($1, 'support', $2)`, [sia.login, sia.password]);
    const proxy = await startTeamServerProxy(teamServer());
    const sue = await laptopOf('support', { port: proxy.port, person: sia });
    await sue.team.begin({ markInterrupted: async () => 0, reconcileDue: async () => 0 });
    const listening = async () => (await teamServer().sql(database, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND usename = $2 AND application_name = 'Paydesk live'`, [database, sue.person.login])).rows[0].n;
    await expect.poll(listening).toBe(1);
    // A read leaves a connection waiting in the pool.
    expect(await sue.team.store.get(randomUUID())).toBeUndefined();

    proxy.blackHole();
    const other = await teamServer().connectAs(database, teamServer().person('staff').login, 'sam-desk');
    const id = randomUUID();
    await other.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'sale', $2, 500, 'SAR', 'paid')`, [id, `PD-WAKE-${id.slice(0, 8)}`]);
    await other.end();
    proxy.restore();
    await sue.team.wake();

    // The waiting connection led nowhere: the read connects anew instead of waiting out its time-out.
    expect(await sue.team.store.get(randomUUID())).toBeUndefined();
    const said = () => sue.heard.filter((e) => e.type === 'notification').map((e) => (e as { reason?: { key: string } }).reason?.key);
    await expect.poll(said, { timeout: 30_000 }).toEqual(['teamLedger.reconnecting', 'teamLedger.reconnected']);
    await expect.poll(() => sue.heard.some((e) => e.type === 'payments.changed' && e.paymentIds.includes(id)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => sue.chip).toEqual([true, false]);
    await sue.team.close();
    await proxy.cut();
    // Its own waits are real time (a heartbeat's 5 s, a reconnect, two polls of up to 30 s): the
    // project's 30 s for the whole test ran out at load 8 in CI (2026-12-03) before any poll had.
  }, 90_000);

  it('a role changed on the server is checked again when the connection comes back, and the screens are told to ask for it (team.changed)', async () => {
    // A person of this test's own (roles are the server's: the template's people are shared by every file).
    const lee = { login: `lee_${randomUUID().slice(0, 8)}`, password: 'lee-role-change-password' };
    await teamServer().sql(database, `SELECT paydesk.add_person($1, 'staff', $2)`, [lee.login, lee.password]);
    const laptop = await laptopOf('staff', { person: lee });
    expect(laptop.team.session()).toMatchObject({ login: lee.login, role: 'staff' });
    const marks: string[] = [];
    await laptop.team.begin({ markInterrupted: async () => (marks.push('mark'), 0), reconcileDue: async () => 0 });
    const listening = async () => (await teamServer().sql(database, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND usename = $2 AND application_name = 'Paydesk live'`, [database, lee.login])).rows[0].n;
    await expect.poll(listening).toBe(1);

    // An admin moves lee to support; the live connection drops and comes back.
    await teamServer().sql(database, `GRANT paydesk_support TO ${lee.login}`);
    await teamServer().sql(database, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = $2 AND application_name = 'Paydesk live'`, [database, lee.login]);
    // Told twice: the connection lost (Settings says so), then back with the new role.
    await expect.poll(() => laptop.heard.filter((e) => e.type === 'team.changed').length).toBe(2);
    expect(laptop.team.session()).toMatchObject({ login: lee.login, role: 'support', reason: null });
  });

  it('chosen with no password in the keychain: every ledger call is refused in words', async () => {
    const sam = await laptopOf('staff', { password: false });
    expect(sam.team.session()).toMatchObject({ role: null, reason: { key: 'teamLedger.noPassword' } });
    const refused = await sam.team.store.get(randomUUID()).then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).toError()).toMatchObject({ code: 'storage', reason: { key: 'teamLedger.noPassword' } });
    // The screens' reads too: the list is never this laptop's own file shown as if it were the team's.
    expect(await listRefusal(sam.team)).toMatchObject({ code: 'storage', reason: { key: 'teamLedger.noPassword' } });
  });

  it('chosen with no password: the password saved in Settings opens the team ledger there and then, no restart', async () => {
    const sam = await laptopOf('staff', { password: false });
    // What composition.ts took at start, held as it holds them.
    const { store, bulk } = sam.team;
    const { invoices } = store;
    const marks: string[] = [];
    await sam.team.begin({ markInterrupted: async () => (marks.push('mark'), 0), reconcileDue: async () => 0 });
    expect(marks).toEqual([]);
    const login = { host: teamServer().host, port: teamServer().port, database, user: sam.person.login, tls: false };

    // A wrong password first: still refused, and why says so (not "no password").
    await sam.settings.save({ ...login, password: 'not-the-password' });
    expect(sam.team.session()).toMatchObject({ role: null, reason: { key: 'teamLedger.wrongPassword' } });
    const refused = await store.get(randomUUID()).then(() => undefined, (e: unknown) => (e as AppFailure).toError());
    expect(refused).toMatchObject({ code: 'storage', reason: { key: 'teamLedger.wrongPassword' } });

    // The right one: the answer to the save already says who this laptop is on the team ledger.
    const view = await sam.settings.save({ ...login, password: sam.person.password });
    expect(view).toMatchObject({ inUse: true, chosen: true, passwordSaved: true, session: { login: sam.person.login, role: 'staff', reason: null } });
    expect(sam.team.session()).toEqual({ login: sam.person.login, role: 'staff', reason: null });
    // The same objects now answer from the team database: a payment another laptop made is read.
    const other = await teamServer().connectAs(database, teamServer().person('support').login, 'sue-desk');
    const id = randomUUID();
    await other.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'sale', $2, 700, 'SAR', 'paid')`, [id, `PD-SAVED-${id.slice(0, 8)}`]);
    await other.end();
    expect(await store.get(id)).toMatchObject({ id, amount_minor: 700, state: 'paid' });
    expect(await invoices.byPayment(id)).toBeUndefined();
    expect(await bulk.recent(5)).toEqual(expect.any(Array));
    const listed = await sam.team.screens!.reads.searchPayments({ filter: { query: `PD-SAVED-${id.slice(0, 8)}` }, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 10 });
    expect(listed.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    // As at a start: its interrupted operations marked once, the screens told to ask again.
    expect(marks).toEqual(['mark']);
    expect(sam.heard.filter((e) => e.type === 'team.changed')).toHaveLength(1);
    expect(sam.heard.some((e) => e.type === 'payments.changed' && e.paymentIds.length === 0)).toBe(true);
    // A later save does not open it twice.
    await sam.settings.save({ ...login });
    expect(marks).toEqual(['mark']);
  });

  it('with the server out of reach at start: starts, says why, and refuses every call in words before anything is sent', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const sue = await laptopOf('support', { port });
    expect(sue.team.session()).toMatchObject({ role: null, reason: { key: 'teamLedger.unreachable', values: { port, code: 'ECONNREFUSED' } } });
    const marks: string[] = [];
    await sue.team.begin({ markInterrupted: async () => (marks.push('mark'), 0), reconcileDue: async () => 0 });
    expect(marks).toEqual([]);
    await expect.poll(() => sue.heard.some((e) => e.type === 'notification' && (e as { reason?: { key: string } }).reason?.key === 'teamLedger.reconnecting')).toBe(true);
    // The header's chip says it is trying again, told as it turned (the reason was already "out of reach").
    expect(sue.team.reconnecting()).toBe(true);
    expect(sue.chip).toEqual([true]);
    const refused = await sue.team.store.get(randomUUID()).then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).toError()).toMatchObject({ code: 'storage', reason: { key: 'teamLedger.unreachable' } });
    // The list and Home's figures say the same, not "something went wrong inside Paydesk".
    expect(await listRefusal(sue.team)).toMatchObject({ code: 'storage', reason: { key: 'teamLedger.unreachable', values: { port } } });
    const overview = await sue.team.screens!.overview.get({ periods: [], now: new Date().toISOString(), days: [] }).then(() => undefined, (e: unknown) => e);
    expect((overview as AppFailure).toError()).toMatchObject({ code: 'storage', reason: { key: 'teamLedger.unreachable' } });
  });
});

/** What the transactions list's first read answers on this backend, as the screen gets it. */
async function listRefusal(team: TeamBackend) {
  const refused = await team.screens!.reads.searchPayments({ filter: {}, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 }).then(() => undefined, (e: unknown) => e);
  expect(refused).toBeInstanceOf(AppFailure);
  return (refused as AppFailure).toError();
}
