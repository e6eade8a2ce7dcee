// The disk fills up while Paydesk is open (docs/screens-walks.md, walk26; docs/ledger.md, "A full
// disk"). A money move whose intent cannot be recorded is never sent, and the person is told the
// disk is full, in English and Arabic (it was "Something went wrong inside Paydesk"). One whose
// answer cannot be recorded (it was sent) is said so, never "nothing was sent", and its answer is
// recorded by itself once there is room: no restart, nothing left "Sending". The ledger is a real
// SQLite file held full by `PRAGMA max_page_count` (SQLITE_FULL), the practice gateway real HTTP.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import type { AppError } from '../../contract/result';
import { localizeError } from '../../renderer/src/i18n';
import { startSqliteApp, type Answer, type LedgerApp } from '../support/ledger-apps';
import { heldFetch, type HeldFetch } from '../support/held-fetch';
import type { LedgerDb } from '../../main/ledger/database';
import { customer, goodCard } from './support';

let app: LedgerApp & { db: LedgerDb };
let held: HeldFetch;
beforeEach(async () => {
  held = heldFetch('/s2s/refund', { at: 'after' });
  const wire: typeof fetch = (url, init) => (full.holdRefund ? held.fetch(url, init) : fetch(url, init));
  app = await startSqliteApp({ fetch: wire, gatewayTimeoutMs: 60_000 });
});
afterEach(async () => {
  full.holdRefund = false;
  held.letGo();
  await app.close();
});

const full = {
  holdRefund: false,
  /**
   * No page more than the file has, and the room left in the operations' last pages taken by rows
   * of the test's own (on a payment of its own), smaller and smaller: the next operation recorded,
   * or its answer, needs a page and is refused (SQLITE_FULL), as on a full disk.
   */
  on: async () => {
    const [filler] = await app.seedPayments([{ order_id: 'DISK-FILLER', state: 'paid' }]);
    app.db.pragma(`max_page_count = ${app.db.pragma('page_count', { simple: true }) as number}`);
    const at = new Date().toISOString();
    const rows = {
      operation: (size: number) => app.store.transaction((tx) => tx.insertOperation({ id: randomUUID(), payment_id: filler!.id, kind: 'refund', amount_minor: 1, base_minor: null, reason: size ? 'x'.repeat(size) : null, os_user: 't', outcome: 'failed', error_code: null, error_message: null, gateway_answer: null, created_at: at, completed_at: null })),
      audit: (size: number) => app.store.transaction((tx) => tx.appendAudit({ osUser: 't', profileId: 'practice', environment: 'practice', action: 'note', paymentId: filler!.id, orderId: 'DISK-FILLER', amountMinor: null, currency: null, reason: size ? 'x'.repeat(size) : null, result: 'ok' }, at)),
    };
    for (const add of Object.values(rows)) {
      for (const size of [2000, 500, 100, 20, 0]) {
        try {
          for (;;) await add(size);
        } catch (e) {
          if ((e as { code?: string }).code !== 'SQLITE_FULL') throw e;
        }
      }
    }
  },
  off: () => void app.db.pragma('max_page_count = 1073741823'),
};

const refusal = (answer: Answer): AppError => {
  expect(answer.ok).toBe(false);
  return (answer as { error: AppError }).error;
};
const refunds = () => app.practice.gateway.records().filter((r) => r.operation === 'refund').length;

it('sends nothing when the intent cannot be recorded, says the disk is full in both languages, and works again once there is room', async () => {
  const { payment: paid } = await app.value<{ payment: PaymentView }>('chargeCard', { amount: '60.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
  const { payment: held } = await app.value<{ payment: PaymentView }>('chargeCard', { amount: '40.00', currency: 'SAR', card: goodCard, customer, authOnly: true });
  const sentBefore = app.practice.gateway.records().length;
  await full.on();

  const moves = {
    refund: () => app.call('refundPayment', { paymentId: paid.id, amount: '10.00', currency: 'SAR', reason: 'Customer returned it' }),
    capture: () => app.call('capturePayment', { paymentId: held.id, amount: '40.00', currency: 'SAR' }),
    sale: () => app.call('chargeCard', { amount: '12.00', currency: 'SAR', card: goodCard, customer, authOnly: false }),
    link: () => app.call('createPaymentLink', { amount: '12.00', currency: 'SAR', description: 'Order', customer, successUrl: 'https://shop.example/paid', failureUrl: 'https://shop.example/failed' }),
  };
  for (const [move, made] of Object.entries(moves)) {
    const error = refusal(await made());
    expect({ move, code: error.code, key: error.reason?.key }).toEqual({ move, code: 'storage', key: 'disk.full' });
    expect(localizeError('en', error).message).toBe('The disk is full: Paydesk could not record this, so nothing was sent or changed. Free some space on this computer, then try again.');
    expect(localizeError('ar', error).message).toMatch(/^القرص ممتلئ: تعذّر على بايدسك تسجيل هذا، فلم يُرسل شيء/);
  }
  expect(app.practice.gateway.records().length).toBe(sentBefore);
  for (const payment of [paid, held]) expect(await app.store.openOperations(payment.id)).toEqual([]);

  full.off();
  expect(await app.value<PaymentView>('refundPayment', { paymentId: paid.id, amount: '10.00', currency: 'SAR', reason: 'Customer returned it' })).toMatchObject({ state: 'partially_refunded', refundedMinor: 1000 });
  expect(await app.value<PaymentView>('capturePayment', { paymentId: held.id, amount: '40.00', currency: 'SAR' })).toMatchObject({ state: 'paid' });
});

it('a refund sent whose answer cannot be recorded: said so, never sent again, and recorded by itself once there is room', async () => {
  const { payment } = await app.value<{ payment: PaymentView }>('chargeCard', { amount: '60.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
  full.holdRefund = true;
  const refund = app.call('refundPayment', { paymentId: payment.id, amount: '25.00', currency: 'SAR', reason: 'Customer returned it' });
  await held.reached; // the gateway refunded; its answer waits on the way back while the disk fills
  await full.on();
  held.letGo();

  const error = refusal(await refund);
  expect({ code: error.code, key: error.reason?.key }).toEqual({ code: 'storage', key: 'disk.fullAfterSending' });
  expect(localizeError('en', error).message).toMatch(/^This was sent to the gateway, but its answer could not be recorded: the disk is full\. .*do not send it again/);
  expect(localizeError('ar', error).message).toMatch(/^أُرسل هذا إلى بوابة الدفع، لكن تعذّر تسجيل ردّها: القرص ممتلئ/);
  expect(refunds()).toBe(1);
  expect((await app.store.openOperations(payment.id)).map((op) => op.outcome)).toEqual(['sending']);
  // Still full: the next turn keeps it for later.
  await app.service.reconcileDue();
  expect((await app.store.openOperations(payment.id)).map((op) => op.outcome)).toEqual(['sending']);

  full.off();
  await app.service.reconcileDue(); // the reconcile turn main runs every 15 s
  expect(await app.store.openOperations(payment.id)).toEqual([]);
  expect(await app.value<{ payment: PaymentView }>('getPayment', { paymentId: payment.id })).toMatchObject({ payment: { state: 'partially_refunded', refundedMinor: 2500, operationInFlight: false } });
  expect(refunds()).toBe(1);
});
