// The practice gateway as a merchant's developer or the app meets it: real HTTP on loopback,
// its rules, its pages, its webhooks, its faults, its state file and its command line.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage } from 'node:http';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';
import { s2sHash } from '../../main/gateway/hash';
import { formatAmount } from '../../renderer/src/i18n/format';
import { approveCard, challengeCard, newOrderId, redirects, startTestGateway, testCustomer } from '../support/practice';

const client = createGatewayClient({ logger: createMemoryLogger(), sleep: async () => {} });
const sar = (minor: number) => ({ minor, currency: 'SAR' as const });
let env: Awaited<ReturnType<typeof startTestGateway>>;
let day = new Date('2026-11-23T10:00:00Z');

beforeAll(async () => {
  env = await startTestGateway({ now: () => day, timeZone: 'UTC' }); // its days in UTC, as the instants below
});
afterAll(() => env.gateway.close());
afterEach(() => env.gateway.faults.clear());

const origin = () => new URL(env.gateway.baseUrl).origin;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${env.gateway.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-KEY': env.conn.apiKey, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const form = (path: string, fields: Record<string, string>) =>
  fetch(`${origin()}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
const cardFields = (card: typeof approveCard) => ({ cardNumber: card.number, cardHolder: card.holder, expiry: `${card.expiryMonth}/${card.expiryYear.slice(2)}`, cvv: card.cvv });

async function checkout(orderId = newOrderId(), extra: Record<string, string> = {}) {
  const result = await client.initiateCheckout(env.conn, { orderId, amount: sar(7_500), customer: testCustomer, authOnly: false, ...redirects, ...extra });
  if (!result.ok) throw new Error(result.error.message);
  return { orderId, sessionId: result.value.sessionId!, url: result.value.redirectUrl };
}

describe('the JSON API', () => {
  it.each([
    ['no key', {}, { 'X-API-KEY': '' }, 401, 'INVALID_API_KEY'],
    ['a wrong key', {}, { 'X-API-KEY': 'nope' }, 401, 'INVALID_API_KEY'],
    ['a body that is not JSON', '{"orderId":', {}, 400, 'INVALID_JSON'],
    ['another content type', '{}', { 'Content-Type': 'text/plain' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a missing field', { orderId: 'a' }, {}, 400, 'VALIDATION_ERROR'],
    ['an amount as a string', { orderId: 'a', currency: 'SAR', amount: '10.00', customerDetails: testCustomer, auth: 'N', ...redirects }, {}, 400, 'VALIDATION_ERROR'],
    ['too many decimals', { orderId: 'a', currency: 'SAR', amount: 10.005, customerDetails: testCustomer, auth: 'N', ...redirects }, {}, 400, 'INVALID_AMOUNT'],
    ['a zero amount', { orderId: 'a', currency: 'JPY', amount: 0, customerDetails: testCustomer, auth: 'N', ...redirects }, {}, 400, 'INVALID_AMOUNT'],
    ['an unknown currency', { orderId: 'a', currency: 'XXX', amount: 1, customerDetails: testCustomer, auth: 'N', ...redirects }, {}, 400, 'VALIDATION_ERROR'],
    ['auth other than Y or N', { orderId: 'a', currency: 'SAR', amount: 1, customerDetails: testCustomer, auth: 'yes', ...redirects }, {}, 400, 'VALIDATION_ERROR'],
    ['a bad date', { orderId: 'a', currency: 'SAR', amount: 1, customerDetails: testCustomer, auth: 'N', ...redirects, issueDate: '2026-02-30' }, {}, 400, 'VALIDATION_ERROR'],
  ])('refuses %s in the envelope', async (_what, body, headers, status, errorCode) => {
    const response = await post('/payment-gateway/initiate', body, headers);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code: status, errorCode, data: null, message: expect.any(String) });
  });

  it('refuses a negative amount as below zero, never reading it as positive', async () => {
    const body = JSON.stringify({ orderId: 'a', currency: 'SAR', amount: 0, customerDetails: testCustomer, auth: 'N', ...redirects }).replace('"amount":0', '"amount":-10.00');
    const response = await post('/payment-gateway/initiate', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: 'INVALID_AMOUNT', message: expect.stringContaining('must be greater than zero') });
  });

  it('answers success in the envelope', async () => {
    const response = await post('/payment-gateway/initiate', { orderId: newOrderId(), currency: 'SAR', amount: 1, customerDetails: testCustomer, auth: 'N', ...redirects });
    expect(await response.json()).toMatchObject({ code: 200, message: 'Success', errorCode: null, data: { redirectUrl: expect.stringContaining('sessionId=') } });
  });

  it('refuses a request whose Host is not loopback (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${env.gateway.baseUrl}/payment-gateway/status`, { method: 'POST', headers: { Host: 'evil.example', 'X-API-KEY': env.conn.apiKey } }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(421);
  });
});

describe('rules', () => {
  const sale = (authOnly: boolean, minor = 10_000) =>
    client.sale(env.conn, { orderId: newOrderId(), amount: sar(minor), authOnly, card: approveCard, customer: testCustomer, ...redirects });
  const txOf = async (authOnly: boolean, minor?: number) => {
    const result = await sale(authOnly, minor);
    if (!result.ok) throw new Error(result.error.message);
    return result.value.transactionId!;
  };

  it('never captures or refunds more than allowed, however it is split', async () => {
    const id = await txOf(true, 1_000);
    expect((await client.capture(env.conn, { transactionId: id, amount: sar(600) })).ok).toBe(true);
    expect(await client.capture(env.conn, { transactionId: id, amount: sar(401) })).toMatchObject({ ok: false, error: { gateway: { errorCode: 'AMOUNT_EXCEEDS_AUTHORIZED' } } });
    expect(await client.refund(env.conn, { transactionId: id, amount: sar(601) })).toMatchObject({ ok: false, error: { gateway: { errorCode: 'AMOUNT_EXCEEDS_CAPTURED' } } });
    expect((await client.refund(env.conn, { transactionId: id, amount: sar(600) })).ok).toBe(true);
    expect(await client.refund(env.conn, { transactionId: id, amount: sar(1) })).toMatchObject({ ok: false });
  });

  it('voids only before any capture, and nothing moves after a void', async () => {
    const captured = await txOf(true);
    await client.capture(env.conn, { transactionId: captured, amount: sar(1) });
    expect(await client.void(env.conn, { transactionId: captured })).toMatchObject({ ok: false, error: { gateway: { errorCode: 'INVALID_TRANSACTION_STATE' } } });
    const voided = await txOf(true);
    expect((await client.void(env.conn, { transactionId: voided })).ok).toBe(true);
    expect(await client.capture(env.conn, { transactionId: voided, amount: sar(1) })).toMatchObject({ ok: false, error: { kind: 'request_rejected' } });
    expect(await client.void(env.conn, { transactionId: voided })).toMatchObject({ ok: false });
  });

  it('does not capture a sale that is already paid, nor void it', async () => {
    const paid = await txOf(false);
    expect(await client.capture(env.conn, { transactionId: paid, amount: sar(1) })).toMatchObject({ ok: false });
    expect(await client.void(env.conn, { transactionId: paid })).toMatchObject({ ok: false });
  });

  it('refuses a recurring charge with a token from another payment', async () => {
    const first = await client.sale(env.conn, { orderId: newOrderId(), amount: sar(100), authOnly: false, recurringInit: true, card: approveCard, customer: testCustomer, ...redirects });
    const other = await txOf(false);
    const token = first.ok ? first.value.recurringToken! : '';
    const result = await client.recurring(env.conn, { transactionId: other, recurringToken: token, orderId: newOrderId(), amount: sar(100), description: 'x' });
    expect(result).toMatchObject({ ok: false, error: { gateway: { errorCode: 'INVALID_RECURRING_TOKEN' } } });
  });

  // Not more generous than the interface: a stored card is charged by the enrolling transaction and
  // its token; a repeat charge's answer brings no token of its own, nor is its transaction charged again.
  it('charges a stored card only by the transaction that enrolled it', async () => {
    const first = await client.sale(env.conn, { orderId: newOrderId(), amount: sar(100), authOnly: false, recurringInit: true, card: approveCard, customer: testCustomer, ...redirects });
    const enrolled = first.ok ? first.value : undefined;
    const again = (transactionId: string) => client.recurring(env.conn, { transactionId, recurringToken: enrolled!.recurringToken!, orderId: newOrderId(), amount: sar(100), description: 'Monthly' });
    const repeat = await again(enrolled!.transactionId!);
    expect(repeat).toMatchObject({ ok: true, value: { state: 'paid' } });
    const repeatTx = repeat.ok ? repeat.value.transactionId! : '';
    expect(repeat.ok && repeat.value.recurringToken).toBeUndefined();
    expect(await client.status(env.conn, { transactionId: repeatTx })).toMatchObject({ ok: true, value: { recurringToken: undefined } });
    expect(await again(repeatTx)).toMatchObject({ ok: false, error: { gateway: { errorCode: 'INVALID_RECURRING_TOKEN' } } });
  });

  it('records each accepted money call once, with its amount in minor units', async () => {
    const id = await txOf(true, 2_000);
    await client.capture(env.conn, { transactionId: id, amount: sar(1_500) });
    const mine = env.gateway.records().filter((r) => r.transactionId === id);
    expect(mine.map((r) => [r.operation, r.amountMinor])).toEqual([['sale', 2_000], ['capture', 1_500]]);
  });
});

describe('hosted pages', () => {
  it('pays a checkout session with the frictionless card and redirects to successUrl', async () => {
    const { orderId, sessionId, url } = await checkout();
    const page = await (await fetch(url)).text();
    expect(page).toContain(formatAmount(7_500, 'SAR', 'en')); // as Paydesk shows it
    expect(page).toContain(orderId);
    const paid = await form('/checkout', { sessionId, ...cardFields(approveCard) });
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(redirects.successUrl);
    expect(location.searchParams.get('orderId')).toBe(orderId);
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid' } });
    expect(await (await fetch(url)).text()).toContain('already been made');
  });

  it('runs the 3-D Secure challenge: the right code pays, a wrong one fails to failureUrl', async () => {
    for (const [otp, target, state] of [['123456', redirects.successUrl, 'paid'], ['000000', redirects.failureUrl, 'declined']] as const) {
      const { orderId, sessionId } = await checkout();
      const toChallenge = await form('/checkout', { sessionId, ...cardFields(challengeCard) });
      expect(toChallenge.headers.get('location')).toMatch(/^\/challenge\?id=/);
      const challengePage = await (await fetch(origin() + toChallenge.headers.get('location'))).text();
      const challengeId = /name="challengeId" value="([^"]+)"/.exec(challengePage)![1]!;
      expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'pending' } });
      const done = await form('/challenge', { challengeId, otp });
      expect(done.headers.get('location')!.startsWith(target)).toBe(true);
      expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state } });
      expect((await form('/challenge', { challengeId, otp: '123456' })).status).toBe(404); // one use only
    }
  });

  it('declines the decline card and a wrong CVV, to failureUrl', async () => {
    const { sessionId } = await checkout();
    const declined = await form('/checkout', { sessionId, ...cardFields({ ...approveCard, cvv: '999' }) });
    expect(declined.headers.get('location')!.startsWith(redirects.failureUrl)).toBe(true);
  });

  it('applies the default dates (today, +7 days) and will not take payment after expiry', async () => {
    const { orderId, sessionId, url } = await checkout();
    const raw = await (await post('/payment-gateway/status', { orderId })).json();
    expect(raw.data.status).toBe('ACTIVE'); // a checkout still open: no transaction yet
    expect(raw.data.transactionId).toBeUndefined();
    day = new Date('2026-11-30T23:59:00Z'); // issue day + 7: still open
    expect(await (await fetch(url)).text()).toContain('Card number');
    day = new Date('2026-12-01T00:01:00Z');
    expect(await (await fetch(url)).text()).toContain('expired');
    expect((await form('/checkout', { sessionId, ...cardFields(approveCard) })).status).toBe(200);
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'expired' } });
    day = new Date('2026-11-23T10:00:00Z');
  });

  it('a payment link goes from unpaid to paid through its page', async () => {
    const orderId = newOrderId('INV');
    const link = await client.createPaymentLink(env.conn, { orderId, amount: { minor: 1_250, currency: 'KWD' }, description: 'Invoice <b>9</b>', customer: testCustomer, ...redirects });
    const url = new URL(link.ok ? link.value.url : '');
    const page = await (await fetch(url)).text();
    expect(page).toContain('Invoice &lt;b&gt;9&lt;/b&gt;');
    expect(page).toContain(formatAmount(1_250, 'KWD', 'en'));
    const paid = await form('/link', { linkId: url.searchParams.get('linkId')!, ...cardFields(approveCard) });
    expect(paid.status).toBe(303);
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid', statusWord: 'PAID' } });
  });

  it('a link past its expireDate is expired', async () => {
    const orderId = newOrderId('INV');
    await client.createPaymentLink(env.conn, { orderId, amount: sar(100), description: 'Old', customer: testCustomer, ...redirects, issueDate: '2026-11-01', expireDate: '2026-11-02' });
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'expired' } });
  });

  it('a link\'s expiry date ends at midnight in the business\'s zone: its page refuses the card from then, its status says EXPIRED', async () => {
    // A gateway judging days in UTC took payment in Riyadh until 03:00 the day after the link's date.
    let now = new Date('2026-12-06T20:59:00Z'); // 23:59 on 6 Dec in Riyadh
    const riyadh = await startTestGateway({ now: () => now, timeZone: 'Asia/Riyadh' });
    try {
      const pay = (orderId: string) => client.createPaymentLink(riyadh.conn, { orderId, amount: sar(100), description: 'Due 6 Dec', customer: testCustomer, ...redirects, issueDate: '2026-11-29', expireDate: '2026-12-06' })
        .then((r) => new URL(r.ok ? r.value.url : ''));
      const [early, late] = [newOrderId('INV'), newOrderId('INV')];
      const [earlyUrl, lateUrl] = [await pay(early), await pay(late)];
      expect(await (await fetch(earlyUrl)).text()).toContain('Card number');
      const paid = await fetch(`${earlyUrl.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: earlyUrl.searchParams.get('linkId')!, ...cardFields(approveCard) }) });
      expect(paid.status).toBe(303); // paid on its last day
      expect(await client.status(riyadh.conn, { orderId: late })).toMatchObject({ ok: true, value: { state: 'pending' } });

      now = new Date('2026-12-06T21:00:01Z'); // 00:00:01 on 7 Dec in Riyadh, still 6 Dec in UTC
      expect(await (await fetch(lateUrl)).text()).toContain('This payment page has expired.');
      const refused = await fetch(`${lateUrl.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: lateUrl.searchParams.get('linkId')!, ...cardFields(approveCard) }) });
      expect(refused.status).toBe(200);
      expect(await refused.text()).toContain('This payment page has expired.');
      expect(await client.status(riyadh.conn, { orderId: late })).toMatchObject({ ok: true, value: { state: 'expired', statusWord: 'EXPIRED' } });
      expect(await client.status(riyadh.conn, { orderId: early })).toMatchObject({ ok: true, value: { state: 'paid' } });
    } finally {
      await riyadh.gateway.close();
    }
  });
});

describe('answers as documented', () => {
  // Every field the interface or the public evidence shows in an answer (decisions §3, §4), and no other.
  const documented = new Set(['redirectUrl', 'id', 'url', 'transactionId', 'orderId', 'status', 'type', 'amount', 'currencyCode', 'rrn', 'recurringToken', 'reason', 'html']);
  const dataOf = async (path: string, body: unknown) => {
    const answer = await (await post(path, body)).json();
    expect(Object.keys(answer).sort()).toEqual(['code', 'data', 'errorCode', 'message']);
    return answer.data as Record<string, unknown>;
  };
  const undocumented = (data: Record<string, unknown>) => Object.keys(data).filter((name) => !documented.has(name));

  it('by default sends no field the interface and its evidence do not show: no totals, no card, no dates', async () => {
    const sale = { orderId: newOrderId(), amount: 25, currency: 'SAR', paymentMethod: 'card', auth: 'Y', recurringInit: 'Y', customer: testCustomer, ...redirects,
      card: { cardNumber: '5123450000000008', cardHolder: 'LAYLA', cardExpiryMonth: '01', cardExpiryYear: '2039', cardCvv: '100' }, hash: s2sHash(testCustomer.email, env.conn.apiKey, '5123450000000008') };
    const sold = await dataOf('/payment-gateway/s2s/sale', sale);
    const transactionId = sold.transactionId as string;
    const answers = [
      sold,
      await dataOf('/payment-gateway/s2s/capture', { transactionId, amount: 10 }),
      await dataOf('/payment-gateway/s2s/refund', { transactionId, amount: 5, reason: 'Part' }),
      await dataOf('/payment-gateway/status', { transactionId }),
      await dataOf('/payment-gateway/status', { orderId: sale.orderId }),
      await dataOf('/payment-gateway/s2s/recurring', { transactionId, recurringToken: sold.recurringToken, amount: 3, order: { number: newOrderId(), amount: 3, currency: 'SAR', description: 'Again' } }),
      await dataOf('/payment-gateway/initiate', { orderId: newOrderId(), amount: 5, currency: 'SAR', customerDetails: testCustomer, auth: 'N', ...redirects }),
      await dataOf('/payment-links', { orderId: newOrderId(), amount: 5, currency: 'SAR', description: 'X', customerDetails: testCustomer, ...redirects }),
    ];
    for (const data of answers) expect(undocumented(data)).toEqual([]);
    expect(answers[3]).toMatchObject({ status: 'Approved', type: 'Refund', currencyCode: '682', recurringToken: sold.recurringToken });
  });

  it('sends totals and other extra fields only when asked to (extendedAnswers)', async () => {
    const generous = await startTestGateway({ extendedAnswers: true });
    try {
      const orderId = newOrderId();
      await client.sale(generous.conn, { orderId, amount: sar(100), authOnly: false, card: approveCard, customer: testCustomer, ...redirects });
      const answer = await (await fetch(`${generous.gateway.baseUrl}/payment-gateway/status`, { method: 'POST', headers: { 'X-API-KEY': generous.conn.apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ orderId }) })).json();
      expect(answer.data).toMatchObject({ capturedAmount: 1, refundedAmount: 0, currency: 'SAR' });
    } finally {
      await generous.gateway.close();
    }
  });
});

describe('webhooks', () => {
  let received: Array<{ body: string; signature: string }>;
  let answers: number[];
  let receiver: ReturnType<typeof createServer>;
  beforeAll(async () => {
    receiver = createServer(async (req: IncomingMessage, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      received.push({ body, signature: String(req.headers['x-paydesk-signature']) });
      res.writeHead(answers.shift() ?? 200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    env.gateway.setWebhookTarget(`http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`);
  });
  afterAll(() => {
    env.gateway.setWebhookTarget(null);
    return new Promise((resolve) => receiver.close(resolve));
  });
  const reset = (statuses: number[] = []) => {
    received = [];
    answers = statuses;
  };

  it('posts a signed payload with the final state, amounts exact and currency numeric', async () => {
    reset();
    const orderId = newOrderId();
    await client.sale(env.conn, { orderId, amount: { minor: 1_005, currency: 'KWD' }, authOnly: false, card: approveCard, customer: testCustomer, ...redirects });
    await env.gateway.webhooksIdle();
    expect(received).toHaveLength(1);
    const { body, signature } = received[0]!;
    expect(signature).toBe(createHmac('sha256', env.gateway.webhookSecret).update(body).digest('hex'));
    expect(body).toContain('"amount":1.005');
    expect(JSON.parse(body)).toMatchObject({ orderId, currencyCode: '414', status: 'Approved', type: 'Purchase', cardScheme: 'MASTERCARD', transactionId: expect.any(String), finishedAt: expect.any(String) });
  });

  it('retries up to 3 times until answered 200', async () => {
    reset([500, 503, 404]);
    await client.sale(env.conn, { orderId: newOrderId(), amount: sar(100), authOnly: false, card: approveCard, customer: testCustomer, ...redirects });
    await env.gateway.webhooksIdle();
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    reset([500, 500, 500, 500, 500]);
    await client.sale(env.conn, { orderId: newOrderId(), amount: sar(100), authOnly: false, card: approveCard, customer: testCustomer, ...redirects });
    await env.gateway.webhooksIdle();
    expect(received).toHaveLength(4); // the first try and 3 retries, then it gives up
  });

  it('delivers duplicates on demand', async () => {
    reset();
    env.gateway.faults.setWebhook({ duplicate: true, times: 1 });
    await client.sale(env.conn, { orderId: newOrderId(), amount: sar(100), authOnly: true, card: approveCard, customer: testCustomer, ...redirects });
    await env.gateway.webhooksIdle();
    expect(received).toHaveLength(2);
    expect(received[0]!.body).toBe(received[1]!.body);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ status: 'Approved', type: 'Authorization' });
  });
});

describe('faults over HTTP', () => {
  it('sets a fault with the key, for tests and demos in another process', async () => {
    const set = await fetch(`${env.gateway.baseUrl}/_practice/faults`, { method: 'POST', headers: { 'X-API-KEY': env.conn.apiKey }, body: JSON.stringify({ operation: 'status', fault: { failure: 'http_500', times: 1 } }) });
    expect(set.status).toBe(200);
    expect((await post('/payment-gateway/status', { orderId: 'x' })).status).toBe(500);
    expect((await post('/payment-gateway/status', { orderId: 'x' })).status).toBe(404);
  });

  it('refuses a fault without the key or with an unknown failure', async () => {
    expect((await fetch(`${env.gateway.baseUrl}/_practice/faults`, { method: 'POST', body: '{}' })).status).toBe(401);
    const bad = await fetch(`${env.gateway.baseUrl}/_practice/faults`, { method: 'POST', headers: { 'X-API-KEY': env.conn.apiKey }, body: JSON.stringify({ operation: 'sale', fault: { failure: 'explode' } }) });
    expect(bad.status).toBe(400);
  });

  it('adds latency on demand', async () => {
    env.gateway.faults.set('status', { latencyMs: 200, times: 1 });
    const started = performance.now();
    await post('/payment-gateway/status', { orderId: 'x' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});

describe('state and command line', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-practice-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its key, payments and records in a state file across restarts', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await startTestGateway({ stateFile });
    const orderId = newOrderId();
    await client.sale(first.conn, { orderId, amount: sar(4_200), authOnly: true, card: approveCard, customer: testCustomer, ...redirects });
    await first.gateway.close();
    expect(readFileSync(stateFile, 'utf8')).not.toContain('5123450000000008');
    const second = await startTestGateway({ stateFile });
    expect(second.gateway.apiKey).toBe(first.gateway.apiKey);
    expect(await client.status(second.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'authorised', amountMinor: 4_200 } });
    expect(second.gateway.records().some((r) => r.orderId === orderId)).toBe(true);
    await second.gateway.close();
  });

  it('refuses to start on a state file it did not write, and leaves it alone', async () => {
    const stateFile = join(dir, 'broken.json');
    writeFileSync(stateFile, '{"not":"mine"}');
    await expect(startTestGateway({ stateFile })).rejects.toThrow(/not one it wrote/);
    expect(readFileSync(stateFile, 'utf8')).toBe('{"not":"mine"}');
  });

  it('runs standalone and prints its base URL and a test key that work', async () => {
    const child = spawn(process.execPath, ['dist/main/practice-gateway.cjs', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (/API key/.test(out)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const baseUrl = /Base URL: (\S+)/.exec(out)![1]!;
      const apiKey = /API key \(X-API-KEY\): (\S+)/.exec(out)![1]!;
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      const result = await client.sale({ baseUrl, apiKey }, { orderId: 'CLI-1', amount: sar(100), authOnly: false, card: approveCard, customer: testCustomer, ...redirects });
      expect(result).toMatchObject({ ok: true, value: { state: 'paid' } });
    } finally {
      child.kill();
    }
  });
});

describe('the port, kept with the state file', () => {
  it('comes back on the same port, so a link made before still opens after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'practice-port-'));
    const stateFile = join(dir, 'practice-gateway.json');
    try {
      const first = await startTestGateway({ stateFile });
      const orderId = newOrderId('INV');
      const link = await client.createPaymentLink(first.conn, { orderId, amount: sar(4_200), description: 'Made before a restart', customer: testCustomer, ...redirects });
      await first.gateway.close();
      const again = await startTestGateway({ stateFile });
      try {
        expect(again.gateway.baseUrl).toBe(first.gateway.baseUrl);
        const page = await fetch(link.ok ? link.value.url : 'http://link.missing');
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Made before a restart');
      } finally {
        await again.gateway.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a free port when another program holds the kept one, and keeps that one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'practice-port-'));
    const stateFile = join(dir, 'practice-gateway.json');
    const squatter = createServer();
    try {
      const first = await startTestGateway({ stateFile });
      const keptPort = Number(new URL(first.gateway.baseUrl).port);
      await first.gateway.close();
      await new Promise<void>((resolve) => squatter.listen(keptPort, '127.0.0.1', resolve));
      const again = await startTestGateway({ stateFile });
      try {
        const port = Number(new URL(again.gateway.baseUrl).port);
        expect(port).not.toBe(keptPort);
        expect(readFileSync(join(dir, 'practice-gateway.port'), 'utf8').trim()).toBe(String(port));
        expect(again.logger.lines.join('\n')).toContain('The practice gateway’s port is taken: links made before point at it');
      } finally {
        await again.gateway.close();
      }
    } finally {
      squatter.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
