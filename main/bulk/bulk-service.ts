// Bulk payment links. A batch's rows are stored with their order ids before anything is sent;
// a run sends them one at a time through the same create path as a single link (which records
// the intent in the ledger first), and before each row asks the ledger whether that order id
// already exists: if it does in any state but "not created", the row is not sent again. So a
// resume after a cancel, a crash or a lost answer never creates a link twice.
import { randomUUID } from 'node:crypto';
import type { BulkBatchView, BulkEncoding } from '../../contract/methods/bulk';
import type { MethodParsedInput } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';
import type { ProductionConfirmation } from '../../contract/methods/profiles';
import type { Reason } from '../../contract/reasons';
import { AppFailure } from '../../contract/result';
import { englishText, fail, fieldFailure, reason } from '../core/fail';
import type { CallContext } from '../core/call-context';
import type { EventHub } from '../core/event-hub';
import type { LedgerDb } from '../ledger/database';
import { toCsv } from '../ledger/csv';
import { newOrderId } from '../payments/order-ids';
import type { Logger } from '../log/logger';
import { readBulkFile, vatOfRow } from './bulk-rows';

type BatchRow = { id: string; profile_id: string; file_name: string; state: BulkBatchView['state']; created_by: string; created_at: string; updated_at: string };
type RowRow = {
  batch_id: string; line: number; order_id: string; amount: string; currency: string; description: string; customer_name: string; customer_email: string; customer_phone: string;
  issue_date: string | null; expire_date: string | null; state: BulkBatchView['rows'][number]['state']; payment_id: string | null; error: string | null;
  vat_rate?: string | null; vat_reason?: string | null;
};

export type BulkDeps = {
  db: LedgerDb;
  logger: Logger;
  events: EventHub;
  now?: () => Date;
  active(): Promise<{ profile: { id: string; environment: string; name: string } & Record<string, unknown> }>;
  defaultCurrency(): Promise<string>;
  requireConfirmation(profile: { id: string; environment: string; name: string }, confirm: ProductionConfirmation | undefined): void;
  /** The single-link create path (records the intent before sending). */
  createLink(input: MethodParsedInput<'createPaymentLink'>, ctx: CallContext): Promise<PaymentView>;
  /** A row with a VAT rate: the invoice path, which goes through the same create path. */
  createInvoice?(input: MethodParsedInput<'createInvoice'>, ctx: CallContext): Promise<PaymentView>;
};

export function createBulkService(deps: BulkDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const runs = new Map<string, { cancel: boolean; done: Promise<void> }>();

  // Whatever was running when Paydesk stopped is interrupted; the ledger settles its rows on resume.
  db.transaction(() => {
    db.prepare("UPDATE bulk_rows SET state = 'pending' WHERE state = 'sending'").run();
    db.prepare("UPDATE bulk_batches SET state = 'interrupted' WHERE state = 'running'").run();
  }).immediate();

  const getBatch = (batchId: string) => {
    const batch = db.prepare('SELECT * FROM bulk_batches WHERE id = ?').get(batchId) as BatchRow | undefined;
    if (!batch) throw fail('not_found', 'bulk.noBatch');
    return batch;
  };
  const rowsOf = (batchId: string) => db.prepare('SELECT * FROM bulk_rows WHERE batch_id = ? ORDER BY line').all(batchId) as RowRow[];
  const setBatch = (batchId: string, state: BatchRow['state']) => db.prepare('UPDATE bulk_batches SET state = ?, updated_at = ? WHERE id = ?').run(state, now().toISOString(), batchId);
  const setRow = (row: RowRow, changes: Pick<RowRow, 'state'> & Partial<Pick<RowRow, 'payment_id' | 'error'>>) =>
    db.prepare('UPDATE bulk_rows SET state = @state, payment_id = @payment_id, error = @error WHERE batch_id = @batch_id AND line = @line')
      .run({ state: changes.state, payment_id: changes.payment_id ?? row.payment_id, error: changes.error ?? null, batch_id: row.batch_id, line: row.line });

  function view(batchId: string, withRows = true): BulkBatchView {
    const batch = getBatch(batchId);
    const rows = rowsOf(batchId);
    const count = (state: RowRow['state']) => rows.filter((r) => r.state === state).length;
    return {
      id: batch.id, fileName: batch.file_name, profileId: batch.profile_id, state: batch.state, total: rows.length,
      created: count('created'), failed: count('failed'), unknown: count('unknown'), pending: count('pending') + count('sending'),
      createdAt: batch.created_at, updatedAt: batch.updated_at,
      rows: withRows ? rows.map((r) => ({ line: r.line, orderId: r.order_id, amount: r.amount, currency: r.currency, customerName: r.customer_name, state: r.state, paymentId: r.payment_id, problems: storedProblems(r.error) })) : [],
    };
  }

  async function preview(file: BulkFile) {
    const gateway = await deps.active();
    const currency = await deps.defaultCurrency();
    const exists = db.prepare("SELECT 1 FROM payments WHERE profile_id = ? AND order_id = ? AND state <> 'not_created'");
    return readBulkFile(Buffer.from(file.file, 'base64'), file.encoding, { defaultCurrency: currency, orderExists: (orderId) => exists.get(gateway.profile.id, orderId) !== undefined });
  }

  async function run(batchId: string, ctx: CallContext, confirm: ProductionConfirmation | undefined) {
    const control = runs.get(batchId)!;
    const batch = getBatch(batchId);
    const known = db.prepare('SELECT id, state FROM payments WHERE profile_id = ? AND order_id = ?');
    try {
      for (const row of rowsOf(batchId)) {
        if (control.cancel) break;
        if (row.state !== 'pending') continue; // created, unknown, or failed (in the error report)
        const existing = known.get(batch.profile_id, row.order_id) as { id: string; state: string } | undefined;
        if (existing && existing.state !== 'not_created') {
          // Sent before (a run that was cancelled or crashed after sending): never again.
          setRow(row, { state: existing.state === 'unknown' || existing.state === 'creating' ? 'unknown' : 'created', payment_id: existing.id });
          continue;
        }
        setRow(row, { state: 'sending' });
        try {
          const link = {
            orderId: row.order_id, currency: row.currency as never, description: row.description,
            customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
            issueDate: row.issue_date ?? undefined, expireDate: row.expire_date ?? undefined, confirm,
          };
          const vat = vatOfRow(row.vat_rate ?? '');
          const payment = vat && vat !== 'invalid' && deps.createInvoice
            // One line whose price is the row's amount, VAT included: the customer pays exactly that.
            ? await deps.createInvoice({ ...link, lines: [{ description: row.description, quantity: '1', unitPrice: row.amount, ...vat, reason: row.vat_reason ?? undefined }], pricesIncludeVat: true, language: 'both' }, ctx)
            : await deps.createLink({ ...link, amount: row.amount }, ctx);
          const unknown = payment.state === 'unknown';
          setRow(row, { state: unknown ? 'unknown' : 'created', payment_id: payment.id, error: unknown ? storeProblems([{ column: null, reason: reason('gateway.outcome_unknown') }]) : null });
        } catch (e) {
          const message = storeProblems(problemsOf(e));
          const code = e instanceof AppFailure ? e.code : 'internal';
          // Not reached, or every row would fail the same way: the row waits for a resume.
          if (['network', 'timeout', 'key_missing', 'key_rejected', 'confirmation_required', 'keychain_unavailable'].includes(code)) {
            setRow(row, { state: 'pending', error: message });
            break;
          }
          setRow(row, { state: 'failed', error: message });
        }
      }
      const left = rowsOf(batchId).some((r) => r.state === 'pending' || r.state === 'sending');
      setBatch(batchId, control.cancel && left ? 'cancelled' : left ? 'interrupted' : 'done');
    } catch (e) {
      deps.logger.error('A bulk run stopped unexpectedly', { error: e instanceof Error ? e.name : 'unknown' });
      setBatch(batchId, 'interrupted');
    } finally {
      runs.delete(batchId);
      deps.events.emit({ type: 'payments.changed', paymentIds: [] });
    }
  }

  return {
    preview,

    async createBatch(file: BulkFile, fileName: string, ctx: CallContext): Promise<BulkBatchView> {
      const gateway = await deps.active();
      const read = await preview(file);
      if (read.fileError) throw fieldFailure('invalid_input', { file: read.fileError });
      const valid = read.rows.filter((r) => Object.keys(r.errors).length === 0);
      const invalid = read.rows.filter((r) => Object.keys(r.errors).length > 0);
      if (valid.length === 0) throw fieldFailure('invalid_input', { file: reason('bulk.noValidRows') });
      const id = randomUUID();
      const at = now();
      const insert = db.prepare(`INSERT INTO bulk_rows (batch_id, line, order_id, amount, currency, description, customer_name, customer_email, customer_phone, issue_date, expire_date, vat_rate, vat_reason, state)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')`);
      db.transaction(() => {
        db.prepare("INSERT INTO bulk_batches (id, profile_id, file_name, state, created_by, created_at, updated_at) VALUES (?, ?, ?, 'ready', ?, ?, ?)")
          .run(id, gateway.profile.id, fileName.trim().slice(0, 255) || 'links.csv', ctx.osUser, at.toISOString(), at.toISOString());
        // Each row's order id is fixed now, before any request: a resume sends the same one.
        for (const r of valid) insert.run(id, r.line, r.orderId || newOrderId(at), r.amount, r.currency, r.description, r.customerName, r.customerEmail, r.customerPhone, r.issueDate || null, r.expireDate || null, r.vatRate || null, r.vatReason || null);
        // Rows with problems are kept (never sent) so the error report lists them too.
        const bad = db.prepare(`INSERT INTO bulk_rows (batch_id, line, order_id, amount, currency, description, customer_name, customer_email, customer_phone, state, error)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'failed', ?)`);
        for (const r of invalid) bad.run(id, r.line, r.orderId, r.amount, r.currency, r.description, r.customerName, r.customerEmail, r.customerPhone, storeProblems(Object.entries(r.errors).map(([column, why]) => ({ column, reason: why }))));
      }).immediate();
      return view(id);
    },

    async start(batchId: string, ctx: CallContext, confirm: ProductionConfirmation | undefined): Promise<BulkBatchView> {
      const batch = getBatch(batchId);
      if (runs.has(batchId)) return view(batchId);
      const gateway = await deps.active();
      if (gateway.profile.id !== batch.profile_id) throw fail('rule_violation', 'bulk.otherProfile');
      deps.requireConfirmation(gateway.profile, confirm);
      if (batch.state === 'done') return view(batchId);
      setBatch(batchId, 'running');
      const control = { cancel: false, done: Promise.resolve() };
      runs.set(batchId, control);
      control.done = run(batchId, ctx, confirm);
      return view(batchId);
    },

    cancel(batchId: string): BulkBatchView {
      getBatch(batchId);
      const control = runs.get(batchId);
      if (control) control.cancel = true;
      return view(batchId);
    },

    view,
    list: (): BulkBatchView[] => (db.prepare('SELECT id FROM bulk_batches ORDER BY created_at DESC LIMIT 20').all() as Array<{ id: string }>).map((b) => view(b.id, false)),

    /** The failed and unknown rows as CSV; the error column as the renderer worded it, else in English. */
    errorReport(batchId: string, wording: Record<string, string> = {}) {
      getBatch(batchId);
      const bad = rowsOf(batchId).filter((r) => r.state === 'failed' || r.state === 'unknown');
      const english = (r: RowRow) => storedProblems(r.error).map((p) => (p.column ? `${p.column}: ` : '') + englishText(p.reason as Reason)).join(' ');
      const { csv, rows } = toCsv(['line', 'orderId', 'amount', 'currency', 'customerName', 'state', 'error'], bad.map((r) => [r.line, r.order_id, r.amount, r.currency, r.customer_name, r.state, wording[String(r.line)] ?? english(r)]));
      return { fileName: `paydesk-bulk-errors-${batchId.slice(0, 8)}.csv`, csv, rows };
    },

    /** Resolves when the batch's current run (if any) has stopped; for tests and shutdown. */
    idle: (batchId: string) => runs.get(batchId)?.done ?? Promise.resolve(),
  };
}

export type BulkService = ReturnType<typeof createBulkService>;
type BulkFile = { file: string; encoding?: BulkEncoding };
type Problem = BulkBatchView['rows'][number]['problems'][number];

/** Why a row failed, as stored in bulk_rows.error: JSON of problems (each a column and a reason). */
function storeProblems(problems: Problem[]): string {
  return JSON.stringify(problems);
}

/** Reads bulk_rows.error; an earlier Paydesk stored English text there, which stays readable as it is. */
export function storedProblems(stored: string | null): Problem[] {
  if (!stored) return [];
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (Array.isArray(parsed) && parsed.every((p) => typeof p?.reason?.key === 'string')) return parsed as Problem[];
  } catch {
    // English text from before reasons: shown as is.
  }
  return [{ column: null, reason: reason('bulk.storedText', { text: stored }) }];
}

/** A failed send: the reasons of each field, or the failure's own reason. */
function problemsOf(e: unknown): Problem[] {
  if (!(e instanceof AppFailure)) return [{ column: null, reason: reason('bulk.sendFailed') }];
  const fields = Object.entries(e.extra.fieldReasons ?? {}).map(([column, why]) => ({ column, reason: why as Reason }));
  if (fields.length) return fields;
  return [{ column: null, reason: (e.extra.reason as Reason | undefined) ?? reason('bulk.sendFailed') }];
}
