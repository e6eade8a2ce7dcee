// Bulk payment links' batches and rows on the team's PostgreSQL (bulk.sql, schema version 12): the
// BulkStore of ledger/bulk-store.ts, so main/bulk/bulk-service.ts runs here as on the laptop's file.
// One laptop runs a batch at a time: `claim` takes the batch's lease in one UPDATE (the row lock
// orders two laptops pressing Run at once; the second then finds the lease held) and names who
// holds it otherwise; the runner renews it before each row, and sees there a Cancel asked from
// another laptop or that its lease was taken over (it then stops without writing the batch's
// state). A laptop killed mid-run leaves its lease to run out (bulkLeaseMs) — or, started again,
// marks its own batches interrupted at once. Whatever the database refuses a role (finance makes
// or runs no batch: grants and row-level security) is answered in words naming the login.
// A batch read names who runs it (`runner`, from run_by and run_laptop while its lease holds).
// Its audit entries and its notifications to the other laptops are the database's (bulk-audit.sql,
// version 18): this file only sets the OS user beside the login for the changes a person makes.
import pg from 'pg';
import { parseAmount } from '../../../contract/money';
import { fail } from '../../core/fail';
import { addressesOf, bulkLinkColumns, type BulkBatchRow, type BulkBatchSummary, type BulkLinkRow, type BulkRowRow, type BulkStore } from '../bulk-store';
import { minor } from './pg-store';
import { serverFailureInWords, type TeamLedgerSettings } from './connection';
import { recordTeamExport } from './pg-snapshot';

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>>; rowCount?: number | null }> };
/** How long a laptop's run of a batch holds without a word from it (renewed before each row; a row's create takes seconds). */
export const bulkLeaseMs = 2 * 60_000;

/** A batch id the contract lets through but no batch has (ids are uuids): found nowhere, without asking the database to cast it. */
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const iso = (v: unknown) => new Date(v as string).toISOString();
// A run whose lease ran out (its laptop stopped answering) reads as interrupted: Resume takes it over.
const stateSql = `CASE WHEN b.state = 'running' AND b.lease_until < now() THEN 'interrupted' ELSE b.state END AS state`;
// Who runs it, while it runs (a run whose lease ran out has nobody): the login the database stamped and the laptop.
const runnerSql = `CASE WHEN b.state = 'running' AND b.lease_until >= now() THEN coalesce(b.run_by, b.created_by) END AS run_person, CASE WHEN b.state = 'running' AND b.lease_until >= now() THEN b.run_laptop END AS run_laptop`;
const batchColumns = `b.id, b.profile_id, b.file_name, ${stateSql}, coalesce(b.os_user, b.created_by) AS created_by, b.created_at, b.updated_at, b.separator, b.success_url, b.failure_url, ${runnerSql}`;
const rowColumns = 'batch_id, line, order_id, amount, currency, description, customer_name, customer_email, customer_phone, issue_date, expire_date, vat_rate, vat_reason, state, payment_id, error';

function batchOf(r: Record<string, unknown>, laptop: string): BulkBatchRow {
  const runner = r.state === 'running' && typeof r.run_person === 'string' ? { person: r.run_person, laptop: (r.run_laptop as string | null) ?? null, here: r.run_laptop === laptop } : null;
  return { id: r.id as string, profile_id: r.profile_id as string, file_name: r.file_name as string, state: r.state as BulkBatchRow['state'], created_by: r.created_by as string, created_at: iso(r.created_at), updated_at: iso(r.updated_at), separator: (r.separator as BulkBatchRow['separator']) ?? null,
    success_url: (r.success_url as string | null) ?? null, failure_url: (r.failure_url as string | null) ?? null, runner };
}

/** The amount a row would send, in minor units (the link form's parser: exact text to integer), or null for a row that is not sent. */
export function amountMinorOf(row: BulkRowRow): number | null {
  if (row.state === 'failed') return null;
  const parsed = parseAmount(row.amount, row.currency as never);
  return parsed.ok ? parsed.minor : null;
}

export function createTeamBulkStore(options: { pool: Queryable & { connect(): Promise<pg.PoolClient> }; laptop: string; settings?: TeamLedgerSettings; leaseMs?: number }): BulkStore {
  const { pool, laptop, settings } = options;
  const leaseMs = options.leaseMs ?? bulkLeaseMs;
  /** The OS user who pressed Run, per batch this laptop runs: beside the login in its end's audit entry. */
  const runners = new Map<string, string>();

  /** The database's refusal of a role, or a server out of reach, in words; anything else as it is. */
  async function worded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const { code } = (error ?? {}) as { code?: unknown };
      if (code === '42501') throw fail('forbidden', 'bulk.notAllowed', { person: String((await pool.query('SELECT session_user AS who').catch(() => ({ rows: [{ who: '?' }] }))).rows[0]!.who) });
      throw (settings && serverFailureInWords(error, settings)) || error;
    }
  }
  /** Statements that stamp the OS user (the database keeps it beside the login) run in a transaction of their own. */
  async function inTransaction<T>(osUser: string | null, body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      if (osUser !== null) await client.query(`SELECT set_config('paydesk.os_user', $1, true)`, [osUser]);
      const result = await body(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => void (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  return {
    // Looked for first: a laptop that runs none (finance's, which may not write) writes nothing.
    markInterrupted: () => worded(async () => {
      const running = await pool.query(`SELECT id FROM paydesk.bulk_batches WHERE state = 'running' AND run_laptop = $1`, [laptop]);
      if (!running.rows.length) return;
      await inTransaction(null, async (client) => {
        const mine = await client.query(`UPDATE paydesk.bulk_batches SET state = 'interrupted', lease_until = NULL WHERE state = 'running' AND run_laptop = $1 RETURNING id`, [laptop]);
        if (mine.rows.length) await client.query(`UPDATE paydesk.bulk_rows SET state = 'pending' WHERE state = 'sending' AND batch_id = ANY($1)`, [mine.rows.map((r) => r.id)]);
      });
    }),

    insertBatch: (batch, rows) => worded(() => inTransaction(batch.created_by, async (client) => {
      await client.query('INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state, separator) VALUES ($1, $2, $3, $4, $5)', [batch.id, batch.profile_id, batch.file_name, batch.state, batch.separator]);
      // In slices of 500 rows (16 parameters each): a 5,000-row file in ten statements.
      for (let i = 0; i < rows.length; i += 500) {
        const slice = rows.slice(i, i + 500);
        const values: unknown[] = [];
        const tuples = slice.map((r) => {
          const start = values.length;
          values.push(r.batch_id, r.line, r.order_id, r.amount, amountMinorOf(r), r.currency, r.description, r.customer_name, r.customer_email, r.customer_phone, r.issue_date, r.expire_date, r.vat_rate, r.vat_reason, r.state, r.error);
          return `(${Array.from({ length: 16 }, (_, k) => `$${start + k + 1}`).join(', ')})`;
        });
        await client.query(`INSERT INTO paydesk.bulk_rows (batch_id, line, order_id, amount, amount_minor, currency, description, customer_name, customer_email, customer_phone, issue_date, expire_date, vat_rate, vat_reason, state, error) VALUES ${tuples.join(', ')}`, values);
      }
    })),

    batch: (batchId) => worded(async () => {
      if (!isUuid(batchId)) return undefined;
      const found = await pool.query(`SELECT ${batchColumns} FROM paydesk.bulk_batches b WHERE b.id = $1`, [batchId]);
      return found.rows[0] ? batchOf(found.rows[0], laptop) : undefined;
    }),

    rows: (batchId) => worded(async () => !isUuid(batchId) ? [] : (await pool.query(`SELECT ${rowColumns} FROM paydesk.bulk_rows WHERE batch_id = $1 ORDER BY line`, [batchId])).rows.map((r) => ({ ...r, payment_id: (r.payment_id as string | null) ?? null }) as BulkRowRow)),

    // Batches with one creation time in one order on every read, whatever row versions an update
    // (a run's lease renewed) left, the later-made first as on a laptop (its rowid): by made_seq
    // (creation-order.sql, version 36), then by id for batches from before it (they have none).
    // The database stamps created_at to the microsecond, so only copies from a laptop's ledger
    // (its milliseconds) or a server clock set back make such a tie.
    recent: (limit) => worded(async () => (await pool.query(`SELECT ${batchColumns}, count(r.line)::int AS total,
        count(*) FILTER (WHERE r.state = 'created')::int AS created, count(*) FILTER (WHERE r.state = 'failed')::int AS failed,
        count(*) FILTER (WHERE r.state = 'unknown')::int AS unknown, count(*) FILTER (WHERE r.state IN ('pending', 'sending'))::int AS pending
      FROM (SELECT * FROM paydesk.bulk_batches ORDER BY created_at DESC, made_seq DESC NULLS LAST, id DESC LIMIT $1) b LEFT JOIN paydesk.bulk_rows r ON r.batch_id = b.id
      GROUP BY b.id, b.profile_id, b.file_name, b.state, b.lease_until, b.os_user, b.created_by, b.created_at, b.updated_at, b.separator, b.success_url, b.failure_url, b.run_by, b.run_laptop, b.made_seq ORDER BY b.created_at DESC, b.made_seq DESC NULLS LAST, b.id DESC`, [limit])).rows
      .map((r): BulkBatchSummary => ({ ...batchOf(r, laptop), total: r.total as number, created: r.created as number, failed: r.failed as number, unknown: r.unknown as number, pending: r.pending as number }))),

    setRow: (batchId, line, changes) => worded(async () => {
      await pool.query('UPDATE paydesk.bulk_rows SET state = $3, payment_id = $4, error = $5 WHERE batch_id = $1 AND line = $2', [batchId, line, changes.state, changes.payment_id, changes.error]);
    }),

    // The lease in one statement: a second laptop's UPDATE waits for the first's row lock, then
    // finds the batch running on a lease that holds, and changes nothing.
    // A batch without addresses keeps these in the same statement (bulk-addresses.sql, version 44: set once, never changed).
    claim: (batchId, osUser, addresses) => worded(() => inTransaction(osUser, async (client) => {
      const taken = await client.query(`UPDATE paydesk.bulk_batches SET state = 'running', run_laptop = $2, lease_until = now() + $3 * interval '1 millisecond', cancel_asked = false,
          success_url = CASE WHEN success_url IS NULL AND failure_url IS NULL THEN $4 ELSE success_url END,
          failure_url = CASE WHEN success_url IS NULL AND failure_url IS NULL THEN $5 ELSE failure_url END
        WHERE id = $1 AND state <> 'done' AND (state <> 'running' OR lease_until IS NULL OR lease_until < now() OR run_laptop = $2) RETURNING success_url, failure_url`, [batchId, laptop, leaseMs, addresses.successUrl, addresses.failureUrl]);
      if (taken.rows.length) {
        runners.set(batchId, osUser);
        return { taken: true as const, addresses: addressesOf(taken.rows[0] as Pick<BulkBatchRow, 'success_url' | 'failure_url'>, addresses) };
      }
      const held = (await client.query('SELECT coalesce(run_by, created_by) AS person, run_laptop AS laptop FROM paydesk.bulk_batches WHERE id = $1', [batchId])).rows[0];
      return { taken: false as const, runner: { person: (held?.person as string | undefined) ?? '?', laptop: (held?.laptop as string | null | undefined) ?? null, here: false } };
    })),

    renew: (batchId) => worded(async () => {
      const held = await pool.query(`UPDATE paydesk.bulk_batches SET lease_until = now() + $3 * interval '1 millisecond' WHERE id = $1 AND state = 'running' AND run_laptop = $2 RETURNING cancel_asked`, [batchId, laptop, leaseMs]);
      if (!held.rows.length) {
        runners.delete(batchId);
        return 'lost' as const;
      }
      return held.rows[0]!.cancel_asked ? 'cancel' as const : 'go' as const;
    }),

    // The end is audited by the database (bulk_finish) under the OS user who pressed Run on this laptop.
    finish: (batchId, state) => worded(() => inTransaction(runners.get(batchId) ?? null, async (client) => {
      runners.delete(batchId);
      await client.query(`UPDATE paydesk.bulk_batches SET state = $3, lease_until = NULL WHERE id = $1 AND state = 'running' AND run_laptop = $2`, [batchId, laptop, state]);
    })),

    // The database audits the ask (bulk_cancel, bulk-audit.sql) with this person's OS user beside the login.
    askCancel: (batchId, osUser) => worded(() => inTransaction(osUser, async (client) => {
      await client.query(`UPDATE paydesk.bulk_batches SET cancel_asked = true WHERE id = $1 AND state = 'running' AND NOT cancel_asked`, [batchId]);
    })),

    createdLinks: (batchId) => worded(async () => !isUuid(batchId) ? [] : (await pool.query(`SELECT ${bulkLinkColumns} FROM paydesk.bulk_rows r JOIN paydesk.payments p ON p.id = r.payment_id
      LEFT JOIN paydesk.invoices i ON i.payment_id = p.id WHERE r.batch_id = $1 AND r.state = 'created' ORDER BY r.line`, [batchId])).rows
      .map((r) => ({ ...r, amount_minor: minor(r.amount_minor as string)! }) as BulkLinkRow)),

    knownOrderIds: (profileId, orderIds) => worded(async () => {
      if (!orderIds.length) return new Set<string>();
      const found = await pool.query(`SELECT order_id FROM paydesk.payments WHERE profile_id = $1 AND order_id = ANY($2) AND state <> 'not_created'`, [profileId, orderIds]);
      return new Set(found.rows.map((r) => r.order_id as string));
    }),

    // The database writes the entry (record_export), the login's and this OS user's.
    recordExport: (osUser, result) => worded(() => recordTeamExport(pool, 'bulk_links', result, osUser)),
  };
}
