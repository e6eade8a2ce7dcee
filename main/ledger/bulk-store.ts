// Where bulk payment links' batches and rows are kept: one async interface (as store.ts is for
// payments), so the same bulk service (main/bulk/bulk-service.ts) runs on the laptop's SQLite file
// (here, migration 4's tables) and on the team's PostgreSQL (postgres/pg-bulk.ts, bulk.sql). Rows
// are stored with their order ids before anything is sent; the payments themselves are recorded by
// the payments flows (each link's intent before its request leaves).
import type { BulkBatchView } from '../../contract/methods/bulk';
import type { LedgerDb } from './database';

export type BulkBatchRow = { id: string; profile_id: string; file_name: string; state: BulkBatchView['state']; created_by: string; created_at: string; updated_at: string };
export type BulkRowRow = {
  batch_id: string; line: number; order_id: string; amount: string; currency: string; description: string; customer_name: string; customer_email: string; customer_phone: string;
  issue_date: string | null; expire_date: string | null; state: BulkBatchView['rows'][number]['state']; payment_id: string | null; error: string | null;
  vat_rate: string | null; vat_reason: string | null;
};
/** A batch with its rows counted (the recent batches' list). */
export type BulkBatchSummary = BulkBatchRow & { total: number; created: number; failed: number; unknown: number; pending: number };
/** Who is sending a batch's links: the database login and the laptop it runs on. */
export type BulkRunner = { person: string; laptop: string | null };

export type BulkStore = {
  /** At start: this laptop's batches left running by a crash become interrupted, their rows being sent wait again (a resume checks the ledger first). */
  markInterrupted(): Promise<void>;
  insertBatch(batch: BulkBatchRow, rows: BulkRowRow[]): Promise<void>;
  batch(batchId: string): Promise<BulkBatchRow | undefined>;
  rows(batchId: string): Promise<BulkRowRow[]>;
  /** The newest batches first, counted. */
  recent(limit: number): Promise<BulkBatchSummary[]>;
  setRow(batchId: string, line: number, changes: Pick<BulkRowRow, 'state' | 'payment_id' | 'error'>): Promise<void>;
  /** Takes the batch's run for this laptop (state running), or answers who is running it now. */
  claim(batchId: string, osUser: string): Promise<{ taken: true } | { taken: false; runner: BulkRunner }>;
  /** Before each row: still this laptop's run? `cancel` when someone asked to stop it (from any laptop), `lost` when another took it over. */
  renew(batchId: string): Promise<'go' | 'cancel' | 'lost'>;
  /** Ends this laptop's run with its state (nothing when another laptop has taken it over). */
  finish(batchId: string, state: BulkBatchRow['state']): Promise<void>;
  /** A Cancel pressed on a laptop that is not running the batch (the one running it stops after its row). */
  askCancel(batchId: string): Promise<void>;
  /** Which of these order ids the profile's payments already have (in any state but not created). */
  knownOrderIds(profileId: string, orderIds: string[]): Promise<Set<string>>;
};

/** The bulk store on the laptop's own file: one laptop, so a run is this process's alone (bulk-service.ts keeps it). */
export function createSqliteBulkStore(db: LedgerDb): BulkStore {
  const setBatch = (batchId: string, state: BulkBatchRow['state']) => db.prepare('UPDATE bulk_batches SET state = ?, updated_at = ? WHERE id = ?').run(state, new Date().toISOString(), batchId);
  return {
    async markInterrupted() {
      db.transaction(() => {
        db.prepare("UPDATE bulk_rows SET state = 'pending' WHERE state = 'sending'").run();
        db.prepare("UPDATE bulk_batches SET state = 'interrupted' WHERE state = 'running'").run();
      }).immediate();
    },
    async insertBatch(batch, rows) {
      const insert = db.prepare(`INSERT INTO bulk_rows (batch_id, line, order_id, amount, currency, description, customer_name, customer_email, customer_phone, issue_date, expire_date, vat_rate, vat_reason, state, payment_id, error)
        VALUES (@batch_id, @line, @order_id, @amount, @currency, @description, @customer_name, @customer_email, @customer_phone, @issue_date, @expire_date, @vat_rate, @vat_reason, @state, @payment_id, @error)`);
      db.transaction(() => {
        db.prepare('INSERT INTO bulk_batches (id, profile_id, file_name, state, created_by, created_at, updated_at) VALUES (@id, @profile_id, @file_name, @state, @created_by, @created_at, @updated_at)').run(batch);
        for (const row of rows) insert.run(row);
      }).immediate();
    },
    batch: async (batchId) => db.prepare('SELECT * FROM bulk_batches WHERE id = ?').get(batchId) as BulkBatchRow | undefined,
    rows: async (batchId) => db.prepare('SELECT * FROM bulk_rows WHERE batch_id = ? ORDER BY line').all(batchId) as BulkRowRow[],
    recent: async (limit) => db.prepare(`SELECT b.*, count(r.line) AS total, count(*) FILTER (WHERE r.state = 'created') AS created, count(*) FILTER (WHERE r.state = 'failed') AS failed,
        count(*) FILTER (WHERE r.state = 'unknown') AS unknown, count(*) FILTER (WHERE r.state IN ('pending', 'sending')) AS pending
      FROM (SELECT * FROM bulk_batches ORDER BY created_at DESC LIMIT ?) b LEFT JOIN bulk_rows r ON r.batch_id = b.id GROUP BY b.id ORDER BY b.created_at DESC`).all(limit) as BulkBatchSummary[],
    async setRow(batchId, line, changes) {
      db.prepare('UPDATE bulk_rows SET state = @state, payment_id = @payment_id, error = @error WHERE batch_id = @batch_id AND line = @line').run({ ...changes, batch_id: batchId, line });
    },
    async claim(batchId) {
      setBatch(batchId, 'running');
      return { taken: true };
    },
    renew: async () => 'go',
    finish: async (batchId, state) => void setBatch(batchId, state),
    // Only this process runs the file's batches: its own Cancel stops them (bulk-service.ts).
    askCancel: async () => {},
    async knownOrderIds(profileId, orderIds) {
      const exists = db.prepare("SELECT 1 FROM payments WHERE profile_id = ? AND order_id = ? AND state <> 'not_created'");
      return new Set(orderIds.filter((id) => exists.get(profileId, id) !== undefined));
    },
  };
}
