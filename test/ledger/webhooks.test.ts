// Webhooks from the practice gateway: signed deliveries are recorded and move the payment;
// duplicates are recorded once as such and change nothing; a bad signature is refused. The
// receiver records into a laptop's SQLite file, so on the team ledger it does not start
// (main/composition.ts): there a paid link is settled by its status check, and no payment made there
// has webhooks (a laptop's copied in keep theirs: postgres/copy-shows-the-same.test.ts;
// test/support/ledger-apps.ts runs both).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../main/ledger/webhook-receiver';
import { customer } from './support';
import { signBody } from '../../main/practice/webhooks';
import type { PaymentView } from '../../contract/methods/payments';
import { describeLedgerApp } from '../support/ledger-apps';

const waitFor = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await check()).toBe(true);
};

describeLedgerApp('practice webhooks', (app, backend) => {
  /** A payment link, paid on the practice gateway's page by its customer. */
  async function paidLink(): Promise<PaymentView> {
    const created = await app().value<PaymentView>('createPaymentLink', { amount: '20', currency: 'SAR', description: 'Invoice', customer });
    const url = new URL(created.url!);
    const paid = await fetch(`${url.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: url.searchParams.get('linkId')!, cardNumber: '5123450000000008', cardHolder: 'X', expiry: '01/39', cvv: '100' }) });
    expect(paid.status).toBe(303);
    await app().practice.gateway.webhooksIdle();
    return created;
  }
  const stateOf = async (id: string) => (await app().store.get(id))!.state;

  if (backend === 'postgres') {
    it('on the team ledger no webhook is received: a link paid on its page is settled by its status check, with no webhooks', async () => {
      const link = await paidLink();
      expect(await stateOf(link.id)).toBe('pending');
      expect(await app().value('checkPaymentStatus', { paymentId: link.id })).toMatchObject({ state: 'paid' });
      expect(await app().value('getPayment', { paymentId: link.id })).toMatchObject({ payment: { state: 'paid' }, webhooks: [] });
    });
    return;
  }

  let receiver: WebhookReceiver;
  const refreshed: string[] = [];
  beforeAll(async () => {
    receiver = await startWebhookReceiver({
      db: app().db!,
      secret: () => app().practice.gateway.webhookSecret,
      logger: app().practice.logger,
      onPaymentEvent: (id) => {
        refreshed.push(id);
        void app().service.refresh(id, 'webhook');
      },
    });
    app().practice.gateway.setWebhookTarget(receiver.url);
  });
  afterAll(() => receiver?.close());
  // What the receiver keeps of a delivery is the file's (its columns): read there.
  const db = () => app().db!;

  it('a link paid on its page becomes paid in the ledger through the webhook', async () => {
    const link = await paidLink();
    await waitFor(async () => (await stateOf(link.id)) === 'paid');
    expect((await app().store.webhooksOf(link.id)).map(({ status_word, type, duplicate }) => ({ status_word, type, duplicate }))).toEqual([{ status_word: 'Approved', type: 'Purchase', duplicate: 0 }]);
    // Kept once: the word and type in their columns, the order id as the payment's; of the body its
    // reason and the notified operation's amount (walk35: on the practice profile, its account of what it did).
    const kept = db().prepare('SELECT order_id, body FROM webhooks WHERE payment_id = ?').get(link.id) as { order_id: string; body: string };
    expect(kept.order_id).toBe(link.orderId);
    expect(kept.body).toBe('{"reason":null,"amount":20.00}');
    // The payment's history says it in words: a sale of SAR 20.00, approved.
    const detail = await app().value<{ webhooks: unknown[] }>('getPayment', { paymentId: link.id });
    expect(detail.webhooks).toEqual([expect.objectContaining({ statusWord: 'Approved', type: 'Purchase', amount: '20.00', operation: 'purchase', outcome: 'approved' })]);
  });

  it('records a duplicate delivery as a duplicate and acts on it once', async () => {
    refreshed.length = 0;
    app().practice.gateway.faults.setWebhook({ duplicate: true, times: 1 });
    const sale = await app().value<{ payment: PaymentView }>('chargeCard', { amount: '3', currency: 'SAR', card: { number: '5123450000000008', holder: 'X', expiryMonth: '01', expiryYear: '2039', cvv: '100' }, customer, authOnly: true });
    await app().practice.gateway.webhooksIdle();
    const id = sale.payment.id;
    await waitFor(async () => (await app().store.webhooksOf(id)).length === 2);
    expect((await app().store.webhooksOf(id)).map((r) => r.duplicate)).toEqual([0, 1]);
    expect(refreshed.filter((r) => r === id)).toHaveLength(1);
  });

  it('refuses a delivery whose signature does not match, and records nothing', async () => {
    const count = () => (db().prepare('SELECT count(*) AS n FROM webhooks').get() as { n: number }).n;
    const before = count();
    const body = JSON.stringify({ transactionId: 'x', status: 'APPROVED' });
    const wrong = await fetch(receiver.url, { method: 'POST', body, headers: { 'X-Paydesk-Signature': signBody(body, 'not-the-secret') } });
    expect(wrong.status).toBe(401);
    const right = await fetch(receiver.url, { method: 'POST', body, headers: { 'X-Paydesk-Signature': signBody(body, app().practice.gateway.webhookSecret) } });
    expect(right.status).toBe(200);
    expect(count()).toBe(before + 1);
  });
});
