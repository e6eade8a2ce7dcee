// A first password given to paydesk.add_person in psql follows the rule "Add a person" applies in
// Paydesk (contract/team-password-rule.ts: 12 characters at least, not containing the login), as
// the database enforces it (schema step 39, people-and-settled-create.sql): SQLSTATE PD019, told
// apart by HINT, worded by main as the form's own check in English and Arabic. Before step 39 an
// admin (or the superuser setting the first admin up) could give a person "pw". A SCRAM verifier,
// what Paydesk sends, is taken as it is (the database cannot read a password back from it), and a
// login without a password (one that cannot log in until one is set) is still made.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Reason } from '../../../contract/reasons';
import { reasonText } from '../../../main/core/fail';
import { addPerson } from '../../../main/ledger/postgres/own-password';
import { addPersonRefusal } from '../../../main/team/team-people';
import { describeWithPostgres, teamServer, type TeamServer } from '../../support/postgres-tests';

describeWithPostgres('a first password typed in psql, as the team database checks it', () => {
  let server: TeamServer;
  let database: string;
  let ada: pg.Client;
  let superuser: pg.Client;
  // Roles are the server's, shared by every test file: logins of this file's own.
  const tag = randomBytes(3).toString('hex');
  const login = (name: string) => `${name}_${tag}`;
  const refusal = async (client: pg.Client, who: string, password: string | null) => {
    const error = await client.query('SELECT paydesk.add_person($1, $2, $3)', [who, 'staff', password]).then(() => undefined, (e: unknown) => e);
    return error as { code?: string; hint?: string } | undefined;
  };
  const exists = async (who: string) => (await superuser.query('SELECT count(*)::int AS n FROM pg_roles WHERE rolname = $1', [who])).rows[0].n === 1;
  const added = async () => (await superuser.query(`SELECT reason FROM paydesk.audit_log WHERE action = 'add_person' AND reason LIKE $1 ORDER BY seq`, [`%_${tag}`])).rows.map((r) => r.reason);

  beforeAll(async () => {
    server = teamServer();
    database = await server.createTeamDatabase();
    ada = await server.connectAs(database, server.person('admin').login);
    superuser = await server.connect({ database });
  });
  afterAll(async () => {
    await Promise.allSettled([ada, superuser].map((c) => c?.end()));
  });

  it('refuses a password shorter than 12 characters, the admin\'s and the superuser\'s, and makes no login', async () => {
    expect(await refusal(ada, login('pw'), 'pw')).toMatchObject({ code: 'PD019', hint: 'first_password_short' });
    expect(await refusal(superuser, login('pw'), 'eleven-char')).toMatchObject({ code: 'PD019', hint: 'first_password_short' });
    expect(await exists(login('pw'))).toBe(false);
    // Characters, not bytes: twelve Arabic letters are 24 bytes and enough; eleven are not.
    expect(await refusal(ada, login('ar'), 'ابتثجحخدذرز')).toMatchObject({ code: 'PD019' });
    expect(await refusal(ada, login('ar'), 'ابتثجحخدذرزس')).toBeUndefined();
    expect(await refusal(ada, login('twelve'), 'twelve-chars')).toBeUndefined();
    const person = await server.connect({ database, user: login('twelve'), password: 'twelve-chars' });
    await person.end();
  });

  it('refuses a password that contains the login, in any case', async () => {
    const omar = login('omar');
    expect(await refusal(ada, omar, `my-${omar.toUpperCase()}-password`)).toMatchObject({ code: 'PD019', hint: 'first_password_login' });
    expect(await exists(omar)).toBe(false);
  });

  it('refuses a weak password for a person brought back too', async () => {
    const leaver = login('leaver');
    await ada.query('SELECT paydesk.add_person($1, $2, $3)', [leaver, 'staff', 'a-good-first-one']);
    await ada.query('SELECT paydesk.remove_person($1)', [leaver]);
    expect(await refusal(ada, leaver, 'short-again')).toMatchObject({ code: 'PD019', hint: 'first_password_short' });
    expect(await refusal(ada, leaver, 'a-good-second-one')).toBeUndefined();
  });

  it('still makes a login without a password (it cannot log in until one is set), and takes Paydesk\'s verifier as it is', async () => {
    const later = login('later');
    expect(await refusal(ada, later, null)).toBeUndefined();
    expect((await superuser.query('SELECT rolcanlogin, rolpassword IS NULL AS none FROM pg_authid WHERE rolname = $1', [later])).rows).toEqual([{ rolcanlogin: true, none: true }]);
    // "Add a person": the rule checked by main before the verifier is made, which then logs in.
    const huda = login('huda');
    await addPerson(ada, { login: huda, role: 'finance', password: 'a first password from the form' });
    const person = await server.connect({ database, user: huda, password: 'a first password from the form' });
    await person.end();
    expect(await added()).toEqual(expect.arrayContaining([later, huda, login('twelve'), login('ar')]));
    expect(await added()).not.toEqual(expect.arrayContaining([login('pw')]));
  });

  it('is worded by main as the form\'s own check, in English and Arabic', async () => {
    const short = addPersonRefusal(await refusal(ada, login('pw'), 'pw'), login('pw'))!;
    expect(short.toError()).toMatchObject({ code: 'invalid_input', fieldReasons: { password: { key: 'teamLedger.firstPasswordShort', values: { min: 12 } } } });
    expect(reasonText('en', short.toError().reason as Reason)).toBe('Use at least 12 characters for the first password.');
    expect(reasonText('ar', short.toError().reason as Reason)).toMatch(/كلمة المرور الأولى/);
    const omar = login('omar');
    const named = addPersonRefusal(await refusal(ada, omar, `${omar}-is-my-password`), omar)!;
    expect(named.toError()).toMatchObject({ fieldReasons: { password: { key: 'teamLedger.firstPasswordHasLogin', values: { login: omar } } } });
    expect(reasonText('en', named.toError().reason as Reason)).toContain(`contains the login (${omar})`);
    expect(reasonText('ar', named.toError().reason as Reason)).toContain(omar);
  });
});
