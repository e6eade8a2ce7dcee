// "Try another card" after a decline is offered the next free order reference after the declined
// one's (main's nextOrderId): OMAR-102 → OMAR-102-2, a try already numbered going on from its
// number (OMAR-102-3, not OMAR-102-2-2), a reference already in the ledger skipped, on a laptop's
// SQLite ledger and on the team ledger alike. The reference offered is taken by the gateway.
import { expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { declineCard } from '../support/practice';
import { describeLedgerApp } from '../support/ledger-apps';
import { customer, goodCard } from './support';

describeLedgerApp('the order reference offered after a decline', (app) => {
  const sale = async (orderId: string, card = declineCard) =>
    (await app().value<{ payment: PaymentView }>('chargeCard', { orderId, amount: '300.00', currency: 'SAR', card, customer, authOnly: false })).payment;
  const next = async (payment: PaymentView) => (await app().value<{ orderId: string | null }>('nextOrderId', { paymentId: payment.id })).orderId;

  it('numbers the declined reference on, skipping those in the ledger, and the gateway takes it', async () => {
    const first = await sale('OMAR-102');
    expect(first.state).toBe('declined');
    expect(await next(first)).toBe('OMAR-102-2');
    const second = await sale('OMAR-102-2');
    expect(await next(second)).toBe('OMAR-102-3');
    // OMAR-102-3 used meanwhile (another order typed by hand): the next free one.
    await sale('OMAR-102-3', goodCard);
    expect(await next(first)).toBe('OMAR-102-4');
    const paid = await sale((await next(second))!, goodCard);
    expect(paid).toMatchObject({ orderId: 'OMAR-102-4', state: 'paid' });
    // A reference that merely ends in a number is its own order: ORD-7 → ORD-7-2, never ORD-8.
    expect(await next(await sale('ORD-7'))).toBe('ORD-7-2');
  });
});
