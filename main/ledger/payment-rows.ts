// Rows of the ledger and the views the renderer gets from them. The view leaves out what the
// screens have no use for (the recurring token itself, raw gateway answers).
import type { PaymentView } from '../../contract/methods/payments';
import type { LedgerState } from '../../contract/payment-states';
import type { CurrencyCode } from '../../contract/money';
import type { LedgerDb } from './database';
import { childTables, unpackedColumns } from './child-tables';
import { readLastError } from './last-error';
import { keptField } from './lean-answer';
import { prepared } from './statements';
import { createWords, kindCode, outcomeCode, packId, packTime, sqlKindName, sqlOutcomeName, sqlUnpackTime, sqlWord } from './packing';

export type AttentionReason = NonNullable<PaymentView['attentionReason']>;

export type PaymentRow = {
  id: string;
  profile_id: string;
  environment: PaymentView['environment'];
  kind: PaymentView['kind'];
  order_id: string;
  amount_minor: number;
  currency: CurrencyCode;
  description: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  card_bin: string | null;
  card_last4: string | null;
  transaction_id: string | null;
  session_id: string | null;
  link_url: string | null;
  recurring_token: string | null;
  /**
   * The team ledger: 1 when a token is saved there (recurring.sql). Its rows never carry the
   * token itself; support and admin read it only to charge again (LedgerTx.recurringTokenOf).
   */
  recurring_saved?: number;
  /** 1 when the card was enrolled for repeat charges: its token comes with a later answer. */
  recurring_init: number;
  parent_payment_id: string | null;
  auth_only: number;
  state: LedgerState;
  status_word: string | null;
  captured_minor: number;
  refunded_minor: number;
  created_by: string;
  created_at: string;
  updated_at: string;
  last_checked_at: string | null;
  next_check_at: string | null;
  check_attempts: number;
  needs_attention: number;
  /** Why a person is needed: 'undecidable' (an unclear outcome no answer can settle) or 'unsettled'. */
  attention_reason: AttentionReason | null;
  watched: number;
  last_error: string | null;
  /** The gateway check-up run that made this payment (docs/check-up.md); null for real business. */
  checkup_run?: string | null;
  /** A link's expiry date (YYYY-MM-DD) as sent to the gateway (migration 20); null when not known. */
  expire_date?: string | null;
};

export type OperationRow = {
  id: string;
  payment_id: string;
  kind: 'create' | 'capture' | 'void' | 'refund';
  amount_minor: number | null;
  base_minor?: number | null;
  reason: string | null;
  os_user: string;
  /** The database login that recorded it: the team ledger only (PostgreSQL stamps it). */
  db_user?: string;
  /** The laptop that recorded it: the team ledger only (laptops.sql). */
  laptop?: string | null;
  outcome: 'sending' | 'succeeded' | 'failed' | 'unknown';
  error_code: string | null;
  error_message: string | null;
  gateway_answer: string | null;
  created_at: string;
  completed_at: string | null;
  /** The OS user who settled an unclear outcome by hand, and why. */
  settled_by?: string | null;
  settled_reason?: string | null;
};

export type OpenOperation = NonNullable<PaymentView['openOperation']>;

/**
 * The open operation a view names (the first recorded, as the detail reads them); null when none is
 * open. One being sent says since when (`sentAt`, as toISOString writes it): the list's row says it
 * is left open once staleSendMinutes pass, as the detail does (docs/screens-after-sale.md).
 */
export function openOperationOf(ops: Array<Pick<OperationRow, 'kind' | 'outcome' | 'amount_minor'> & { created_at?: string | Date }>): OpenOperation | null {
  const op = ops.find((o) => o.outcome === 'sending' || o.outcome === 'unknown');
  if (!op) return null;
  const amountMinor = op.amount_minor === null ? null : Number(op.amount_minor);
  if (op.outcome === 'unknown') return { kind: op.kind, outcome: 'unknown', amountMinor };
  const sent = op.created_at === undefined ? NaN : new Date(op.created_at).getTime();
  return { kind: op.kind, outcome: 'sending', amountMinor, ...(Number.isFinite(sent) ? { sentAt: new Date(sent).toISOString() } : {}) };
}

export function toView(row: PaymentRow, open: OpenOperation | null): PaymentView {
  return {
    id: row.id,
    profileId: row.profile_id,
    environment: row.environment,
    kind: row.kind,
    orderId: row.order_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    description: row.description,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    cardMasked: row.card_bin && row.card_last4 ? `${row.card_bin}******${row.card_last4}` : null,
    transactionId: row.transaction_id,
    sessionId: row.session_id,
    url: row.link_url,
    authOnly: row.auth_only === 1,
    recurringAvailable: Boolean((row.recurring_token || row.recurring_saved) && row.transaction_id),
    recurringRequested: row.recurring_init === 1,
    parentPaymentId: row.parent_payment_id,
    state: row.state,
    statusWord: row.status_word,
    capturedMinor: row.captured_minor,
    refundedMinor: row.refunded_minor,
    operationInFlight: open !== null,
    openOperation: open,
    needsAttention: row.needs_attention === 1,
    attentionReason: row.needs_attention === 1 ? row.attention_reason ?? 'unsettled' : null,
    watched: row.watched === 1,
    ...readLastError(row.last_error),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastCheckedAt: row.last_checked_at,
    expiresOn: row.kind === 'link' ? row.expire_date ?? null : null,
    checkupRun: row.checkup_run ?? null,
  };
}

// Operations, history, checks and webhooks are stored packed (migration 11, packing.ts): these
// queries read and write the packed tables, so each lookup uses an index; rows come back as before.
const opColumns = unpackedColumns(childTables[0]!, 'o');
const openOutcome = `o.outcome IN (${outcomeCode('sending')}, ${outcomeCode('unknown')})`;

/** A list's page asks at most this many payments' open operations at once (the contract's page limit). */
const pageIds = 500;
const openSql = (count: number) => `SELECT p.id AS payment_id, ${sqlKindName('o.kind')} AS kind, ${sqlOutcomeName('o.outcome')} AS outcome, o.amount_minor, ${sqlUnpackTime('o.created_at')} AS created_at FROM payments p JOIN ledger_operations o ON o.payment = p.rowid
    WHERE p.id IN (${Array.from({ length: count }, () => '?').join(', ')}) AND ${openOutcome} ORDER BY o.created_at, o.seq`;
/** The SQL for each number of ids up to pageIds, written once (the same text each page: no string built, its hash kept). */
const openSqlByCount: string[] = [];

/**
 * The open operation of each of these payments that has one, by payment id: read in each payment's
 * own part of ledger_operations (its key). A page's statement (one per number of ids: 100 on every
 * full page of the list) is prepared once, not on each page (a page's read took 128 µs prepared
 * each time, 80 µs without: docs/performance.md, "The default list against its raw SQL"). Each
 * payment's operations are grouped once, not filtered out of the whole answer per payment (an
 * export chunk has 20,000 payments).
 */
export function openOperationsOf(db: LedgerDb, ids: string[]): Map<string, OpenOperation> {
  if (ids.length === 0) return new Map();
  const open = (ids.length <= pageIds ? prepared(db, (openSqlByCount[ids.length] ??= openSql(ids.length))) : db.prepare(openSql(ids.length))).all(...ids) as OperationRow[];
  // Each payment's open operations in the query's order, so the first recorded is named.
  const byPayment = new Map<string, OperationRow[]>();
  for (const op of open) {
    const list = byPayment.get(op.payment_id);
    if (list) list.push(op);
    else byPayment.set(op.payment_id, [op]);
  }
  const named = new Map<string, OpenOperation>();
  for (const id of ids) {
    const ops = byPayment.get(id);
    const operation = ops ? openOperationOf(ops) : null;
    if (operation) named.set(id, operation);
  }
  return named;
}

export function createPaymentRows(db: LedgerDb) {
  const word = createWords(db);
  const byId = db.prepare('SELECT * FROM payments WHERE id = ?');
  const refOf = db.prepare('SELECT rowid FROM payments WHERE id = ?').pluck();
  const rowidOf = (paymentId: string) => (refOf.get(paymentId) as number | undefined) ?? null;
  const openOps = db.prepare(`SELECT ${opColumns} FROM ledger_operations o WHERE o.payment = ? AND ${openOutcome} ORDER BY o.created_at, o.seq`);
  const addHistory = db.prepare('INSERT INTO ledger_history (payment, id, state, status_word, source, at) VALUES (@payment, (SELECT ifnull(max(id), 0) + 1 FROM ledger_history WHERE payment = @payment), @state, @word, @source, @at)');
  const history = (paymentId: string, state: string, statusWord: string | null, source: string, at: string) =>
    addHistory.run({ payment: rowidOf(paymentId), state: word(state), word: word(statusWord), source: word(source), at: packTime(at) });
  // Each column of an operation as stored.
  const packOp: Record<string, (v: never) => unknown> = {
    id: (v: string) => packId(v), payment_id: (v: string) => rowidOf(v), kind: (v: string) => kindCode(v), outcome: (v: string) => outcomeCode(v),
    reason: (v: string | null) => word(v), os_user: (v: string) => word(v), error_code: (v: string | null) => word(v), settled_by: (v: string | null) => word(v),
    created_at: (v: string) => packTime(v), completed_at: (v: string | null) => packTime(v),
  };
  const stored = (column: string) => (column === 'payment_id' ? 'payment' : column);
  const packed = (values: Partial<OperationRow>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [stored(k), packOp[k] ? packOp[k]!(v as never) : v ?? null]));
  const operationById = db.prepare(`SELECT ${opColumns} FROM ledger_operations o WHERE o.id = ?`);
  const checkupRun = db.prepare('SELECT p.checkup_run FROM ledger_operations o JOIN payments p ON p.rowid = o.payment WHERE o.id = ?').pluck();
  return {
    get: (id: string) => byId.get(id) as PaymentRow | undefined,
    openOperations: (paymentId: string) => openOps.all(rowidOf(paymentId)) as OperationRow[],
    view(row: PaymentRow) {
      return toView(row, openOperationOf(openOps.all(rowidOf(row.id)) as OperationRow[]));
    },
    /** Views of many rows with one query for the open operations of those rows only (not of the whole ledger). */
    views(list: PaymentRow[]) {
      if (list.length === 0) return [];
      const open = openOperationsOf(db, list.map((row) => row.id));
      return list.map((row) => toView(row, open.get(row.id) ?? null));
    },
    insert(row: PaymentRow) {
      const columns = Object.keys(row);
      db.prepare(`INSERT INTO payments (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
      history(row.id, row.state, row.status_word, 'create', row.created_at);
    },
    /** Updates columns; a change of state is added to the history with its source. */
    update(id: string, changes: Partial<PaymentRow>, source: string, at: string) {
      const before = byId.get(id) as PaymentRow;
      const columns = Object.keys(changes).filter((c) => c !== 'id');
      if (columns.length) db.prepare(`UPDATE payments SET ${columns.map((c) => `${c} = @${c}`).join(', ')}, updated_at = @updated_at WHERE id = @id`).run({ ...changes, id, updated_at: at });
      if (changes.state && (changes.state !== before.state || (changes.status_word ?? before.status_word) !== before.status_word)) {
        history(id, changes.state, changes.status_word ?? before.status_word, source, at);
      }
      return byId.get(id) as PaymentRow;
    },
    insertOperation(row: OperationRow) {
      const values = packed(row);
      const columns = Object.keys(values);
      db.prepare(`INSERT INTO ledger_operations (seq, ${columns.join(', ')}) VALUES ((SELECT ifnull(max(seq), 0) + 1 FROM ledger_operations WHERE payment = @payment), ${columns.map((c) => `@${c}`).join(', ')})`).run(values);
    },
    /**
     * Settles an operation; `from` guards against settling one that something else settled first.
     * An applied answer is not kept a second time: what it said is in the payment's history and
     * totals. Answers of failed and unclear operations are kept whole (support reads them), and
     * so are those of a check-up's payments (the check-up compares them with what it expects).
     */
    completeOperation(id: string, changes: Pick<OperationRow, 'outcome'> & Partial<OperationRow>, from: OperationRow['outcome'][] = ['sending', 'unknown']) {
      const kept = changes.outcome === 'succeeded' && changes.gateway_answer && !checkupRun.get(packId(id)) ? { ...changes, gateway_answer: null } : changes;
      const values = packed(kept);
      const columns = Object.keys(values);
      db.prepare(`UPDATE ledger_operations SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id_ AND outcome IN (${from.map(outcomeCode).join(', ')})`).run({ ...values, id_: packId(id) });
    },
    recordCheck(paymentId: string, at: string, outcome: string, statusWord: string | null, state: string | null) {
      db.prepare('INSERT INTO ledger_checks (payment, id, at, outcome, status_word, state) VALUES (@payment, (SELECT ifnull(max(id), 0) + 1 FROM ledger_checks WHERE payment = @payment), @at, @outcome, @word, @state)')
        .run({ payment: rowidOf(paymentId), at: packTime(at), outcome: word(outcome), word: word(statusWord), state: word(state) });
    },
    operation: (id: string) => operationById.get(packId(id)) as OperationRow | undefined,
    byOrderId: (profileId: string, orderId: string) => db.prepare('SELECT * FROM payments WHERE profile_id = ? AND order_id = ?').get(profileId, orderId) as PaymentRow | undefined,
    /** A payment of this profile known by its order id or its transaction id. */
    findKnown: (profileId: string, ref: { orderId?: string; transactionId?: string }) =>
      db.prepare('SELECT * FROM payments WHERE profile_id = ? AND (order_id = ? OR transaction_id = ?) LIMIT 1').get(profileId, ref.orderId ?? null, ref.transactionId ?? null) as PaymentRow | undefined,
    /**
     * Changes whenever an operation of the payment is recorded or settled: a status answer
     * asked for before such a change may describe the payment as it was, and is not applied.
     */
    operationsMark: (paymentId: string) => {
      const mark = db.prepare(`SELECT count(*) AS n, count(completed_at) AS done, sum(outcome IN (${outcomeCode('succeeded')}, ${outcomeCode('failed')})) AS settled FROM ledger_operations WHERE payment = ?`).get(rowidOf(paymentId)) as { n: number; done: number; settled: number | null };
      return `${mark.n}/${mark.done}/${mark.settled ?? 0}`;
    },
    sendingOperations: () => db.prepare(`SELECT ${opColumns} FROM ledger_operations o WHERE o.outcome = ${outcomeCode('sending')}`).all() as OperationRow[],
    /**
     * Operations whose answer was lost (outcome unknown), oldest first or newest first: read through
     * their own index (migration 14). Newest first reaches the one lost a moment ago on a ledger
     * holding more than one answer's worth of older ones.
     */
    unclearOperations: (limit: number, direction: 'asc' | 'desc' = 'asc') =>
      db.prepare(`SELECT ${opColumns} FROM ledger_operations o WHERE o.outcome = ${outcomeCode('unknown')} ORDER BY o.created_at ${direction === 'desc' ? 'DESC' : 'ASC'}, o.payment ${direction === 'desc' ? 'DESC' : 'ASC'} LIMIT ?`).all(limit) as OperationRow[],
    dueForCheck: (now: string, limit: number, setBeyond?: string) => {
      const due = db.prepare('SELECT id, profile_id FROM payments WHERE next_check_at IS NOT NULL AND next_check_at <= ? ORDER BY next_check_at LIMIT ?').all(now, limit) as Array<{ id: string; profile_id: string }>;
      if (!setBeyond || due.length >= limit) return due;
      // Checks set further ahead than any schedule sets them: by a clock since set back (store.ts).
      return [...due, ...db.prepare('SELECT id, profile_id FROM payments WHERE next_check_at > ? ORDER BY next_check_at LIMIT ?').all(setBeyond, limit - due.length) as Array<{ id: string; profile_id: string }>];
    },
    /** Repeat charges of a card enrolled on this payment, oldest first. */
    repeatsOf: (paymentId: string) =>
      db.prepare('SELECT * FROM payments WHERE parent_payment_id = ? ORDER BY created_at, rowid').all(paymentId) as PaymentRow[],
    operationsOf: (paymentId: string) => db.prepare(`SELECT ${opColumns} FROM ledger_operations o WHERE o.payment = ? ORDER BY o.created_at, o.seq`).all(rowidOf(paymentId)) as OperationRow[],
    historyOf: (paymentId: string) => db.prepare(`SELECT ${sqlWord('state')} AS state, ${sqlWord('status_word')} AS status_word, ${sqlWord('source')} AS source, ${sqlUnpackTime('at')} AS at FROM ledger_history WHERE payment = ? ORDER BY id`).all(rowidOf(paymentId)) as Array<{ state: PaymentRow['state']; status_word: string | null; source: string; at: string }>,
    checksOf: (paymentId: string) => db.prepare(`SELECT ${sqlUnpackTime('at')} AS at, ${sqlWord('outcome')} AS outcome, ${sqlWord('status_word')} AS status_word, ${sqlWord('state')} AS state FROM ledger_checks WHERE payment = ? ORDER BY id DESC LIMIT 100`).all(rowidOf(paymentId)) as Array<{ at: string; outcome: string; status_word: string | null; state: string | null }>,
    webhooksOf: (paymentId: string) => (db.prepare(`SELECT ${sqlUnpackTime('received_at')} AS received_at, ${sqlWord('status_word')} AS status_word, ${sqlWord('type')} AS type, duplicate, body FROM ledger_webhooks WHERE payment = ? ORDER BY id`).all(rowidOf(paymentId)) as Array<{ received_at: string; status_word: string | null; type: string | null; duplicate: number; body: string }>)
      .map(({ body, ...w }) => ({ ...w, amount: keptField(body, 'amount') })),
  };
}

export type PaymentRows = ReturnType<typeof createPaymentRows>;
