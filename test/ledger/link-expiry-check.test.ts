// An unpaid link past its expiry date is checked once soon after the date ends, so its State turns
// Expired when the gateway says so: it stayed under Unpaid for up to 6 hours, the schedule's beat.
// The date ends at midnight in the business's zone (Riyadh here: 21:00 UTC). A link within its date
// is checked exactly as before, and an answer still "unpaid" after the date (a gateway whose days
// end later) is kept, the usual schedule going on: no second check soon after. Main's own
// reconciliation (reconcileDue) run each time a check comes due on a moved clock, against the
// practice gateway over HTTP on the same clock; on a laptop's SQLite ledger and on the team ledger.
import { afterAll, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { checkDelaysSeconds } from '../../main/payments/schedule';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import { startTestGateway } from '../support/practice';
import { customer } from './support';

const business = 'Asia/Riyadh';
const dateEnds = Date.parse('2026-12-06T21:00:00Z'); // midnight after 6 Dec in Riyadh
const minutes = (n: number) => n * 60_000;

describeLedgerApp('an unpaid link past its expiry date', (app) => {
  let now = new Date('2026-12-06T08:00:00Z');
  const gateways: Array<Awaited<ReturnType<typeof startTestGateway>>> = [];
  afterAll(async () => {
    for (const g of gateways) await g.gateway.close();
  });

  /** The app in the business's zone on a practice gateway whose days are in `gatewayZone`, both on the test's clock. */
  async function appWithGateway(gatewayZone: string) {
    now = new Date('2026-12-06T08:00:00Z'); // 11:00 on 6 Dec in Riyadh
    const practice = await startTestGateway({ now: () => now, timeZone: gatewayZone });
    gateways.push(practice);
    return app().open({ now: () => now, timeZone: business, practice });
  }
  const link = (on: LedgerApp, expireDate: string) =>
    on.value<PaymentView>('createPaymentLink', { amount: '75.00', currency: 'SAR', description: `Due ${expireDate}`, customer, issueDate: '2026-11-29', expireDate });
  const checksOf = async (on: LedgerApp, id: string) =>
    (await on.value<{ checks: Array<{ at: string; state: string | null }> }>('getPayment', { paymentId: id })).checks.map((c) => ({ at: Date.parse(c.at), state: c.state })).sort((a, b) => a.at - b.at);

  /** Main's reconciliation each time one of the links' next checks comes due, up to `until`. */
  async function runChecks(on: LedgerApp, ids: string[], until: number) {
    for (;;) {
      const due = (await Promise.all(ids.map((id) => on.store.get(id)))).map((p) => p?.next_check_at).filter((at): at is string => !!at).map(Date.parse);
      const next = Math.min(...due);
      if (!(next <= until)) return;
      now = new Date(next);
      await on.service.reconcileDue();
    }
  }

  it('is checked once soon after its date ends and turns Expired; a link within its date is checked as before', async () => {
    const on = await appWithGateway(business);
    const due = await link(on, '2026-12-06');
    const later = await link(on, '2026-12-20');
    await runChecks(on, [due.id, later.id], Date.parse('2026-12-07T12:00:00Z'));

    const dueChecks = await checksOf(on, due.id);
    const afterDate = dueChecks.filter((c) => c.at >= dateEnds);
    expect(afterDate).toEqual([{ at: dateEnds + minutes(5), state: 'expired' }]);
    expect(await on.store.get(due.id)).toMatchObject({ state: 'expired', next_check_at: null });
    const expired = await on.value<{ rows: PaymentView[] }>('listPaymentLinks', { limit: 50, state: 'expired' });
    expect(expired.rows.map((r) => r.id)).toEqual([due.id]);

    // Before its date ended it was checked exactly as the link within its date: the usual schedule.
    const laterChecks = await checksOf(on, later.id);
    expect(dueChecks.filter((c) => c.at < dateEnds)).toEqual(laterChecks.filter((c) => c.at < dateEnds));
    const made = Date.parse('2026-12-06T08:00:00Z');
    let at = made;
    const usual = checkDelaysSeconds.concat(Array(4).fill(checkDelaysSeconds.at(-1))).map((s) => (at += s * 1000)).filter((t) => t <= Date.parse('2026-12-07T12:00:00Z'));
    expect(laterChecks.map((c) => c.at)).toEqual(usual);
    expect(laterChecks.every((c) => c.state === 'pending')).toBe(true);
  });

  it('an answer still unpaid after the date is kept, and the next check is the usual one, hours later', async () => {
    // The gateway's days in UTC: at midnight in Riyadh its day is still 6 Dec, and the page still takes payment.
    const on = await appWithGateway('UTC');
    const due = await link(on, '2026-12-06');
    await runChecks(on, [due.id], dateEnds + minutes(10));
    // Past its date, the gateway's answer unpaid: under Unpaid, not under Expired (the State filter is the gateway's word).
    const listed = async (state: string) => (await on.value<{ rows: PaymentView[] }>('listPaymentLinks', { limit: 50, state })).rows.map((r) => r.id);
    expect(await listed('pending')).toContain(due.id);
    expect(await listed('expired')).not.toContain(due.id);
    await runChecks(on, [due.id], Date.parse('2026-12-07T12:00:00Z'));
    const afterDate = (await checksOf(on, due.id)).filter((c) => c.at >= dateEnds);
    expect(afterDate).toEqual([
      { at: dateEnds + minutes(5), state: 'pending' }, // unpaid, as the gateway said: the list says its date has passed
      { at: dateEnds + minutes(5) + 6 * 3600_000, state: 'expired' }, // the schedule's beat, 6 hours on
    ]);
    expect((await on.value<{ payment: PaymentView }>('getPayment', { paymentId: due.id })).payment).toMatchObject({ state: 'expired', needsAttention: false });
  });
});
