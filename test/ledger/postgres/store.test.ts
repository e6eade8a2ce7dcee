// The LedgerStore's contract (main/ledger/store.ts), the same test on the laptop's SQLite file
// and on the team's PostgreSQL: a payment, its intent recorded before sending and its outcome,
// read back the same on both; a transaction that fails leaves nothing. On PostgreSQL also what
// only a shared database has: two laptops refunding one payment at the same moment (exactly one
// intent recorded, the other person told who is doing what) and a staff login refused a refund
// by the database itself.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { AppFailure } from '../../../contract/result';
import type { OperationRow, PaymentRow } from '../../../main/ledger/payment-rows';
import type { LedgerStore } from '../../../main/ledger/store';
import { newPaymentRow } from '../../../main/payments/record-create';
import type { ActiveGateway } from '../../../main/payments/payments-service';
import { requireNoOpenOperation } from '../../../main/payments/rules';
import { describeLedger } from '../../support/ledger-backends';

const gateway = { profile: { id: 'practice', name: 'Practice', environment: 'practice' } } as ActiveGateway;
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

function paymentRow(osUser: string): PaymentRow {
  const id = randomUUID();
  return newPaymentRow(id, gateway, { kind: 'sale', orderId: `PD-${id.slice(0, 8)}`, amountMinor: 12_550, currency: 'SAR', card: { bin: '512345', last4: '0008' } }, osUser, new Date().toISOString());
}
function intent(paymentId: string, kind: OperationRow['kind'], osUser: string, extra: Partial<OperationRow> = {}): OperationRow {
  return { id: randomUUID(), payment_id: paymentId, kind, amount_minor: null, base_minor: null, reason: null, os_user: osUser, outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: new Date().toISOString(), completed_at: null, ...extra };
}
const refundOf = (paymentId: string, osUser: string) => intent(paymentId, 'refund', osUser, { amount_minor: 2_550, base_minor: 0, reason: 'customer asked' });

/** A sale recorded, sent and answered as paid (what record-create.ts does around the request). */
async function paidSale(store: LedgerStore, osUser: string): Promise<PaymentRow> {
  const row = paymentRow(osUser);
  const create = intent(row.id, 'create', osUser, { amount_minor: row.amount_minor });
  await store.transaction(async (tx) => {
    await tx.insert(row);
    await tx.insertOperation(create);
  });
  return store.transaction(async (tx) => {
    const paid = await tx.update(row.id, { state: 'paid', status_word: 'Approved', transaction_id: `TX-${row.id.slice(0, 8)}`, captured_minor: 12_550 }, 'create', later(1));
    await tx.completeOperation(create.id, { outcome: 'succeeded', gateway_answer: '{"status":"Approved"}', completed_at: later(1) }, ['sending']);
    return paid;
  });
}

/** Records a refund intent the way money-operations.ts does: the rule checked, then the insert, in one transaction. */
const recordRefund = (store: LedgerStore, intentRow: OperationRow, between: () => Promise<void> = async () => {}) =>
  store.transaction(async (tx) => {
    requireNoOpenOperation(await tx.openOperations(intentRow.payment_id));
    await between();
    await tx.insertOperation(intentRow);
  });

const failureOf = async (promise: Promise<unknown>) => {
  const e = await promise.then(() => undefined, (error: unknown) => error);
  if (!(e instanceof AppFailure)) throw new Error(`expected a refusal, got ${String(e)}`);
  return { code: e.code, reason: e.extra.reason, message: e.message };
};

describeLedger('the ledger store', (ledger) => {
  it('records a payment, a refund intent before sending and its outcome, and reads them back the same', async () => {
    const store = await ledger().storeAs('support');
    const payment = await paidSale(store, 'omar');
    const refund = refundOf(payment.id, 'omar');
    await recordRefund(store, refund);
    // Committed before the request would leave: another reader sees it open.
    expect(await store.openOperations(payment.id)).toMatchObject([{ id: refund.id, kind: 'refund', outcome: 'sending', amount_minor: 2_550 }]);
    expect(await store.view((await store.get(payment.id))!)).toMatchObject({ operationInFlight: true, state: 'paid' });

    await store.transaction(async (tx) => {
      await tx.completeOperation(refund.id, { outcome: 'succeeded', gateway_answer: '{"status":"Refunded"}', completed_at: later(2) }, ['sending']);
      await tx.update(payment.id, { state: 'partially_refunded', refunded_minor: 2_550 }, 'refund', later(2));
    });

    const read = (await store.get(payment.id))!;
    expect(read).toMatchObject({
      id: payment.id, profile_id: 'practice', environment: 'practice', kind: 'sale', order_id: payment.order_id, amount_minor: 12_550, currency: 'SAR',
      card_bin: '512345', card_last4: '0008', transaction_id: payment.transaction_id, state: 'partially_refunded', status_word: 'Approved',
      captured_minor: 12_550, refunded_minor: 2_550, auth_only: 0, needs_attention: 0,
    });
    expect(await store.byOrderId('practice', payment.order_id)).toEqual(read);
    expect(await store.findKnown('practice', { transactionId: payment.transaction_id! })).toEqual(read);
    const summary = (op: OperationRow) => ({ kind: op.kind, amount_minor: op.amount_minor, base_minor: op.base_minor, reason: op.reason, outcome: op.outcome, gateway_answer: op.gateway_answer, done: op.completed_at !== null });
    expect((await store.operationsOf(payment.id)).map(summary)).toEqual([
      // An applied answer is not kept twice: the payment's columns say what it said.
      { kind: 'create', amount_minor: 12_550, base_minor: null, reason: null, outcome: 'succeeded', gateway_answer: null, done: true },
      { kind: 'refund', amount_minor: 2_550, base_minor: 0, reason: 'customer asked', outcome: 'succeeded', gateway_answer: null, done: true },
    ]);
    expect(await store.openOperations(payment.id)).toEqual([]);
    expect(await store.view(read)).toMatchObject({ operationInFlight: false, refundedMinor: 2_550, cardMasked: '512345******0008' });
  });

  it('keeps nothing of a transaction that fails', async () => {
    const store = await ledger().storeAs('support');
    const row = paymentRow('omar');
    await expect(store.transaction(async (tx) => {
      await tx.insert(row);
      await tx.insertOperation(intent(row.id, 'create', 'omar', { amount_minor: row.amount_minor }));
      throw new Error('the laptop gave up');
    })).rejects.toThrow('the laptop gave up');
    expect(await store.get(row.id)).toBeUndefined();
    expect(await store.operationsOf(row.id)).toEqual([]);
  });

  it('refuses a second operation while one is open, and says so', async () => {
    const store = await ledger().storeAs('support');
    const payment = await paidSale(store, 'omar');
    await recordRefund(store, refundOf(payment.id, 'omar'));
    const refused = await failureOf(recordRefund(store, refundOf(payment.id, 'omar')));
    expect(refused.code).toBe('busy');
    // The team ledger names the person (the login that recorded it); the laptop has only its own.
    if (ledger().backend === 'postgres') expect(refused.reason).toEqual({ key: 'teamLedger.busySending', values: { operation: 'refund', person: 'sue' } });
    else expect(refused.reason).toEqual({ key: 'rule.busySending', values: { operation: 'refund' } });
    expect((await store.operationsOf(payment.id)).filter((op) => op.kind === 'refund')).toHaveLength(1);
  });

  it.skipIf(ledger().backend !== 'postgres')('two laptops refunding one payment at the same moment: one intent recorded, the other person told who is refunding', async () => {
    const sue = await ledger().storeAs('support');
    const ada = await ledger().storeAs('admin');
    const payment = await paidSale(sue, 'sue-laptop');
    // Both have read "nothing open" before either inserts: only the database can refuse the second.
    let read = 0;
    let bothRead!: () => void;
    const gate = new Promise<void>((resolve) => (bothRead = resolve));
    const between = async () => {
      if (++read === 2) bothRead();
      await gate;
    };
    const attempts = await Promise.allSettled([
      recordRefund(sue, refundOf(payment.id, 'sue-laptop'), between),
      recordRefund(ada, refundOf(payment.id, 'ada-laptop'), between),
    ]);
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refunds = (await sue.operationsOf(payment.id)).filter((op) => op.kind === 'refund');
    expect(refunds).toHaveLength(1);
    const winner = refunds[0]!.db_user!;
    expect(['sue', 'ada']).toContain(winner);
    const refused = await failureOf(Promise.reject((attempts.find((a) => a.status === 'rejected') as PromiseRejectedResult).reason));
    expect(refused).toEqual({ code: 'busy', reason: { key: 'teamLedger.busySending', values: { person: winner, operation: 'refund' } }, message: `${winner} is already doing a refund on this payment in the team ledger. Wait for it to finish, then look at the payment again.` });
  });

  it('two refunds of one payment started together on one laptop: one recorded, the other refused', async () => {
    // On SQLite the store's transactions take turns on the one connection; without that, both
    // would read "nothing open" between each other's awaits and both insert.
    const store = await ledger().storeAs('support');
    const payment = await paidSale(store, 'omar');
    const attempts = await Promise.allSettled([recordRefund(store, refundOf(payment.id, 'omar')), recordRefund(store, refundOf(payment.id, 'omar'))]);
    expect(attempts.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = await failureOf(Promise.reject((attempts.find((a) => a.status === 'rejected') as PromiseRejectedResult).reason));
    expect(refused.code).toBe('busy');
    expect((await store.operationsOf(payment.id)).filter((op) => op.kind === 'refund')).toHaveLength(1);
  });

  it('answers the payments whose check is due', async () => {
    const store = await ledger().storeAs('support');
    const due = await Promise.all([0, 1, 2].map(async () => {
      const payment = await paidSale(store, 'omar');
      await store.update(payment.id, { next_check_at: '2000-01-01T00:00:00.000Z' }, 'schedule', later(3));
      return payment.id;
    }));
    expect((await store.dueForCheck('2000-01-02T00:00:00.000Z', 10)).map((p) => p.id).sort()).toEqual([...due].sort());
    await Promise.all(due.map((id) => store.update(id, { next_check_at: null }, 'schedule', later(4))));
  });

  // The desktop app's Open asks it (main/electron/external-links.ts, walk34): every role, exactly the page.
  it.each(['staff', 'finance'] as const)('knows a payment link\'s page as the gateway gave it, asked by %s; not another address', async (role) => {
    const store = await ledger().storeAs('support');
    const id = randomUUID();
    const page = `https://pay.gateway-pages.example/l/${id}`;
    const link = { ...newPaymentRow(id, gateway, { kind: 'link', orderId: `PD-${id.slice(0, 8)}`, amountMinor: 1_000, currency: 'SAR' }, 'omar', later(0)), state: 'pending' as const, link_url: page };
    await store.insert(link);
    const asker = await ledger().storeAs(role);
    expect(await asker.holdsPaymentPage([page])).toBe(true);
    expect(await asker.holdsPaymentPage(['https://elsewhere.example/', page])).toBe(true);
    expect(await asker.holdsPaymentPage([`${page}-not-ours`, page.toUpperCase()])).toBe(false);
    expect(await asker.holdsPaymentPage([])).toBe(false);
  });

  it.skipIf(ledger().backend !== 'postgres')('two laptops asking for due checks at the same moment get different payments, each once', async () => {
    const sue = await ledger().storeAs('support');
    const ada = await ledger().storeAs('admin');
    const due = await Promise.all([0, 1, 2, 3, 4, 5].map(async () => {
      const payment = await paidSale(sue, 'sue-laptop');
      await sue.update(payment.id, { next_check_at: '2001-01-01T00:00:00.000Z' }, 'schedule', later(3));
      return payment.id;
    }));
    const at = '2001-01-02T00:00:00.000Z';
    const [a, b] = await Promise.all([sue.dueForCheck(at, 4), ada.dueForCheck(at, 4)]);
    const taken = [...a, ...b].map((p) => p.id);
    expect(new Set(taken).size).toBe(taken.length);
    // Leased: nobody gets them again until the lease ends; what neither took is still due.
    const rest = await sue.dueForCheck(at, 10);
    expect([...taken, ...rest.map((p) => p.id)].sort()).toEqual([...due].sort());
    expect(await ada.dueForCheck(at, 10)).toEqual([]);
  });

  it.skipIf(ledger().backend !== 'postgres')('a staff login records its sales but the database refuses its refund', async () => {
    const sam = await ledger().storeAs('staff');
    const payment = await paidSale(sam, 'sam-laptop');
    expect(await sam.get(payment.id)).toMatchObject({ state: 'paid', created_by: 'sam' });
    const refused = await failureOf(recordRefund(sam, refundOf(payment.id, 'sam-laptop')));
    expect(refused).toMatchObject({ code: 'forbidden', reason: { key: 'teamLedger.notAllowed', values: { person: 'sam', operation: 'refund' } } });
    expect((await sam.operationsOf(payment.id)).map((op) => op.kind)).toEqual(['create']);
  });
});
