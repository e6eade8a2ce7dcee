// Needs attention has one definition, and the screen, the navigation's count and Home's count all
// read it: the flagged, those in state `unknown` and those with an operation whose answer was lost.
// Until 2026-12-01 the navigation (countNeedsAttention) also counted a sale while its create was
// being sent (state `creating`: nothing a person can check or settle), so it said 1 during a slow
// sale, and Home's count left out an `unknown` payment not flagged yet that the screen listed. The
// real practice gateway over HTTP, on a laptop's SQLite ledger and on the team ledger. A send left
// open past two minutes is listed and counted: its sender is gone (on the team ledger, a laptop
// stopped mid-sale that has not started again), and the sale may have charged the card.
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';
import { teamServer } from '../support/postgres-tests';

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

  it('lists and counts a sale whose send was left open past two minutes, its sender gone', async () => {
    // A laptop whose sale is held on the wire for 4 s (its client waits up to 20 s): time for the rewind below whatever the machine's load.
    const laptop = await app().open({ gatewayTimeoutMs: 20_000, sameGateway: true });
    try {
      app().practice.gateway.faults.set('sale', { latencyMs: 4_000, times: 1 });
      const selling = laptop.value<{ payment: PaymentView }>('chargeCard', { orderId: 'ONE-LEFT-1', amount: '100.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
      await expect.poll(async () => (await row(laptop, 'ONE-LEFT-1'))?.state, { timeout: 2_000, interval: 20 }).toBe('creating');
      const before = await navigation(laptop);
      // Its intent recorded three minutes ago, as a laptop that stopped then leaves it (the gateway client gives up after 30 s).
      if (laptop.backend === 'sqlite') laptop.db!.prepare('UPDATE ledger_operations SET created_at = ? WHERE outcome = 0').run(BigInt(Date.now() - 180_000)); // an integer, as the ledger keeps times
      else await teamServer().sql(laptop.database!, `UPDATE paydesk.operations SET created_at = now() - interval '3 minutes' WHERE outcome = 'sending'`);
      expect((await listed(laptop)).orders).toContain('ONE-LEFT-1');
      // Listed with its send, who sent it and (on the team ledger) from which laptop, for the row's words (left-open.ts).
      const window = await laptop.value<{ rows: Array<{ payment: PaymentView; operation: unknown }> }>('listNeedsAttention', { limit: 500 });
      expect(window.rows.find((r) => r.payment.orderId === 'ONE-LEFT-1')!.operation).toMatchObject(laptop.backend === 'sqlite'
        ? { kind: 'create', amountMinor: 10_000, outcome: 'sending', sentBy: 'tester', laptop: null }
        : { kind: 'create', amountMinor: 10_000, outcome: 'sending', sentBy: teamServer().person('support').login, laptop: expect.any(String) });
      expect(await navigation(laptop)).toBe(before + 1);
      expect(await home(laptop)).toBe(before + 1);
      // Its answer recorded: the send is closed, and it leaves the queue.
      expect((await selling).payment).toMatchObject({ orderId: 'ONE-LEFT-1', state: 'paid' });
      expect((await listed(laptop)).orders).not.toContain('ONE-LEFT-1');
      expect(await navigation(laptop)).toBe(before);
    } finally {
      await laptop.close();
    }
  });
});
