// "Stop repeat charges" pressed in another window while "Charge again" is on its way, on a
// laptop's SQLite ledger: main checks the mark, then awaits (the acting profile, the intent's turn
// in the store's queue) before it records the repeat charge's intent. A Stop committed in that gap
// must still refuse the charge: the mark is read again in the intent's own transaction
// (new-payments.ts), so nothing is recorded and nothing reaches the practice gateway. A Stop that
// comes after the intent (store transactions run one at a time: wholly before or after it) finds
// the charge recorded and not answered, and names it: it may still go through.
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { customer, goodCard } from './support';
import { startSqliteApp, type LedgerApp } from '../support/ledger-apps';
import { heldFetch } from '../support/held-fetch';
import type { MethodOutput } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';
import type { Reason } from '../../contract/reasons';
import { reasonText } from '../../main/core/fail';

describe('a Stop from another window between main\'s check and the repeat charge\'s intent', () => {
  let app: LedgerApp;
  beforeAll(async () => {
    app = await startSqliteApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses the charge: nothing recorded, nothing sent', async () => {
    const first = (await app.value<{ payment: PaymentView }>('chargeCard', { amount: '99.00', currency: 'SAR', card: goodCard, customer, authOnly: false, recurringInit: true })).payment;
    expect(await app.value('checkPaymentStatus', { paymentId: first.id })).toMatchObject({ recurringAvailable: true });
    const sent = () => app.practice.gateway.records().filter((r) => r.operation === 'recurring').length;

    // The other window's Stop lands right after main's first check answered "not stopped".
    const store = app.store as { repeatStopOf(id: string): Promise<unknown> };
    const check = store.repeatStopOf.bind(store);
    let stoppedMeanwhile = false;
    store.repeatStopOf = async (id) => {
      const mark = await check(id);
      if (!stoppedMeanwhile && mark === null) {
        stoppedMeanwhile = true;
        expect(await app.value('setRepeatStop', { paymentId: first.id, stopped: true })).toMatchObject({ repeatStop: { by: 'tester' } });
      }
      return mark;
    };
    try {
      const charge = await app.call('chargeRecurring', { paymentId: first.id, amount: '99.00', currency: 'SAR', description: 'January box' });
      expect(stoppedMeanwhile).toBe(true);
      expect(charge).toMatchObject({ ok: false, error: { code: 'rule_violation', reason: { key: 'rule.repeatStopped' } } });
    } finally {
      store.repeatStopOf = check;
    }
    expect(sent()).toBe(0);
    expect(await app.store.repeatsOf(first.id)).toEqual([]);
  });
});

describe('a Stop from another window while the repeat charge\'s request is on its way', () => {
  const held = heldFetch('/s2s/recurring', { at: 'before' });
  let app: LedgerApp;
  beforeAll(async () => {
    app = await startSqliteApp({ fetch: held.fetch, gatewayTimeoutMs: 120_000 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('names the charge, by whom, and says to check it and refund it if charged', async () => {
    const first = (await app.value<{ payment: PaymentView }>('chargeCard', { amount: '99.00', currency: 'SAR', card: goodCard, customer, authOnly: false, recurringInit: true })).payment;
    expect(await app.value('checkPaymentStatus', { paymentId: first.id })).toMatchObject({ recurringAvailable: true });
    const charge = app.call('chargeRecurring', { paymentId: first.id, orderId: 'PD-JAN-BOX', amount: '99.00', currency: 'SAR', description: 'January box' });
    await held.reached;
    const stopped = await app.value<MethodOutput<'setRepeatStop'>>('setRepeatStop', { paymentId: first.id, stopped: true });
    expect(stopped).toMatchObject({ repeatStop: { by: 'tester' }, sending: [{ orderId: 'PD-JAN-BOX', amountMinor: 9_900, currency: 'SAR', by: 'tester' }] });
    expect(reasonText('en', stopped.warning as Reason)).toMatch(/^Repeat charges of this card are stopped, but a repeat charge of .* \(order PD-JAN-BOX\) made by tester was already being sent to the gateway at that moment: it may still go through\./);
    expect(reasonText('ar', stopped.warning as Reason)).toContain('كان قيد الإرسال إلى البوابة في تلك اللحظة، فقد يتم.');
    held.letGo();
    expect(await charge).toMatchObject({ ok: true, value: { orderId: 'PD-JAN-BOX', state: 'paid' } });
    // Once answered it is no longer on its way: a second Stop names nothing.
    expect(await app.value('setRepeatStop', { paymentId: first.id, stopped: true })).toMatchObject({ sending: [], warning: null });
  });
});
