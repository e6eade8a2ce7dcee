// A void or refund whose answer was lost (the connection broke after the gateway acted), settled
// later by a status check (a person's, or the laptop's own automatic one), is written into the
// audit log with what became of it, as a lost creation is (create-settled-audit.test.ts). Before,
// a laptop's SQLite ledger wrote nothing when a check settled it: the audit log said "Void USD 80.00
// Outcome unknown" for good while the payment said Voided (walk24), where the team ledger's
// database wrote the settled entry itself.
import { beforeAll, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { describeLedgerApp } from '../support/ledger-apps';
import { customer, goodCard } from './support';

type Entry = { seq: number; action: string; orderId: string | null; result: string; amountMinor: number | null };

describeLedgerApp('a lost void or refund settled by a status check, in the audit log', (app) => {
  let entries: Entry[];
  /** The entries about one order's void or refund, oldest first, as action, result and amount. */
  const of = (orderId: string) => entries.filter((e) => e.orderId === orderId && ['void', 'refund'].includes(e.action) && e.result !== 'sending').map((e) => `${e.action} ${e.result} ${e.amountMinor}`);

  beforeAll(async () => {
    const card = async (orderId: string, amount: string, authOnly: boolean) =>
      (await app().value<{ payment: PaymentView }>('chargeCard', { orderId, amount, currency: 'KWD', card: goodCard, customer, authOnly })).payment;
    const lost = async (operation: 'void' | 'refund', payment: PaymentView) => {
      app().practice.gateway.faults.set(operation, { failure: 'reset_after_processing', times: 1 });
      const input = operation === 'void' ? { paymentId: payment.id } : { paymentId: payment.id, amount: '5.250', currency: 'KWD', reason: 'Order cancelled' };
      await app().call(operation === 'void' ? 'voidPayment' : 'refundPayment', input);
    };
    const checked = await card('MS-VOID-CHECKED', '12.500', true);
    const automatic = await card('MS-VOID-AUTOMATIC', '8.000', true);
    const refunded = await card('MS-REFUND-WHOLE', '5.250', false);
    await lost('void', checked);
    await lost('void', automatic);
    await lost('refund', refunded);
    await app().value('checkPaymentStatus', { paymentId: checked.id });
    await app().value('checkPaymentStatus', { paymentId: refunded.id });
    await app().store.transaction(async (tx) => {
      await tx.update(automatic.id, { next_check_at: new Date(Date.now() - 1_000).toISOString() }, 'schedule', new Date().toISOString());
    });
    await app().service.reconcileDue();
    await app().settled();
    entries = (await app().value<{ rows: Entry[] }>('listAuditLog', { limit: 500 })).rows.reverse();
  });

  it('writes a void a person\'s check settled as done, after its unclear answer', () => {
    expect(of('MS-VOID-CHECKED')).toEqual(['void outcome_unknown 12500', 'void succeeded 12500']);
  });

  it('writes a void the laptop\'s own check settled: no entry left at "Outcome unknown"', () => {
    expect(of('MS-VOID-AUTOMATIC')).toEqual(['void outcome_unknown 8000', 'void succeeded 8000']);
  });

  it('writes a refund of all that was paid, settled by a check, with its amount', () => {
    expect(of('MS-REFUND-WHOLE')).toEqual(['refund outcome_unknown 5250', 'refund succeeded 5250']);
  });
});
