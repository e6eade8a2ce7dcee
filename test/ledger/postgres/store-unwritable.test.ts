// The team ledger's store never drops a change it cannot write (pg-store.ts, issue 15): a change
// of a payment's details the team schema keeps as the gateway has them (a created link's amount,
// any payment's order id or kind) fails the transaction in words, so an intent recorded after it
// rolls back and nothing is sent. (Before, PostgreSQL kept 10.00 while the gateway's link was
// created for 20.00.) On SQLite the store writes what it is given: these cases are the team's.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../contract/result';
import type { PaymentRow } from '../../../main/ledger/payment-rows';
import type { ActiveGateway } from '../../../main/payments/payments-service';
import { newPaymentRow } from '../../../main/payments/record-create';
import { describeLedger } from '../../support/ledger-backends';

const gateway = { profile: { id: 'practice', name: 'Practice', environment: 'practice' } } as ActiveGateway;
const failureOf = async (promise: Promise<unknown>) => {
  const e = await promise.then(() => undefined, (error: unknown) => error);
  if (!(e instanceof AppFailure)) throw new Error(`expected a refusal, got ${String(e)}`);
  return { code: e.code, key: e.extra.reason?.key };
};

describeLedger('the store never drops a change of a payment\'s details', (ledger) => {
  describe('on the team ledger', () => {
    /** A link recorded and answered as created, as record-create.ts does. */
    async function createdLink(): Promise<PaymentRow> {
      const store = await ledger().storeAs('staff');
      const id = randomUUID();
      const row = newPaymentRow(id, gateway, { kind: 'link', orderId: `PD-${id.slice(0, 8)}`, amountMinor: 1_000, currency: 'SAR' }, 'tester', new Date().toISOString());
      const op = randomUUID();
      await store.transaction(async (tx) => {
        await tx.insert(row);
        await tx.insertOperation({ id: op, payment_id: id, kind: 'create', amount_minor: 1_000, reason: null, os_user: 'tester', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: row.created_at, completed_at: null });
      });
      await store.transaction(async (tx) => {
        await tx.update(id, { state: 'pending', link_url: 'https://x.example/l' }, 'create', new Date().toISOString());
        await tx.completeOperation(op, { outcome: 'succeeded', completed_at: new Date().toISOString() }, ['sending']);
      });
      return (await store.get(id))!;
    }

    it('a new amount for a created link fails the transaction in words: the intent after it is not recorded, the amount kept', async (ctx) => {
      if (ledger().backend !== 'postgres') return ctx.skip(); // SQLite's store writes what it is given
      const store = await ledger().storeAs('staff');
      const p = await createdLink();
      const attempt = store.transaction(async (tx) => {
        await tx.update(p.id, { ...p, amount_minor: 2_000, state: 'creating' }, 'create', new Date().toISOString());
        await tx.insertOperation({ id: randomUUID(), payment_id: p.id, kind: 'create', amount_minor: 2_000, reason: null, os_user: 'tester', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: new Date().toISOString(), completed_at: null });
      });
      expect(await failureOf(attempt)).toEqual({ code: 'conflict', key: 'teamLedger.detailsFixed' });
      expect(await store.get(p.id)).toMatchObject({ amount_minor: 1_000, state: 'pending' });
      expect(await store.operationsOf(p.id)).toHaveLength(1);
    });

    it('a change to a column the team ledger never lets change (the order id, the kind) fails; the same value passes', async (ctx) => {
      if (ledger().backend !== 'postgres') return ctx.skip();
      const store = await ledger().storeAs('support');
      const p = await createdLink();
      const at = new Date().toISOString();
      expect(await failureOf(store.transaction((tx) => tx.update(p.id, { order_id: 'PD-OTHER' }, 'create', at)))).toEqual({ code: 'conflict', key: 'teamLedger.detailsFixed' });
      expect(await failureOf(store.transaction((tx) => tx.update(p.id, { kind: 'sale' }, 'create', at)))).toEqual({ code: 'conflict', key: 'teamLedger.detailsFixed' });
      expect(await store.transaction((tx) => tx.update(p.id, { order_id: p.order_id, kind: 'link', state: 'paid' }, 'create', at))).toMatchObject({ order_id: p.order_id, kind: 'link', state: 'paid' });
    });
  });
});
