// Creating a payment: recorded (with its order id) before it is sent, completed by the
// answer, left "unknown" by a time-out or a crash and then settled by a status query, never
// resent blindly.
import { randomUUID } from 'node:crypto';
import type { PaymentView } from '../../contract/methods/payments';
import type { CurrencyCode } from '../../contract/money';
import { AppFailure } from '../../contract/result';
import { englishText, fail, reason } from '../core/fail';
import { reasonIn, shownReason } from './decline-reason';
import type { CallContext } from '../core/call-context';
import type { GatewayResult } from '../gateway/client';
import { gatewayReason, toAppFailure } from '../gateway/errors';
import { storedLastError } from '../ledger/last-error';
import type { PaymentRow } from '../ledger/payment-rows';
import type { LedgerTx } from '../ledger/store';
import type { ActiveGateway, PaymentsCore } from './payments-core';
import { afterSending, beforeSending } from './not-sent';

export type NewPayment = {
  kind: PaymentRow['kind'];
  orderId: string;
  amountMinor: number;
  currency: CurrencyCode;
  description?: string | null;
  customer?: { name: string; email: string; phone: string };
  card?: { bin: string; last4: string };
  authOnly?: boolean;
  recurringInit?: boolean;
  parentPaymentId?: string;
  /** Made by a gateway check-up run: marked in the ledger and the audit log. */
  checkupRun?: string;
  /** A link's expiry date as the gateway will apply it (new-payments.ts). */
  expireDate?: string;
};

export type CreateOptions = {
  /** Records what belongs to the payment (an invoice and its number) in the intent's own transaction (`tx`); throwing cancels the create. */
  withIntent?(paymentId: string, at: string, tx: LedgerTx): void | Promise<void>;
};

/** A payment row as recorded before its request leaves. */
export function newPaymentRow(id: string, gateway: ActiveGateway, input: NewPayment, osUser: string, at: string): PaymentRow {
  return {
    id, profile_id: gateway.profile.id, environment: gateway.profile.environment, kind: input.kind, order_id: input.orderId,
    amount_minor: input.amountMinor, currency: input.currency, description: input.description ?? null,
    customer_name: input.customer?.name ?? null, customer_email: input.customer?.email ?? null, customer_phone: input.customer?.phone ?? null,
    card_bin: input.card?.bin ?? null, card_last4: input.card?.last4 ?? null, transaction_id: null, session_id: null, link_url: null,
    recurring_token: null, recurring_init: input.recurringInit ? 1 : 0, parent_payment_id: input.parentPaymentId ?? null, auth_only: input.authOnly ? 1 : 0,
    state: 'creating', status_word: null, captured_minor: 0, refunded_minor: 0, created_by: osUser, created_at: at, updated_at: at, last_checked_at: null,
    next_check_at: null, check_attempts: 0, needs_attention: 0, attention_reason: null, watched: 0, last_error: null,
    checkup_run: input.checkupRun ?? null, expire_date: input.expireDate ?? null,
  };
}

export function createRecorder(core: PaymentsCore) {
  const { store } = core;

  /**
   * Records a new payment and its create intent, sends it, and records the answer. A definite
   * failure throws (and leaves the payment "not created"); an unclear one returns the payment
   * in state "unknown" for a status check.
   */
  return async function create<T>(
    ctx: CallContext,
    gateway: ActiveGateway,
    input: NewPayment,
    send: (orderId: string) => Promise<GatewayResult<T>>,
    /** The columns the answer sets, its state included. */
    apply: (value: T, payment: PaymentRow) => Partial<PaymentRow>,
    options: CreateOptions = {},
  ): Promise<{ view: PaymentView; value?: T }> {
    const at = core.now().toISOString();
    const opId = randomUUID();
    // In flight from its intent until its answer is recorded, so marking interrupted operations
    // (at a start, a reconnect, a recheck) never takes this one for a crashed send.
    let claimed: string | undefined;
    const release = () => claimed !== undefined && core.inFlight.delete(claimed);
    // The order id checked in the intent's own transaction: two creates of one order cannot both pass.
    const paymentId = await beforeSending(() => store.transaction(async (tx) => {
      // An order tried again: its payment held (as every money transaction takes it) and read
      // again, so another laptop's status answer committed meanwhile ("it was created after all")
      // is seen and refused here, never written over by a fresh "creating" row and sent twice.
      const found = await tx.byOrderId(gateway.profile.id, input.orderId);
      const existing = found && (await core.mustLock(tx, found.id));
      if (existing && existing.state !== 'not_created') {
        throw new AppFailure('conflict', englishText(reason('rule.orderExists', { orderId: input.orderId })), { reason: reason('rule.orderExists', { orderId: input.orderId }), fields: { orderId: englishText(reason('rule.orderIdUsed')) }, fieldReasons: { orderId: reason('rule.orderIdUsed') } });
      }
      const id = existing?.id ?? randomUUID();
      if (core.inFlight.has(id)) throw fail('busy', 'rule.busy');
      core.inFlight.add((claimed = id));
      const row = newPaymentRow(id, gateway, input, ctx.osUser, at);
      // A payment the gateway never created may be tried again: same row, its history kept.
      if (existing) await tx.update(existing.id, { ...row, created_at: existing.created_at }, 'create', at);
      else await tx.insert(row);
      await tx.insertOperation({ id: opId, payment_id: id, kind: 'create', amount_minor: input.amountMinor, reason: null, os_user: ctx.osUser, outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: at, completed_at: null });
      await options.withIntent?.(id, at, tx);
      return id;
    }).catch((error: unknown) => {
      // Each attempt lets go of its claim: beforeSending runs these steps once more after a conflict.
      release();
      throw error;
    }));
    // A repeat charge changes its first payment's list of repeat charges too (open in a detail).
    const changedIds = input.parentPaymentId ? [paymentId, input.parentPaymentId] : [paymentId];
    core.changed(...changedIds);

    const result = await send(input.orderId).catch((error: unknown) => {
      release();
      throw error;
    });
    const doneAt = core.now();
    const done = doneAt.toISOString();
    const recorded = await afterSending(() => store.transaction(async (tx) => {
      // Held first: another laptop's status check may have recorded this payment while its answer
      // was on the way (on the team ledger); the answer is applied to that, forward only, never to
      // the payment as it was before that check committed (its refund once lost: issue 15).
      let payment = await core.mustLock(tx, paymentId);
      // A status answer recorded meanwhile said where the payment is: an unclear answer leaves that.
      const unsure = payment.state === 'creating' ? 'unknown' : payment.state;
      // A refusal after a status answer found the order at the gateway contradicts that answer:
      // recording "not created" would let the order be sent again (a second charge). It is
      // recorded as unclear instead, for the next check to settle.
      const contradicted = !result.ok && !result.error.mayHaveHappened && payment.state !== 'creating' && payment.state !== 'not_created';
      if (result.ok) {
        payment = await tx.update(paymentId, apply(result.value, payment), 'create', done);
        // An applied answer is not kept (the payment's columns say what it said), but a decline's
        // reason is in no column: kept as the creation's message, for the payment's detail.
        const declined = payment.state === 'declined' ? shownReason(core.deps.logger.redact(reasonIn(result.value) ?? '')) : null;
        await tx.completeOperation(opId, { outcome: 'succeeded', gateway_answer: result.raw, completed_at: done, ...(declined ? { error_message: declined } : {}) }, ['sending']);
        await core.audit(tx, ctx, payment, `create_${input.kind}`, payment.state);
      } else if (result.error.mayHaveHappened || contradicted) {
        payment = await tx.update(paymentId, { state: unsure, last_error: storedLastError(gatewayReason(result.error)) }, 'create', done);
        await tx.completeOperation(opId, { outcome: 'unknown', error_code: result.error.kind, error_message: result.error.message, gateway_answer: result.raw ?? null, completed_at: done }, ['sending']);
        await core.audit(tx, ctx, payment, `create_${input.kind}`, 'outcome_unknown');
      } else {
        payment = await tx.update(paymentId, { state: 'not_created', last_error: storedLastError(gatewayReason(result.error)) }, 'create', done);
        await tx.completeOperation(opId, { outcome: 'failed', error_code: result.error.kind, error_message: result.error.message, gateway_answer: result.raw ?? null, completed_at: done }, ['sending']);
        await core.audit(tx, ctx, payment, `create_${input.kind}`, `failed: ${result.error.kind}`);
      }
      return { view: await tx.view(await core.schedule(tx, payment, doneAt, 0)), contradicted };
    }), (again) => core.recordLater(() => again().then(() => core.changed(...changedIds)))).finally(release);
    core.changed(...changedIds);
    if (!result.ok && !result.error.mayHaveHappened && !recorded.contradicted) throw toAppFailure(result.error);
    return { view: recorded.view, value: result.ok ? result.value : undefined };
  };
}

export type CreatePayment = ReturnType<typeof createRecorder>;
