// "Stop repeat charges" and "Allow repeat charges again" (docs/ledger.md, "Repeat charges
// stopped"): a customer who cancelled is not charged again by mistake. The mark sits on the
// payment that stored the card, whichever of its series it is set from (a repeat charge's detail
// sets its first payment's); main refuses "Charge again" while it is there (new-payments.ts), and
// on the team ledger the database refuses the card's token too. Nothing is sent to the gateway:
// the interface has no call to cancel a stored token (../shared/gateway-interface.md §4.3).
import { fail, reason } from '../core/fail';
import type { Reason } from '../../contract/reasons';
import type { CallContext } from '../core/call-context';
import type { PaymentRow } from '../ledger/payment-rows';
import type { LedgerTx, RepeatChargeSending, RepeatStop } from '../ledger/store';
import type { PaymentsCore } from './payments-core';

/** The payment whose card a repeat charge charges: a repeat charge's first payment, any other its own; undefined when that first payment is not in this ledger. */
export async function storedCardOf(core: PaymentsCore, payment: PaymentRow): Promise<PaymentRow | undefined> {
  if (payment.kind !== 'recurring') return payment;
  return payment.parent_payment_id ? core.store.get(payment.parent_payment_id) : undefined;
}

/** Refuses a repeat charge of a card whose repeat charges are stopped: read from the store, or from the intent's own transaction. */
export async function refuseStoppedCard(ledger: Pick<LedgerTx, 'repeatStopOf'>, card: PaymentRow): Promise<void> {
  if (await ledger.repeatStopOf(card.id)) throw fail('rule_violation', 'rule.repeatStopped');
}

export function createRepeatStops(core: PaymentsCore) {
  return {
    /**
     * Sets or lifts the mark; a second press (or a colleague's meanwhile) changes nothing and audits
     * nothing. A repeat charge whose intent was recorded before the mark is on its way and may go
     * through: the person is told which, by whom, and to check it and refund it if charged.
     */
    async setRepeatStop(ctx: CallContext, input: { paymentId: string; stopped: boolean }): Promise<{ repeatStop: RepeatStop | null; sending: RepeatChargeSending[]; warning: Reason | null }> {
      const payment = await core.mustGet(core.store, input.paymentId);
      const card = await storedCardOf(core, payment);
      if (!card || card.recurring_init !== 1) throw fail('rule_violation', 'rule.recurringNotEnabled');
      const { changed, sending } = await core.store.setRepeatStop(card.id, input.stopped, ctx.osUser, core.now().toISOString());
      if (changed) {
        core.changed(card.id, payment.id);
        core.deps.logger.info(input.stopped ? 'Repeat charges of a stored card were stopped' : 'Repeat charges of a stored card were allowed again', { kind: 'repeat_stop' });
      }
      if (sending.length) core.deps.logger.warn('Repeat charges were stopped while a repeat charge of the card was being sent', { kind: 'repeat_stop', sending: sending.length });
      return { repeatStop: await core.store.repeatStopOf(card.id), sending, warning: sendingWords(sending) };
    },
  };
}

/** What the person who stopped is told of the charges already on their way: the first named, the others counted. */
function sendingWords(sending: RepeatChargeSending[]): Reason | null {
  const [first] = sending;
  if (!first) return null;
  return reason('rule.repeatStoppedWhileSending', { amountMinor: first.amountMinor, currency: first.currency, orderId: first.orderId, person: first.by, others: sending.length - 1 });
}
