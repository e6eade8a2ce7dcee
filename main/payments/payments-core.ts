// What every part of the payments service shares: its dependencies, the ledger's rows, the
// in-process lock, events, the audit trail of each move, and the check schedule.
import type { Environment } from '../../contract/methods/app';
import type { AppEvent } from '../../contract/events';
import type { ProductionConfirmation } from '../../contract/methods/profiles';
import { settledStates } from '../../contract/payment-states';
import type { Reason } from '../../contract/reasons';
import { englishText, fail } from '../core/fail';
import type { CallContext } from '../core/call-context';
import type { EventHub } from '../core/event-hub';
import type { GatewayClient } from '../gateway/client';
import type { GatewayConnection } from '../gateway/operations';
import type { Logger } from '../log/logger';
import type { AttentionReason, PaymentRow } from '../ledger/payment-rows';
import type { LedgerStore, LedgerTx } from '../ledger/store';
import { dayIn, zoneOrLocal } from '../core/zone-days';
import { isDiskFull } from '../core/disk-full';
import { attentionAfter, nextCheckOf } from './schedule';

export type ActiveGateway = {
  profile: { id: string; name: string; environment: Environment };
  conn: GatewayConnection;
  /** Where customers go after paying, when a form leaves it empty. */
  defaults?: { successUrl?: string | null; failureUrl?: string | null };
};

export type PaymentsDeps = {
  /** The ledger (ledger/store.ts): SQLite on the laptop, PostgreSQL for a team. */
  store: LedgerStore;
  client: GatewayClient;
  logger: Logger;
  events: EventHub;
  now?: () => Date;
  /** The business's time zone, whose days a link's expiry date is in: the computer's own unless a test says (core/zone-days.ts). */
  timeZone?: string;
  /** The active profile and its connection; throws AppFailure (e.g. key_missing) when it cannot be used. */
  active(): Promise<ActiveGateway>;
  /** Resolves once every profile's kept key is known to the logger: text kept without a gateway call (a settle-by-hand reason) is checked against them all. active() waits for it too. */
  keysKnown?(): Promise<void>;
  /** The connection of any profile, for re-checking payments made on it; undefined when it has no key. */
  connectionFor(profileId: string): Promise<GatewayConnection | undefined>;
  requireConfirmation(profile: ActiveGateway['profile'], confirm: ProductionConfirmation | undefined): void;
  /** On the team ledger: a colleague's payment may be acted on with the active profile (acting-profile.ts). */
  teamLedger?: boolean;
  /** This laptop's profiles, for that rule. */
  profilesHere?(): Promise<Array<{ id: string; environment: Environment }>>;
  /** The team's profile of that id, when the team's list has it: a refusal of a colleague's payment names it (acting-profile.ts). */
  teamProfile?(id: string): Promise<{ name: string; removed: boolean } | undefined>;
  /**
   * A refund the gateway confirmed (or a person settled as done) was applied to the ledger. Called
   * inside that transaction (`tx`), so what a listener records (a credit note) commits with it; a
   * listener that throws is logged and does not undo the refund (it writes in a savepoint).
   */
  onRefundConfirmed?(refund: RefundConfirmed, tx: LedgerTx): void | Promise<void>;
  /**
   * Notifications wait for it: at start the window hears main's events only once its first screen
   * shows (composition.ts), and one told before then (an operation a crash left in doubt) was lost.
   */
  windowListening?: Promise<void>;
};

export type RefundConfirmed = { paymentId: string; operationId: string; amountMinor: number; reason: string | null; at: string };

const tookMoney = new Set<PaymentRow['state']>(['authorised', 'partially_captured', 'paid', 'partially_refunded']);

export function createPaymentsCore(deps: PaymentsDeps) {
  const now = deps.now ?? (() => new Date());
  const { store } = deps;
  // Read at the first schedule, not at start: Intl's first zone costs ~10 ms.
  let zone: string | undefined;
  /** Payments with a call of this process on the wire: one at a time, and status answers wait. */
  const inFlight = new Set<string>();

  async function mustGet(tx: LedgerTx, paymentId: string): Promise<PaymentRow> {
    const payment = await tx.get(paymentId);
    if (!payment) throw fail('not_found', 'ledger.noPayment');
    return payment;
  }

  /**
   * The payment, held for the rest of this transaction (the team ledger's lock; SQLite's
   * transactions are one at a time): a transaction that reads a payment's money and writes from
   * it takes it first, before anything else it reads (operations, the operations mark).
   */
  async function mustLock(tx: LedgerTx, paymentId: string): Promise<PaymentRow> {
    await tx.lockPayment?.(paymentId);
    return mustGet(tx, paymentId);
  }

  /** Settled: nothing to wait for but a person's action (its transaction and card token known where it needs them). */
  function isSettled(payment: PaymentRow, open: number): boolean {
    if (!settledStates.has(payment.state) || open > 0) return false;
    if (tookMoney.has(payment.state) && !payment.transaction_id) return false;
    return !(payment.recurring_init === 1 && !payment.recurring_token && !payment.recurring_saved && tookMoney.has(payment.state));
  }

  /**
   * Schedules the next status check, or none once settled. An unclear capture, refund or void
   * that an answer could not decide waits for a person at once; anything else after
   * `attentionAfter` checks without a settled answer. `awaitingCustomer`: the gateway just answered
   * that a link or checkout session is unpaid, a clear answer: it is checked on (until paid or
   * expired) but needs no one; every unpaid link went to Needs attention 23 minutes after it was made.
   */
  async function schedule(tx: LedgerTx, payment: PaymentRow, at: Date, attempts: number, undecided = false, awaitingCustomer = false): Promise<PaymentRow> {
    const open = await tx.openOperations(payment.id);
    const settled = isSettled(payment, open.length);
    const unclearMove = open.some((op) => op.outcome === 'unknown' && op.kind !== 'create');
    const waiting = awaitingCustomer && open.length === 0 && payment.state === 'pending' && (payment.kind === 'link' || payment.kind === 'checkout');
    const reason: AttentionReason | null = settled ? null
      : unclearMove && (undecided || payment.attention_reason === 'undecidable') ? 'undecidable'
      : attempts >= attentionAfter && !waiting ? 'unsettled' : null;
    return tx.update(payment.id, {
      next_check_at: settled ? null : nextCheckOf(payment, at, attempts, (zone ??= zoneOrLocal(deps.timeZone))),
      check_attempts: settled ? 0 : attempts,
      needs_attention: reason ? 1 : 0,
      attention_reason: reason,
    }, 'schedule', at.toISOString());
  }

  function audit(tx: LedgerTx, ctx: Pick<CallContext, 'osUser'>, payment: PaymentRow, action: string, result: string, extra: { amountMinor?: number | null; reason?: string | null } = {}) {
    return tx.appendAudit({
      // Whatever happens to a check-up's payment is marked as such (docs/check-up.md).
      osUser: ctx.osUser, profileId: payment.profile_id, environment: payment.environment, action: payment.checkup_run ? `checkup_${action}` : action, paymentId: payment.id, orderId: payment.order_id,
      amountMinor: extra.amountMinor === undefined ? payment.amount_minor : extra.amountMinor, currency: payment.currency, reason: extra.reason ?? null, result,
    }, now().toISOString());
  }

  // Gateway answers a full disk kept out of the ledger (not-sent.ts's afterSending): each recording
  // is tried again, oldest first, at the next reconcile turn (every 15 s) until there is room, so
  // the operation leaves "Sending" once space is freed, with no restart. Lost if Paydesk stops
  // first: the next start then marks it unknown, and its status check settles it.
  const unrecorded: Array<() => Promise<unknown>> = [];
  async function recordUnrecorded(): Promise<void> {
    while (unrecorded.length > 0) {
      try {
        await unrecorded[0]!();
      } catch (error) {
        if (isDiskFull(error)) return;
        deps.logger.error('An answer kept for a full disk could not be recorded', { error: error instanceof Error ? error.name : 'unknown' });
      }
      unrecorded.shift();
    }
  }

  let listening = deps.windowListening === undefined;
  void deps.windowListening?.then(() => (listening = true));
  const emitNote = (event: AppEvent) => (listening ? deps.events.emit(event) : void deps.windowListening!.then(() => deps.events.emit(event)));

  return {
    deps,
    store,
    now,
    /** Today in the business's zone (YYYY-MM-DD): the day a link's or session's expiry is judged by. */
    today: () => dayIn(now(), (zone ??= zoneOrLocal(deps.timeZone))),
    inFlight,
    mustGet,
    mustLock,
    schedule,
    audit,
    changed: (...ids: string[]) => deps.events.emit({ type: 'payments.changed', paymentIds: ids }),
    /** Keeps a recording a full disk refused, to try again (above). */
    recordLater: (recording: () => Promise<unknown>) => void unrecorded.push(recording),
    recordUnrecorded,
    notify: (level: 'info' | 'error', paymentId: string, why: Reason) => emitNote({ type: 'notification', level, paymentId, message: englishText(why), reason: why }),
  };
}

export type PaymentsCore = ReturnType<typeof createPaymentsCore>;
