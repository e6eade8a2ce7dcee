// Who is on the team ledger (Settings → Team ledger, "People on the team ledger"): every login in
// one of the four groups, with its highest group as "Test connection" finds it (connection.ts,
// whoIs). Read from PostgreSQL's own catalogs, which every login may read: no schema step, and a
// person removed (paydesk.remove_person: out of every group, NOLOGIN) is no longer listed. An
// admin changes a person's group or removes them through the database's own functions
// (team-people.sql, version 38), which decide who may.
import type pg from 'pg';
import { teamRoles } from './security';

export type TeamPerson = { login: string; role: (typeof teamRoles)[number] };

export async function listPeople(client: pg.Client): Promise<TeamPerson[]> {
  // A superuser is a member of every role (pg_has_role says so): not a person of the team.
  const found = await client.query<{ login: string; roles: string[] }>(
    `SELECT r.rolname AS login,
       ARRAY(SELECT g FROM unnest($1::text[]) g WHERE pg_has_role(r.oid, 'paydesk_' || g, 'MEMBER')) AS roles
     FROM pg_roles r
     WHERE r.rolcanlogin AND NOT r.rolsuper
     ORDER BY r.rolname`,
    [[...teamRoles]],
  );
  return found.rows.flatMap((row) => {
    const role = [...teamRoles].reverse().find((r) => row.roles.includes(r));
    return role ? [{ login: row.login, role }] : [];
  });
}

/** Settings → "Change group": the database's paydesk.set_person_group (admins only; audited). */
export async function setPersonGroup(client: pg.Client, login: string, role: TeamPerson['role']): Promise<void> {
  await client.query('SELECT paydesk.set_person_group($1, $2)', [login, role]);
}

/** Settings → "Remove": the database's paydesk.remove_person (admins only; audited). */
export async function removePerson(client: pg.Client, login: string): Promise<void> {
  await client.query('SELECT paydesk.remove_person($1)', [login]);
}
