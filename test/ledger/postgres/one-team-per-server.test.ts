// One team database per PostgreSQL server (cluster): roles are the server's, so two team
// databases on one server (a second branch, a test copy) share their people, groups and passwords.
// On a server of this file's own (the run's server holds many team databases by design): a team
// database made by the setup is told nothing; a second one made beside it warns whoever runs the
// setup (step 39), and "Test connection" on either says so in words, naming the other, in English
// and Arabic. What the words warn of is true: the second team's admin lists the first's people and
// removes the first team's only admin, who can then log in to neither (docs/team-ledger.md, "One
// team database per server").
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Reason } from '../../../contract/reasons';
import { reasonText } from '../../../main/core/fail';
import { testTeamLedgerConnection } from '../../../main/ledger/postgres/connection';
import { applyTeamLedgerSecurity } from '../../../main/ledger/postgres/security';
import { listPeople } from '../../../main/ledger/postgres/team-people';
import { startPostgres, type PostgresServer } from '../../support/postgres-server';
import { describeWithPostgres } from '../../support/postgres-tests';

describeWithPostgres('two team databases on one PostgreSQL server', () => {
  let server: PostgresServer;
  const clients: pg.Client[] = [];
  const amal = { login: 'amal', password: 'branch-one-first-pw' };
  const badr = { login: 'badr', password: 'branch-two-first-pw' };
  /** A team database made as "Setting one up" says, its first admin added by the superuser; the setup's warnings kept. */
  const setUp = async (database: string, admin: { login: string; password: string }) => {
    await server.createDatabase(database);
    const superuser = await server.connect({ database });
    const warnings: string[] = [];
    superuser.on('notice', (notice) => warnings.push(`${notice.severity}: ${notice.message}`));
    try {
      await applyTeamLedgerSecurity(superuser);
      await superuser.query('SELECT paydesk.add_person($1, $2, $3)', [admin.login, 'admin', admin.password]);
    } finally {
      await superuser.end();
    }
    return warnings.filter((w) => w.startsWith('WARNING'));
  };
  const check = (database: string, person: { login: string; password: string }) =>
    testTeamLedgerConnection({ host: '127.0.0.1', port: server.port, database, user: person.login }, person.password);

  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.end()));
    await server?.stop();
  });

  it('tells nothing to the first team database on a server', async () => {
    expect(await setUp('paydesk', amal)).toEqual([]);
    const first = await check('paydesk', amal);
    expect(first).toMatchObject({ ok: true, login: 'amal', role: 'admin' });
    expect(first).not.toHaveProperty('sharedServer');
  });

  it('warns the setup of a second one, and Test connection says so on both, naming the other', async () => {
    expect(await setUp('paydesk_b', badr)).toEqual([expect.stringMatching(/^WARNING: this PostgreSQL server already holds another Paydesk team database \(paydesk\)/)]);
    const second = await check('paydesk_b', badr);
    expect(second).toMatchObject({ ok: true, role: 'admin', sharedServer: { key: 'teamLedger.sharedServer', values: { count: 1, databases: 'paydesk' } } });
    const first = await check('paydesk', amal);
    expect(first).toMatchObject({ ok: true, sharedServer: { values: { databases: 'paydesk_b' } } });
    const words = (second as { sharedServer: Reason }).sharedServer;
    expect(reasonText('en', words)).toBe('This server also holds another Paydesk team ledger (paydesk). People, groups and passwords belong to the server, not to one database: each team’s people can log in to the other’s, and a person removed or moved to another group in one is removed or moved in all of them. Keep one team ledger per PostgreSQL server (docs/team-ledger.md, “One team database per server”).');
    // The names read left to right inside the Arabic sentence.
    expect(reasonText('ar', words)).toContain('يحتوي هذا الخادم أيضًا سجل فريق آخر لبايدسك (\u2066paydesk\u2069)');
    // A test copy made from the team database counts too.
    await server.sql('postgres', 'CREATE DATABASE paydesk_test TEMPLATE paydesk');
    expect(await check('paydesk_b', badr)).toMatchObject({ sharedServer: { values: { count: 2, databases: 'paydesk, paydesk_test' } } });
  });

  it('is true: the second team\'s admin sees the first team\'s people and can lock out its only admin', async () => {
    const b = await server.connect({ database: 'paydesk_b', user: badr.login, password: badr.password });
    clients.push(b);
    expect((await listPeople(b)).map((p) => p.login)).toEqual(['amal', 'badr']);
    await b.query('SELECT paydesk.remove_person($1)', ['amal']);
    expect(await check('paydesk', amal)).toMatchObject({ ok: false, problem: 'noPermission' });
  });
});
