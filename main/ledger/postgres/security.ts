// Sets a team database up: the tables, roles, grants, row-level security and audit triggers of
// security.sql, in one transaction, as a superuser (docs/team-ledger.md). The same file is what a
// database administrator runs with psql.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientBase } from 'pg';

/** The team ledger schema this Paydesk reads and writes (paydesk.ledger_meta 'schema_version'). */
export const teamLedgerSchemaVersion = 1;

/** The group roles, lowest first; each person's login role is a member of one. */
export const teamRoles = ['staff', 'support', 'finance', 'admin'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** A schema file's text: next to this module, else in the source tree from the repository's root (a bench bundled by scripts/run-ts.mjs). The app's bundle will need them copied or inlined. */
function schemaFile(name: string): string {
  const beside = new URL(`./${name}`, import.meta.url);
  return readFileSync(existsSync(beside) ? beside : join(process.cwd(), 'main/ledger/postgres', name), 'utf8');
}

/** security.sql's text. */
export function securitySql(): string {
  return schemaFile('security.sql');
}

/**
 * Creates the team ledger in the connected database, or finds it there already at this version.
 * Any other version is refused: migrations between versions are not written yet.
 */
export async function applyTeamLedgerSecurity(client: ClientBase): Promise<'created' | 'present'> {
  const schema = await client.query(`SELECT to_regclass('paydesk.ledger_meta') IS NOT NULL AS meta FROM pg_namespace WHERE nspname = 'paydesk'`);
  if (schema.rows.length > 0) {
    const found = schema.rows[0].meta ? await client.query<{ value: string }>(`SELECT value FROM paydesk.ledger_meta WHERE key = 'schema_version'`) : undefined;
    const version = found?.rows[0]?.value;
    if (version === String(teamLedgerSchemaVersion)) return 'present';
    throw new Error(`this database already has a paydesk schema at version ${version ?? 'none'}; expected ${teamLedgerSchemaVersion}`);
  }
  await client.query('BEGIN');
  try {
    await client.query(securitySql());
    await client.query('COMMIT');
    return 'created';
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
