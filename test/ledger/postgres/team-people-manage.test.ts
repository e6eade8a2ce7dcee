// Who is who on the team ledger, as the database enforces it against plain SQL (a client written
// by hand): an admin changes a person's group (one group at a time) and removes a person, never
// themself, never the team's last admin; support calling the same functions is refused; a person
// removed cannot log in and is not listed; "Add a person" brings them back with a new first
// password; every change is in the audit log with the admin who made it (team-people.sql, v38).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listPeople } from '../../../main/ledger/postgres/team-people';
import { describeWithPostgres, teamServer, type TeamServer } from '../../support/postgres-tests';

describeWithPostgres('the team ledger\'s people, changed and removed by an admin only', () => {
  let server: TeamServer;
  let database: string;
  const clients: pg.Client[] = [];
  // Roles are the server's, shared by every test file: logins of this file's own.
  const tag = randomBytes(3).toString('hex');
  const omar = `omar_${tag}`;
  const hana = `hana_${tag}`;
  const connect = async (user: string, password: string) => {
    const client = await server.connect({ database, user, password });
    clients.push(client);
    return client;
  };
  let ada: pg.Client;
  let sue: pg.Client;
  let superuser: pg.Client;

  beforeAll(async () => {
    server = teamServer();
    database = await server.createTeamDatabase();
    ada = await server.connectAs(database, server.person('admin').login);
    sue = await server.connectAs(database, server.person('support').login);
    superuser = await server.connect({ database });
    clients.push(ada, sue, superuser);
    await ada.query('SELECT paydesk.add_person($1, $2, $3)', [omar, 'staff', 'omar-first-1']);
    await ada.query('SELECT paydesk.add_person($1, $2, $3)', [hana, 'admin', 'hana-first-1']);
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.end()));
  });

  const groupsOf = async (login: string) =>
    (await superuser.query<{ g: string }>(
      `SELECT substr(g.rolname, 9) AS g FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles p ON p.oid = m.member WHERE p.rolname = $1 ORDER BY 1`,
      [login],
    )).rows.map((r) => r.g);
  const peopleEntries = async () =>
    (await superuser.query(`SELECT db_user, action, reason, result FROM paydesk.audit_log WHERE action IN ('add_person', 'remove_person', 'change_person_group') ORDER BY seq`)).rows;

  it('moves a person from one group to another, one group at a time, audited with the admin who did it', async () => {
    await ada.query('SELECT paydesk.set_person_group($1, $2)', [omar, 'support']);
    expect(await groupsOf(omar)).toEqual(['support']);
    await ada.query('SELECT paydesk.set_person_group($1, $2)', [omar, 'finance']);
    expect(await groupsOf(omar)).toEqual(['finance']);
    const o = await connect(omar, 'omar-first-1');
    expect((await o.query(`SELECT pg_has_role('paydesk_support', 'MEMBER') AS support, pg_has_role('paydesk_finance', 'MEMBER') AS finance`)).rows).toEqual([{ support: false, finance: true }]);
    expect((await peopleEntries()).slice(-2)).toEqual([
      { db_user: server.person('admin').login, action: 'change_person_group', reason: omar, result: 'staff -> support' },
      { db_user: server.person('admin').login, action: 'change_person_group', reason: omar, result: 'support -> finance' },
    ]);
    // Adding them again in another group is a change of group, refused here: a second group was never meant.
    await expect(ada.query('SELECT paydesk.add_person($1, $2)', [omar, 'admin'])).rejects.toMatchObject({ code: '42710', hint: 'on_team' });
    expect(await groupsOf(omar)).toEqual(['finance']);
    await expect(ada.query('SELECT paydesk.set_person_group($1, $2)', [omar, 'owner'])).rejects.toMatchObject({ code: '22023' });
  });

  it('refuses support (or any non-admin) calling the functions by hand, and an admin changing or removing themself', async () => {
    for (const sql of [`SELECT paydesk.set_person_group('${omar}', 'admin')`, `SELECT paydesk.remove_person('${omar}')`, `SELECT paydesk.add_person('${omar}', 'admin')`]) {
      await expect(sue.query(sql), sql).rejects.toMatchObject({ code: '42501' });
    }
    const ada_ = server.person('admin').login;
    await expect(ada.query('SELECT paydesk.set_person_group($1, $2)', [ada_, 'staff'])).rejects.toMatchObject({ code: '42501', hint: 'self' });
    await expect(ada.query('SELECT paydesk.remove_person($1)', [ada_])).rejects.toMatchObject({ code: '42501', hint: 'self' });
    await expect(ada.query('SELECT paydesk.set_person_group($1, $2)', ['postgres', 'staff'])).rejects.toMatchObject({ code: '42704', hint: 'not_person' });
    await expect(ada.query('SELECT paydesk.remove_person($1)', ['paydesk_admin'])).rejects.toMatchObject({ code: '42704', hint: 'not_person' });
    expect(await groupsOf(omar)).toEqual(['finance']);
    expect(await groupsOf(ada_)).toEqual(['admin']);
  });

  it('never locks out a login of another program on the same server (in no Paydesk group)', async () => {
    const other = `report_app_${tag}`;
    await superuser.query(`CREATE ROLE ${other} LOGIN PASSWORD 'report-app-pass-1'`);
    await expect(ada.query('SELECT paydesk.remove_person($1)', [other])).rejects.toMatchObject({ code: '42704', hint: 'not_person' });
    expect((await superuser.query('SELECT rolcanlogin FROM pg_roles WHERE rolname = $1', [other])).rows).toEqual([{ rolcanlogin: true }]);
    await superuser.query(`DROP ROLE ${other}`);
  });

  it('keeps at least one admin on the team, even against a superuser', async () => {
    // The other admins taken out inside a transaction rolled back after: the shared server keeps them.
    await superuser.query('BEGIN');
    try {
      const admins = (await superuser.query<{ login: string }>(
        `SELECT p.rolname AS login FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles p ON p.oid = m.member WHERE g.rolname = 'paydesk_admin' AND p.rolcanlogin AND NOT p.rolsuper AND p.rolname <> $1`,
        [hana],
      )).rows;
      for (const { login } of admins) await superuser.query(`REVOKE paydesk_admin FROM "${login}"`);
      await superuser.query('SAVEPOINT s');
      await expect(superuser.query('SELECT paydesk.remove_person($1)', [hana])).rejects.toMatchObject({ code: '23514', hint: 'last_admin' });
      await superuser.query('ROLLBACK TO SAVEPOINT s');
      await expect(superuser.query('SELECT paydesk.set_person_group($1, $2)', [hana, 'support'])).rejects.toMatchObject({ code: '23514', hint: 'last_admin' });
    } finally {
      await superuser.query('ROLLBACK');
    }
    expect(await groupsOf(hana)).toEqual(['admin']);
  });

  it('removes a person: they cannot log in, are not listed, and are brought back only with a new first password', async () => {
    const before = await connect(omar, 'omar-first-1');
    await ada.query('SELECT paydesk.remove_person($1)', [omar]);
    await expect(before.query('SELECT count(*) FROM paydesk.payments')).rejects.toMatchObject({ code: '42501' });
    await expect(server.connect({ database, user: omar, password: 'omar-first-1' })).rejects.toMatchObject({ code: '28000' });
    expect((await listPeople(ada)).map((p) => p.login)).not.toContain(omar);
    // Their past entries stay in the audit log.
    expect((await peopleEntries()).filter((e) => e.reason === omar).map((e) => e.action)).toEqual(['add_person', 'change_person_group', 'change_person_group', 'remove_person']);

    await expect(sue.query('SELECT paydesk.add_person($1, $2, $3)', [omar, 'staff', 'omar-again-2'])).rejects.toMatchObject({ code: '42501' });
    await expect(ada.query('SELECT paydesk.add_person($1, $2)', [omar, 'staff'])).rejects.toMatchObject({ code: '22023', hint: 'password' });
    await ada.query('SELECT paydesk.add_person($1, $2, $3)', [omar, 'staff', 'omar-again-2']);
    expect(await groupsOf(omar)).toEqual(['staff']);
    await expect(server.connect({ database, user: omar, password: 'omar-first-1' })).rejects.toMatchObject({ code: '28P01' });
    const back = await connect(omar, 'omar-again-2');
    expect((await back.query(`SELECT pg_has_role('paydesk_staff', 'MEMBER') AS staff`)).rows).toEqual([{ staff: true }]);
    expect(await listPeople(ada)).toContainEqual({ login: omar, role: 'staff' });
    expect((await peopleEntries()).at(-1)).toEqual({ db_user: server.person('admin').login, action: 'add_person', reason: omar, result: 'staff' });
  });

  it('never turns a role this ledger did not remove into a login (another program\'s group, an owner of objects)', async () => {
    const other = `reporting_${tag}`;
    await superuser.query(`CREATE ROLE "${other}" NOLOGIN`);
    await expect(ada.query('SELECT paydesk.add_person($1, $2, $3)', [other, 'staff', 'taken-over-1'])).rejects.toMatchObject({ code: '42501', hint: 'not_person' });
    expect((await superuser.query('SELECT rolcanlogin FROM pg_roles WHERE rolname = $1', [other])).rows).toEqual([{ rolcanlogin: false }]);
  });
});
