// Needs attention has one definition, and the screen, the navigation's count and Home's count all
// read it: the flagged, those in state `unknown` and those with an operation whose answer was lost.
// Until 2026-12-01 the navigation (countNeedsAttention) also counted a sale while its create was
// being sent (state `creating`: nothing a person can check or settle), so it said 1 during a slow
// sale, and Home's count left out an `unknown` payment not flagged yet that the screen listed. The
// real practice gateway over HTTP, on a laptop's SQLite ledger and on the team ledger.
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';

describeLedgerApp('Needs attention, one definition', (app) => {
  const listed = async (on: LedgerApp) => {
    const window = await on.value<{ total: number; rows: Array<{ payment: PaymentView }> }>('listNeedsAttention', { limit: 500 });
    return { total: window.total, orders: window.rows.map((r) => r.payment.orderId) };
  };
  const navigation = async (on: LedgerApp) => (await on.value<{ total: number }>('countNeedsAttention', {})).total;
  const home = async (on: LedgerApp) =>
    (await on.value<{ needsAttention?: number }>('getOverview', { profileId: 'practice', periods: [{ from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }], now: new Date().toISOString() })).needsAttention;
  const row = async (on: LedgerApp, orderId: string) => (await on.value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: orderId } })).rows.find((r) => r.orderId === orderId);

  it('lists and counts an unknown payment not flagged yet everywhere, and a sale being sent nowhere', async () => {
    // The gateway answered a word Paydesk does not know: the checks go on, and a person can look now.
    await app().seedHistory([{ order_id: 'ONE-UNKNOWN-1', kind: 'sale', state: 'unknown', transaction_id: 'tx-one-unknown-1' }]);
    expect(await listed(app())).toEqual({ total: 1, orders: ['ONE-UNKNOWN-1'] });
    expect(await navigation(app())).toBe(1);
    expect(await home(app())).toBe(1);

    // A sale whose gateway answers late (within the client's 2 s): while it is being sent it is `creating`.
    app().practice.gateway.faults.set('sale', { latencyMs: 1_200, times: 1 });
    const selling = app().value<{ payment: PaymentView }>('chargeCard', { orderId: 'ONE-SENDING-1', amount: '100.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
    await expect.poll(async () => (await row(app(), 'ONE-SENDING-1'))?.state, { timeout: 1_000, interval: 20 }).toBe('creating');
    expect(await listed(app())).toEqual({ total: 1, orders: ['ONE-UNKNOWN-1'] });
    expect(await navigation(app())).toBe(1);
    expect(await home(app())).toBe(1);

    expect((await selling).payment).toMatchObject({ orderId: 'ONE-SENDING-1', state: 'paid' });
    expect(await navigation(app())).toBe(1);
  });
});
