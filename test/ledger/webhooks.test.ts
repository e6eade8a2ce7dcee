// Webhooks from the practice gateway: signed deliveries are recorded and move the payment;
// duplicates are recorded once as such and change nothing; a bad signature is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../main/ledger/webhook-receiver';
import { customer, startTestLedger } from './support';
import { signBody } from '../../main/practice/webhooks';

let t: Awaited<ReturnType<typeof startTestLedger>>;
let receiver: WebhookReceiver;
const refreshed: string[] = [];

beforeAll(async () => {
  t = await startTestLedger();
  receiver = await startWebhookReceiver({
    db: t.db,
    secret: () => t.practice.gateway.webhookSecret,
    logger: t.practice.logger,
    onPaymentEvent: (id) => {
      refreshed.push(id);
      void t.service.refresh(id, 'webhook');
    },
  });
  t.practice.gateway.setWebhookTarget(receiver.url);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('practice webhooks', () => {
  it('a link paid on its page becomes paid in the ledger through the webhook', async () => {
    const created = await (t.handlers as unknown as Record<string, (i: unknown, c: unknown) => Promise<{ ok: true; value: { id: string; url: string } }>>).createPaymentLink!({ amount: '20', currency: 'SAR', description: 'Invoice', customer }, t.ctx);
    const url = new URL(created.value.url);
    const paid = await fetch(`${url.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: url.searchParams.get('linkId')!, cardNumber: '5123450000000008', cardHolder: 'X', expiry: '01/39', cvv: '100' }) });
    expect(paid.status).toBe(303);
    await t.practice.gateway.webhooksIdle();
    await waitFor(() => (t.db.prepare('SELECT state FROM payments WHERE id = ?').get(created.value.id) as { state: string }).state === 'paid');
    expect(t.db.prepare('SELECT status_word, type, duplicate FROM webhooks WHERE payment_id = ?').all(created.value.id)).toEqual([{ status_word: 'Approved', type: 'Purchase', duplicate: 0 }]);
    // Kept once: the word and type in their columns, the order id as the payment's, nothing else of the body.
    const kept = t.db.prepare('SELECT order_id, body FROM webhooks WHERE payment_id = ?').get(created.value.id) as { order_id: string; body: string };
    expect(kept.order_id).toBe((t.db.prepare('SELECT order_id FROM payments WHERE id = ?').get(created.value.id) as { order_id: string }).order_id);
    expect(JSON.parse(kept.body)).toEqual({ reason: null });
  });

  it('records a duplicate delivery as a duplicate and acts on it once', async () => {
    refreshed.length = 0;
    t.practice.gateway.faults.setWebhook({ duplicate: true, times: 1 });
    const sale = await (t.handlers as unknown as Record<string, (i: unknown, c: unknown) => Promise<{ ok: true; value: { payment: { id: string } } }>>).chargeCard!({ amount: '3', currency: 'SAR', card: { number: '5123450000000008', holder: 'X', expiryMonth: '01', expiryYear: '2039', cvv: '100' }, customer, authOnly: true }, t.ctx);
    await t.practice.gateway.webhooksIdle();
    const id = sale.value.payment.id;
    await waitFor(() => (t.db.prepare('SELECT count(*) AS n FROM webhooks WHERE payment_id = ?').get(id) as { n: number }).n === 2);
    expect((t.db.prepare('SELECT duplicate FROM webhooks WHERE payment_id = ? ORDER BY id').all(id) as Array<{ duplicate: number }>).map((r) => r.duplicate)).toEqual([0, 1]);
    expect(refreshed.filter((r) => r === id)).toHaveLength(1);
  });

  it('refuses a delivery whose signature does not match, and records nothing', async () => {
    const before = (t.db.prepare('SELECT count(*) AS n FROM webhooks').get() as { n: number }).n;
    const body = JSON.stringify({ transactionId: 'x', status: 'APPROVED' });
    const wrong = await fetch(receiver.url, { method: 'POST', body, headers: { 'X-Paydesk-Signature': signBody(body, 'not-the-secret') } });
    expect(wrong.status).toBe(401);
    const right = await fetch(receiver.url, { method: 'POST', body, headers: { 'X-Paydesk-Signature': signBody(body, t.practice.gateway.webhookSecret) } });
    expect(right.status).toBe(200);
    expect((t.db.prepare('SELECT count(*) AS n FROM webhooks').get() as { n: number }).n).toBe(before + 1);
  });
});
