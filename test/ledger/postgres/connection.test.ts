// "Test connection" for the team ledger, against a real PostgreSQL server (with TLS, signed by a
// test certificate authority): each way a connection fails is told apart, with a reason in both
// languages, and the password never appears in what comes back.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Reason } from '../../../contract/reasons';
import { reasonText } from '../../../main/core/fail';
import { teamLedgerSchemaVersion } from '../../../main/ledger/postgres/security';
import { explainConnectionError, isLoopback, openTeamLedger, testTeamLedgerConnection, type TeamLedgerCheck, type TeamLedgerSettings } from '../../../main/ledger/postgres/connection';
import { makeCertificates, startPostgres } from '../../support/postgres-server';
import { describeWithPostgres, teamServer, type TeamServer } from '../../support/postgres-tests';

describeWithPostgres('Test connection to the team ledger', () => {
  let server: TeamServer;
  let team: string;
  let plain: string;
  let settings: TeamLedgerSettings;
  let password: string;
  const cleanups: Array<() => unknown> = [];

  const problemOf = (check: TeamLedgerCheck) => {
    // The password is never in a reason, in either language.
    expect(JSON.stringify(check)).not.toContain(password);
    if (check.ok) return 'ok';
    expect(reasonText('en', check.reason)).not.toMatch(/\{|\}/);
    expect(reasonText('ar', check.reason)).toMatch(/[\u0600-\u06ff]/);
    return check.problem;
  };

  beforeAll(async () => {
    // The run's server (with TLS); sue is support and fay finance in every team database.
    server = teamServer();
    password = server.person('support').password;
    plain = await server.createDatabase();
    team = await server.createTeamDatabase();
    settings = { host: '127.0.0.1', port: server.port, database: team, user: 'sue' };
    // A login in no Paydesk group (logins are per server, so made only where missing; another file
    // running at the same moment may make it between a check and a CREATE, hence the exception).
    await server.sql('postgres', `DO $$ BEGIN CREATE ROLE nobody LOGIN PASSWORD 'nobody-password'; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('connects, and says who the person is in the team', async () => {
    expect(await testTeamLedgerConnection(settings, password)).toEqual({
      ok: true, login: 'sue', role: 'support', superuser: false, tls: false, serverVersion: expect.stringMatching(/^1[5-9]/),
      // The run's server holds many team databases (the template and a copy per file): one-team-per-server.test.ts.
      sharedServer: expect.objectContaining({ key: 'teamLedger.sharedServer' }),
    });
    expect(await testTeamLedgerConnection({ ...settings, user: 'fay' }, server.person('finance').password)).toMatchObject({ ok: true, role: 'finance' });
    expect(await testTeamLedgerConnection({ ...settings, user: 'postgres' }, server.password)).toMatchObject({ ok: true, role: 'admin', superuser: true });
  });

  it('tells a wrong password (or an unknown user) from everything else', async () => {
    expect(problemOf(await testTeamLedgerConnection(settings, 'not-the-password'))).toBe('wrongPassword');
    expect(problemOf(await testTeamLedgerConnection({ ...settings, user: 'nosuchperson' }, password))).toBe('wrongPassword');
  });

  it('tells a server that cannot be reached', async () => {
    const closed = await portWithNobody();
    const check = await testTeamLedgerConnection({ ...settings, port: closed }, password);
    expect(problemOf(check)).toBe('unreachable');
    expect(check).toMatchObject({ reason: { values: { host: '127.0.0.1', port: closed, code: 'ECONNREFUSED' } } });
  });

  it('tells a login the team has not given a role, or has removed', async () => {
    expect(problemOf(await testTeamLedgerConnection({ ...settings, user: 'nobody' }, 'nobody-password'))).toBe('noPermission');
    await server.sql(team, `SELECT paydesk.add_person('leaver', 'staff', 'gone-person-pw-1')`);
    expect(await testTeamLedgerConnection({ ...settings, user: 'leaver' }, 'gone-person-pw-1')).toMatchObject({ ok: true, role: 'staff' });
    await server.sql(team, `SELECT paydesk.remove_person('leaver')`);
    expect(problemOf(await testTeamLedgerConnection({ ...settings, user: 'leaver' }, 'gone-person-pw-1'))).toBe('noPermission');
  });

  // Walk of the setup (2026-11-29): the admin who had not added the team's pg_hba.conf line (or not
  // reloaded the server) read "Ask your Paydesk admin to add you". A server of its own whose
  // pg_hba.conf lets only its superuser in: what keeps the login out, and what to do, in words.
  it('tells a connection the server’s pg_hba.conf keeps out apart from a login without a group, with the line to add and the reload', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-hba-'));
    chmodSync(dir, 0o755);
    const hba = join(dir, 'pg_hba.conf');
    writeFileSync(hba, 'host all postgres 127.0.0.1/32 scram-sha-256\n', { mode: 0o644 });
    const strict = await startPostgres({ settings: [`hba_file=${hba}`] });
    cleanups.push(() => strict.stop(), () => rmSync(dir, { recursive: true, force: true }));
    const check = await testTeamLedgerConnection({ ...settings, port: strict.port, user: 'amal' }, 'amal-password');
    expect(problemOf(check)).toBe('noPermission');
    if (check.ok) throw new Error('connected');
    expect(reasonText('en', check.reason)).toBe(`The server at 127.0.0.1 does not let amal connect to ${team} from this computer: no line of its pg_hba.conf lets this connection in. Whoever runs the server adds the team’s line (step 3 of “Setting one up” in docs/team-ledger.md) and reloads it (SELECT pg_reload_conf()); if that is not you, ask them. That line lets in only people added to the team (“Add a person”), so check too that amal was added.`);
    // The SQL, the file and the path read left to right inside the Arabic sentence.
    expect(reasonText('ar', check.reason)).toContain('\u2066SELECT pg_reload_conf()\u2069');
    expect(reasonText('ar', check.reason)).toContain('\u2066pg_hba.conf\u2069');
    // A login the server lets in but the team gave no group: still "ask your admin to add you".
    const nobody = await testTeamLedgerConnection({ ...settings, user: 'nobody' }, 'nobody-password');
    expect(nobody).toMatchObject({ ok: false, problem: 'noPermission', reason: { key: 'teamLedger.noPermission' } });
  });

  it('tells a missing database, one that is not a Paydesk ledger, and an older or newer ledger', async () => {
    expect(problemOf(await testTeamLedgerConnection({ ...settings, database: 'nosuchdb' }, password))).toBe('noDatabase');
    expect(problemOf(await testTeamLedgerConnection({ ...settings, user: 'postgres', database: plain }, server.password))).toBe('notLedger');
    // A copy of the team database of its own, so changing its version touches no other test.
    const copy = await server.createTeamDatabase();
    await server.sql(copy, `UPDATE paydesk.ledger_meta SET value = '0' WHERE key = 'schema_version'`);
    const old = await testTeamLedgerConnection({ ...settings, database: copy }, password);
    expect(problemOf(old)).toBe('oldSchema');
    expect(old).toMatchObject({ reason: { key: 'teamLedger.oldSchema', values: { found: 0, expected: teamLedgerSchemaVersion } } });
    await server.sql(copy, `UPDATE paydesk.ledger_meta SET value = $1 WHERE key = 'schema_version'`, [String(teamLedgerSchemaVersion + 1)]);
    expect(problemOf(await testTeamLedgerConnection({ ...settings, database: copy }, password))).toBe('newerSchema');
  });

  it('tells the admin of an older ledger the command that brings it up to date, not to ask their admin (walk of the team ledger)', async () => {
    const copy = await server.createTeamDatabase();
    await server.sql(copy, `UPDATE paydesk.ledger_meta SET value = '22' WHERE key = 'schema_version'`);
    const admin = server.person('admin');
    const check = await testTeamLedgerConnection({ ...settings, database: copy, user: admin.login }, admin.password);
    expect(problemOf(check)).toBe('oldSchema');
    if (check.ok) throw new Error('connected');
    const command = `psql "host=127.0.0.1 port=${server.port} user=postgres dbname=${copy}" -v ON_ERROR_STOP=1 -1 -f main/ledger/postgres/card-last4.sql -f main/ledger/postgres/bulk-links-export.sql -f main/ledger/postgres/audit-amount.sql -f main/ledger/postgres/authorised.sql -f main/ledger/postgres/link-expiry.sql -f main/ledger/postgres/copy-whole.sql -f main/ledger/postgres/copied-audit-search.sql -f main/ledger/postgres/refunds-made.sql -f main/ledger/postgres/team-profiles.sql -f main/ledger/postgres/home-sums.sql -f main/ledger/postgres/bulk-separator.sql -f main/ledger/postgres/chart-sums.sql -f main/ledger/postgres/search-text.sql -f main/ledger/postgres/creation-order.sql -f main/ledger/postgres/create-audit.sql -f main/ledger/postgres/team-people.sql -f main/ledger/postgres/people-and-settled-create.sql -f main/ledger/postgres/repeat-stops.sql -f main/ledger/postgres/repeat-stops-copy.sql -f main/ledger/postgres/repeat-stops-sending.sql -f main/ledger/postgres/amount-by-currency.sql -f main/ledger/postgres/bulk-addresses.sql -f main/ledger/postgres/refund-not-known.sql -f main/ledger/postgres/webhook-amount.sql`;
    expect(check.reason).toMatchObject({ key: 'teamLedger.oldSchemaAdmin', values: { found: 22, command } });
    const english = reasonText('en', check.reason as Reason);
    expect(english).toContain(`As its admin, you bring it up to date`);
    expect(english).toContain(command);
    expect(english).not.toContain('Ask your Paydesk admin');
    expect(JSON.stringify(check)).not.toContain(admin.password);
    // Anyone else is still told to ask the admin.
    const other = await testTeamLedgerConnection({ ...settings, database: copy }, password);
    expect(other).toMatchObject({ reason: { key: 'teamLedger.oldSchema', values: { found: 22 } } });
  });

  it('requires TLS for a server that is not on this computer, before connecting', async () => {
    expect(isLoopback('127.0.0.1') && isLoopback('localhost') && isLoopback('::1') && isLoopback('127.8.0.1')).toBe(true);
    expect(isLoopback('10.0.0.5') || isLoopback('db.example.com') || isLoopback('128.0.0.1')).toBe(false);
    const check = await testTeamLedgerConnection({ ...settings, host: '192.0.2.10', tls: false }, password);
    expect(problemOf(check)).toBe('tlsRequired');
    expect(check).toMatchObject({ reason: { key: 'teamLedger.tlsRequired', values: { host: '192.0.2.10' } } });
  });

  it('uses TLS with a pinned certificate authority, and refuses a server another authority signed', async () => {
    const pinned = { ...settings, tls: true, caPem: server.caPem };
    expect(await testTeamLedgerConnection(pinned, password)).toMatchObject({ ok: true, tls: true });
    // The connection really is encrypted, as the server sees it (and the query builder works).
    const db = openTeamLedger(pinned, password);
    const seen = await sql<{ ssl: boolean }>`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`.execute(db);
    await db.destroy();
    expect(seen.rows).toEqual([{ ssl: true }]);

    const dir = mkdtempSync(join(tmpdir(), 'paydesk-other-ca-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const other = await makeCertificates(dir, false);
    const mismatch = await testTeamLedgerConnection({ ...pinned, caPem: other.caPem }, password);
    expect(problemOf(mismatch)).toBe('caMismatch');
    // Without a pinned authority, the system's do not know the test one.
    expect(problemOf(await testTeamLedgerConnection({ ...settings, tls: true }, password))).toBe('certUntrusted');
  });

  it('keeps the ledger’s connections usable after the server drops them', async () => {
    const db = openTeamLedger<{ 'paydesk.ledger_meta': { key: string; value: string } }>(settings, password);
    const version = () => db.selectFrom('paydesk.ledger_meta').select('value').where('key', '=', 'schema_version').executeTakeFirstOrThrow();
    try {
      expect(await version()).toEqual({ value: String(teamLedgerSchemaVersion) });
      // Only this test's connections: other files share the server.
      // Waits (up to 20 s) until the server process is gone, so the connection really is dead.
      const dropped = await server.sql(team, `SELECT pg_terminate_backend(pid, 20000) FROM pg_stat_activity WHERE usename = 'sue' AND application_name = 'Paydesk' AND datname = current_database()`);
      expect(dropped.rowCount).toBeGreaterThan(0);
      // The pool hears the dropped connection as an 'error' event (which must not end the process).
      // A query may still meet the dead connection: failed by the server's goodbye before the
      // socket's end reaches the pool, the connection can go back to it and fail a second query
      // (seen under load); after that the pool has dropped it and the next query connects again.
      const answered = await version().catch(() => version()).catch(() => version());
      expect(answered).toEqual({ value: String(teamLedgerSchemaVersion) });
    } finally {
      await db.destroy();
    }
  });

  it('tells a server that offers no TLS when TLS is on', async () => {
    // Answers PostgreSQL's SSLRequest with "N", as a server with ssl = off does.
    const declining = createServer((socket) => socket.once('data', () => socket.write('N')));
    const port = await listen(declining);
    cleanups.push(() => new Promise((resolve) => declining.close(resolve)));
    const check = await testTeamLedgerConnection({ ...settings, port, tls: true }, password);
    expect(problemOf(check)).toBe('tlsUnsupported');
    // On this computer the box that turns TLS off is named (it said only "turn TLS on in the server's settings").
    expect(reasonText('en', (check as { reason: Reason }).reason)).toBe('The PostgreSQL server on this computer (127.0.0.1) does not offer TLS. A connection that stays on this computer needs none: untick “Encrypt the connection (TLS)” in the team ledger settings, or turn TLS on in the server’s settings.');
    expect(reasonText('ar', (check as { reason: Reason }).reason)).toContain('ألغِ تحديد «تشفير الاتصال (TLS)»');
    const remote = explainConnectionError(new Error('The server does not support SSL connections'), { ...settings, host: 'db.example.com' });
    expect(reasonText('en', (remote as { reason: Reason }).reason)).toBe('The server at db.example.com does not offer TLS. Turn TLS on in the server’s settings, or ask its administrator to.');
  });

  // Walked as a new user: a web server on the port typed read "The team ledger could not be used (unknown)".
  it('tells a port where something else than PostgreSQL answers, with TLS or without', async () => {
    const web = createHttpServer((_request, response) => response.end('hello'));
    const closing = createServer((socket) => socket.destroy());
    const webPort = await listen(web);
    const closingPort = await listen(closing);
    cleanups.push(() => new Promise((resolve) => web.close(resolve)), () => new Promise((resolve) => closing.close(resolve)));
    for (const [port, tls] of [[webPort, false], [webPort, true], [closingPort, false]] as const) {
      const check = await testTeamLedgerConnection({ ...settings, port, tls }, password);
      expect(problemOf(check)).toBe('notPostgres');
      expect(reasonText('en', (check as { reason: Reason }).reason)).toBe(`Something at 127.0.0.1:${port} took the connection but did not answer as a PostgreSQL server does: another program may be using that port. Check the port (PostgreSQL usually uses 5432) and the address.`);
      expect(reasonText('ar', (check as { reason: Reason }).reason)).toContain(`على \u2066127.0.0.1:${port}\u2069 الاتصال`);
    }
  });

  it('words a certificate for another name, and anything unexpected by its code only', () => {
    expect(explainConnectionError({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' }, settings)).toMatchObject({ problem: 'certName', reason: { values: { host: '127.0.0.1' } } });
    const odd = explainConnectionError(Object.assign(new Error(`connect to postgres://sue:${password}@x failed`), { code: '08P01' }), settings);
    expect(problemOf(odd)).toBe('failed');
    expect(odd).toMatchObject({ reason: { values: { code: '08P01' } } });
  });
});

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

async function portWithNobody(): Promise<number> {
  const s = createServer();
  const port = await listen(s);
  await new Promise((resolve) => s.close(resolve));
  return port;
}
