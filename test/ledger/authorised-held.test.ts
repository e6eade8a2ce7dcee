// Home's "Authorised, not captured": card payments approved as an authorisation only, money held on
// the customer's card and nothing captured yet. Per currency, how many, the amount held (integer
// minor units) and the oldest one's creation, in the figures' scope; a capture or a void takes the
// payment out at once. Real practice authorisations over HTTP and a laptop's older ones, on a
// laptop's SQLite ledger and on the team ledger (PostgreSQL).
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';

type Held = Array<{ currency: string; count: number; amountMinor: number; oldestAt: string }>;

describeLedgerApp('authorised, not captured', (app) => {
  const charge = async (amount: string, currency: string, authOnly: boolean) =>
    (await app().value<{ payment: PaymentView }>('chargeCard', { amount, currency, card: goodCard, customer, authOnly })).payment;
  const held = async (profileId?: string): Promise<Held | undefined> => {
    const now = new Date();
    const today = { from: new Date(now.getTime() - 3_600_000).toISOString(), to: new Date(now.getTime() + 3_600_000).toISOString() };
    return (await app().value<{ authorised?: Held }>('getOverview', { profileId, periods: [today], now: now.toISOString() })).authorised;
  };

  it('counts and sums the held payments per currency, oldest first known, until each is captured or voided', async () => {
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000 - 3_600_000).toISOString();
    await app().seedHistory([
      { order_id: 'HELD-OLD', kind: 'sale', amount_minor: 2_500, currency: 'SAR', card_bin: '512345', card_last4: '0008', state: 'authorised', auth_only: 1, captured_minor: 0, created_at: sixDaysAgo, profile_id: 'practice', created_by: 'me' },
      { order_id: 'PAID-OLD', kind: 'sale', amount_minor: 9_900, currency: 'SAR', card_bin: '512345', card_last4: '0008', state: 'paid', captured_minor: 9_900, created_at: sixDaysAgo, profile_id: 'practice', created_by: 'me' },
    ]);
    expect(await held()).toEqual([{ currency: 'SAR', count: 1, amountMinor: 2_500, oldestAt: sixDaysAgo }]);

    const first = await charge('60.00', 'SAR', true);
    const second = await charge('0.05', 'SAR', true);
    const kwd = await charge('12.345', 'KWD', true);
    await charge('70.00', 'SAR', false); // a sale captures at once: not held
    expect(first.state).toBe('authorised');
    expect(await held()).toEqual([
      { currency: 'KWD', count: 1, amountMinor: 12_345, oldestAt: kwd.createdAt },
      { currency: 'SAR', count: 3, amountMinor: 2_500 + 6_000 + 5, oldestAt: sixDaysAgo },
    ]);
    // Another profile's scope holds none of these.
    expect(await held('sandbox-other')).toEqual([]);

    // A capture (even of part) or a void takes the payment out at once.
    await app().value('capturePayment', { paymentId: first.id, amount: '20.00', currency: 'SAR' });
    await app().value('voidPayment', { paymentId: kwd.id });
    expect(await held()).toEqual([{ currency: 'SAR', count: 2, amountMinor: 2_500 + 5, oldestAt: sixDaysAgo }]);
    await app().value('capturePayment', { paymentId: second.id, amount: '0.05', currency: 'SAR' });
    expect(await held()).toEqual([{ currency: 'SAR', count: 1, amountMinor: 2_500, oldestAt: sixDaysAgo }]);

    // The charts' call (no periods) does not read them again.
    const charts = await app().value<{ authorised?: Held }>('getOverview', { now: new Date().toISOString(), days: [] });
    expect(charts.authorised).toBeUndefined();

    // The list opened from Home's line: exactly these payments.
    const list = await app().value<{ rows: PaymentView[] }>('searchPayments', { filter: { states: ['authorised'], currency: 'SAR', profileId: 'practice' }, limit: 50 });
    expect(list.rows.map((p) => p.orderId)).toEqual(['HELD-OLD']);
  });
});
