// Where bulk payment links' batches and rows are kept: one async interface (as store.ts is for
// payments), so the same bulk service (main/bulk/bulk-service.ts) runs on the laptop's SQLite file
// (here, migration 4's tables) and on the team's PostgreSQL (postgres/pg-bulk.ts, bulk.sql). Rows
// are stored with their order ids before anything is sent; the payments themselves are recorded by
// the payments flows (each link's intent before its request leaves). A batch's import, run, cancel
// and end are audit entries, with the same names and results on both (bulk-audit.sql).
import { userInfo } from 'node:os';
import type { BulkBatchView } from '../../contract/methods/bulk';
import { appendAudit } from './audit-log';
import type { Separator } from './csv';
import type { LedgerDb } from './database';
import type { PaymentRow } from './payment-rows';

export type BulkBatchRow = {
  id: string; profile_id: string; file_name: string; state: BulkBatchView['state']; created_by: string; created_at: string; updated_at: string;
  /** The file's separator, for the reports written back (null: a batch made before it was kept, a comma). */
  separator: Separator | null;
  /**
   * Where every row's customer goes after paying, or when the payment does not go through: the
   * addresses given for the batch, or the profile's defaults, kept when it first runs (migration 26,
   * team step 44; null before it ran, or for a batch made before). Set once, never changed.
   */
  success_url?: string | null;
  failure_url?: string | null;
  /** Who is sending its links while it runs (read from the store, never written through insertBatch). */
  runner?: BulkRunner | null;
};
export type BulkRowRow = {
  batch_id: string; line: number; order_id: string; amount: string; currency: string; description: string; customer_name: string; customer_email: string; customer_phone: string;
  issue_date: string | null; expire_date: string | null; state: BulkBatchView['rows'][number]['state']; payment_id: string | null; error: string | null;
  vat_rate: string | null; vat_reason: string | null;
};
/**
 * A link a batch created, as the payments ledger has it now (its address, state and invoice
 * number): a row of the batch's links CSV. Read for the whole batch in one query on either ledger.
 */
export type BulkLinkRow = Pick<BulkRowRow, 'line'> & Pick<PaymentRow, 'order_id' | 'amount_minor' | 'currency' | 'description' | 'customer_name' | 'customer_email' | 'customer_phone' | 'state' | 'link_url'> & { invoice_number: string | null };
/** The columns of a BulkLinkRow: the batch's created rows (r), their payments (p) and invoices (i), by line. */
export const bulkLinkColumns = 'r.line, p.order_id, p.amount_minor, p.currency, p.description, p.customer_name, p.customer_email, p.customer_phone, p.state, p.link_url, i.number AS invoice_number';
/** A batch with its rows counted (the recent batches' list). */
export type BulkBatchSummary = BulkBatchRow & { total: number; created: number; failed: number; unknown: number; pending: number };
/** A batch's return addresses, as every row sends them. */
export type BulkAddresses = { successUrl: string; failureUrl: string };
/** Who is sending a batch's links: the database login (a laptop's own file: its OS user), the laptop it runs on (null on a laptop's own file), and whether that is this one. */
export type BulkRunner = { person: string; laptop: string | null; here: boolean };

export type BulkStore = {
  /** At start: this laptop's batches left running by a crash become interrupted, their rows being sent wait again (a resume checks the ledger first). */
  markInterrupted(): Promise<void>;
  insertBatch(batch: BulkBatchRow, rows: BulkRowRow[]): Promise<void>;
  batch(batchId: string): Promise<BulkBatchRow | undefined>;
  rows(batchId: string): Promise<BulkRowRow[]>;
  /** The newest batches first, counted. */
  recent(limit: number): Promise<BulkBatchSummary[]>;
  setRow(batchId: string, line: number, changes: Pick<BulkRowRow, 'state' | 'payment_id' | 'error'>): Promise<void>;
  /**
   * Takes the batch's run for this laptop (state running), or answers who is running it now.
   * A batch without addresses keeps `addresses` as its own; the run sends every row to those it
   * answers (the batch's, kept when it first ran, whatever a resume was given).
   */
  claim(batchId: string, osUser: string, addresses: BulkAddresses): Promise<{ taken: true; addresses: BulkAddresses } | { taken: false; runner: BulkRunner }>;
  /** Before each row: still this laptop's run? `cancel` when someone asked to stop it (from any laptop), `lost` when another took it over. */
  renew(batchId: string): Promise<'go' | 'cancel' | 'lost'>;
  /** Ends this laptop's run with its state (nothing when another laptop has taken it over). */
  finish(batchId: string, state: BulkBatchRow['state']): Promise<void>;
  /** A Cancel pressed while the batch runs, here or on another laptop (the one running it stops after its row); audited once (bulk_cancel). */
  askCancel(batchId: string, osUser: string): Promise<void>;
  /** The links the batch created, by line, each with its payment as the ledger has it now (one query: a 5,000-link batch read payment by payment took seconds on the team ledger). */
  createdLinks(batchId: string): Promise<BulkLinkRow[]>;
  /** Which of these order ids the profile's payments already have (in any state but not created). */
  knownOrderIds(profileId: string, orderIds: string[]): Promise<Set<string>>;
  /** A batch's links downloaded as CSV: audited as the other exports are (`export_bulk_links`; on the team ledger by the database's record_export). */
  recordExport(osUser: string, result: string): Promise<void>;
};

/** A batch's rows counted as its audit entries say them (bulk-audit.sql writes the same on the team ledger). */
function countsText(rows: Array<Pick<BulkRowRow, 'state'>>): string {
  const count = (...states: Array<BulkRowRow['state']>) => rows.filter((r) => states.includes(r.state)).length;
  return `created ${count('created')}, failed ${count('failed')}, unknown ${count('unknown')}, waiting ${count('pending', 'sending')}`;
}

/** The addresses a batch keeps (both, once it has run), else those it was given. */
export function addressesOf(batch: Pick<BulkBatchRow, 'success_url' | 'failure_url'> | undefined, given: BulkAddresses): BulkAddresses {
  return batch?.success_url && batch.failure_url ? { successUrl: batch.success_url, failureUrl: batch.failure_url } : given;
}

/** Who this process runs as, for the entry of a run found interrupted at start (nobody pressed anything). */
function processUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'paydesk';
  }
}

/**
 * The bulk store on the laptop's own file: one laptop, so a run is this process's alone
 * (bulk-service.ts keeps it). Each change writes its audit entry in the same transaction, with
 * the names and results the team database's triggers write (bulk-audit.sql).
 */
export function createSqliteBulkStore(db: LedgerDb): BulkStore {
  /** The OS user who pressed Run, per batch running in this process. */
  const runners = new Map<string, string>();
  const batchOf = (batchId: string) => db.prepare('SELECT * FROM bulk_batches WHERE id = ?').get(batchId) as BulkBatchRow | undefined;
  const rowStates = (batchId: string) => db.prepare('SELECT state FROM bulk_rows WHERE batch_id = ?').all(batchId) as Array<Pick<BulkRowRow, 'state'>>;
  const audit = (batch: Pick<BulkBatchRow, 'profile_id' | 'file_name'>, osUser: string, action: string, result: string) =>
    appendAudit(db, { osUser, profileId: batch.profile_id, action, reason: batch.file_name, result }, new Date().toISOString());
  const setBatch = (batchId: string, state: BulkBatchRow['state']) => db.prepare('UPDATE bulk_batches SET state = ?, updated_at = ? WHERE id = ?').run(state, new Date().toISOString(), batchId);
  const withRunner = <T extends BulkBatchRow>(batch: T): T => {
    const person = batch.state === 'running' ? runners.get(batch.id) : undefined;
    return { ...batch, runner: person === undefined ? null : { person, laptop: null, here: true } };
  };
  return {
    async markInterrupted() {
      db.transaction(() => {
        const running = db.prepare("SELECT * FROM bulk_batches WHERE state = 'running'").all() as BulkBatchRow[];
        for (const batch of running) audit(batch, processUser(), 'bulk_finish', `interrupted: ${countsText(rowStates(batch.id))}`);
        db.prepare("UPDATE bulk_rows SET state = 'pending' WHERE state = 'sending'").run();
        db.prepare("UPDATE bulk_batches SET state = 'interrupted' WHERE state = 'running'").run();
      }).immediate();
    },
    async insertBatch(batch, rows) {
      const insert = db.prepare(`INSERT INTO bulk_rows (batch_id, line, order_id, amount, currency, description, customer_name, customer_email, customer_phone, issue_date, expire_date, vat_rate, vat_reason, state, payment_id, error)
        VALUES (@batch_id, @line, @order_id, @amount, @currency, @description, @customer_name, @customer_email, @customer_phone, @issue_date, @expire_date, @vat_rate, @vat_reason, @state, @payment_id, @error)`);
      db.transaction(() => {
        const { runner: _runner, ...stored } = batch;
        db.prepare('INSERT INTO bulk_batches (id, profile_id, file_name, state, created_by, created_at, updated_at, separator) VALUES (@id, @profile_id, @file_name, @state, @created_by, @created_at, @updated_at, @separator)').run(stored);
        for (const row of rows) insert.run(row);
        audit(batch, batch.created_by, 'bulk_import', `rows ${rows.length}, to send ${rows.filter((r) => r.state !== 'failed').length}`);
      }).immediate();
    },
    batch: async (batchId) => {
      const batch = batchOf(batchId);
      return batch && withRunner(batch);
    },
    rows: async (batchId) => db.prepare('SELECT * FROM bulk_rows WHERE batch_id = ? ORDER BY line').all(batchId) as BulkRowRow[],
    // Batches made in the same millisecond (or under a clock that went back) come newest-made
    // first by rowid, the order they were inserted in, so the list never swaps them between reads.
    recent: async (limit) => (db.prepare(`SELECT b.*, count(r.line) AS total, count(*) FILTER (WHERE r.state = 'created') AS created, count(*) FILTER (WHERE r.state = 'failed') AS failed,
        count(*) FILTER (WHERE r.state = 'unknown') AS unknown, count(*) FILTER (WHERE r.state IN ('pending', 'sending')) AS pending
      FROM bulk_batches b LEFT JOIN bulk_rows r ON r.batch_id = b.id
      WHERE b.rowid IN (SELECT rowid FROM bulk_batches ORDER BY created_at DESC, rowid DESC LIMIT ?)
      GROUP BY b.id ORDER BY b.created_at DESC, b.rowid DESC`).all(limit) as BulkBatchSummary[]).map(withRunner),
    async setRow(batchId, line, changes) {
      db.prepare('UPDATE bulk_rows SET state = @state, payment_id = @payment_id, error = @error WHERE batch_id = @batch_id AND line = @line').run({ ...changes, batch_id: batchId, line });
    },
    async claim(batchId, osUser, addresses) {
      const kept = db.transaction(() => {
        const batch = batchOf(batchId);
        setBatch(batchId, 'running');
        // Kept on its first run only: a resume sends the rest where the first rows went.
        db.prepare('UPDATE bulk_batches SET success_url = ?, failure_url = ? WHERE id = ? AND success_url IS NULL AND failure_url IS NULL').run(addresses.successUrl, addresses.failureUrl, batchId);
        if (batch && batch.state !== 'running') audit(batch, osUser, 'bulk_run', `to send ${rowStates(batchId).filter((r) => r.state === 'pending' || r.state === 'sending').length}`);
        return batchOf(batchId);
      }).immediate();
      runners.set(batchId, osUser);
      return { taken: true, addresses: addressesOf(kept, addresses) };
    },
    renew: async () => 'go',
    async finish(batchId, state) {
      const osUser = runners.get(batchId) ?? processUser();
      runners.delete(batchId);
      db.transaction(() => {
        const batch = batchOf(batchId);
        if (!batch || batch.state !== 'running') return;
        setBatch(batchId, state);
        audit(batch, osUser, 'bulk_finish', `${state}: ${countsText(rowStates(batchId))}`);
      }).immediate();
    },
    // Only this process runs the file's batches: its own Cancel stops them (bulk-service.ts); here it is audited.
    async askCancel(batchId, osUser) {
      const batch = batchOf(batchId);
      if (batch?.state === 'running') db.transaction(() => audit(batch, osUser, 'bulk_cancel', 'asked')).immediate();
    },
    createdLinks: async (batchId) => db.prepare(`SELECT ${bulkLinkColumns} FROM bulk_rows r JOIN payments p ON p.id = r.payment_id LEFT JOIN invoices i ON i.payment_id = p.id
      WHERE r.batch_id = ? AND r.state = 'created' ORDER BY r.line`).all(batchId) as BulkLinkRow[],
    async knownOrderIds(profileId, orderIds) {
      const exists = db.prepare("SELECT 1 FROM payments WHERE profile_id = ? AND order_id = ? AND state <> 'not_created'");
      return new Set(orderIds.filter((id) => exists.get(profileId, id) !== undefined));
    },
    async recordExport(osUser, result) {
      db.transaction(() => appendAudit(db, { osUser, action: 'export_bulk_links', result }, new Date().toISOString())).immediate();
    },
  };
}
