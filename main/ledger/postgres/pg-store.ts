// The LedgerStore on the team's PostgreSQL (security.sql's schema): the money path only, so far
// (docs/team-ledger-plan.md, step 5): payments, their create and money operations recorded
// before sending and completed after, read back with the payment. Each transaction runs on a
// connection of its own from the pool, so an intent commits on its own before its request leaves.
// One open operation per payment is the database's rule (the unique index
// `operations_one_open`): of two laptops recording one at the same moment the second gets 23505,
// answered here as "{person} is already doing a {operation} on this payment", the person being
// the database login that recorded the open one. What a role may not do (a refund by staff) the
// database refuses (row-level security, 42501), answered as such. Each operation carries the
// laptop that recorded it (laptops.sql), so a laptop restarted after a crash marks only its own
// `sending` ones unknown; due status checks are leased (SKIP LOCKED), one laptop per payment; a
// server out of reach is said in "Test connection"'s words, before any request leaves.
// The database writes the audit entries of payments and operations itself (triggers, with the
// login), so appendAudit records nothing for those; a status check or look-up goes through
// paydesk.record_payment_check. A payment's state history and status checks are history.sql's
// tables (version 7); its last check is its latest status check, its last error and check
// attempts are its columns (checks.sql, version 9), and whether the person logged in watches it is
// their row in paydesk.watching.
// A payment's details (amount, currency, description, customer) change only when an order is tried
// again after "not created" (retry.sql, version 13: the database refuses it on any other payment,
// PD013, and audits it); a change the store may not write is refused, never dropped (issue 15).
// Webhooks are not received on the team ledger (its receiver runs only on the laptop's file), so a
// payment has none. A role without UPDATE on payments (finance) records a status answer through
// paydesk.record_status_answer (status-answers.sql, version 14: only those columns, only forward)
// and settles an unclear operation only as a status answer proves it, through
// paydesk.settle_from_status_answer (status-settle.sql, version 17: the database judges the answer
// again); any other completion is refused as teamLedger.settleNotAllowed. Other audit actions throw
// rather than answer wrongly. A card's recurring token (recurring.sql, version 15) is never in a
// row read here: an answer's token is saved through paydesk.save_recurring_token (write only),
// rows say only recurring_saved, and a repeat charge reads it through paydesk.recurring_token_of,
// which the database answers to support and admin only.
import pg from 'pg';
import { AppFailure } from '../../../contract/result';
import { englishText, fail, reason } from '../../core/fail';
import { openOperationOf, toView, type OperationRow, type PaymentRow } from '../payment-rows';
import type { LedgerStore, LedgerTx } from '../store';
import { clientConfig, dropIdleConnections, ledgerPool, serverFailureInWords, type TeamLedgerSettings, type TeamPassword } from './connection';
import { createPgInvoiceLedger } from './pg-invoices';
import { createPgCheckupRuns } from './pg-checkup-runs';

type Queryable = Pick<pg.ClientBase, 'query'>;
type Connections = { connect(): Promise<pg.PoolClient>; query: pg.Pool['query'] };

/** Columns the team schema has and a payments flow may set after the insert (security.sql's UPDATE grant). */
const updatable = new Set(['transaction_id', 'session_id', 'link_url', 'state', 'status_word', 'captured_minor', 'refunded_minor', 'card_bin', 'card_last4', 'next_check_at', 'needs_attention', 'attention_reason', 'last_error', 'check_attempts',
  // An order tried again after "not created" (retry.sql, version 13: the database refuses them on any other payment, PD013).
  'amount_minor', 'currency', 'description', 'customer_name', 'customer_email', 'customer_phone', 'auth_only']);
const inserted = ['recurring_init', 'parent_payment_id', 'id', 'profile_id', 'environment', 'kind', 'order_id', 'amount_minor', 'currency', 'description', 'customer_name', 'customer_email', 'customer_phone', 'card_bin', 'card_last4', 'transaction_id', 'session_id', 'link_url', 'auth_only', 'state', 'status_word', 'captured_minor', 'refunded_minor', 'next_check_at', 'needs_attention', 'attention_reason', 'last_error', 'check_attempts', 'checkup_run', 'expire_date'] as const;
const booleans = new Set(['auth_only', 'needs_attention', 'recurring_init']);
/** The columns the team schema keeps as given (the rest of a PaymentRow it stamps itself or does not keep: created_by, recurring_token, …). */
const keptColumns = new Set<string>([...inserted, 'last_error', 'check_attempts']);
const opColumns = 'id, payment_id, kind, amount_minor, base_minor, reason, db_user, os_user, laptop, outcome, error_code, error_message, gateway_answer, created_at, completed_at, settled_by, settled_reason';
const open = `outcome IN ('sending', 'unknown')`;
/**
 * A payment's operations in the order they were made, as SQLite's (created_at, seq): rows with one
 * creation time (copied from a laptop, where they are to the millisecond) by made_seq
 * (creation-order.sql, version 36); those from before it have none and keep their order by id.
 */
const operationsInOrder = 'created_at, made_seq NULLS FIRST, id';
/** How long a laptop has to check a due payment before another may (a check's retries take seconds). */
export const checkLeaseMs = 2 * 60_000;
/** The first key of a payment's advisory lock (lockPayment): apart from any other advisory lock. */
const paymentLockClass = 0x50_44_50_59; // "PDPY"
/** Audit actions the database's own triggers record (security.sql: audit_payment, audit_operation). */
const auditedByDatabase = /^(checkup_)?(create_\w+|capture|void|refund|settle_\w+)$/;

/**
 * The payments' columns a row of the app reads (paymentOf), selected by name: `p.*` also carried
 * search_text (search-text.sql: about 90 bytes a row, 9 KB a page of 100), change_seq, list_seq,
 * imported_from and os_user, which no screen reads from the row. paymentOf reads only these
 * (its accessor's type), so a column it starts to read is added here or does not compile.
 */
const paymentColumns = ['id', 'profile_id', 'environment', 'kind', 'order_id', 'amount_minor', 'currency', 'description', 'customer_name', 'customer_email', 'customer_phone',
  'card_bin', 'card_last4', 'transaction_id', 'session_id', 'link_url', 'recurring_init', 'parent_payment_id', 'recurring_saved', 'auth_only', 'state', 'status_word',
  'captured_minor', 'refunded_minor', 'created_by', 'created_at', 'updated_at', 'next_check_at', 'check_attempts', 'needs_attention', 'attention_reason', 'last_error',
  'checkup_run', 'expire_date'] as const;
/** What paymentOf reads: the columns, and when it was last checked and whether the person watches it (asked apart). */
type PaymentField = (typeof paymentColumns)[number] | 'last_checked_at' | 'watched';
/** The columns of payments `p`, for a SELECT list (written once: every page's query takes it). */
export const paymentSelect = paymentColumns.map((c) => `p.${c}`).join(', ');

/**
 * A payment with when it was last checked (its latest status check: every check records one, at
 * the time SQLite writes as last_checked_at) and whether the person logged in watches it (their
 * own row in paydesk.watching: row-level security shows no one else's).
 */
const withChecks = `SELECT ${paymentSelect}, (SELECT c.at FROM paydesk.status_checks c WHERE c.payment_id = p.id ORDER BY c.id DESC LIMIT 1) AS last_checked_at,
  EXISTS (SELECT 1 FROM paydesk.watching w WHERE w.payment_id = p.id AND w.login = session_user AND w.watched) AS watched FROM paydesk.payments p`;

const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());
/** bigint columns come back as text: exact, or refused. */
export function minor(v: string | number | null): number | null {
  if (v === null) return null;
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error('an amount in the team ledger is beyond exact integers');
  return n;
}

export function paymentOf(row: Record<string, unknown>): PaymentRow {
  const r = row as Record<PaymentField, unknown>;
  return {
    id: r.id as string, profile_id: r.profile_id as string, environment: r.environment as PaymentRow['environment'], kind: r.kind as PaymentRow['kind'],
    order_id: r.order_id as string, amount_minor: minor(r.amount_minor as string)!, currency: r.currency as PaymentRow['currency'], description: r.description as string | null,
    customer_name: r.customer_name as string | null, customer_email: r.customer_email as string | null, customer_phone: r.customer_phone as string | null,
    card_bin: r.card_bin as string | null, card_last4: r.card_last4 as string | null, transaction_id: r.transaction_id as string | null, session_id: r.session_id as string | null,
    link_url: r.link_url as string | null, recurring_token: null, recurring_init: r.recurring_init ? 1 : 0, parent_payment_id: (r.parent_payment_id as string | null | undefined) ?? null, recurring_saved: r.recurring_saved ? 1 : 0, auth_only: r.auth_only ? 1 : 0,
    state: r.state as PaymentRow['state'], status_word: r.status_word as string | null, captured_minor: minor(r.captured_minor as string)!, refunded_minor: minor(r.refunded_minor as string)!,
    created_by: r.created_by as string, created_at: iso(r.created_at as Date)!, updated_at: iso(r.updated_at as Date)!, last_checked_at: iso(r.last_checked_at as Date | null),
    next_check_at: iso(r.next_check_at as Date | null), check_attempts: Number(r.check_attempts ?? 0), needs_attention: r.needs_attention ? 1 : 0,
    attention_reason: r.attention_reason as PaymentRow['attention_reason'], watched: r.watched ? 1 : 0, last_error: (r.last_error as string | null | undefined) ?? null, checkup_run: (r.checkup_run as string | null | undefined) ?? null,
    expire_date: (r.expire_date as string | null | undefined) ?? null,
  };
}

function operationOf(r: Record<string, unknown>): OperationRow {
  return {
    id: r.id as string, payment_id: r.payment_id as string, kind: r.kind as OperationRow['kind'], amount_minor: minor(r.amount_minor as string), base_minor: minor(r.base_minor as string),
    reason: r.reason as string | null, db_user: r.db_user as string, os_user: (r.os_user as string | null) ?? (r.db_user as string), laptop: (r.laptop as string | null) ?? null, outcome: r.outcome as OperationRow['outcome'],
    error_code: r.error_code as string | null, error_message: r.error_message as string | null, gateway_answer: r.gateway_answer as string | null,
    created_at: iso(r.created_at as Date)!, completed_at: iso(r.completed_at as Date | null), settled_by: r.settled_by as string | null, settled_reason: r.settled_reason as string | null,
  };
}

/** As record-create.ts refuses an order id already in the ledger. */
function orderExists(orderId: string): AppFailure {
  const why = reason('rule.orderExists', { orderId });
  return new AppFailure('conflict', englishText(why), { reason: why, fields: { orderId: englishText(reason('rule.orderIdUsed')) }, fieldReasons: { orderId: reason('rule.orderIdUsed') } });
}

const notYet = (what: string) => new Error(`The team ledger does not keep ${what} yet (docs/team-ledger.md, "What works on the team ledger").`);
const value = (column: string, v: unknown) => (booleans.has(column) ? v === 1 || v === true : v);

/** Who is logged in, and whether their role may UPDATE payments (finance may not: status-answers.sql). */
type Login = { who: string; mayUpdate: boolean };
/** The sources of a status answer's writes (status-checks.ts, and the schedule after it). */
const statusSources = new Set(['status', 'reconcile', 'schedule']);

function txOn(db: Queryable, inTransaction: boolean, laptop: string, loginOn: (db: Queryable) => Promise<Login>): LedgerTx {
  // Asked on this transaction's own connection: a pool's other one could be taken by transactions waiting on this.
  const login = () => loginOn(db);
  const one = async (text: string, values: unknown[]) => (await db.query(text, values)).rows[0] as Record<string, unknown> | undefined;
  const payment = async (text: string, values: unknown[]) => {
    const row = await one(text, values);
    return row ? paymentOf(row) : undefined;
  };
  const operations = async (where: string, values: unknown[]) =>
    (await db.query(`SELECT ${opColumns} FROM paydesk.operations WHERE ${where} ORDER BY ${operationsInOrder}`, values)).rows.map(operationOf);
  const openOperations = (paymentId: string) => operations(`payment_id = $1 AND ${open}`, [paymentId]);
  const history = (paymentId: string, state: string, statusWord: string | null, source: string, at: string) =>
    db.query('INSERT INTO paydesk.payment_history (payment_id, state, status_word, source, at) VALUES ($1, $2, $3, $4, $5)', [paymentId, state, statusWord, source, at]);
  /** The laptop and its OS user, for the rows the database stamps (local to this transaction). */
  const osUser = (name: string) => (inTransaction ? db.query(`SELECT set_config('paydesk.os_user', $1, true), set_config('paydesk.laptop', $2, true)`, [name, laptop]) : undefined);

  /**
   * A change to a column the team schema keeps but this store may not write (an order's amount,
   * currency or customer once created) is never dropped silently: if its value differs from the
   * row's, the transaction fails, so an intent rolls back and nothing is sent (issue 15: the
   * ledger kept 10.00 while the gateway's link was for 20.00).
   */
  const refuseUnwritable = async (id: string, changes: Partial<PaymentRow>) => {
    const fixed = Object.keys(changes).filter((c) => keptColumns.has(c) && !updatable.has(c));
    if (!fixed.length) return;
    const row = (await payment(`${withChecks} WHERE id = $1 FOR UPDATE OF p`, [id]))!;
    const changed = fixed.filter((c) => changes[c as keyof PaymentRow] !== row[c as keyof PaymentRow]);
    if (changed.length) throw fail('conflict', 'teamLedger.detailsFixed');
  };

  const tx: LedgerTx = {
    get: (id) => payment(`${withChecks} WHERE id = $1`, [id]),
    // A transaction-scoped advisory lock per payment: every role may take it (finance has no
    // UPDATE, so no FOR UPDATE), and every laptop's read-then-write of a payment's money takes it
    // first (the crash test's lost refund: a status check wrote totals it read before another
    // laptop's settlement committed). Outside a transaction it would hold nothing: not taken.
    lockPayment: async (id) => {
      if (inTransaction) await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [paymentLockClass, id]);
    },
    byOrderId: (profileId, orderId) => payment(`${withChecks} WHERE profile_id = $1 AND order_id = $2`, [profileId, orderId]),
    findKnown: (profileId, ref) => payment(`${withChecks} WHERE profile_id = $1 AND (order_id = $2 OR transaction_id = $3) LIMIT 1`, [profileId, ref.orderId ?? null, ref.transactionId ?? null]),
    // In the order they were made (list_seq: a laptop's copied in its order), as SQLite's rowid.
    repeatsOf: async (id) => (await db.query(`${withChecks} WHERE p.parent_payment_id = $1 ORDER BY p.created_at, p.list_seq`, [id])).rows.map(paymentOf),
    // A mark copied from a laptop (repeat-stops-copy.sql) names who stopped it there, not the admin who copied it.
    repeatStopOf: async (id) => {
      const row = await one('SELECT stopped_at, coalesce(os_user, stopped_by) AS stopped_by FROM paydesk.repeat_stops WHERE payment_id = $1', [id]);
      return row ? { at: (row.stopped_at as Date).toISOString(), by: String(row.stopped_by) } : null;
    },
    async recurringTokenOf(id) {
      const token = await one('SELECT paydesk.recurring_token_of($1) AS token', [id]).catch(async (e: { code?: string }) => {
        // Stopped by a person since main's own check (repeat-stops.sql, version 40).
        if (e?.code === 'PD021') throw fail('rule_violation', 'rule.repeatStopped');
        if (e?.code !== '42501') throw e;
        throw fail('forbidden', 'teamLedger.recurringNotAllowed', { person: (await one('SELECT session_user AS who', []))!.who as string });
      });
      return (token?.token as string | null) ?? null;
    },
    view: async (row) => toView(row, openOperationOf(await openOperations(row.id))),
    async insert(row) {
      await osUser(row.created_by);
      await db.query(`INSERT INTO paydesk.payments (${inserted.join(', ')}) VALUES (${inserted.map((_, i) => `$${i + 1}`).join(', ')})`, inserted.map((c) => value(c, row[c]))).catch((e: { code?: string; constraint?: string }) => {
        // Two creates of one order id at once (two windows or laptops): both found none, the second
        // waited on the unique index. Refused as on SQLite, where the check and the insert are one step.
        if (e?.code === '23505' && e.constraint === 'payments_profile_id_order_id_key') throw orderExists(row.order_id);
        // A repeat charge of a card stopped meanwhile (repeat-stops-sending.sql, version 42): nothing is sent.
        if (e?.code === 'PD021') throw fail('rule_violation', 'rule.repeatStopped');
        throw e;
      });
      await history(row.id, row.state, row.status_word, 'create', row.created_at);
    },
    async update(id, changes, source, at) {
      // The person's own watch (finance's too: it changes no payment); never removed, set false.
      if (changes.watched !== undefined) {
        await db.query(`INSERT INTO paydesk.watching (payment_id, watched) VALUES ($1, $2) ON CONFLICT (payment_id, login) DO UPDATE SET watched = excluded.watched`, [id, changes.watched === 1]);
      }
      const columns = Object.keys(changes).filter((c) => updatable.has(c));
      // An answer's card token: kept by the database (write only, for every role that records
      // answers, finance's status check included), never read back into this row.
      if (changes.recurring_token) await db.query('SELECT paydesk.save_recurring_token($1, $2)', [id, changes.recurring_token]);
      // A role without UPDATE on payments (finance) records a status answer through the database's
      // narrow path: only those columns, only forward, history and audit written by the database.
      if (columns.length && statusSources.has(source) && !(await login()).mayUpdate) {
        const answer = Object.fromEntries(columns.map((c) => [c, value(c, changes[c as keyof PaymentRow])]));
        await db.query('SELECT paydesk.record_status_answer($1, $2, $3, $4)', [id, JSON.stringify(answer), source, at]);
        return (await tx.get(id))!;
      }
      // The row as it was, locked until commit: its change of state goes into the history once.
      const before = changes.state ? await one('SELECT state, status_word FROM paydesk.payments WHERE id = $1 FOR UPDATE', [id]) : undefined;
      await refuseUnwritable(id, changes);
      if (columns.length) {
        await db.query(`UPDATE paydesk.payments SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...columns.map((c) => value(c, changes[c as keyof PaymentRow]))]).catch((e: { code?: string }) => {
          // retry.sql: a created payment's details are the gateway's.
          // repeat-stops-sending.sql: a repeat charge's order tried again after its card was stopped.
          throw e?.code === 'PD013' ? fail('conflict', 'teamLedger.detailsFixed') : e?.code === 'PD021' ? fail('rule_violation', 'rule.repeatStopped') : e;
        });
      }
      if (before && changes.state) {
        const word = changes.status_word ?? (before.status_word as string | null);
        if (changes.state !== before.state || word !== before.status_word) await history(id, changes.state, word, source, at);
      }
      return (await tx.get(id))!;
    },
    operation: async (id) => (await operations('id = $1', [id]))[0],
    openOperations,
    operationsOf: (id) => operations('payment_id = $1', [id]),
    // After a crash a laptop marks its own `sending` operations unknown, never those another
    // laptop has on the wire (laptops.sql stamps each operation with the laptop that recorded it).
    sendingOperations: () => operations(`outcome = 'sending' AND laptop = $1`, [laptop]),
    async operationsMark(id) {
      const mark = (await one(`SELECT count(*) AS n, count(completed_at) AS done, count(*) FILTER (WHERE outcome IN ('succeeded', 'failed')) AS settled FROM paydesk.operations WHERE payment_id = $1`, [id]))!;
      return `${mark.n}/${mark.done}/${mark.settled}`;
    },
    async insertOperation(row) {
      await osUser(row.os_user);
      await db.query('SAVEPOINT intent');
      try {
        await db.query('INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, base_minor, reason, outcome) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [row.id, row.payment_id, row.kind, row.amount_minor, row.base_minor ?? null, row.reason, row.outcome]);
      } catch (e) {
        const { code, constraint } = e as { code?: string; constraint?: string };
        const busy = code === '23505' && constraint === 'operations_one_open';
        if (!busy && code !== '42501') throw e;
        await db.query('ROLLBACK TO SAVEPOINT intent');
        if (!busy) throw fail('forbidden', 'teamLedger.notAllowed', { person: (await one('SELECT session_user AS who', []))!.who as string, operation: row.kind });
        const first = (await openOperations(row.payment_id))[0];
        throw fail('busy', first?.outcome === 'unknown' ? 'teamLedger.busyUnknown' : 'teamLedger.busySending', { person: first?.db_user ?? '?', operation: first?.kind ?? row.kind });
      }
      await db.query('RELEASE SAVEPOINT intent');
    },
    async completeOperation(id, changes, from = ['sending', 'unknown'], proof) {
      // As on SQLite: an applied answer is not kept twice (the payment's columns say what it said),
      // except a check-up's (checkup.sql): it compares them with what it expects.
      const ofCheckup = async () => (await one('SELECT p.checkup_run FROM paydesk.operations o JOIN paydesk.payments p ON p.id = o.payment_id WHERE o.id = $1', [id]))?.checkup_run != null;
      const kept = changes.outcome === 'succeeded' && changes.gateway_answer && !(await ofCheckup()) ? { ...changes, gateway_answer: null } : changes;
      const columns = (['outcome', 'error_code', 'error_message', 'gateway_answer', 'completed_at', 'settled_reason'] as const).filter((c) => kept[c] !== undefined);
      const me = await login();
      const kindOf = async () => ((await one('SELECT kind FROM paydesk.operations WHERE id = $1', [id]))?.kind as string | undefined) ?? '?';
      // Finance completes no operation by hand nor from its own request; an unclear one a status
      // answer settles goes through the database, which judges the answer again (status-settle.sql).
      const fromAnswer = proof !== undefined && from.length === 1 && from[0] === 'unknown' && !kept.settled_reason && (kept.outcome === 'succeeded' || kept.outcome === 'failed');
      if (!me.mayUpdate && !fromAnswer) throw fail('forbidden', 'teamLedger.settleNotAllowed', { person: me.who, operation: await kindOf() });
      // The database audits the outcome with the OS user set now: the person settling it by hand,
      // else the one who sent it (without it the entry showed only the database login).
      if (kept.settled_by) await osUser(kept.settled_by);
      else if (inTransaction) await db.query(`SELECT set_config('paydesk.os_user', coalesce(os_user, ''), true), set_config('paydesk.laptop', $2, true) FROM paydesk.operations WHERE id = $1`, [id, laptop]);
      if (!me.mayUpdate) {
        await db.query('SAVEPOINT settle');
        try {
          await db.query('SELECT paydesk.settle_from_status_answer($1, $2, $3, $4)', [id, kept.outcome, JSON.stringify(proof), kept.completed_at ?? new Date().toISOString()]);
        } catch (e) {
          // A refund of an invoiced payment (its credit note), or an operation that did not go
          // through (it may then be sent again): support's to record, said in words.
          const code = (e as { code?: string }).code;
          if (code !== 'PD017' && code !== 'PD018') throw e;
          await db.query('ROLLBACK TO SAVEPOINT settle');
          throw fail('forbidden', code === 'PD017' ? 'teamLedger.settleCreditNote' : 'teamLedger.settleNotDone', { person: me.who, operation: await kindOf() });
        }
        await db.query('RELEASE SAVEPOINT settle');
        return;
      }
      await db.query(`UPDATE paydesk.operations SET ${columns.map((c, i) => `${c} = $${i + 3}`).join(', ')} WHERE id = $1 AND outcome = ANY($2)`, [id, from, ...columns.map((c) => kept[c])]);
    },
    async recordCheck(paymentId, at, outcome, statusWord, state) {
      await db.query('INSERT INTO paydesk.status_checks (payment_id, at, outcome, status_word, state) VALUES ($1, $2, $3, $4, $5)', [paymentId, at, outcome, statusWord, state]);
    },
    // Reconciliation by one laptop at a time: the due payments are leased (their next check moved
    // past the lease) in one short statement, skipping rows another laptop is leasing right now.
    // A role that may not lease (finance: no UPDATE on payments) leaves the schedule to the others.
    dueForCheck: async (now, limit) => !(await login()).mayUpdate ? [] :
      (await db.query(`UPDATE paydesk.payments SET next_check_at = $3 WHERE id IN (
         SELECT id FROM paydesk.payments WHERE next_check_at <= $1 ORDER BY next_check_at LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING id, profile_id`,
      [now, limit, new Date(Date.parse(now) + checkLeaseMs).toISOString()])).rows as Array<{ id: string; profile_id: string }>,
    historyOf: async (id) =>
      (await db.query('SELECT state, status_word, source, at FROM paydesk.payment_history WHERE payment_id = $1 ORDER BY id', [id])).rows.map((r) => ({ state: r.state, status_word: r.status_word, source: r.source, at: iso(r.at)! })),
    // The newest 100, newest first, as the laptop's ledger answers (payment-rows.ts): the same detail on both.
    checksOf: async (id) =>
      (await db.query('SELECT at, outcome, status_word, state FROM paydesk.status_checks WHERE payment_id = $1 ORDER BY id DESC LIMIT 100', [id])).rows.map((r) => ({ at: iso(r.at)!, outcome: r.outcome, status_word: r.status_word, state: r.state })),
    // The webhook receiver does not write to the team ledger: a payment's webhooks are those its laptop received, copied in (copy-whole.sql).
    webhooksOf: async (id) =>
      (await db.query('SELECT received_at, status_word, type, duplicate, amount FROM paydesk.payment_webhooks WHERE payment_id = $1 ORDER BY id', [id])).rows
        .map((r) => ({ received_at: iso(r.received_at)!, status_word: r.status_word, type: r.type, duplicate: r.duplicate ? 1 : 0, amount: r.amount ?? null })),
    appendAudit: async (entry) => {
      if (auditedByDatabase.test(entry.action)) return;
      // A check-up's start (registering its run), end and saved report (checkup.sql): support and up, never production.
      if (/^checkup_(started|finished|report_saved)$/.test(entry.action) && entry.checkupRun) {
        await osUser(entry.osUser);
        await db.query('SAVEPOINT checkup');
        try {
          await db.query('SELECT paydesk.record_checkup($1, $2, $3, $4, $5)', [entry.action, entry.checkupRun, entry.profileId ?? null, entry.environment ?? null, entry.result]);
        } catch (e) {
          if ((e as { code?: string }).code !== '42501') throw e;
          await db.query('ROLLBACK TO SAVEPOINT checkup');
          throw fail('forbidden', 'teamLedger.notAllowed', { person: (await one('SELECT session_user AS who', []))!.who as string, operation: 'check-up' });
        }
        return;
      }
      const check = /^(checkup_)?(status_check|lookup)$/.exec(entry.action);
      if (!check || !entry.paymentId) throw notYet(`"${entry.action}" audit entries`);
      await osUser(entry.osUser);
      await db.query('SELECT paydesk.record_payment_check($1, $2, $3)', [check[2], entry.paymentId, entry.result]);
    },
    invoices: createPgInvoiceLedger(db, { inTransaction, laptop }),
  };
  return tx;
}

/**
 * A LedgerStore over a pool of connections logged in as one person (connection.ts's openTeamLedger
 * makes such a pool), on the laptop named `laptop` (stable across restarts: its own operations
 * left `sending` by a crash are found by it).
 */
export function createPostgresLedgerStore(pool: Connections, options: { laptop: string; settings?: TeamLedgerSettings }): LedgerStore {
  const { laptop, settings } = options;
  // Asked once per store: a person's role does not change under a running app (an admin's change applies at the next start).
  let asked: Promise<Login> | undefined;
  const login = (db: Queryable) => (asked ??= db.query(`SELECT session_user AS who, has_column_privilege('paydesk.payments', 'state', 'UPDATE') AS may`)
    .then((r) => ({ who: String(r.rows[0].who), mayUpdate: r.rows[0].may === true }), (e: unknown) => {
      asked = undefined;
      throw e;
    }));
  /**
   * A server that cannot be reached (or refuses the login) is said in words, as "Test connection"
   * says it; the payments flow then stops before its request leaves: nothing is sent unrecorded.
   */
  const explained = (error: unknown): never => {
    // Only what the server or the network said (an SQLSTATE, a socket's code, pg's connection words).
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    const fromServer = typeof code === 'string' || (typeof message === 'string' && /connection|timeout/i.test(message));
    // An AppFailure from main's code in a transaction's body is main's copy of the class (this file is bundled apart).
    const failure = error instanceof AppFailure || (error as { name?: unknown } | null)?.name === 'AppFailure';
    if (failure || !settings || !fromServer) throw error;
    // A grant or policy refusing one change to a person who may use the ledger (not the schema as a
    // whole: that one is "may not use the team ledger" below) is said as such.
    if (code === '42501' && typeof message === 'string' && !/schema/.test(message)) throw fail('forbidden', 'teamLedger.refused', { person: settings.user });
    throw serverFailureInWords(error, settings) ?? error;
  };
  const wordedCalls = <T extends object>(calls: T): T =>
    Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, (...args: unknown[]) => (call as (...a: unknown[]) => Promise<unknown>)(...args).catch(explained)])) as T;
  const worded = (tx: LedgerTx): LedgerTx => ({ ...wordedCalls(tx), invoices: wordedCalls(tx.invoices) });
  /** `body` in one transaction on a connection of its own. */
  async function onClient<T>(body: (client: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect().catch(explained);
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await body(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => void (broken = true));
      return explained(e);
    } finally {
      client.release(broken);
    }
  }
  const transaction = <T>(body: (tx: LedgerTx) => Promise<T>): Promise<T> => onClient((client) => body(txOn(client, true, laptop, login)));
  const outside = worded(txOn(pool, false, laptop, login));
  return {
    ...outside,
    backend: 'postgres',
    transaction,
    // The mark and its audit entry are the database's (repeat-stops.sql, version 40): support and admin only.
    setRepeatStop: (id, stopped, osUser) => onClient(async (client) => {
      await client.query(`SELECT set_config('paydesk.os_user', $1, true), set_config('paydesk.laptop', $2, true)`, [osUser, laptop]);
      await client.query('SAVEPOINT stop');
      let changed: boolean;
      try {
        changed = (await client.query('SELECT paydesk.set_repeat_stop($1, $2) AS changed', [id, stopped])).rows[0].changed === true;
      } catch (e) {
        if ((e as { code?: string }).code !== '42501') throw e;
        await client.query('ROLLBACK TO SAVEPOINT stop');
        throw fail('forbidden', 'teamLedger.repeatStopNotAllowed', { person: String((await client.query('SELECT session_user AS who')).rows[0].who) });
      }
      if (!stopped) return { changed, sending: [] };
      // set_repeat_stop holds the card's payment until this commits, after every repeat charge's
      // intent that held it first (repeat-stops-sending.sql, version 42): this statement's fresh
      // snapshot sees those, and any later one is refused by the database. Who: the login, as the mark's.
      const sending = await client.query(`SELECT id, order_id, amount_minor, currency, created_by FROM paydesk.payments
        WHERE parent_payment_id = $1 AND state = 'creating' ORDER BY created_at, list_seq`, [id]);
      return { changed, sending: sending.rows.map((r) => ({ paymentId: r.id as string, orderId: r.order_id as string, amountMinor: minor(r.amount_minor as string)!, currency: r.currency as string, by: r.created_by as string })) };
    }),
    holdsPaymentPage: (urls) => pool.query(`SELECT 1 FROM paydesk.payments WHERE link_url = ANY($1) AND kind IN ('link', 'checkout') LIMIT 1`, [urls]).then((r) => r.rows.length > 0, explained),
    checkupRuns: wordedCalls(createPgCheckupRuns(pool, { laptop })),
    // Writes that stamp the OS user, or take a savepoint, need a transaction of their own.
    insert: (row) => transaction((t) => t.insert(row)),
    insertOperation: (row) => transaction((t) => t.insertOperation(row)),
    completeOperation: (id, changes, from) => transaction((t) => t.completeOperation(id, changes, from)),
    appendAudit: (entry, at) => transaction((t) => t.appendAudit(entry, at)),
  };
}

/**
 * The app's ledger on the team database: a small pool logged in with the saved settings and the
 * keychain's password, and the store on it. Opening connects nothing: a server out of reach is
 * said by the first call that needs it (the app still starts).
 */
export function openPostgresLedgerStore(settings: TeamLedgerSettings, password: TeamPassword, options: { laptop: string; maxConnections?: number }): { store: LedgerStore; pool: pg.Pool; woke(): Promise<void>; close(): Promise<void> } {
  const made = clientConfig(settings, password);
  if ('refused' in made) throw new AppFailure('storage', englishText(made.refused), { reason: made.refused });
  const pool = ledgerPool(made.config, options.maxConnections ?? 4);
  return { store: createPostgresLedgerStore(pool, { laptop: options.laptop, settings }), pool, woke: () => dropIdleConnections(pool), close: () => pool.end() };
}
