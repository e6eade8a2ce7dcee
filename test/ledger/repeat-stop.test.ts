// "Stop repeat charges" (docs/ledger.md, "Repeat charges stopped"): a customer who cancelled is not
// charged again by mistake. On a laptop's SQLite ledger and on the team ledger: the mark on the
// payment that stored the card, set from it or from one of its repeat charges, refuses "Charge
// again" in main (nothing recorded, nothing at the gateway), is in the audit log with who and
// when, and is lifted by "Allow repeat charges again", also audited. On the team ledger staff and
// finance are refused by the database, even by hand-written SQL, and the database itself gives
// no laptop the stopped card's token. The practice gateway over HTTP is the witness.
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import { teamServer } from '../support/postgres-tests';
import type { MethodName, MethodOutput } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';
import type { Reason } from '../../contract/reasons';
import { reasonText } from '../../main/core/fail';

describeLedgerApp('stopping a stored card\'s repeat charges', (app, backend) => {
  async function value<T = PaymentView>(on: LedgerApp, name: MethodName, input: unknown): Promise<T> {
    const answer = await on.call(name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value as T;
  }
  const repeats = () => app().practice.gateway.records().filter((r) => r.operation === 'recurring');
  const detail = (on: LedgerApp, paymentId: string) => value<MethodOutput<'getPayment'>>(on, 'getPayment', { paymentId });
  const auditOf = async (paymentId: string) => {
    const log = await value<{ rows: Array<{ action: string; result: string; paymentId: string | null; osUser: string | null; at: string; dbUser?: string | null }> }>(app(), 'listAuditLog', { offset: 0, limit: 200 });
    return log.rows.filter((r) => r.paymentId === paymentId && /repeat_charges$/.test(r.action)).reverse();
  };

  let first: PaymentView;
  let repeat: PaymentView;

  it('a card stored and charged again once: nothing is stopped', async () => {
    first = (await value<{ payment: PaymentView }>(app(), 'chargeCard', { amount: '99.00', currency: 'SAR', card: goodCard, customer, authOnly: false, recurringInit: true })).payment;
    expect(await value(app(), 'checkPaymentStatus', { paymentId: first.id })).toMatchObject({ recurringAvailable: true });
    repeat = await value(app(), 'chargeRecurring', { paymentId: first.id, amount: '99.00', currency: 'SAR', description: 'December box' });
    expect(await detail(app(), first.id)).toMatchObject({ repeatStop: null, related: { repeats: [{ id: repeat.id, description: 'December box' }] } });
    // The series named on a repeat charge's detail: the first payment's order, description, customer.
    expect(await detail(app(), repeat.id)).toMatchObject({ repeatStop: null, related: { parent: { id: first.id, orderId: first.orderId, amountMinor: 9_900, customerName: customer.name } } });
  });

  it('stopped from a repeat charge\'s detail: the mark is on the first payment, with who and when, and audited', async () => {
    const before = Date.now();
    const sent = app().practice.gateway.records().length;
    const stopped = await value<MethodOutput<'setRepeatStop'>>(app(), 'setRepeatStop', { paymentId: repeat.id, stopped: true });
    // Nothing goes to the gateway: the interface has no call to cancel a stored token.
    expect(app().practice.gateway.records().length).toBe(sent);
    expect(stopped.repeatStop).toMatchObject({ by: expect.any(String) });
    expect(Date.parse(stopped.repeatStop!.at)).toBeGreaterThanOrEqual(before - 1_000);
    // Who: the OS user on a laptop, the person's database login on the team ledger.
    expect(stopped.repeatStop!.by).toBe(backend === 'postgres' ? teamServer().person('support').login : 'tester');
    // Shown on both payments of the series.
    for (const id of [first.id, repeat.id]) expect((await detail(app(), id)).repeatStop).toEqual(stopped.repeatStop);
    expect(await auditOf(first.id)).toMatchObject([{ action: 'stop_repeat_charges', result: 'stopped' }]);
    // A second press (or a colleague's at once) changes nothing and audits nothing.
    expect((await value<MethodOutput<'setRepeatStop'>>(app(), 'setRepeatStop', { paymentId: first.id, stopped: true })).repeatStop).toEqual(stopped.repeatStop);
    expect(await auditOf(first.id)).toHaveLength(1);
  });

  it('main refuses "Charge again" on the stopped card, from either payment: nothing recorded, nothing sent', async () => {
    const before = repeats().length;
    const repeatsBefore = (await app().store.repeatsOf(first.id)).length;
    for (const paymentId of [first.id, repeat.id]) {
      const refused = await app().call('chargeRecurring', { paymentId, amount: '99.00', currency: 'SAR', description: 'January box' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'rule_violation', reason: { key: 'rule.repeatStopped' } } });
      // Said in both languages.
      if (refused.ok) throw new Error('charged');
      expect(reasonText('en', refused.error.reason as Reason)).toMatch(/^Repeat charges of this card are stopped \(the customer cancelled\), so nothing was charged\./);
      expect(reasonText('ar', refused.error.reason as Reason)).toMatch(/^الخصم المتكرر من هذه البطاقة موقوف \(ألغى العميل\)، فلم يُخصم شيء\./);
    }
    expect(repeats().length).toBe(before);
    expect(await app().store.repeatsOf(first.id)).toHaveLength(repeatsBefore);
  });

  it('"Allow repeat charges again" lifts it, audited; the card is charged again', async () => {
    expect(await value(app(), 'setRepeatStop', { paymentId: first.id, stopped: false })).toEqual({ repeatStop: null, sending: [], warning: null });
    expect((await detail(app(), repeat.id)).repeatStop).toBeNull();
    expect(await auditOf(first.id)).toMatchObject([{ action: 'stop_repeat_charges', result: 'stopped' }, { action: 'allow_repeat_charges', result: 'allowed' }]);
    const before = repeats().length;
    expect(await value(app(), 'chargeRecurring', { paymentId: first.id, amount: '99.00', currency: 'SAR', description: 'January box' })).toMatchObject({ state: 'paid', parentPaymentId: first.id });
    expect(repeats().length).toBe(before + 1);
  });

  it('a payment that stored no card has nothing to stop', async () => {
    const sale = (await value<{ payment: PaymentView }>(app(), 'chargeCard', { amount: '5.00', currency: 'SAR', card: goodCard, customer, authOnly: false, recurringInit: false })).payment;
    expect(await app().call('setRepeatStop', { paymentId: sale.id, stopped: true })).toMatchObject({ ok: false, error: { reason: { key: 'rule.recurringNotEnabled' } } });
    expect((await detail(app(), sale.id)).repeatStop).toBeNull();
  });

  if (backend === 'postgres') {
    it('staff and finance are refused by the database; support on another laptop sees the mark and is refused the charge', async () => {
      for (const role of ['staff', 'finance'] as const) {
        const other = await app().open({ sameGateway: true, role });
        expect(await other.call('setRepeatStop', { paymentId: first.id, stopped: true })).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'teamLedger.repeatStopNotAllowed' } } });
      }
      expect((await detail(app(), first.id)).repeatStop).toBeNull();
      await value(app(), 'setRepeatStop', { paymentId: first.id, stopped: true });
      const colleague = await app().open({ sameGateway: true });
      expect((await detail(colleague, first.id)).repeatStop).toMatchObject({ by: teamServer().person('support').login });
      const before = repeats().length;
      expect(await colleague.call('chargeRecurring', { paymentId: first.id, amount: '99.00', currency: 'SAR', description: 'February box' })).toMatchObject({ ok: false, error: { reason: { key: 'rule.repeatStopped' } } });
      expect(repeats().length).toBe(before);
    });

    it('hand-written SQL: staff and finance can neither set nor lift the mark; the database gives nobody a stopped card\'s token', async () => {
      const server = teamServer();
      const stopsNow = async () => (await server.sql(app().database!, 'SELECT payment_id, stopped_by FROM paydesk.repeat_stops WHERE payment_id = $1', [first.id])).rows;
      const held = await stopsNow();
      expect(held).toHaveLength(1);
      for (const role of ['staff', 'finance'] as const) {
        const client = await server.connectAs(app().database!, server.person(role).login);
        try {
          const tried = (text: string, values: unknown[] = [first.id]) => client.query(text, values).then(() => 'done', (e: { code?: string }) => `refused ${e.code}`);
          expect(await tried('DELETE FROM paydesk.repeat_stops WHERE payment_id = $1')).toBe('refused 42501');
          expect(await tried('UPDATE paydesk.repeat_stops SET stopped_by = $2 WHERE payment_id = $1', [first.id, 'nobody'])).toBe('refused 42501');
          expect(await tried('INSERT INTO paydesk.repeat_stops (payment_id) VALUES ($1)', [repeat.id])).toBe('refused 42501');
          expect(await tried('SELECT paydesk.set_repeat_stop($1, false)')).toBe('refused 42501');
          expect(await tried('SELECT paydesk.set_repeat_stop($1, true)', [repeat.id])).toBe('refused 42501');
          // Everyone reads it (the screens show it to every role).
          expect(await client.query('SELECT count(*)::int AS n FROM paydesk.repeat_stops WHERE payment_id = $1', [first.id]).then((r) => r.rows[0].n)).toBe(1);
        } finally {
          await client.end();
        }
      }
      expect(await stopsNow()).toEqual(held);
      // Support's own hand-written client: the stopped card's token is refused by the database itself.
      const support = await server.connectAs(app().database!, server.person('support').login);
      try {
        expect(await support.query('SELECT paydesk.recurring_token_of($1)', [first.id]).then(() => 'read', (e: { code?: string }) => `refused ${e.code}`)).toBe('refused PD021');
      } finally {
        await support.end();
      }
    });
  }
});
