// What the team ledger's reports share: one consistent snapshot to read from, and the export's
// entry in the team's audit log, which only the database writes (security.sql's record_export,
// granted to staff and finance: every person who may read the payments may export them).
import type pg from 'pg';

export type Connections = { connect(): Promise<pg.PoolClient> };
export type Queryable = Pick<pg.ClientBase, 'query'>;

/** A read-only transaction on one snapshot: every row of one answer or file sees the same payments. */
export async function inSnapshot<T>(pool: Connections, body: (db: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await body(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => void (broken = true));
    throw e;
  } finally {
    client.release(broken);
  }
}

/** Records an export in the team's audit log, as the person logged in, with the laptop's OS user beside it. */
export async function recordTeamExport(pool: Connections, what: 'payments' | 'audit_log' | 'settlement' | 'bulk_links' | 'refunds', result: string, osUser?: string): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    if (osUser) await client.query(`SELECT set_config('paydesk.os_user', $1, true)`, [osUser]);
    await client.query('SELECT paydesk.record_export($1, $2)', [what, result]);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => void (broken = true));
    throw e;
  } finally {
    client.release(broken);
  }
}
