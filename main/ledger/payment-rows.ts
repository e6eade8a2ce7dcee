// Rows of the ledger and the views the renderer gets from them. The view leaves out what the
// screens have no use for (the recurring token itself, raw gateway answers).
import type { PaymentView } from '../../contract/methods/payments';
import type { LedgerState } from '../../contract/payment-states';
import type { CurrencyCode } from '../../contract/money';
import type { LedgerDb } from './database';

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
};

export type OperationRow = {
  id: string;
  payment_id: string;
  kind: 'create' | 'capture' | 'void' | 'refund';
  amount_minor: number | null;
  base_minor?: number | null;
  reason: string | null;
  os_user: string;
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

export function toView(row: PaymentRow, operationInFlight: boolean): PaymentView {
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
    recurringAvailable: Boolean(row.recurring_token && row.transaction_id),
    recurringRequested: row.recurring_init === 1,
    parentPaymentId: row.parent_payment_id,
    state: row.state,
    statusWord: row.status_word,
    capturedMinor: row.captured_minor,
    refundedMinor: row.refunded_minor,
    operationInFlight,
    needsAttention: row.needs_attention === 1,
    attentionReason: row.needs_attention === 1 ? row.attention_reason ?? 'unsettled' : null,
    watched: row.watched === 1,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastCheckedAt: row.last_checked_at,
  };
}

export function createPaymentRows(db: LedgerDb) {
  const byId = db.prepare('SELECT * FROM payments WHERE id = ?');
  const openOps = db.prepare("SELECT * FROM operations WHERE payment_id = ? AND outcome IN ('sending', 'unknown') ORDER BY created_at");
  const history = db.prepare('INSERT INTO state_history (payment_id, state, status_word, source, at) VALUES (?, ?, ?, ?, ?)');
  return {
    get: (id: string) => byId.get(id) as PaymentRow | undefined,
    openOperations: (paymentId: string) => openOps.all(paymentId) as OperationRow[],
    view(row: PaymentRow) {
      return toView(row, (openOps.all(row.id) as OperationRow[]).length > 0);
    },
    /** Views of many rows with one query for the open operations of those rows only (not of the whole ledger). */
    views(list: PaymentRow[]) {
      if (list.length === 0) return [];
      const ids = list.map((row) => row.id);
      const open = new Set((db.prepare(`SELECT DISTINCT payment_id FROM operations WHERE payment_id IN (${ids.map(() => '?').join(', ')}) AND outcome IN ('sending', 'unknown')`).all(...ids) as Array<{ payment_id: string }>).map((r) => r.payment_id));
      return list.map((row) => toView(row, open.has(row.id)));
    },
    insert(row: PaymentRow) {
      const columns = Object.keys(row);
      db.prepare(`INSERT INTO payments (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
      history.run(row.id, row.state, row.status_word, 'create', row.created_at);
    },
    /** Updates columns; a change of state is added to the history with its source. */
    update(id: string, changes: Partial<PaymentRow>, source: string, at: string) {
      const before = byId.get(id) as PaymentRow;
      const columns = Object.keys(changes).filter((c) => c !== 'id');
      if (columns.length) db.prepare(`UPDATE payments SET ${columns.map((c) => `${c} = @${c}`).join(', ')}, updated_at = @updated_at WHERE id = @id`).run({ ...changes, id, updated_at: at });
      if (changes.state && (changes.state !== before.state || (changes.status_word ?? before.status_word) !== before.status_word)) {
        history.run(id, changes.state, changes.status_word ?? before.status_word, source, at);
      }
      return byId.get(id) as PaymentRow;
    },
    insertOperation(row: OperationRow) {
      const columns = Object.keys(row);
      db.prepare(`INSERT INTO operations (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
    },
    /** Settles an operation; `from` guards against settling one that something else settled first. */
    completeOperation(id: string, changes: Pick<OperationRow, 'outcome'> & Partial<OperationRow>, from: OperationRow['outcome'][] = ['sending', 'unknown']) {
      const columns = Object.keys(changes);
      db.prepare(`UPDATE operations SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id AND outcome IN (${from.map((o) => `'${o}'`).join(', ')})`).run({ ...changes, id });
    },
    recordCheck(paymentId: string, at: string, outcome: string, statusWord: string | null, state: string | null) {
      db.prepare('INSERT INTO status_checks (payment_id, at, outcome, status_word, state) VALUES (?, ?, ?, ?, ?)').run(paymentId, at, outcome, statusWord, state);
    },
    operation: (id: string) => db.prepare('SELECT * FROM operations WHERE id = ?').get(id) as OperationRow | undefined,
    byOrderId: (profileId: string, orderId: string) => db.prepare('SELECT * FROM payments WHERE profile_id = ? AND order_id = ?').get(profileId, orderId) as PaymentRow | undefined,
    /** A payment of this profile known by its order id or its transaction id. */
    findKnown: (profileId: string, ref: { orderId?: string; transactionId?: string }) =>
      db.prepare('SELECT * FROM payments WHERE profile_id = ? AND (order_id = ? OR transaction_id = ?) LIMIT 1').get(profileId, ref.orderId ?? null, ref.transactionId ?? null) as PaymentRow | undefined,
    /**
     * Changes whenever an operation of the payment is recorded or settled: a status answer
     * asked for before such a change may describe the payment as it was, and is not applied.
     */
    operationsMark: (paymentId: string) => {
      const mark = db.prepare("SELECT count(*) AS n, count(completed_at) AS done, sum(outcome IN ('succeeded', 'failed')) AS settled FROM operations WHERE payment_id = ?").get(paymentId) as { n: number; done: number; settled: number | null };
      return `${mark.n}/${mark.done}/${mark.settled ?? 0}`;
    },
    sendingOperations: () => db.prepare("SELECT * FROM operations WHERE outcome = 'sending'").all() as OperationRow[],
    dueForCheck: (now: string, limit: number) =>
      db.prepare('SELECT id, profile_id FROM payments WHERE next_check_at IS NOT NULL AND next_check_at <= ? ORDER BY next_check_at LIMIT ?').all(now, limit) as Array<{ id: string; profile_id: string }>,
    /** Repeat charges of a card enrolled on this payment, oldest first. */
    repeatsOf: (paymentId: string) =>
      db.prepare('SELECT * FROM payments WHERE parent_payment_id = ? ORDER BY created_at, rowid').all(paymentId) as PaymentRow[],
    operationsOf: (paymentId: string) => db.prepare('SELECT * FROM operations WHERE payment_id = ? ORDER BY created_at, rowid').all(paymentId) as OperationRow[],
    historyOf: (paymentId: string) => db.prepare('SELECT state, status_word, source, at FROM state_history WHERE payment_id = ? ORDER BY id').all(paymentId) as Array<{ state: PaymentRow['state']; status_word: string | null; source: string; at: string }>,
    checksOf: (paymentId: string) => db.prepare('SELECT at, outcome, status_word, state FROM status_checks WHERE payment_id = ? ORDER BY id DESC LIMIT 100').all(paymentId) as Array<{ at: string; outcome: string; status_word: string | null; state: string | null }>,
    webhooksOf: (paymentId: string) => db.prepare('SELECT received_at, status_word, type, duplicate FROM webhooks WHERE payment_id = ? ORDER BY id').all(paymentId) as Array<{ received_at: string; status_word: string | null; type: string | null; duplicate: number }>,
  };
}

export type PaymentRows = ReturnType<typeof createPaymentRows>;
