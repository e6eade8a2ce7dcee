// "Stop repeat charges" pressed in another window while "Charge again" is on its way, on a
// laptop's SQLite ledger: main checks the mark, then awaits (the acting profile, the intent's turn
// in the store's queue) before it records the repeat charge's intent. A Stop committed in that gap
// must still refuse the charge: the mark is read again in the intent's own transaction
// (new-payments.ts), so nothing is recorded and nothing reaches the practice gateway.
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { customer, goodCard } from './support';
import { startSqliteApp, type LedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';

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
