// Who is on the team ledger (Settings → Team ledger, "People on the team ledger"): every login in
// one of the four groups, with its highest group as "Test connection" finds it (connection.ts,
// whoIs). Read from PostgreSQL's own catalogs, which every login may read: no schema step, and a
// person removed (paydesk.remove_person: out of every group, NOLOGIN) is no longer listed.
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
