// Every money-moving or creating call goes through here: recorded (with its order id) before
// it is sent, completed by the answer, left "unknown" by a time-out or a crash and then
// settled by a status query, never resent blindly. One operation per payment at a time.
import { randomUUID } from 'node:crypto';
import type { Environment } from '../../contract/methods/app';
import type { PaymentView } from '../../contract/methods/payments';
import type { ProductionConfirmation } from '../../contract/methods/profiles';
import { settledStates } from '../../contract/payment-states';
import { formatMinor, type CurrencyCode } from '../../contract/money';
import { AppFailure } from '../../contract/result';
import type { CallContext } from '../api/create-handlers';
import type { EventHub } from '../api/event-hub';
import type { GatewayClient, GatewayResult } from '../gateway/client';
import { toAppFailure } from '../gateway/errors';
import type { GatewayConnection } from '../gateway/operations';
import type { StatusOutcome } from '../gateway/requests';
import type { Logger } from '../log/logger';
import { appendAudit } from './audit-log';
import type { LedgerDb } from './database';
import { createPaymentRows, type OperationRow, type PaymentRow } from './payment-rows';
import { resolveOpenOperations } from './resolve-operations';
import { checkCapture, checkRefund, checkVoid, requireNoOpenOperation, requireSameCurrency } from './rules';
import { attentionAfter, nextCheckAt } from './schedule';

export type ActiveGateway = {
  profile: { id: string; name: string; environment: Environment };
  conn: GatewayConnection;
  /** Where customers go after paying, when a form leaves it empty. */
  defaults?: { successUrl?: string | null; failureUrl?: string | null };
};

export type PaymentsDeps = {
  db: LedgerDb;
  client: GatewayClient;
  logger: Logger;
  events: EventHub;
  now?: () => Date;
  /** The active profile and its connection; throws AppFailure (e.g. key_missing) when it cannot be used. */
  active(): Promise<ActiveGateway>;
  /** The connection of any profile, for re-checking payments made on it; undefined when it has no key. */
  connectionFor(profileId: string): Promise<GatewayConnection | undefined>;
  requireConfirmation(profile: ActiveGateway['profile'], confirm: ProductionConfirmation | undefined): void;
};

export type NewPayment = {
  kind: PaymentRow['kind'];
  orderId: string;
  amountMinor: number;
  currency: CurrencyCode;
  description?: string | null;
  customer?: { name: string; email: string; phone: string };
  card?: { bin: string; last4: string };
  authOnly?: boolean;
  parentPaymentId?: string;
};

export function createPaymentsService(deps: PaymentsDeps) {
  const now = deps.now ?? (() => new Date());
  const rows = createPaymentRows(deps.db);
  const inFlight = new Set<string>();
  const changed = (...ids: string[]) => deps.events.emit({ type: 'payments.changed', paymentIds: ids });

  function audit(ctx: CallContext, payment: PaymentRow, action: string, result: string, extra: { amountMinor?: number | null; reason?: string | null } = {}) {
    appendAudit(deps.db, { osUser: ctx.osUser, profileId: payment.profile_id, environment: payment.environment, action, paymentId: payment.id, orderId: payment.order_id, amountMinor: extra.amountMinor ?? payment.amount_minor, currency: payment.currency, reason: extra.reason ?? null, result }, now().toISOString());
  }

  /** Tells the user (in the app, and by the OS in Electron) what they asked to watch, and every failed refund. */
  function notifyChanges(before: PaymentRow, after: PaymentRow, failedRefund?: string) {
    if (after.watched && after.kind === 'link' && before.state !== 'paid' && after.state === 'paid') {
      deps.events.emit({ type: 'notification', level: 'info', paymentId: after.id, message: `Payment link ${after.order_id} was paid: ${formatMinor(after.amount_minor, after.currency)} ${after.currency}.` });
    }
    if (failedRefund) {
      deps.events.emit({ type: 'notification', level: 'error', paymentId: after.id, message: `A refund on ${after.order_id} failed: ${failedRefund}` });
    }
  }

  function mustGet(paymentId: string): PaymentRow {
    const payment = rows.get(paymentId);
    if (!payment) throw new AppFailure('not_found', 'There is no such payment in the ledger.');
    return payment;
  }

  /** Applies what the gateway says a payment is now. Returns the updated row. */
  function applyStatus(payment: PaymentRow, value: StatusOutcome, source: string, at: string): PaymentRow {
    return rows.update(payment.id, statusChanges(payment, value), source, at);
  }

  /** Schedules the next status check, or none once the payment and its operations are settled. */
  function schedule(payment: PaymentRow, at: Date, attempts: number): PaymentRow {
    const open = rows.openOperations(payment.id).length > 0;
    const settled = settledStates.has(payment.state) && !open;
    return rows.update(payment.id, {
      next_check_at: settled ? null : nextCheckAt(at, attempts),
      check_attempts: settled ? 0 : attempts,
      needs_attention: !settled && attempts >= attentionAfter ? 1 : 0,
    }, 'schedule', at.toISOString());
  }

  return {
    rows,
    active: () => deps.active(),
    confirm: (profile: ActiveGateway['profile'], confirm: ProductionConfirmation | undefined) => deps.requireConfirmation(profile, confirm),

    /**
     * Records a new payment and its create intent, sends it, and records the answer. A definite
     * failure throws (and leaves the payment "not created"); an unclear one returns the payment
     * in state "unknown" for a status check.
     */
    async create<T>(
      ctx: CallContext,
      gateway: ActiveGateway,
      input: NewPayment,
      send: (orderId: string) => Promise<GatewayResult<T>>,
      /** The columns the answer sets, its state included. */
      apply: (value: T, payment: PaymentRow) => Partial<PaymentRow>,
    ): Promise<{ view: PaymentView; value?: T }> {
      const at = now().toISOString();
      const existing = deps.db.prepare('SELECT * FROM payments WHERE profile_id = ? AND order_id = ?').get(gateway.profile.id, input.orderId) as PaymentRow | undefined;
      if (existing && existing.state !== 'not_created') {
        throw new AppFailure('conflict', `Order ${input.orderId} already exists in the ledger. Use another order id, or open the existing payment.`, { fields: { orderId: 'This order id is already used.' } });
      }
      const paymentId = existing?.id ?? randomUUID();
      const opId = randomUUID();
      const row: PaymentRow = {
        id: paymentId, profile_id: gateway.profile.id, environment: gateway.profile.environment, kind: input.kind, order_id: input.orderId,
        amount_minor: input.amountMinor, currency: input.currency, description: input.description ?? null,
        customer_name: input.customer?.name ?? null, customer_email: input.customer?.email ?? null, customer_phone: input.customer?.phone ?? null,
        card_bin: input.card?.bin ?? null, card_last4: input.card?.last4 ?? null, transaction_id: null, session_id: null, link_url: null,
        recurring_token: null, parent_payment_id: input.parentPaymentId ?? null, auth_only: input.authOnly ? 1 : 0, state: 'creating', status_word: null,
        captured_minor: 0, refunded_minor: 0, created_by: ctx.osUser, created_at: at, updated_at: at, last_checked_at: null,
        next_check_at: null, check_attempts: 0, needs_attention: 0, watched: 0, last_error: null,
      };
      deps.db.transaction(() => {
        // A payment the gateway never created may be tried again: same row, its history kept.
        if (existing) rows.update(existing.id, { ...row, created_at: existing.created_at }, 'create', at);
        else rows.insert(row);
        rows.insertOperation({ id: opId, payment_id: paymentId, kind: 'create', amount_minor: input.amountMinor, reason: null, os_user: ctx.osUser, outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: at, completed_at: null });
      }).immediate();
      changed(paymentId);

      const result = await send(input.orderId);
      const doneAt = now();
      const done = doneAt.toISOString();
      const view = deps.db.transaction(() => {
        let payment = rows.get(paymentId)!;
        if (result.ok) {
          payment = rows.update(paymentId, apply(result.value, payment), 'create', done);
          rows.completeOperation(opId, { outcome: 'succeeded', gateway_answer: result.raw, completed_at: done }, ['sending']);
          audit(ctx, payment, `create_${input.kind}`, payment.state);
        } else if (result.error.mayHaveHappened) {
          payment = rows.update(paymentId, { state: 'unknown', last_error: result.error.message }, 'create', done);
          rows.completeOperation(opId, { outcome: 'unknown', error_code: result.error.kind, error_message: result.error.message, gateway_answer: result.raw ?? null, completed_at: done }, ['sending']);
          audit(ctx, payment, `create_${input.kind}`, 'outcome_unknown');
        } else {
          payment = rows.update(paymentId, { state: 'not_created', last_error: result.error.message }, 'create', done);
          rows.completeOperation(opId, { outcome: 'failed', error_code: result.error.kind, error_message: result.error.message, gateway_answer: result.raw ?? null, completed_at: done }, ['sending']);
          audit(ctx, payment, `create_${input.kind}`, `failed: ${result.error.kind}`);
        }
        return rows.view(schedule(payment, doneAt, 0));
      }).immediate();
      changed(paymentId);
      if (!result.ok && !result.error.mayHaveHappened) throw toAppFailure(result.error);
      return { view, value: result.ok ? result.value : undefined };
    },

    /** Capture, void or refund: rules checked and the intent recorded in one transaction, then sent once. */
    async moneyOperation(
      ctx: CallContext,
      input: { paymentId: string; kind: 'capture' | 'void' | 'refund'; amountMinor?: number; currency?: string; reason?: string; confirm?: ProductionConfirmation },
    ): Promise<PaymentView> {
      const gateway = await deps.active();
      const payment = mustGet(input.paymentId);
      if (payment.profile_id !== gateway.profile.id) {
        throw new AppFailure('rule_violation', 'This payment was made on another profile. Switch to that profile to act on it.');
      }
      deps.requireConfirmation(gateway.profile, input.confirm);
      if (inFlight.has(payment.id)) throw new AppFailure('busy', `Another operation on this payment is in progress. Wait for it to finish.`);
      inFlight.add(payment.id);
      try {
        const opId = randomUUID();
        const at = now().toISOString();
        deps.db.transaction(() => {
          const current = mustGet(payment.id);
          const open = rows.openOperations(current.id);
          requireNoOpenOperation(open);
          if (input.currency !== undefined) requireSameCurrency(current, input.currency);
          if (!current.transaction_id) throw new AppFailure('rule_violation', 'The gateway has not given this payment a transaction id yet. Check its status first.');
          if (input.kind === 'capture') checkCapture(current, input.amountMinor!);
          if (input.kind === 'void') checkVoid(current);
          if (input.kind === 'refund') checkRefund(current, input.amountMinor!, input.reason ?? '', pendingRefunds(open));
          rows.insertOperation({ id: opId, payment_id: current.id, kind: input.kind, amount_minor: input.amountMinor ?? null, base_minor: input.kind === 'capture' ? current.captured_minor : input.kind === 'refund' ? current.refunded_minor : null, reason: input.reason ?? null, os_user: ctx.osUser, outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: at, completed_at: null });
        }).immediate();
        changed(payment.id);

        const transactionId = payment.transaction_id!;
        const money = { minor: input.amountMinor ?? 0, currency: payment.currency };
        const result =
          input.kind === 'capture' ? await deps.client.capture(gateway.conn, { transactionId, amount: money })
          : input.kind === 'void' ? await deps.client.void(gateway.conn, { transactionId })
          : await deps.client.refund(gateway.conn, { transactionId, amount: money, reason: input.reason });

        const doneAt = now();
        const done = doneAt.toISOString();
        const view = deps.db.transaction(() => {
          let current = mustGet(payment.id);
          const auditExtra = { amountMinor: input.amountMinor ?? null, reason: input.reason ?? null };
          if (result.ok) {
            // Without totals in the answer, the operation's own amount on top of the total it was
            // recorded against (a webhook may already have brought the new total: never count twice).
            const op = deps.db.prepare('SELECT base_minor FROM operations WHERE id = ?').get(opId) as { base_minor: number | null };
            const after = (op.base_minor ?? 0) + money.minor;
            const fallback = {
              captured_minor: input.kind === 'capture' ? Math.max(current.captured_minor, after) : current.captured_minor,
              refunded_minor: input.kind === 'refund' ? Math.max(current.refunded_minor, after) : current.refunded_minor,
            };
            current = rows.update(current.id, fallback, input.kind, done);
            current = applyStatus(current, result.value, input.kind, done);
            rows.completeOperation(opId, { outcome: 'succeeded', gateway_answer: result.raw, completed_at: done }, ['sending']);
            audit(ctx, current, input.kind, 'succeeded', auditExtra);
          } else if (result.error.mayHaveHappened) {
            current = rows.update(current.id, { last_error: result.error.message }, input.kind, done);
            rows.completeOperation(opId, { outcome: 'unknown', error_code: result.error.kind, error_message: result.error.message, gateway_answer: result.raw ?? null, completed_at: done }, ['sending']);
            audit(ctx, current, input.kind, 'outcome_unknown', auditExtra);
          } else {
            rows.completeOperation(opId, { outcome: 'failed', error_code: result.error.kind, error_message: result.error.message, gateway_answer: result.raw ?? null, completed_at: done }, ['sending']);
            audit(ctx, current, input.kind, `failed: ${result.error.kind}`, auditExtra);
            if (input.kind === 'refund') notifyChanges(current, current, result.error.message);
          }
          return rows.view(schedule(current, doneAt, 0));
        }).immediate();
        changed(payment.id);
        if (!result.ok && !result.error.mayHaveHappened) throw toAppFailure(result.error);
        return view;
      } finally {
        inFlight.delete(payment.id);
      }
    },

    /** Asks the gateway about one payment and records the answer; settles open operations it can. */
    async refresh(paymentId: string, source: 'status' | 'reconcile' | 'webhook', conn?: GatewayConnection): Promise<PaymentView> {
      const payment = mustGet(paymentId);
      const connection = conn ?? (await deps.connectionFor(payment.profile_id));
      if (!connection) throw new AppFailure('key_missing', 'The profile this payment was made on has no API key, so its status cannot be checked.');
      const request = payment.transaction_id ? { transactionId: payment.transaction_id } : { orderId: payment.order_id };
      const result = await deps.client.status(connection, request, { retry: source === 'status' });
      const doneAt = now();
      const done = doneAt.toISOString();
      const view = deps.db.transaction(() => {
        let current = mustGet(paymentId);
        const attempts = current.check_attempts + 1;
        if (result.ok) {
          const before = current;
          current = applyStatus(current, result.value, source, done);
          const settled = resolveOpenOperations(rows, before, result.value, done);
          const failedRefund = settled.find((op) => op.kind === 'refund' && op.outcome === 'failed');
          notifyChanges(before, current, failedRefund ? 'a status check showed the gateway did not process it.' : undefined);
          current = rows.update(current.id, { last_checked_at: done }, source, done);
          rows.recordCheck(current.id, done, 'ok', result.value.statusWord ?? null, result.value.state);
          return rows.view(schedule(current, doneAt, settledStates.has(current.state) ? 0 : attempts));
        }
        rows.recordCheck(current.id, done, result.error.kind, null, null);
        const creating = rows.openOperations(current.id).filter((op) => op.kind === 'create' && op.outcome === 'unknown');
        if (result.error.kind === 'not_found' && creating.length > 0) {
          // The gateway has no such order: the create never arrived, so it may be sent again.
          for (const op of creating) rows.completeOperation(op.id, { outcome: 'failed', error_code: 'not_found', error_message: 'The gateway has no such order: it was not created.', completed_at: done }, ['unknown']);
          current = rows.update(current.id, { state: 'not_created', last_checked_at: done, last_error: 'The gateway has no such order: it was not created. You can create it again.' }, source, done);
          return rows.view(schedule(current, doneAt, 0));
        }
        current = rows.update(current.id, { last_checked_at: done, last_error: result.error.message }, source, done);
        return rows.view(schedule(current, doneAt, attempts));
      }).immediate();
      changed(paymentId);
      if (!result.ok && source === 'status' && result.error.kind !== 'not_found') throw toAppFailure(result.error);
      return view;
    },

    /** A payment made elsewhere, found by status on the active profile and added to the ledger (or refreshed if known). */
    async lookup(ctx: CallContext, request: { orderId: string } | { transactionId: string }): Promise<PaymentView> {
      const gateway = await deps.active();
      const known = deps.db.prepare('SELECT id FROM payments WHERE profile_id = ? AND (order_id = ? OR transaction_id = ?)').get(gateway.profile.id, 'orderId' in request ? request.orderId : null, 'transactionId' in request ? request.transactionId : null) as { id: string } | undefined;
      if (known) return this.refresh(known.id, 'status', gateway.conn);
      const result = await deps.client.status(gateway.conn, request);
      if (!result.ok) throw toAppFailure(result.error);
      const value = result.value;
      const orderId = value.orderId ?? ('orderId' in request ? request.orderId : undefined);
      if (!value.currency || value.amountMinor === undefined || !orderId) {
        throw new AppFailure('malformed_response', 'The gateway found it but did not say its order id, amount or currency, so it cannot be added to the ledger.');
      }
      const at = now();
      const id = randomUUID();
      const row: PaymentRow = {
        id, profile_id: gateway.profile.id, environment: gateway.profile.environment, kind: 'external', order_id: orderId, amount_minor: value.amountMinor, currency: value.currency,
        description: null, customer_name: null, customer_email: null, customer_phone: null, card_bin: null, card_last4: null, transaction_id: value.transactionId ?? null,
        session_id: null, link_url: null, recurring_token: value.recurringToken ?? null, parent_payment_id: null, auth_only: 0, state: value.state, status_word: value.statusWord ?? null,
        captured_minor: value.capturedMinor ?? 0, refunded_minor: value.refundedMinor ?? 0, created_by: ctx.osUser, created_at: at.toISOString(), updated_at: at.toISOString(),
        last_checked_at: at.toISOString(), next_check_at: null, check_attempts: 0, needs_attention: 0, watched: 0, last_error: null,
      };
      const view = deps.db.transaction(() => {
        rows.insert(row);
        rows.recordCheck(id, row.created_at, 'ok', row.status_word, row.state);
        return rows.view(schedule(rows.get(id)!, at, 0));
      }).immediate();
      changed(id);
      return view;
    },

    /** After a crash: whatever was being sent has an unknown outcome and is checked first. */
    markInterrupted(): number {
      const at = now().toISOString();
      return deps.db.transaction(() => {
        const ops = deps.db.prepare("SELECT * FROM operations WHERE outcome = 'sending'").all() as OperationRow[];
        for (const op of ops) {
          rows.completeOperation(op.id, { outcome: 'unknown', error_code: 'outcome_unknown', error_message: 'Paydesk stopped while this was being sent.' }, ['sending']);
          const payment = rows.get(op.payment_id)!;
          rows.update(payment.id, { state: payment.state === 'creating' ? 'unknown' : payment.state, next_check_at: at }, 'restart', at);
        }
        return ops.length;
      }).immediate();
    },

    /** Re-checks every payment whose next check is due, oldest first. */
    async reconcileDue(limit = 25): Promise<number> {
      const due = deps.db.prepare('SELECT id, profile_id FROM payments WHERE next_check_at IS NOT NULL AND next_check_at <= ? ORDER BY next_check_at LIMIT ?').all(now().toISOString(), limit) as Array<{ id: string; profile_id: string }>;
      let checked = 0;
      for (const { id, profile_id } of due) {
        const conn = await deps.connectionFor(profile_id).catch(() => undefined);
        if (!conn) continue;
        try {
          await this.refresh(id, 'reconcile', conn);
          checked++;
        } catch (e) {
          deps.logger.warn('Reconciliation of a payment failed', { error: e instanceof Error ? e.name : 'unknown' });
        }
      }
      return checked;
    },
  };
}

/** The columns a gateway answer about a payment sets. Totals only count in the payment's own currency. */
export function statusChanges(payment: Pick<PaymentRow, 'currency' | 'status_word' | 'transaction_id' | 'recurring_token'>, value: StatusOutcome): Partial<PaymentRow> {
  const changes: Partial<PaymentRow> = {
    state: value.state,
    status_word: value.statusWord ?? payment.status_word,
    transaction_id: payment.transaction_id ?? value.transactionId ?? null,
    recurring_token: value.recurringToken ?? payment.recurring_token,
    last_error: null,
  };
  if (value.currency === payment.currency) {
    if (value.capturedMinor !== undefined) changes.captured_minor = value.capturedMinor;
    if (value.refundedMinor !== undefined) changes.refunded_minor = value.refundedMinor;
  }
  return changes;
}

function pendingRefunds(open: OperationRow[]): number {
  return open.filter((op) => op.kind === 'refund').reduce((sum, op) => sum + (op.amount_minor ?? 0), 0);
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
