// Capture, void and refund: the rules checked and the intent recorded in one transaction,
// then sent once. The gateway's confirmation moves the ledger's totals (money-state.ts); an
// unclear outcome blocks the payment until a status answer or a person settles it.
import { randomUUID } from 'node:crypto';
import type { PaymentView } from '../../contract/methods/payments';
import type { ProductionConfirmation } from '../../contract/methods/profiles';

import type { AppFailure } from '../../contract/result';
import { fail, failField, reason } from '../core/fail';
import { moneyValues } from '../../contract/amount-words';
import type { CallContext } from '../core/call-context';
import type { GatewayResult } from '../gateway/client';
import { gatewayReason, toAppFailure, type GatewayError } from '../gateway/errors';
import { storedLastError } from '../ledger/last-error';
import type { StatusOutcome } from '../gateway/requests';
import type { OperationRow, PaymentRow } from '../ledger/payment-rows';
import type { LedgerTx } from '../ledger/store';
import { afterConfirmed } from './money-state';
import type { PaymentsCore, RefundConfirmed } from './payments-core';
import { checkCapture, checkRefund, checkVoid, operationMoney, parseAmountField, requireNoOpenOperation, requireSameCurrency, requireTransactionId } from './rules';
import { cleanText, refuseApiKey, refuseCardNumber } from './validate-input';
import { declinedIn } from './status-answer';
import { afterSending, beforeSending } from './not-sent';
import { requireActingProfile } from './acting-profile';

export type MoneyKind = 'capture' | 'void' | 'refund';
/** `amount` is the text a person typed, read against the payment's own currency. */
export type MoneyRequest = { paymentId: string; kind: MoneyKind; amount?: string; currency?: string; reason?: string; confirm?: ProductionConfirmation };

export function createMoneyOperations(core: PaymentsCore) {
  const { store, deps } = core;

  /** The money a confirmed (or settled-as-done) operation moves, applied to the payment. */
  async function applyDone(tx: LedgerTx, payment: PaymentRow, op: Pick<OperationRow, 'id' | 'kind' | 'amount_minor' | 'base_minor' | 'reason'>, source: string, at: string): Promise<PaymentRow> {
    if (op.kind === 'create') return payment;
    const updated = await tx.update(payment.id, afterConfirmed(payment, op.kind, op.amount_minor ?? 0, op.base_minor ?? null), source, at);
    if (op.kind === 'refund') await refundConfirmed({ paymentId: payment.id, operationId: op.id, amountMinor: op.amount_minor ?? 0, reason: op.reason, at }, tx);
    return updated;
  }

  /** Tells the listener (credit notes) about a confirmed refund; its failure never undoes the refund. */
  async function refundConfirmed(refund: RefundConfirmed, tx: LedgerTx) {
    try {
      await deps.onRefundConfirmed?.(refund, tx);
    } catch (e) {
      deps.logger.error('A confirmed refund could not be passed on', { error: e instanceof Error ? e.name : 'unknown' });
    }
  }

  async function moneyOperation(ctx: CallContext, request: MoneyRequest): Promise<PaymentView> {
    const gateway = await deps.active();
    const payment = await beforeSending(() => core.mustGet(store, request.paymentId));
    if (request.kind === 'refund' && !request.reason?.trim()) throw failField('invalid_input', 'reason', 'rule.refundReason');
    const input = {
      ...request,
      amountMinor: request.amount === undefined ? undefined : parseAmountField(request.amount, payment.currency),
      reason: refuseCardNumber(request.kind === 'refund' ? cleanText(request.reason ?? '', 'reason', { max: 500 }) : request.reason?.trim() || '', 'reason') || undefined,
    };
    refuseApiKey({ reason: input.reason }, deps.logger.holdsSecret);
    await requireActingProfile(deps, payment, gateway.profile);
    deps.requireConfirmation(gateway.profile, input.confirm);
    if (core.inFlight.has(payment.id)) throw fail('busy', 'rule.busy');
    core.inFlight.add(payment.id);
    try {
      const opId = randomUUID();
      const at = core.now().toISOString();
      const transactionId = await beforeSending(() => store.transaction(async (tx) => {
        const current = await core.mustLock(tx, payment.id);
        const open = await tx.openOperations(current.id);
        requireNoOpenOperation(open);
        if (input.currency !== undefined) requireSameCurrency(current, input.currency);
        const id = requireTransactionId(current);
        if (input.kind === 'capture') checkCapture(current, input.amountMinor!);
        if (input.kind === 'void') checkVoid(current);
        if (input.kind === 'refund') checkRefund(current, input.amountMinor!, input.reason ?? '', open);
        // A void's amount (what it releases) is on its operation: its audit entries (the team ledger's trigger reads the row) and its history say it.
        const recorded = operationMoney(current, input.kind, input.amountMinor);
        input.amountMinor = recorded.amountMinor;
        await tx.insertOperation({ id: opId, payment_id: current.id, kind: input.kind, amount_minor: input.amountMinor ?? null, base_minor: recorded.baseMinor, reason: input.reason ?? null, os_user: ctx.osUser, outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: at, completed_at: null });
        return id;
      }));
      core.changed(payment.id);

      const money = { minor: input.amountMinor ?? 0, currency: payment.currency };
      const result: GatewayResult<StatusOutcome> =
        input.kind === 'capture' ? await deps.client.capture(gateway.conn, { transactionId, amount: money })
        : input.kind === 'void' ? await deps.client.void(gateway.conn, { transactionId })
        : await deps.client.refund(gateway.conn, { transactionId, amount: money, reason: input.reason });

      const doneAt = core.now();
      const done = doneAt.toISOString();
      let failure: AppFailure | undefined;
      const view = await afterSending(() => store.transaction(async (tx) => {
        let current = await core.mustLock(tx, payment.id);
        const auditExtra = { amountMinor: input.amountMinor ?? null, reason: input.reason ?? null };
        const said = result.ok ? declinedIn(current, input.kind, result.value) : undefined;
        const declined = said === undefined ? undefined : deps.logger.redact(said);
        if (result.ok && declined === undefined) {
          current = await applyDone(tx, current, (await tx.operation(opId))!, input.kind, done);
          await tx.completeOperation(opId, { outcome: 'succeeded', gateway_answer: result.raw, completed_at: done }, ['sending']);
          await core.audit(tx, ctx, current, input.kind, 'succeeded', auditExtra);
        } else if (!result.ok && result.error.mayHaveHappened) {
          current = await tx.update(current.id, { last_error: storedLastError(gatewayReason(result.error)) }, input.kind, done);
          await tx.completeOperation(opId, { outcome: 'unknown', error_code: result.error.kind, error_message: result.error.message, gateway_answer: result.raw ?? null, completed_at: done }, ['sending']);
          await core.audit(tx, ctx, current, input.kind, 'outcome_unknown', auditExtra);
          core.notify('error', current.id, reason(`notify.answerLost.${input.kind}`, { orderId: current.order_id, ...moneyValues(input.amountMinor ?? 0, current.currency) }));
        } else {
          const message = result.ok ? `The gateway declined the ${input.kind}: ${declined}.` : result.error.message;
          await tx.completeOperation(opId, { outcome: 'failed', error_code: result.ok ? 'declined' : result.error.kind, error_message: message, gateway_answer: result.raw ?? null, completed_at: done }, ['sending']);
          await core.audit(tx, ctx, current, input.kind, `failed: ${result.ok ? 'declined' : result.error.kind}`, auditExtra);
          if (input.kind === 'refund') core.notify('error', current.id, reason('notify.refundFailed', { orderId: current.order_id, said: result.ok ? declined ?? '' : result.error.gateway?.message ?? '' }));
          failure = result.ok ? fail('request_rejected', 'gateway.declined', { operation: input.kind, said: declined ?? '' }) : refusedFailure(result.error, input.kind);
        }
        return tx.view(await core.schedule(tx, current, doneAt, 0));
      }), (again) => core.recordLater(() => again().then(() => core.changed(payment.id))));
      core.changed(payment.id);
      if (failure) throw failure;
      return view;
    } finally {
      core.inFlight.delete(payment.id);
    }
  }

  /**
   * A person checked the gateway's dashboard and says whether an unclear capture, refund or
   * void went through. Allowed only once status answers could not decide it (the payment
   * needs attention); recorded with the OS user, time and reason, in the audit log too.
   * Nothing is sent to the gateway.
   */
  async function settleByHand(ctx: CallContext, input: { paymentId: string; operationId: string; happened: boolean; reason: string }): Promise<PaymentView> {
    const reason = input.reason.trim();
    if (!reason) throw failField('invalid_input', 'reason', 'rule.settleReason');
    refuseCardNumber(reason, 'reason');
    // Nothing is sent, so active() is not asked: the keys of every profile are waited for here.
    await deps.keysKnown?.();
    refuseApiKey({ reason }, deps.logger.holdsSecret);
    if (core.inFlight.has(input.paymentId)) throw fail('busy', 'rule.busy');
    const doneAt = core.now();
    const done = doneAt.toISOString();
    const view = await store.transaction(async (tx) => {
      let payment = await core.mustLock(tx, input.paymentId);
      const op = await tx.operation(input.operationId);
      if (!op || op.payment_id !== payment.id) throw fail('not_found', 'ledger.noOperation');
      if (op.outcome !== 'unknown' || op.kind === 'create') throw fail('rule_violation', 'rule.settleOnlyUnknown');
      if (payment.needs_attention !== 1) throw fail('rule_violation', 'rule.settleCheckFirst');
      await tx.completeOperation(op.id, {
        outcome: input.happened ? 'succeeded' : 'failed', error_code: input.happened ? null : 'not_processed',
        error_message: input.happened ? null : 'Settled by hand: it did not go through.', completed_at: done, settled_by: ctx.osUser, settled_reason: reason,
      }, ['unknown']);
      if (input.happened) payment = await applyDone(tx, payment, op, 'settled_by_hand', done);
      payment = await tx.update(payment.id, { last_error: null, attention_reason: null }, 'settled_by_hand', done);
      await core.audit(tx, ctx, payment, `settle_${op.kind}`, input.happened ? 'went_through' : 'did_not_go_through', { amountMinor: op.amount_minor, reason });
      return tx.view(await core.schedule(tx, payment, doneAt, 0));
    });
    core.changed(input.paymentId);
    deps.logger.info('An unclear operation was settled by hand', { kind: 'settle', happened: input.happened });
    return view;
  }

  return { moneyOperation, settleByHand, applyDone };
}

/**
 * A capture, void or refund that passed main's own checks and the gateway still refused: the
 * payment most likely changed at the gateway (done elsewhere), so the person is told to check its
 * status rather than to "correct" a request they cannot see anything wrong with.
 */
function refusedFailure(error: GatewayError, operation: 'capture' | 'void' | 'refund'): AppFailure {
  if (error.kind !== 'request_rejected' || error.reasonKey) return toAppFailure(error);
  return toAppFailure({ ...error, reasonKey: 'gateway.operationRefused', reasonValues: { ...error.reasonValues, operation } });
}
