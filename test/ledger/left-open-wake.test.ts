// A send turns "left open" by the clock alone: nothing in the ledger changes when it passes two
// minutes, so until 2026-12-01 an open Needs attention screen and the navigation's count said
// "Nothing needs attention" until something else changed (walk14, "Seen and left"). Main now keeps
// one timer to the moment the oldest fresh send turns and then says payments.changed, the event
// the screen and the count re-read on. Main's timer is a fake here (no waiting): the test rewinds
// the send by the ledger's own clock, as attention-one-definition.test.ts does, and wakes it. On the
// team ledger the sale is another laptop's, heard by LISTEN/NOTIFY; on SQLite this laptop's own.
import { expect, it } from 'vitest';
import type { AppEvent } from '../../contract/events';
import type { PaymentView } from '../../contract/methods/payments';
import type { WakeTimer } from '../../main/payments/left-open-wake';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import { teamServer } from '../support/postgres-tests';
import { customer, goodCard } from './support';

/** Main's clock for the wake, in the test's hand: what is set, and waking it now. */
function heldTimer() {
  const pending: Array<{ wake: () => void; ms: number }> = [];
  const timer: WakeTimer = (wake, ms) => {
    const set = { wake, ms };
    pending.push(set);
    return () => {
      const at = pending.indexOf(set);
      if (at >= 0) pending.splice(at, 1);
    };
  };
  return { timer, pending, wakeNow: () => pending.shift()!.wake() };
}

describeLedgerApp('A send turning left open wakes Needs attention', (app, backend) => {
  const count = async (on: LedgerApp) => (await on.value<{ total: number }>('countNeedsAttention', {})).total;
  const row = async (on: LedgerApp, orderId: string) => (await on.value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: orderId } })).rows.find((r) => r.orderId === orderId);
  const changedSince = (on: LedgerApp, from: number) => on.events.slice(from).filter((e): e is Extract<AppEvent, { type: 'payments.changed' }> => e.type === 'payments.changed');

  /** Its intent recorded three minutes ago by the ledger's clock, behind Paydesk's back: no change told to anyone. */
  const rewind = async (on: LedgerApp) => {
    if (on.backend === 'sqlite') on.db!.prepare('UPDATE ledger_operations SET created_at = ? WHERE outcome = 0').run(BigInt(Date.now() - 180_000));
    // As a replica: the database's triggers (change_seq, the change notification) stay still.
    else await teamServer().sql(on.database!, `SET session_replication_role = replica; UPDATE paydesk.operations SET created_at = now() - interval '3 minutes' WHERE outcome = 'sending'`);
  };

  it('tells the screens when the send turns, with no other change, and keeps no timer once none is fresh', async () => {
    const held = heldTimer();
    const waking = await app().open({ leftOpenTimer: held.timer, gatewayTimeoutMs: 20_000, sameGateway: true });
    const seller = backend === 'postgres' ? await app().open({ gatewayTimeoutMs: 20_000, sameGateway: true }) : waking;
    await waking.leftOpenWake!.idle();
    // Nothing open: no timer.
    expect(held.pending).toEqual([]);
    expect(await count(waking)).toBe(0);

    // A sale held on the wire for 8 s (its client waits up to 20 s): time for the steps below whatever the machine's load.
    app().practice.gateway.faults.set('sale', { latencyMs: 8_000, times: 1 });
    const selling = seller.value<{ payment: PaymentView }>('chargeCard', { orderId: 'WAKE-LEFT-1', amount: '100.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
    await expect.poll(async () => (await row(waking, 'WAKE-LEFT-1'))?.state, { timeout: 2_000, interval: 20 }).toBe('creating');
    // One timer, to the moment it turns: two minutes after its intent, by the ledger's clock.
    await expect.poll(() => held.pending.length, { timeout: 5_000, interval: 20 }).toBe(1);
    expect(held.pending[0]!.ms).toBeGreaterThan(100_000);
    expect(held.pending[0]!.ms).toBeLessThanOrEqual(120_001);
    const id = (await row(waking, 'WAKE-LEFT-1'))!.id;

    // Woken before the ledger says it turned (main's clock ahead): nothing said, the rest awaited.
    const early = waking.events.length;
    held.wakeNow();
    await waking.leftOpenWake!.idle();
    expect(changedSince(waking, early)).toEqual([]);
    expect(held.pending.map((p) => p.ms > 100_000)).toEqual([true]);

    await rewind(waking);
    const before = waking.events.length;
    expect(await count(waking)).toBe(1); // what the screens would read, were they told
    held.wakeNow();
    await waking.leftOpenWake!.idle();
    // Told once, with its payment: the screen and the navigation's count re-read on this event.
    expect(changedSince(waking, before)).toEqual([expect.objectContaining({ type: 'payments.changed', paymentIds: [id] })]);
    expect(await count(waking)).toBe(1);
    // Nothing fresh is open now: no timer.
    expect(held.pending).toEqual([]);

    // Its answer recorded: out of the queue, still no timer.
    expect((await selling).payment).toMatchObject({ orderId: 'WAKE-LEFT-1', state: 'paid' });
    await expect.poll(() => count(waking), { timeout: 5_000, interval: 20 }).toBe(0);
    await waking.leftOpenWake!.idle();
    expect(held.pending).toEqual([]);
  });
});
