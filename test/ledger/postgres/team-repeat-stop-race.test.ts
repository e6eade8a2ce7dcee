// "Stop repeat charges" on one laptop while a repeat charge of the same card is on its way from
// another, on the team ledger (repeat-stops-sending.sql, version 42): the two are ordered by the
// database. A Stop that decides first refuses the charge in words, nothing recorded or sent; a
// charge whose intent was recorded first is named by the Stop (by whom, check it, refund it if
// charged), never left for the person to learn of after being told "stopped". Before version 42
// a Stop waiting on the charge's intent was answered plainly "stopped" and the charge then left;
// and a hand-written client could record a repeat charge of a stopped card. Each meeting is made
// exact with a lock the superuser holds (pg_stat_activity says who waits), no timers.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { PaymentView } from '../../../contract/methods/payments';
import type { Reason } from '../../../contract/reasons';
import { AppFailure } from '../../../contract/result';
import { reasonText } from '../../../main/core/fail';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { approveCard, testCustomer } from '../../support/practice';
import { heldFetch } from '../../support/held-fetch';
import type { TeamLaptop } from '../../support/team-laptops';
import { teamRace } from '../../support/team-race';

describeWithPostgres('a Stop and a repeat charge of the same card at the same moment, on the team ledger', () => {
  const race = teamRace();
  const sentAtTheGateway = (orderId: string) => race.practice.gateway.records().filter((r) => r.orderId === orderId && r.operation === 'recurring').length;
  /** A card stored by a sale on `laptop`, ready to be charged again. */
  const storedCard = async (laptop: TeamLaptop): Promise<PaymentView> => {
    const { payment } = await laptop.service.chargeCard({ amount: '50.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false, recurringInit: true }, laptop.ctx);
    expect(payment).toMatchObject({ state: 'paid', recurringAvailable: true });
    return payment;
  };
  const stop = (laptop: TeamLaptop, paymentId: string) => laptop.service.setRepeatStop(laptop.ctx, { paymentId, stopped: true });

  it('a repeat charge recorded just before the Stop commits: the Stop waits for it and names it, by whom, to check and refund', async () => {
    const held = heldFetch('/s2s/recurring', { at: 'before' });
    const sue = race.open('support', { name: 'sue-desk', fetch: held.fetch, timeoutMs: 120_000 });
    const ada = race.open('admin', { name: 'ada-desk' });
    const card = await storedCard(sue);
    const orderId = `PD-STOP-RACE-${Date.now()}`;

    // Sue's repeat charge is held inside its intent's transaction, its payment inserted (the superuser holds the operations table).
    await race.superuser.query('BEGIN');
    await race.superuser.query('LOCK TABLE paydesk.operations IN SHARE MODE');
    const charge = sue.service.chargeRecurring({ paymentId: card.id, orderId, amount: '30.00', currency: 'SAR', description: 'January box' }, sue.ctx);
    await race.waitingOnALock(sue.login);
    // Ada stops the card meanwhile: her Stop waits for sue's intent.
    const stopped = stop(ada, card.id);
    await race.waitingOnALock(ada.login);
    await race.superuser.query('COMMIT');
    const answer = await stopped;
    await held.reached;

    // Ada is told, before the charge leaves, that it is on its way: which, whose, and what to do.
    expect(answer.repeatStop).toMatchObject({ by: ada.login });
    expect(answer.sending).toEqual([{ paymentId: expect.any(String), orderId, amountMinor: 3_000, currency: 'SAR', by: sue.login }]);
    const warning = answer.warning as Reason;
    expect(reasonText('en', warning)).toMatch(new RegExp(`^Repeat charges of this card are stopped, but a repeat charge of .*30\\.00.* \\(order ${orderId}\\) made by ${sue.login} was already being sent to the gateway at that moment: it may still go through\\. .*check its status; if the customer was charged, refund it\\.$`));
    // In Arabic each left-to-right run (amount, order, login) isolated.
    const arabic = reasonText('ar', warning).replace(/[\u2066-\u2069\u200f]/g, '').replace(/\u00a0/g, ' ');
    expect(arabic).toContain(`بمبلغ 30.00 SAR (الطلب ${orderId}) أجراه ${sue.login} كان قيد الإرسال إلى البوابة في تلك اللحظة، فقد يتم.`);
    expect(arabic).toContain('وتحقّق من حالته، وإن خُصم المبلغ من العميل فاسترده.');
    expect(sentAtTheGateway(orderId)).toBe(0);

    // The charge she was told of goes through; the next one is refused.
    held.letGo();
    expect(await charge).toMatchObject({ orderId, state: 'paid' });
    expect(sentAtTheGateway(orderId)).toBe(1);
    const next = await sue.service.chargeRecurring({ paymentId: card.id, amount: '30.00', currency: 'SAR', description: 'February box' }, sue.ctx).then(() => undefined, (e: AppFailure) => e.toError());
    expect(next).toMatchObject({ code: 'rule_violation', reason: { key: 'rule.repeatStopped' } });
  });

  it('a Stop deciding first: the repeat charge on its way waits for it and is refused in words, nothing recorded or sent', async () => {
    const sue = race.open('support', { name: 'sue-desk-2' });
    const ada = race.open('admin', { name: 'ada-desk-2' });
    const card = await storedCard(sue);
    const orderId = `PD-STOP-FIRST-${Date.now()}`;

    // Ada's Stop holds the card's payment, its mark not yet written (the superuser holds the marks' table).
    await race.superuser.query('BEGIN');
    await race.superuser.query('LOCK TABLE paydesk.repeat_stops IN SHARE MODE');
    const stopped = stop(ada, card.id);
    await race.waitingOnALock(ada.login);
    // Sue's check and token read find nothing stopped; her intent waits for ada's decision.
    const charge = sue.service.chargeRecurring({ paymentId: card.id, orderId, amount: '30.00', currency: 'SAR', description: 'January box' }, sue.ctx).then(() => undefined, (e: unknown) => e);
    await race.waitingOnALock(sue.login);
    await race.superuser.query('COMMIT');
    expect(await stopped).toMatchObject({ repeatStop: { by: ada.login }, sending: [], warning: null });
    const refused = await charge;
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).toError()).toMatchObject({ code: 'rule_violation', reason: { key: 'rule.repeatStopped' } });
    expect(sentAtTheGateway(orderId)).toBe(0);
    expect(await sue.service.store.byOrderId('practice', orderId)).toBeUndefined();
  });

  it('hand-written SQL: support\'s own client cannot record a repeat charge of a card stopped meanwhile, and one it recorded first is named by the Stop', async () => {
    const sue = race.open('support', { name: 'sue-desk-3' });
    const ada = race.open('admin', { name: 'ada-desk-3' });
    const server = teamServer();
    const raw = await server.connectAs(race.database, server.person('support').login);
    try {
      const card = await storedCard(sue);
      const repeatOf = (state: string, orderId = `PD-HAND-${randomUUID().slice(0, 8)}`) => raw.query(
        `INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, parent_payment_id) VALUES ($1, 'practice', 'practice', 'recurring', $2, 3000, 'SAR', $3, $4)`,
        [randomUUID(), orderId, state, card.id]).then(() => orderId);
      const tried = (write: Promise<unknown>) => write.then(() => 'recorded', (e: { code?: string }) => `refused ${e.code}`);

      // An intent the client records first, in a transaction still open: the Stop waits for it and then names it.
      await raw.query('BEGIN');
      const first = await repeatOf('creating');
      const stopped = stop(ada, card.id);
      await race.waitingOnALock(ada.login);
      const notSent = await repeatOf('not_created');
      await raw.query('COMMIT');
      expect((await stopped).sending).toEqual([expect.objectContaining({ orderId: first, by: sue.login })]);

      // Stopped now: the token is refused, and so is a new intent or an order tried again, by the database itself.
      expect(await tried(raw.query('SELECT paydesk.recurring_token_of($1)', [card.id]))).toBe('refused PD021');
      expect(await tried(repeatOf('creating'))).toBe('refused PD021');
      expect(await tried(raw.query(`UPDATE paydesk.payments SET state = 'creating' WHERE order_id = $1`, [notSent]))).toBe('refused PD021');
    } finally {
      await raw.end();
    }
  });
});
