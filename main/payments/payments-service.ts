// The payments service: the application layer between the handlers and the ledger. Every
// money-moving or creating call goes through here: recorded before it is sent, completed by
// the answer, settled by a status query (or, where no answer can decide, by a person), never
// resent blindly; one operation per payment at a time. Handlers only parse, call and answer.
import type { MethodOutput } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';
import { failField } from '../core/fail';
import type { CallContext } from '../core/call-context';
import { createMoneyOperations } from './money-operations';
import { createNewPayments } from './new-payments';
import { createPaymentsCore, type ActiveGateway, type PaymentsCore, type PaymentsDeps } from './payments-core';
import { createRecorder, type CreatePayment } from './record-create';
import { createStatusChecks } from './status-checks';
import { shownReason } from './decline-reason';
import { nextFreeOrderId } from './next-order-id';
import { operationTypeOf, outcomeOfWord } from '../gateway/states';
import { createRepeatStops, storedCardOf } from './repeat-stop';

export type { ActiveGateway, PaymentsDeps } from './payments-core';
export type { NewPayment } from './record-create';

export function createPaymentsService(deps: PaymentsDeps) {
  const core = createPaymentsCore(deps);
  const { store } = core;
  const create = createRecorder(core);
  const money = createMoneyOperations(core);
  const checks = createStatusChecks(core, money);
  const auditView = async (ctx: CallContext, view: PaymentView, action: string) =>
    core.audit(store, ctx, await core.mustGet(store, view.id), action, view.state);

  return {
    store,
    active: () => deps.active(),
    /** Today in the business's zone, as a link's expiry is judged (offer-dates.ts). */
    today: core.today,
    create,
    ...createNewPayments(core, create),
    moneyOperation: money.moneyOperation,
    settleByHand: money.settleByHand,
    ...createRepeatStops(core),
    refresh: checks.refresh,
    markInterrupted: checks.markInterrupted,
    reconcileDue: checks.reconcileDue,

    /** A person asked for the status: recorded in the audit log with the state it found. */
    async checkStatus(ctx: CallContext, paymentId: string): Promise<PaymentView> {
      const view = await checks.refresh(paymentId, 'status', undefined, 1, ctx);
      await auditView(ctx, view, 'status_check');
      return view;
    },

    /** The declined payment's order reference numbered on (next-order-id.ts), free in the active profile's ledger, where the next try goes. */
    async nextOrderId(paymentId: string): Promise<{ orderId: string | null }> {
      const declined = await core.mustGet(store, paymentId);
      const { profile } = await deps.active();
      const orderId = await nextFreeOrderId(declined.order_id, async (candidate) => (await store.byOrderId(profile.id, candidate)) !== undefined);
      return { orderId: orderId ?? null };
    },

    async lookup(ctx: CallContext, input: { orderId?: string; transactionId?: string }): Promise<PaymentView> {
      const orderId = input.orderId?.trim();
      const transactionId = input.transactionId?.trim();
      if (!orderId && !transactionId) throw failField('invalid_input', 'orderId', 'input.lookupRef');
      const view = await checks.lookup(ctx, orderId ? { orderId } : { transactionId: transactionId! });
      await auditView(ctx, view, 'lookup');
      return view;
    },

    /**
     * The same create and money flows, on one given profile whatever is switched meanwhile,
     * sharing this service's ledger, lock and rules; every payment they create is marked with
     * the check-up run that made it (docs/check-up.md).
     */
    pinned(active: () => Promise<ActiveGateway>, mark: { checkupRun: string }) {
      const pinnedCore: PaymentsCore = { ...core, deps: { ...deps, active } };
      const record = createRecorder(pinnedCore);
      const marked: CreatePayment = (ctx, gateway, input, send, apply) => record(ctx, gateway, { ...input, checkupRun: mark.checkupRun }, send, apply);
      return { ...createNewPayments(pinnedCore, marked), moneyOperation: createMoneyOperations(pinnedCore).moneyOperation };
    },

    async watch(paymentId: string, watched: boolean): Promise<PaymentView> {
      await core.mustGet(store, paymentId);
      return store.view(await store.update(paymentId, { watched: watched ? 1 : 0 }, 'watch', core.now().toISOString()));
    },

    async detail(paymentId: string): Promise<MethodOutput<'getPayment'>> {
      const payment = await core.mustGet(store, paymentId);
      const parentRow = payment.parent_payment_id ? await store.get(payment.parent_payment_id) : undefined;
      const card = await storedCardOf(core, payment);
      const [parent, view, repeats, operations, history, checks, webhooks, repeatStop] = await Promise.all([
        parentRow && store.view(parentRow), store.view(payment), store.repeatsOf(payment.id), store.operationsOf(payment.id), store.historyOf(payment.id), store.checksOf(payment.id), store.webhooksOf(payment.id),
        card?.recurring_init === 1 ? store.repeatStopOf(card.id) : null,
      ]);
      return {
        payment: view,
        related: {
          parent: parent ? { id: parent.id, orderId: parent.orderId, amountMinor: parent.amountMinor, recurringAvailable: parent.recurringAvailable, cardMasked: parent.cardMasked, description: parent.description, customerName: parent.customer.name } : null,
          repeats: repeats.map((r) => ({ id: r.id, orderId: r.order_id, amountMinor: r.amount_minor, state: r.state, kind: r.kind, createdAt: r.created_at, description: r.description })),
        },
        repeatStop,
        operations: operations.map((op) => ({
          id: op.id, kind: op.kind, amountMinor: op.amount_minor, reason: op.reason, osUser: op.os_user, person: store.backend === 'postgres' ? op.db_user : null, laptop: store.backend === 'postgres' ? op.laptop ?? null : null, outcome: op.outcome, errorCode: op.error_code,
          errorMessage: op.error_message, gatewayAnswer: op.gateway_answer, createdAt: op.created_at, completedAt: op.completed_at,
          settledBy: op.settled_by ?? null, settledReason: op.settled_reason ?? null,
        })),
        history: history.map((h) => ({ state: h.state, statusWord: h.status_word, source: h.source, at: h.at })),
        checks: checks.map((c) => ({ at: c.at, outcome: c.outcome, statusWord: c.status_word, state: c.state })),
        // What a notification told, read as the app reads words (states.ts): on the practice profile it stands in for a dashboard (walk35).
        webhooks: webhooks.map((w) => ({ receivedAt: w.received_at, statusWord: w.status_word, type: w.type, duplicate: w.duplicate === 1, amount: w.amount, operation: operationTypeOf(w.type ?? undefined) ?? null, outcome: outcomeOfWord(w.status_word ?? undefined) ?? null })),
        // A declined create keeps the gateway's reason as its message (record-create.ts).
        declineReason: payment.state === 'declined' ? shownReason(operations.findLast((op) => op.kind === 'create' && op.outcome === 'succeeded')?.error_message) : null,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
