// Moving to the team ledger: copies this laptop's payments (with their operations, state history
// and status checks, what the checks left on them: last error, attempts, and a card enrolled for
// repeat charges with its token and a repeat's parent: recurring.sql; the check-up run that made
// it, registered as the copy's: checkup-runs.sql; a link's expiry date and the webhooks it received:
// copy-whole.sql), its invoices, its bulk batches (copy-whole.sql), its "Stop repeat charges" marks
// (repeat-stops-copy.sql) and its audit entries from the SQLite ledger into the team database, a batch at a time. Each batch is one call
// of paydesk.import_batch (import.sql; newest copy-whole.sql), one transaction with the position it reached, and every
// row goes in ON CONFLICT DO NOTHING: an interrupted copy resumes after the last committed batch,
// and a second run copies nothing twice. The report counts, per table, the rows copied, those
// already there and those skipped (with why), which add up to the laptop's own counts.
// Main's thread reads one batch from SQLite at a time (500 payments with their operations, or 500 audit entries, a few milliseconds) and
// waits for the database between batches, so other calls are answered meanwhile.
import type pg from 'pg';
import { createHash } from 'node:crypto';
import type { LedgerDb } from '../database';
import { teamLedgerSchemaVersion } from './security';
import { amountMinorOf } from './pg-bulk';
import type { BulkRowRow } from '../bulk-store';
import type { Queryable } from './pg-reads';
import { keptField } from '../lean-answer';

export type CopyTable = 'payments' | 'operations' | 'audit' | 'invoices' | 'creditNotes' | 'repeatStops';
export type CopySkipReason = 'orderIdTaken' | 'notAcceptedByTeamLedger' | 'paymentSkipped' | 'documentPaymentSkipped' | 'stopPaymentSkipped';
export type CopyCounts = { source: number; copied: number; alreadyThere: number; skipped: number };
export type CopyReport = {
  laptop: string;
  payments: CopyCounts;
  operations: CopyCounts;
  audit: CopyCounts;
  /** The laptop's invoices (with their lines) and credit notes, with their own numbers (import_documents, checkup-runs.sql). */
  invoices: CopyCounts;
  creditNotes: CopyCounts;
  /** The laptop's bulk payment links' batches, with their rows (import_bulk, copy-whole.sql). */
  bulkBatches: CopyCounts;
  /** The laptop's "Stop repeat charges" marks (import_repeat_stops, repeat-stops-copy.sql): a customer who cancelled stays uncharged. */
  repeatStops: CopyCounts;
  /** The first 100 rows skipped, by id (payments, operations) or seq (audit entries), with why. */
  skipped: Array<{ table: CopyTable; id: string; why: CopySkipReason }>;
  /** Batches committed by this run; a run that resumed started after `resumedAfter` of each part. */
  batches: number;
  resumedAfter: { payments: string; audit: string } | null;
};
export type CopyProgress = { part: 'payments' | 'audit'; done: number; total: number };

export type CopyOptions = {
  source: LedgerDb;
  /** A connection logged in as a team admin (import_batch refuses anyone else). */
  team: pg.ClientBase;
  /** Which laptop the rows come from: kept on every copied row and in the progress. Stable per laptop. */
  laptop: string;
  batchRows?: number;
  onProgress?(progress: CopyProgress): void;
  /** Called after each committed batch (the tests interrupt a copy here). */
  afterBatch?(batches: number): void | Promise<void>;
};

/** Refused before anything is copied: operations still open on this laptop must settle here first. */
export class OpenOperationsError extends Error {
  constructor(readonly open: number) {
    super(`${open} operations are still open on this laptop`);
  }
}

/**
 * Refused before anything is copied: a team database set up by an older Paydesk has an older
 * import_batch, which names fewer columns and would drop the rest without a word (version 27's
 * dropped a link's expiry date). Its admin upgrades it first (connection.ts's oldSchema words).
 */
export class OlderTeamSchemaError extends Error {
  constructor(readonly found: number) {
    super(`the team ledger is at schema ${found}; this Paydesk copies into ${teamLedgerSchemaVersion}`);
  }
}

type Row = Record<string, unknown>;
const count = (db: LedgerDb, sql: string, ...params: unknown[]) => Number((db.prepare(sql).get(...params) as { n: number | bigint }).n);
// Amounts are read as BigInt (never a float) and go to PostgreSQL as decimal strings in the JSON.
const toJson = (rows: Row[]) => JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
const paymentsSelect = `SELECT rowid AS k, id, profile_id, environment, kind, order_id, amount_minor, currency, description,
  customer_name, customer_email, customer_phone, card_bin, card_last4, transaction_id, session_id, link_url, auth_only, state,
  status_word, captured_minor, refunded_minor, created_by, created_at, updated_at, next_check_at, needs_attention, attention_reason,
  last_error, check_attempts, recurring_init, parent_payment_id, recurring_token, checkup_run, expire_date
  FROM payments WHERE rowid > ? ORDER BY rowid LIMIT ?`;

/**
 * The rows of a payment's child table (operations, state_history, status_checks, webhooks) of the payments
 * with rowids in (from, to], in the order they were recorded. The ledger keeps them packed
 * (migration 11) behind a view of the old name, keyed by the payment's rowid: the view's own query
 * with that key's range, so each batch is an index range, not a scan of the view.
 */
function childRowsOfRange(db: LedgerDb, view: 'operations' | 'state_history' | 'status_checks' | 'webhooks', packed: string, order: { packed: string; plain: string }) {
  const found = db.prepare(`SELECT type, sql FROM sqlite_master WHERE name = ?`).get(view) as { type: string; sql: string } | undefined;
  const body = found?.type === 'view' ? new RegExp(`^CREATE VIEW ${view} AS (SELECT .* FROM ${packed} a)$`, 's').exec(found.sql)?.[1] : undefined;
  const statement = body
    ? db.prepare(`${body} WHERE a.payment > ? AND a.payment <= ? ORDER BY a.payment, a.${order.packed}`)
    : db.prepare(`SELECT c.* FROM ${view} c JOIN payments p ON p.id = c.payment_id WHERE p.rowid > ? AND p.rowid <= ? ORDER BY p.rowid, c.${order.plain}`);
  statement.safeIntegers(true);
  const upTo = body
    ? db.prepare(`SELECT count(*) AS n FROM ${packed} WHERE payment <= ?`)
    : db.prepare(`SELECT count(*) AS n FROM ${view} c JOIN payments p ON p.id = c.payment_id WHERE p.rowid <= ?`);
  return {
    between: (from: bigint, to: bigint) => statement.all(from, to) as Row[],
    /** How many rows the payments up to this rowid have. */
    countUpTo: (to: bigint) => Number((upTo.get(to) as { n: number }).n),
  };
}

/** What the team schema's checks would refuse (they would fail the whole batch): skipped instead, with a reason. */
function acceptedPayment(p: Row): boolean {
  return /^[A-Z]{3}$/.test(String(p.currency)) && (p.card_bin === null || /^[0-9]{6}$/.test(String(p.card_bin)))
    && (p.card_last4 === null || /^[0-9]{4}$/.test(String(p.card_last4))) && BigInt(p.amount_minor as bigint) > 0n
    && BigInt(p.captured_minor as bigint) >= 0n && BigInt(p.refunded_minor as bigint) >= 0n
    && (p.expire_date === null || /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(String(p.expire_date)));
}

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const laptopPayment = (p: Row) => ({
  id: p.id, profile_id: p.profile_id, environment: p.environment, kind: p.kind, order_id: p.order_id, amount_minor: p.amount_minor,
  currency: p.currency, description: p.description, customer_name: p.customer_name, customer_email: p.customer_email,
  customer_phone: p.customer_phone, card_bin: p.card_bin, card_last4: p.card_last4, transaction_id: p.transaction_id,
  session_id: p.session_id, link_url: p.link_url, auth_only: Number(p.auth_only) !== 0, state: p.state, status_word: p.status_word,
  captured_minor: p.captured_minor, refunded_minor: p.refunded_minor,
  // The laptop's OS user who made it; created_by in the team ledger is the admin who copied it.
  os_user: p.created_by, created_at: p.created_at, updated_at: p.updated_at, next_check_at: p.next_check_at,
  needs_attention: Number(p.needs_attention) !== 0, attention_reason: p.attention_reason,
  // Its last check comes as its status checks (the latest one's time).
  last_error: p.last_error, check_attempts: p.check_attempts,
  // A card enrolled for repeat charges, its token (the team keeps it for support and admin only) and a repeat's parent.
  recurring_init: Number(p.recurring_init) !== 0, parent_payment_id: p.parent_payment_id, recurring_token: p.recurring_token,
  // The check-up run that made it (checkup-runs.sql registers the run, started by the admin copying, with this OS user).
  checkup_run: typeof p.checkup_run === 'string' && uuidLike.test(p.checkup_run) ? p.checkup_run : null,
  // A link's expiry date, for the links list's "Expires 3 Dec" (copy-whole.sql, version 28).
  expire_date: p.expire_date,
});

export async function copyLedgerToTeam(options: CopyOptions): Promise<CopyReport> {
  const { source: db, team, laptop } = options;
  // 500 payments (about 1,600 rows with their operations) a batch: event-loop delay p99 about 20 ms, max 33-37 ms at load 6 (bench/team-copy.ts).
  const batchRows = options.batchRows ?? 500;
  // Counted on the packed tables where the ledger has them (migration 11): through the views, each
  // row's columns are unpacked, 0.2 s at 100,000 rows on main's thread.
  const packed = (table: string) => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
  const packedOperations = packed('ledger_operations');
  const open = packedOperations
    ? count(db, 'SELECT count(*) AS n FROM ledger_operations WHERE outcome IN (0, 3)')
    : count(db, `SELECT count(*) AS n FROM operations WHERE outcome IN ('sending', 'unknown')`);
  if (open > 0) throw new OpenOperationsError(open);
  const schema = await team.query<{ value: string }>(`SELECT value FROM paydesk.ledger_meta WHERE key = 'schema_version'`);
  const found = Number(schema.rows[0]?.value ?? 0);
  if (found < teamLedgerSchemaVersion) throw new OlderTeamSchemaError(found);

  const counts = (source: number): CopyCounts => ({ source, copied: 0, alreadyThere: 0, skipped: 0 });
  const report: CopyReport = {
    laptop,
    payments: counts(count(db, 'SELECT count(*) AS n FROM payments')),
    operations: counts(count(db, `SELECT count(*) AS n FROM ${packedOperations ? 'ledger_operations' : 'operations'}`)),
    audit: counts(count(db, `SELECT count(*) AS n FROM ${packed('ledger_audit') ? 'ledger_audit' : 'audit_log'}`)),
    invoices: counts(count(db, 'SELECT count(*) AS n FROM invoices')),
    creditNotes: counts(count(db, 'SELECT count(*) AS n FROM credit_notes')),
    bulkBatches: counts(count(db, 'SELECT count(*) AS n FROM bulk_batches')),
    repeatStops: counts(count(db, 'SELECT count(*) AS n FROM repeat_stops')),
    skipped: [],
    batches: 0,
    resumedAfter: null,
  };
  const skip = (table: CopyTable, id: unknown, why: CopySkipReason) => {
    report[table].skipped += 1;
    if (report.skipped.length < 100) report.skipped.push({ table, id: String(id), why });
  };

  // Where an earlier run stopped: everything up to there was committed with its position.
  const progress = await team.query<{ part: string; last_key: string }>(`SELECT part, last_key::text FROM paydesk.import_progress WHERE laptop = $1`, [laptop]);
  const start = (part: string) => BigInt(progress.rows.find((r) => r.part === part)?.last_key ?? '0');
  let paymentKey = start('payments');
  let auditKey = start('audit');
  const readOperations = childRowsOfRange(db, 'operations', 'ledger_operations', { packed: 'seq', plain: 'created_at' });
  const readHistory = childRowsOfRange(db, 'state_history', 'ledger_history', { packed: 'id', plain: 'id' });
  const readChecks = childRowsOfRange(db, 'status_checks', 'ledger_checks', { packed: 'id', plain: 'id' });
  const readWebhooks = childRowsOfRange(db, 'webhooks', 'ledger_webhooks', { packed: 'id', plain: 'id' });
  if (paymentKey > 0n || auditKey > 0n) {
    report.resumedAfter = { payments: paymentKey.toString(), audit: auditKey.toString() };
    // Counted as already there: copied (or skipped) by the run that got this far.
    report.payments.alreadyThere += count(db, 'SELECT count(*) AS n FROM payments WHERE rowid <= ?', paymentKey);
    report.operations.alreadyThere += readOperations.countUpTo(paymentKey);
    report.audit.alreadyThere += count(db, `SELECT count(*) AS n FROM ${packed('ledger_audit') ? 'ledger_audit' : 'audit_log'} WHERE seq <= ?`, auditKey);
  }

  const readPayments = db.prepare(paymentsSelect).safeIntegers(true);
  const readAudit = db.prepare('SELECT seq, at, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result, prev_hash, hash FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?').safeIntegers(true);

  // A payment's state history and status checks go with it (the team ledger takes them only with a payment it did not have).
  const commit = async (part: 'payments' | 'audit', lastKey: bigint, payments: Row[], operations: Row[], audit: Row[], history: Row[] = [], checks: Row[] = []) => {
    const added = await team.query<{ payments_added: string; operations_added: string; audit_added: string }>(
      'SELECT * FROM paydesk.import_batch($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8::jsonb)',
      [laptop, part, lastKey.toString(), toJson(payments), toJson(operations), toJson(audit), toJson(history), toJson(checks)],
    );
    const row = added.rows[0]!;
    const tally = (counts: CopyCounts, sent: number, inserted: string) => {
      counts.copied += Number(inserted);
      counts.alreadyThere += sent - Number(inserted);
    };
    tally(report.payments, payments.length, row.payments_added);
    tally(report.operations, operations.length, row.operations_added);
    tally(report.audit, audit.length, row.audit_added);
    report.batches += 1;
    await options.afterBatch?.(report.batches);
  };

  // Payments, each batch with their operations (an operation needs its payment there first).
  for (;;) {
    const batch = readPayments.all(paymentKey, batchRows) as Row[];
    if (batch.length === 0) break;
    const lastKey = BigInt(batch[batch.length - 1]!.k as bigint);
    const operations = readOperations.between(paymentKey, lastKey);
    // A payment whose order id the team ledger has under another payment (the same profile id
    // and order id on another laptop) is not copied, nor are its operations.
    const taken = await team.query<{ id: string; profile_id: string; order_id: string }>(
      `SELECT p.id::text, p.profile_id, p.order_id FROM paydesk.payments p JOIN unnest($1::text[], $2::text[]) AS b(profile_id, order_id) USING (profile_id, order_id)`,
      [batch.map((p) => String(p.profile_id)), batch.map((p) => String(p.order_id))],
    );
    const takenBy = new Map(taken.rows.map((r) => [`${r.profile_id}\u0000${r.order_id}`, r.id]));
    const skippedPayments = new Set<string>();
    const payments: Row[] = [];
    // Each payment's webhooks go inside it, as its detail lists them (not their bodies: the screen shows
    // none), with the amount its history says (webhook-amount.sql; a number's digits only, else none).
    const webhooksOf = new Map<string, Row[]>();
    for (const w of readWebhooks.between(paymentKey, lastKey)) {
      const amount = keptField(w.body as string | null, 'amount');
      const shown = { received_at: w.received_at, status_word: w.status_word, type: w.type, duplicate: Number(w.duplicate) !== 0, amount: amount && /^[0-9]{1,30}(\.[0-9]{1,9})?$/.test(amount) ? amount : null };
      webhooksOf.set(String(w.payment_id), [...(webhooksOf.get(String(w.payment_id)) ?? []), shown]);
    }
    for (const p of batch) {
      const other = takenBy.get(`${String(p.profile_id)}\u0000${String(p.order_id)}`);
      if (other !== undefined && other !== String(p.id).toLowerCase()) { skip('payments', p.id, 'orderIdTaken'); skippedPayments.add(String(p.id)); } else if (!acceptedPayment(p)) { skip('payments', p.id, 'notAcceptedByTeamLedger'); skippedPayments.add(String(p.id)); } else payments.push({ ...laptopPayment(p), webhooks: webhooksOf.get(String(p.id)) ?? [] });
    }
    const ops: Row[] = [];
    for (const o of operations) {
      if (skippedPayments.has(String(o.payment_id))) skip('operations', o.id, 'paymentSkipped');
      else ops.push(o);
    }
    const copied = (rows: Row[]) => rows.filter((r) => !skippedPayments.has(String(r.payment_id)));
    await commit('payments', lastKey, payments, ops, [], copied(readHistory.between(paymentKey, lastKey)), copied(readChecks.between(paymentKey, lastKey)));
    paymentKey = lastKey;
    options.onProgress?.({ part: 'payments', done: report.payments.copied + report.payments.alreadyThere + report.payments.skipped, total: report.payments.source });
  }

  // Its invoices and credit notes, after the payments and operations they belong to.
  await copyDocuments(db, team, laptop, batchRows, { report, skip, start, afterBatch: async () => {
    report.batches += 1;
    await options.afterBatch?.(report.batches);
  } });

  // Its bulk payment links' batches and rows, after the payments their rows made.
  await copyBulk(db, team, laptop, batchRows, start('bulk'), report.bulkBatches, async () => {
    report.batches += 1;
    await options.afterBatch?.(report.batches);
  });

  // Its repeat charges' stop marks, after the payments that stored the cards.
  await copyRepeatStops(db, team, laptop, batchRows, report.repeatStops, skip, async () => {
    report.batches += 1;
    await options.afterBatch?.(report.batches);
  });

  // The laptop's own audit entries, as written, into paydesk.imported_audit.
  for (;;) {
    const batch = readAudit.all(auditKey, batchRows) as Row[];
    if (batch.length === 0) break;
    const lastKey = BigInt(batch[batch.length - 1]!.seq as bigint);
    await commit('audit', lastKey, [], [], batch);
    auditKey = lastKey;
    options.onProgress?.({ part: 'audit', done: report.audit.copied + report.audit.alreadyThere, total: report.audit.source });
  }
  await continueDocumentNumbers(db, team, laptop);
  return report;
}

type DocumentsRun = {
  report: CopyReport;
  skip(table: CopyTable, id: unknown, why: CopySkipReason): void;
  start(part: string): bigint;
  afterBatch(): Promise<void>;
};

const exact = (v: unknown) => BigInt(v as bigint);
/** What the team schema's checks on invoices and their lines would refuse (they would fail the whole batch): skipped instead. */
function acceptedInvoice(i: Row, lines: Row[]): boolean {
  return /^[A-Z]{3}$/.test(String(i.currency)) && exact(i.seq) > 0n && exact(i.total_minor) > 0n && exact(i.net_minor) >= 0n && exact(i.vat_minor) >= 0n
    && exact(i.total_minor) === exact(i.net_minor) + exact(i.vat_minor) && ['both', 'en', 'ar'].includes(String(i.language))
    && lines.every((l) => exact(l.quantity_milli) > 0n && exact(l.unit_minor) >= 0n && exact(l.rate_bp) >= 0n && ['standard', 'zero', 'exempt'].includes(String(l.category))
      && exact(l.gross_minor) === exact(l.net_minor) + exact(l.vat_minor) && exact(l.line_no) > 0n);
}
const acceptedCreditNote = (n: Row) => exact(n.seq) > 0n && exact(n.amount_minor) > 0n && exact(n.amount_minor) === exact(n.net_minor) + exact(n.vat_minor);

/**
 * The laptop's invoices (with their lines) and credit notes, with their numbers exactly as issued
 * and marked as that laptop's series (import_documents, checkup-runs.sql), a batch at a time with
 * its position, as the payments: resumable and never doubled. Only those whose payment (and a
 * credit note's invoice) the team ledger has with the same id; the others are skipped with why.
 */
async function copyDocuments(db: LedgerDb, team: pg.ClientBase, laptop: string, batchRows: number, run: DocumentsRun) {
  const { report, skip } = run;
  const present = async (table: 'payments' | 'invoices', ids: unknown[]) => {
    const wanted = ids.map(String).filter((id) => uuidLike.test(id));
    const found = await team.query<{ id: string }>(`SELECT id::text FROM paydesk.${table} WHERE id = ANY($1::uuid[])`, [wanted]);
    return new Set(found.rows.map((r) => r.id.toLowerCase()));
  };
  const commit = async (part: 'invoices' | 'credit_notes', lastKey: bigint, invoices: Row[], lines: Row[], notes: Row[]) => {
    const added = (await team.query<{ invoices_added: string; credit_notes_added: string }>('SELECT * FROM paydesk.import_documents($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb)',
      [laptop, part, lastKey.toString(), toJson(invoices), toJson(lines), toJson(notes)])).rows[0]!;
    report.invoices.copied += Number(added.invoices_added);
    report.invoices.alreadyThere += invoices.length - Number(added.invoices_added);
    report.creditNotes.copied += Number(added.credit_notes_added);
    report.creditNotes.alreadyThere += notes.length - Number(added.credit_notes_added);
    await run.afterBatch();
  };

  let invoiceKey = run.start('invoices');
  if (invoiceKey > 0n) report.invoices.alreadyThere += count(db, 'SELECT count(*) AS n FROM invoices WHERE rowid <= ?', invoiceKey);
  const readInvoices = db.prepare('SELECT rowid AS k, * FROM invoices WHERE rowid > ? ORDER BY rowid LIMIT ?').safeIntegers(true);
  const readLines = db.prepare('SELECT l.* FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.rowid > ? AND i.rowid <= ? ORDER BY i.rowid, l.line_no').safeIntegers(true);
  for (;;) {
    const batch = readInvoices.all(invoiceKey, batchRows) as Row[];
    if (batch.length === 0) break;
    const lastKey = exact(batch[batch.length - 1]!.k);
    const lines = readLines.all(invoiceKey, lastKey) as Row[];
    const there = await present('payments', batch.map((i) => i.payment_id));
    const invoices: Row[] = [];
    const kept = new Set<string>();
    for (const i of batch) {
      const own = lines.filter((l) => l.invoice_id === i.id);
      if (!there.has(String(i.payment_id).toLowerCase())) skip('invoices', i.number, 'documentPaymentSkipped');
      else if (!acceptedInvoice(i, own)) skip('invoices', i.number, 'notAcceptedByTeamLedger');
      else {
        kept.add(String(i.id));
        invoices.push({
          id: i.id, profile_id: i.profile_id, seq: i.seq, number: i.number, payment_id: i.payment_id, currency: i.currency,
          prices_include_vat: Number(i.prices_include_vat) !== 0, net_minor: i.net_minor, vat_minor: i.vat_minor, total_minor: i.total_minor,
          seller_json: i.seller_json, buyer_vat_number: i.buyer_vat_number, language: i.language, issued_at: i.issued_at,
          // Who issued it on the laptop (its OS user); db_user in the team ledger is the admin who copied it.
          os_user: i.created_by,
        });
      }
    }
    await commit('invoices', lastKey, invoices, lines.filter((l) => kept.has(String(l.invoice_id))), []);
    invoiceKey = lastKey;
  }

  let noteKey = run.start('credit_notes');
  if (noteKey > 0n) report.creditNotes.alreadyThere += count(db, 'SELECT count(*) AS n FROM credit_notes WHERE rowid <= ?', noteKey);
  const readNotes = db.prepare('SELECT rowid AS k, * FROM credit_notes WHERE rowid > ? ORDER BY rowid LIMIT ?').safeIntegers(true);
  for (;;) {
    const batch = readNotes.all(noteKey, batchRows) as Row[];
    if (batch.length === 0) break;
    const lastKey = exact(batch[batch.length - 1]!.k);
    const there = await present('invoices', batch.map((n) => n.invoice_id));
    const notes: Row[] = [];
    for (const n of batch) {
      if (!there.has(String(n.invoice_id).toLowerCase())) skip('creditNotes', n.number, 'documentPaymentSkipped');
      else if (!acceptedCreditNote(n)) skip('creditNotes', n.number, 'notAcceptedByTeamLedger');
      else notes.push({ id: n.id, profile_id: n.profile_id, seq: n.seq, number: n.number, invoice_id: n.invoice_id, payment_id: n.payment_id, operation_id: n.operation_id,
        amount_minor: n.amount_minor, net_minor: n.net_minor, vat_minor: n.vat_minor, breakdown_json: n.breakdown_json, reason: n.reason, issued_at: n.issued_at });
    }
    await commit('credit_notes', lastKey, [], [], notes);
    noteKey = lastKey;
  }
}

/**
 * The laptop's bulk payment links (Bulk links' recent batches and each batch's page), a batch of
 * batches at a time with their rows and its position (import_bulk, copy-whole.sql), as the
 * payments: resumable and never doubled. A batch left running (the laptop closed mid-run) comes as
 * interrupted and its row being sent as waiting again, as the laptop's own start marks them
 * (bulk-store.ts's markInterrupted): a Resume on the team ledger checks the ledger first.
 */
async function copyBulk(db: LedgerDb, team: pg.ClientBase, laptop: string, batchRows: number, from: bigint, counts: CopyCounts, afterBatch: () => Promise<void>) {
  if (from > 0n) counts.alreadyThere += count(db, 'SELECT count(*) AS n FROM bulk_batches WHERE rowid <= ?', from);
  const readBatches = db.prepare('SELECT rowid AS k, * FROM bulk_batches WHERE rowid > ? ORDER BY rowid LIMIT ?').safeIntegers(true);
  const readRows = db.prepare('SELECT r.* FROM bulk_rows r JOIN bulk_batches b ON b.id = r.batch_id WHERE b.rowid > ? AND b.rowid <= ? ORDER BY b.rowid, r.line');
  for (let key = from; ;) {
    const batch = readBatches.all(key, batchRows) as Row[];
    if (batch.length === 0) return;
    const lastKey = exact(batch[batch.length - 1]!.k);
    const batches = batch.map((b) => ({ id: b.id, profile_id: b.profile_id, file_name: b.file_name, state: b.state === 'running' ? 'interrupted' : b.state,
      // Who made it on the laptop (its OS user); created_by in the team ledger is the admin who copied it.
      os_user: b.created_by, created_at: b.created_at, updated_at: b.updated_at, separator: b.separator ?? null,
      success_url: b.success_url ?? null, failure_url: b.failure_url ?? null }));
    const rows = (readRows.all(key, lastKey) as BulkRowRow[]).map((r) => {
      const row = { ...r, state: r.state === 'sending' ? 'pending' as const : r.state };
      return { ...row, amount_minor: amountMinorOf(row) };
    });
    const added = Number((await team.query<{ batches_added: string }>('SELECT * FROM paydesk.import_bulk($1, $2, $3::jsonb, $4::jsonb)', [laptop, lastKey.toString(), toJson(batches), toJson(rows)])).rows[0]!.batches_added);
    counts.copied += added;
    counts.alreadyThere += batches.length - added;
    key = lastKey;
    await afterBatch();
  }
}

/**
 * The laptop's "Stop repeat charges" marks (migration 24), a batch at a time, each with who set it
 * on the laptop (its OS user) and when: a customer who cancelled is not charged again after the
 * team moves. The team ledger remembers each mark it took (import_repeat_stops,
 * repeat-stops-copy.sql), so a resumed or repeated copy adds none twice and never brings back a
 * mark lifted on the team ledger since. Only for a payment the team ledger has, enrolled for
 * repeat charges; the others are skipped with why.
 */
async function copyRepeatStops(db: LedgerDb, team: pg.ClientBase, laptop: string, batchRows: number, counts: CopyCounts,
  skip: (table: CopyTable, id: unknown, why: CopySkipReason) => void, afterBatch: () => Promise<void>) {
  const read = db.prepare('SELECT payment_id, stopped_at, stopped_by FROM repeat_stops WHERE payment_id > ? ORDER BY payment_id LIMIT ?');
  for (let after = ''; ;) {
    const batch = read.all(after, batchRows) as Array<{ payment_id: string; stopped_at: string; stopped_by: string }>;
    if (batch.length === 0) return;
    after = batch[batch.length - 1]!.payment_id;
    const ids = batch.map((s) => s.payment_id).filter((id) => uuidLike.test(id));
    const enrolled = new Set((await team.query<{ id: string }>('SELECT id::text FROM paydesk.payments WHERE id = ANY($1::uuid[]) AND recurring_init', [ids])).rows.map((r) => r.id.toLowerCase()));
    const stops = batch.filter((s) => {
      if (enrolled.has(s.payment_id.toLowerCase())) return true;
      skip('repeatStops', s.payment_id, 'stopPaymentSkipped');
      return false;
    }).map((s) => ({ payment_id: s.payment_id, stopped_at: s.stopped_at, os_user: s.stopped_by }));
    if (stops.length === 0) continue;
    const added = (await team.query<{ stops_added: string; already_there: string }>('SELECT * FROM paydesk.import_repeat_stops($1, $2::jsonb)', [laptop, JSON.stringify(stops)])).rows[0]!;
    counts.copied += Number(added.stops_added);
    counts.alreadyThere += stops.length - Number(added.stops_added);
    await afterBatch();
  }
}

/**
 * The laptop's invoices and credit notes keep their own numbers (copyDocuments): the team's series
 * of each profile continues after the laptop's last (invoices.sql), so the team issues none of them again.
 */
async function continueDocumentNumbers(db: LedgerDb, team: pg.ClientBase, laptop: string) {
  for (const [table, kind] of [['invoices', 'invoice'], ['credit_notes', 'credit_note']] as const) {
    const last = db.prepare(`SELECT profile_id, max(seq) AS seq FROM ${table} GROUP BY profile_id`).safeIntegers(true).all() as Array<{ profile_id: string; seq: bigint }>;
    for (const { profile_id, seq } of last) await team.query('SELECT paydesk.continue_document_numbers($1, $2, $3, $4)', [laptop, profile_id, kind, seq.toString()]);
  }
}

const auditColumns = ['seq', 'at', 'os_user', 'profile_id', 'environment', 'action', 'payment_id', 'order_id', 'amount_minor', 'currency', 'reason', 'result'] as const;

/** A bigint column as pg answers it (a decimal string) as a number, refusing anything a number cannot hold exactly. */
export function exactInteger(value: string | number | null): number | null {
  if (value === null) return null;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || String(n) !== String(value)) throw new Error(`not an exact integer: ${String(value)}`);
  return n;
}

/**
 * Checks a laptop's imported audit chain in the team database by the SQLite ledger's rule (each
 * hash the SHA-256 of the previous hash and the entry's JSON array), a keyset page at a time.
 */
export async function verifyImportedAudit(team: Pick<Queryable, 'query'>, laptop: string, pageRows = 5_000): Promise<{ ok: boolean; rows: number; brokenAt?: number }> {
  let prev = '0'.repeat(64);
  let after = 0;
  let rows = 0;
  for (;;) {
    const page = await team.query(
      `SELECT seq::text, at, os_user, profile_id, environment, action, payment_id, order_id, amount_minor::text, currency, reason, result, prev_hash, hash
       FROM paydesk.imported_audit WHERE laptop = $1 AND seq > $2 ORDER BY imported_audit.seq LIMIT $3`, [laptop, after, pageRows]);
    for (const r of page.rows as Array<Record<string, string | null>>) {
      const entry = { ...r, seq: exactInteger(r.seq ?? null), amount_minor: exactInteger(r.amount_minor ?? null) } as Record<string, unknown>;
      const hash = createHash('sha256').update(prev).update(JSON.stringify(auditColumns.map((c) => entry[c]))).digest('hex');
      if (r.prev_hash !== prev || r.hash !== hash || entry.seq !== after + 1) return { ok: false, rows, brokenAt: Number(entry.seq) };
      prev = hash;
      after = entry.seq as number;
      rows += 1;
    }
    if (page.rows.length < pageRows) return { ok: true, rows };
  }
}
