// Fills a team database (PostgreSQL, schema set up) with the payments of a seeded laptop ledger
// (`npm run seed`'s realistic history: scripts/seed-ledger.ts), so benchmarks compare the two
// backends on the same payments. Fast at a million: COPY (text format, 20,000 rows a chunk) as
// the superuser with the triggers off (session_replication_role = replica: the rows keep their
// own times, no audit entry or notification per row; Home's sums counted once after), the payments' secondary indexes dropped
// before and built once after, then VACUUM ANALYZE (statistics for the planner, and the
// visibility map for index-only walks). Payments arrive in the laptop's rowid order, so list_seq
// (reads.sql) orders ties as the laptop's rowid does. Of the operations only the open ones
// (sending, unknown) are copied: the list reads nothing else of them.
// Run: node scripts/run-ts.mjs scripts/seed-team.ts --from DATA_DIR --url postgres://postgres:PASSWORD@127.0.0.1:PORT/DATABASE
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { ledgerFileName } from '../main/ledger/database';

const paymentColumns = ['id', 'profile_id', 'environment', 'kind', 'order_id', 'amount_minor', 'currency', 'description', 'customer_name', 'customer_email', 'customer_phone',
  'card_bin', 'card_last4', 'transaction_id', 'session_id', 'link_url', 'auth_only', 'state', 'status_word', 'captured_minor', 'refunded_minor', 'os_user',
  'created_at', 'updated_at', 'next_check_at', 'needs_attention', 'attention_reason'] as const;
// What the laptop's row gives each column (created_by there is the laptop's OS user; the login here is the seeder's).
const fromLaptop = paymentColumns.map((c) => (c === 'os_user' ? 'created_by' : c === 'auth_only' || c === 'needs_attention' ? `CASE WHEN ${c} = 0 THEN 'f' ELSE 't' END` : c)).join(', ');
const operationColumns = ['id', 'payment_id', 'kind', 'amount_minor', 'base_minor', 'reason', 'os_user', 'outcome', 'created_at'] as const;

/** COPY's text format: \N for NULL; backslash, tab, newline and carriage return escaped. */
const field = (v: unknown) => (v === null || v === undefined ? '\\N' : String(v).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!));

/** `COPY … FROM STDIN` with the given chunks (pg has no COPY of its own; pg-copy-streams is not a dependency). */
function copyIn(client: pg.Client, sql: string, chunks: Buffer[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const submittable = {
      submit: (connection: { query(text: string): void }) => connection.query(sql),
      handleCopyInResponse(connection: { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void }) {
        for (const chunk of chunks) connection.sendCopyFromChunk(chunk);
        connection.endCopyFrom();
      },
      handleCommandComplete: () => undefined,
      handleReadyForQuery: () => (failed ? reject(failed) : resolve()),
      handleError: (error: Error) => void (failed = error),
    };
    let failed: Error | undefined;
    client.query(submittable as unknown as pg.QueryConfig);
  });
}

export type TeamSeedReport = { payments: number; openOperations: number; copySeconds: number; indexSeconds: number; vacuumSeconds: number };

/**
 * Copies the payments of the SQLite ledger in `dataDir` (opened read-only) into the team database
 * `client` is connected to, as its superuser. The team database must hold no payments yet.
 */
export async function seedTeamFromLedger(client: pg.Client, dataDir: string, options: { onProgress?: (done: number) => void; limit?: number } = {}): Promise<TeamSeedReport> {
  const ledger = new Database(join(dataDir, ledgerFileName), { readonly: true, fileMustExist: true });
  try {
    const existing = Number((await client.query('SELECT count(*) AS n FROM paydesk.payments')).rows[0].n);
    if (existing > 0) throw new Error(`the team database already holds ${existing} payments`);
    await client.query('SET session_replication_role = replica');
    await client.query(`SET maintenance_work_mem = '512MB'`);
    // Secondary indexes (not those of constraints) out during the copy, built once after.
    const indexes = (await client.query<{ name: string; sql: string }>(`SELECT i.relname AS name, pg_get_indexdef(i.oid) AS sql FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = 'paydesk.payments'::regclass AND NOT EXISTS (SELECT FROM pg_constraint c WHERE c.conindid = i.oid)`)).rows;
    for (const index of indexes) await client.query(`DROP INDEX paydesk.${index.name}`);

    const t0 = performance.now();
    const rows = ledger.prepare(`SELECT ${fromLaptop} FROM payments ORDER BY rowid${options.limit ? ` LIMIT ${Number(options.limit)}` : ''}`).raw(true);
    const copy = `COPY paydesk.payments (${paymentColumns.join(', ')}) FROM STDIN`;
    let chunk: string[] = [];
    let pending: Buffer[] = [];
    let done = 0;
    for (const row of rows.iterate() as Iterable<unknown[]>) {
      chunk.push(`${row.map(field).join('\t')}\n`);
      if (chunk.length === 2_000) {
        pending.push(Buffer.from(chunk.join('')));
        chunk = [];
      }
      if (++done % 20_000 === 0) {
        await copyIn(client, copy, pending);
        pending = [];
        options.onProgress?.(done);
      }
    }
    if (chunk.length) pending.push(Buffer.from(chunk.join('')));
    if (pending.length) await copyIn(client, copy, pending);
    const open = ledger.prepare(`SELECT ${operationColumns.join(', ')} FROM operations WHERE outcome IN ('sending', 'unknown')`).raw(true).all() as unknown[][];
    if (open.length) await copyIn(client, `COPY paydesk.operations (${operationColumns.join(', ')}) FROM STDIN`, [Buffer.from(open.map((r) => `${r.map(field).join('\t')}\n`).join(''))]);
    const copySeconds = (performance.now() - t0) / 1000;

    const t1 = performance.now();
    for (const index of indexes) await client.query(index.sql);
    const indexSeconds = (performance.now() - t1) / 1000;
    await client.query('RESET session_replication_role');
    // The triggers were off: Home's sums (home-sums.sql) counted once from the rows copied.
    await client.query('SELECT paydesk.fill_home_sums()');
    const t2 = performance.now();
    await client.query('VACUUM (ANALYZE) paydesk.payments');
    await client.query('VACUUM (ANALYZE) paydesk.operations');
    return { payments: done, openOperations: open.length, copySeconds, indexSeconds, vacuumSeconds: (performance.now() - t2) / 1000 };
  } finally {
    ledger.close();
  }
}

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
if (arg('from') && arg('url')) {
  const client = new pg.Client({ connectionString: arg('url') });
  await client.connect();
  const report = await seedTeamFromLedger(client, arg('from')!, { onProgress: (n) => n % 100_000 === 0 && console.log(`${n} payments`), limit: arg('payments') ? Number(arg('payments')) : undefined });
  console.log(report);
  await client.end();
}
