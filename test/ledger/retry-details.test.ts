// An order tried again after the gateway refused it ("not created") with other details (a new
// amount, currency, description, customer): the ledger records what is sent, on a laptop's
// SQLite file and on the team ledger alike (issue 15). The practice gateway over HTTP is the
// witness: what it received for the order is what the ledger says.
import { describe, expect, it } from 'vitest';
import { customer } from './support';
import { newOrderId } from '../support/practice';
import { describeLedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';

describeLedgerApp('an order tried again with other details', (app) => {
  const received = (orderId: string) => app().practice.gateway.records().filter((r) => r.orderId === orderId && r.operation === 'createPaymentLink');

  /** A link the gateway refused outright (an error envelope: definitely not created). */
  async function refusedLink(orderId: string) {
    app().practice.gateway.faults.set('createPaymentLink', { failure: 'error_envelope', times: 1 });
    const first = await app().call('createPaymentLink', { orderId, amount: '10.00', currency: 'SAR', description: 'First try', customer });
    expect(first).toMatchObject({ ok: false });
    expect(received(orderId)).toHaveLength(0);
    const [row] = await app().value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: orderId } }).then((r) => r.rows);
    expect(row).toMatchObject({ orderId, state: 'not_created', amountMinor: 1_000 });
    return row!;
  }

  describe('a link the gateway refused, tried again', () => {
    it('records and sends the new amount, description and customer, once', async () => {
      const orderId = newOrderId();
      const refused = await refusedLink(orderId);
      const retried = await app().value<PaymentView>('createPaymentLink', {
        orderId, amount: '20.00', currency: 'SAR', description: 'Second try', customer: { ...customer, name: 'Noura Alharbi', phone: '+966500000009' },
      });
      expect(retried).toMatchObject({ id: refused.id, state: 'pending', amountMinor: 2_000, description: 'Second try', customer: { name: 'Noura Alharbi', phone: '+966500000009' } });
      // What the gateway received is what the ledger keeps, read back fresh.
      expect(received(orderId)).toEqual([expect.objectContaining({ amountMinor: 2_000, currency: 'SAR' })]);
      const stored = await app().value<{ payment: PaymentView }>('getPayment', { paymentId: refused.id });
      expect(stored.payment).toMatchObject({ amountMinor: 2_000, currency: 'SAR', description: 'Second try', state: 'pending' });
    });

    it('records a new currency too', async () => {
      const orderId = newOrderId();
      await refusedLink(orderId);
      const retried = await app().value<PaymentView>('createPaymentLink', { orderId, amount: '7.50', currency: 'AED', description: 'First try', customer });
      expect(received(orderId)).toEqual([expect.objectContaining({ amountMinor: 750, currency: 'AED' })]);
      expect(await app().value<{ payment: PaymentView }>('getPayment', { paymentId: retried.id })).toMatchObject({ payment: { amountMinor: 750, currency: 'AED' } });
    });

    it('a created link keeps its order id: a second create is refused and nothing is sent', async () => {
      const orderId = newOrderId();
      await app().value<PaymentView>('createPaymentLink', { orderId, amount: '10.00', currency: 'SAR', description: 'A', customer });
      expect(await app().call('createPaymentLink', { orderId, amount: '20.00', currency: 'SAR', description: 'A', customer })).toMatchObject({ ok: false, error: { code: 'conflict' } });
      expect(received(orderId)).toEqual([expect.objectContaining({ amountMinor: 1_000 })]);
    });
  });
}, { role: 'staff' });
