// Asking the gateway about payments: on demand, on the reconciliation schedule, after a
// webhook; adding a payment made elsewhere; and, after a crash, marking what was being sent
// as unknown. An answer is applied forward only, and one that may predate an operation the
// ledger recorded meanwhile is not applied at all: the payment is checked again instead.
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import type { PaymentView } from '../../contract/methods/payments';
import { moneyValues } from '../../contract/amount-words';
import { settledStates } from '../../contract/payment-states';
import type { Reason } from '../../contract/reasons';
import { fail, reason } from '../core/fail';
import type { CallContext } from '../core/call-context';
import { gatewayReason, toAppFailure, type GatewayError } from '../gateway/errors';
import type { GatewayConnection } from '../gateway/operations';
import { storedLastError } from '../ledger/last-error';
import type { PaymentRow } from '../ledger/payment-rows';
import type { LedgerTx, StatusProof } from '../ledger/store';
import type { createMoneyOperations } from './money-operations';
import type { PaymentsCore } from './payments-core';
import { newPaymentRow } from './record-create';
import { actingRuleOf, requireActingProfile } from './acting-profile';
import { judgeUnknown } from './settlement';
import { evidenceOf, statusChanges } from './status-answer';
import { latestSensibleCheck } from './schedule';

type Source = 'status' | 'reconcile' | 'webhook';
type Who = Pick<CallContext, 'osUser'>;

/** Who the laptop's own checks (its schedule, a webhook) act as in the audit log: this computer's user. */
function thisComputer(): Who {
  try {
    return { osUser: userInfo().username };
  } catch {
    return { osUser: 'unknown' };
  }
}

/** The evidence an unclear operation is settled on, as the team ledger's database judges it again (status-settle.sql). */
const proofOf = (evidence: ReturnType<typeof evidenceOf>): StatusProof => ({
  state: evidence.state, transactionId: evidence.transactionId, failedOperation: evidence.failedOperation, capturedMinor: evidence.capturedMinor, refundedMinor: evidence.refundedMinor,
});

export function createStatusChecks(core: PaymentsCore, money: Pick<ReturnType<typeof createMoneyOperations>, 'applyDone'>) {
  const { store, deps } = core;

  /**
   * Settles the unknown operations the answer decides; says whether any stays undecided, and whether
   * it settled the creation. A capture, void or refund it settles is audited with its outcome, by
   * whoever's check settled it (`by`), as the team ledger's database writes it (audit_operation): the
   * log said "Outcome unknown" for good while the payment said Voided (walk24).
   */
  async function settleUnknown(tx: LedgerTx, payment: PaymentRow, evidence: ReturnType<typeof evidenceOf>, at: string, by: Who) {
    let current = payment;
    let undecided = false;
    let failedRefund = false;
    let created = false;
    for (const op of (await tx.openOperations(payment.id)).filter((o) => o.outcome === 'unknown')) {
      const verdict = judgeUnknown(op, payment, evidence);
      if (verdict === undefined) {
        undecided ||= op.kind !== 'create';
        continue;
      }
      await tx.completeOperation(op.id, {
        outcome: verdict, error_code: verdict === 'failed' ? 'not_processed' : null,
        error_message: verdict === 'failed' ? 'A status check showed the gateway did not process it.' : null, completed_at: at,
      }, ['unknown'], proofOf(evidence));
      if (op.kind !== 'create') await core.audit(tx, by, current, op.kind, verdict === 'succeeded' ? 'succeeded' : 'failed: not_processed', { amountMinor: op.amount_minor, reason: op.reason });
      if (verdict === 'succeeded') current = await money.applyDone(tx, current, op, 'status', at);
      failedRefund ||= verdict === 'failed' && op.kind === 'refund';
      created ||= op.kind === 'create';
    }
    return { payment: current, undecided, failedRefund, created };
  }

  function notifyChanges(before: PaymentRow, after: PaymentRow, failedRefund: boolean) {
    if (after.watched && after.kind === 'link' && before.state !== 'paid' && after.state === 'paid') {
      core.notify('info', after.id, reason('notify.linkPaid', { orderId: after.order_id, ...moneyValues(after.amount_minor, after.currency) }));
    }
    if (failedRefund) core.notify('error', after.id, reason('notify.refundNotProcessed', { orderId: after.order_id }));
  }

  /** On the team ledger, a person's check of a colleague's payment asks with the active profile, as its refund would (acting-profile.ts). */
  async function colleagueConnection(payment: PaymentRow): Promise<GatewayConnection | undefined> {
    if (!deps.teamLedger) return undefined;
    const gateway = await deps.active();
    // Another of this laptop's profiles without a key: its payments wait, as before (no key to check with).
    if ((await actingRuleOf(deps, payment, gateway.profile)) === 'otherProfile') return undefined;
    await requireActingProfile(deps, payment, gateway.profile);
    return gateway.conn;
  }

  /**
   * A lost creation the answer settled, in the audit log once, with the state the answer settled
   * the payment in, as record-create.ts writes an answered one: finance reads what became of it, by
   * whom (`by`: the person who asked, else this computer's user). On the team ledger the database
   * writes it (people-and-settled-create.sql), so the store records nothing for it there. An
   * answer with a transaction but no state settles the creation and leaves the payment unknown:
   * then the operation's outcome, as the database writes it too.
   */
  const auditSettledCreate = (tx: LedgerTx, by: Who, payment: PaymentRow) =>
    core.audit(tx, by, payment, `create_${payment.kind}`, payment.state === 'unknown' || payment.state === 'creating' ? 'succeeded' : payment.state);

  /**
   * A status query the gateway refused (a 4xx or an envelope's error): nothing the person typed
   * was wrong, so the request's own "Correct it and try again" is no advice (walk30).
   */
  const statusRefusal = (error: GatewayError): GatewayError => (error.kind === 'request_rejected' && !error.reasonKey ? { ...error, reasonKey: 'gateway.statusRefused' } : error);

  /** Asks the gateway about one payment and records the answer; settles open operations it can. */
  async function refresh(paymentId: string, source: Source, conn?: GatewayConnection, staleRetries = 1, by: Who = thisComputer()): Promise<PaymentView> {
    const payment = await core.mustGet(store, paymentId);
    const connection = conn ?? (await deps.connectionFor(payment.profile_id)) ?? (source === 'status' ? await colleagueConnection(payment) : undefined);
    if (!connection) throw fail('key_missing', 'ledger.noKeyForCheck');
    const mark = await store.operationsMark(paymentId);
    const request = payment.transaction_id ? { transactionId: payment.transaction_id } : { orderId: payment.order_id };
    const asked = await deps.client.status(connection, request, { retry: source === 'status' });
    const result = asked.ok ? asked : { ...asked, error: statusRefusal(asked.error) };
    const doneAt = core.now();
    const done = doneAt.toISOString();
    let stale = false;
    const view = await store.transaction(async (tx) => {
      let current = await core.mustLock(tx, paymentId);
      const attempts = current.check_attempts + 1;
      if (result.ok && (core.inFlight.has(paymentId) || (await tx.operationsMark(paymentId)) !== mark)) {
        // Asked before an operation was recorded or settled: the answer may describe the payment as it was.
        stale = true;
        await tx.recordCheck(current.id, done, 'stale', result.value.statusWord ?? null, null);
        return tx.view(await tx.update(current.id, { next_check_at: doneAt.toISOString(), last_checked_at: done }, source, done));
      }
      if (result.ok) {
        const before = current;
        const evidence = evidenceOf(current, result.value);
        const settled = await settleUnknown(tx, current, evidence, done, by);
        // While an unclear operation stays undecided the answer most likely shows that very
        // operation: its word is kept, the money state waits for the verdict.
        const changes = statusChanges(settled.payment, result.value);
        if (settled.undecided) Object.assign(changes, { state: settled.payment.state, captured_minor: settled.payment.captured_minor, refunded_minor: settled.payment.refunded_minor });
        current = await tx.update(current.id, { ...changes, last_checked_at: done }, source, done);
        if (settled.created) await auditSettledCreate(tx, by, current);
        notifyChanges(before, current, settled.failedRefund);
        await tx.recordCheck(current.id, done, 'ok', result.value.statusWord ?? null, evidence.state);
        return tx.view(await core.schedule(tx, current, doneAt, settledStates.has(current.state) && !settled.undecided ? 0 : attempts, settled.undecided, evidence.state === 'pending'));
      }
      await tx.recordCheck(current.id, done, result.error.kind, null, null);
      const creating = (await tx.openOperations(current.id)).filter((op) => op.kind === 'create' && op.outcome === 'unknown');
      if (result.error.kind === 'not_found' && creating.length > 0) {
        // The gateway has no such order: the create never arrived, so it may be sent again.
        for (const op of creating) await tx.completeOperation(op.id, { outcome: 'failed', error_code: 'not_found', error_message: 'The gateway has no such order: it was not created.', completed_at: done }, ['unknown'], { notFound: true });
        current = await tx.update(current.id, { state: 'not_created', last_checked_at: done, last_error: storedLastError(reason('gateway.notCreated')) }, source, done);
        await auditSettledCreate(tx, by, current);
        return tx.view(await core.schedule(tx, current, doneAt, 0));
      }
      if (core.inFlight.has(paymentId) || (await tx.operationsMark(paymentId)) !== mark) {
        // Asked before an operation was recorded or settled: its failure says nothing of the payment
        // as it is now (a refund that went through meanwhile showed "Try again later"). Kept as a check.
        return tx.view(await tx.update(current.id, { last_checked_at: done }, source, done));
      }
      current = await tx.update(current.id, { last_checked_at: done, last_error: storedLastError(gatewayReason(result.error)) }, source, done);
      return tx.view(await core.schedule(tx, current, doneAt, attempts));
    });
    core.changed(paymentId);
    // A person asked: a stale answer is asked again at once (bounded), the schedule does the rest.
    if (stale && source === 'status' && staleRetries > 0 && !core.inFlight.has(paymentId)) return refresh(paymentId, source, connection, staleRetries - 1, by);
    if (!result.ok && source === 'status' && result.error.kind !== 'not_found') throw toAppFailure(result.error);
    return view;
  }

  /** A payment made elsewhere, found by status on the active profile and added to the ledger (or refreshed if known). */
  async function lookup(ctx: CallContext, request: { orderId: string } | { transactionId: string }): Promise<PaymentView> {
    const gateway = await deps.active();
    const known = await store.findKnown(gateway.profile.id, request);
    if (known) return refresh(known.id, 'status', gateway.conn, 1, ctx);
    const result = await deps.client.status(gateway.conn, request);
    if (!result.ok) throw toAppFailure(result.error);
    const value = result.value;
    const orderId = value.orderId ?? ('orderId' in request ? request.orderId : undefined);
    if (!value.currency || value.amountMinor === undefined || value.amountMinor <= 0 || !orderId) {
      throw fail('malformed_response', 'ledger.lookupIncomplete');
    }
    const at = core.now();
    const id = randomUUID();
    const blank = newPaymentRow(id, gateway, { kind: 'external', orderId, amountMinor: value.amountMinor, currency: value.currency, authOnly: value.type?.toLowerCase().startsWith('auth') }, ctx.osUser, at.toISOString());
    const row: PaymentRow = { ...blank, state: 'unknown', last_checked_at: at.toISOString() };
    const view = await store.transaction(async (tx) => {
      await tx.insert({ ...row, ...statusChanges(row, value) } as PaymentRow);
      const inserted = await core.mustGet(tx, id);
      await tx.recordCheck(id, row.created_at, 'ok', inserted.status_word, inserted.state);
      return tx.view(await core.schedule(tx, inserted, at, 0));
    });
    core.changed(id);
    return view;
  }

  /**
   * After a crash: whatever was being sent has an unknown outcome and is checked first. A capture,
   * refund or void is told as a lost answer is (in Needs attention until settled), once: it leaves
   * `sending` here, and nothing is sent again.
   */
  async function markInterrupted(): Promise<number> {
    const at = core.now().toISOString();
    const inDoubt: Array<{ paymentId: string; why: Reason }> = [];
    const marked = await store.transaction(async (tx) => {
      inDoubt.length = 0;
      // One this process is sending right now is not interrupted (the team ledger marks again at every reconnect).
      // Each payment held before its operation is touched, in one order (by id), as every other
      // money transaction takes them: payment first, so two transactions never wait on each other.
      const ops = (await tx.sendingOperations()).filter((op) => !core.inFlight.has(op.payment_id)).sort((a, b) => (a.payment_id < b.payment_id ? -1 : a.payment_id > b.payment_id ? 1 : 0));
      for (const op of ops) {
        const payment = await core.mustLock(tx, op.payment_id);
        await tx.completeOperation(op.id, { outcome: 'unknown', error_code: 'outcome_unknown', error_message: 'Paydesk stopped while this was being sent.' }, ['sending']);
        await tx.update(payment.id, { state: payment.state === 'creating' ? 'unknown' : payment.state, next_check_at: at }, 'restart', at);
        if (op.kind !== 'create') inDoubt.push({ paymentId: payment.id, why: reason(`notify.answerLost.${op.kind}`, { orderId: payment.order_id, ...moneyValues(op.amount_minor ?? 0, payment.currency) }) });
      }
      return ops.length;
    });
    for (const { paymentId, why } of inDoubt) core.notify('error', paymentId, why);
    return marked;
  }

  /** Re-checks every payment whose next check is due, oldest first. */
  async function reconcileDue(limit = 25): Promise<number> {
    await core.recordUnrecorded();
    let checked = 0;
    const now = core.now();
    for (const { id, profile_id } of await store.dueForCheck(now.toISOString(), limit, latestSensibleCheck(now))) {
      if (core.inFlight.has(id)) continue;
      const conn = await deps.connectionFor(profile_id).catch(() => undefined);
      if (!conn) continue;
      try {
        await refresh(id, 'reconcile', conn);
        checked++;
      } catch (e) {
        deps.logger.warn('Reconciliation of a payment failed', { error: e instanceof Error ? e.name : 'unknown' });
      }
    }
    return checked;
  }

  return { refresh, lookup, markInterrupted, reconcileDue };
}
