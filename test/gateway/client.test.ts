// The gateway client against the practice gateway over real HTTP: every operation, every
// error kind, amounts exact in three exponents, and nothing sent twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { createGatewayClient, type GatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';
import { s2sHash } from '../../main/gateway/hash';
import type { GatewayConnection } from '../../main/gateway/operations';
import { gatewayReason, toAppFailure, type GatewayError } from '../../main/gateway/errors';
import { wordReason } from '../../renderer/src/i18n';
import { approveCard, challengeCard, declineCard, newOrderId, redirects, startTestGateway, testCustomer } from '../support/practice';

let env: Awaited<ReturnType<typeof startTestGateway>>;
let client: GatewayClient;
let sent: Array<{ url: string; body: string; headers: Headers }>;
const clientLogger = createMemoryLogger();
const sleeps: number[] = [];

beforeAll(async () => {
  env = await startTestGateway();
  client = createGatewayClient({
    logger: clientLogger,
    timeoutMs: 5_000,
    sleep: async (ms) => void sleeps.push(ms),
    fetch: async (input, init) => {
      sent.push({ url: String(input), body: String(init?.body), headers: new Headers(init?.headers) });
      return fetch(input, init);
    },
  });
});
afterAll(() => env.gateway.close());
beforeEach(() => {
  sent = [];
  sleeps.length = 0;
  env.gateway.faults.clear();
});

const sar = (minor: number) => ({ minor, currency: 'SAR' as const });
const sale = (overrides: Partial<Parameters<GatewayClient['sale']>[1]> = {}, conn: GatewayConnection = env.conn) =>
  client.sale(conn, { orderId: newOrderId(), amount: sar(10_050), authOnly: false, card: approveCard, customer: testCustomer, ...redirects, ...overrides });

describe('operations', () => {
  it('sells with a frictionless card: approved and paid, exactly as the interface wants the request', async () => {
    const orderId = newOrderId();
    const result = await sale({ orderId });
    expect(result).toMatchObject({ ok: true, value: { state: 'paid', statusWord: 'Approved', type: 'Purchase' } });
    const request = sent[0]!;
    expect(request.url).toBe(`${env.gateway.baseUrl}/payment-gateway/s2s/sale`);
    expect(request.headers.get('x-api-key')).toBe(env.conn.apiKey);
    expect(request.headers.get('content-type')).toBe('application/json');
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ orderId, currency: 'SAR', paymentMethod: 'card', auth: 'N', recurringInit: 'N', card: { cardNumber: '5123450000000008', cardExpiryMonth: '01', cardExpiryYear: '2039' } });
    expect(request.body).toContain('"amount":100.50');
    expect(body.hash).toBe(s2sHash(testCustomer.email, env.conn.apiKey, '5123450000000008'));
  });

  it('reports a declined card as a declined payment, not an error', async () => {
    expect(await sale({ card: declineCard })).toMatchObject({ ok: true, value: { state: 'declined' } });
  });

  it('returns the 3-D Secure html for the challenge card and leaves the payment pending', async () => {
    const result = await sale({ card: challengeCard });
    expect(result.ok && result.value.state).toBe('pending');
    expect(result.ok && result.value.html).toContain('<form');
  });

  it('authorises, captures in parts, refunds in parts, and reads each answer by its word and type', async () => {
    const auth = await sale({ authOnly: true });
    expect(auth).toMatchObject({ ok: true, value: { state: 'authorised', statusWord: 'Approved', type: 'Authorization' } });
    const transactionId = auth.ok ? auth.value.transactionId! : '';
    // "Approved" on a capture proves something was captured, not how much: the ledger counts.
    expect(await client.capture(env.conn, { transactionId, amount: sar(4_000) })).toMatchObject({ ok: true, value: { state: 'partially_captured', type: 'Capture' } });
    expect(await client.capture(env.conn, { transactionId, amount: sar(6_050) })).toMatchObject({ ok: true, value: { state: 'partially_captured', type: 'Capture' } });
    expect(await client.refund(env.conn, { transactionId, amount: sar(50), reason: 'Damaged' })).toMatchObject({ ok: true, value: { state: 'partially_refunded', type: 'Refund' } });
    expect(await client.refund(env.conn, { transactionId, amount: sar(10_000) })).toMatchObject({ ok: true, value: { type: 'Refund' } });
    const status = await client.status(env.conn, { transactionId });
    expect(status).toMatchObject({ ok: true, value: { state: 'refunded', statusWord: 'REFUND', amountMinor: 10_050, currency: 'SAR' } });
    // The interface and the evidence show no totals: the practice gateway sends none by default.
    expect(status.ok && [status.value.capturedMinor, status.value.refundedMinor]).toEqual([undefined, undefined]);
  });

  it('reads captured and refunded totals where a gateway sends them (extended answers)', async () => {
    const generous = await startTestGateway({ extendedAnswers: true });
    try {
      const auth = await sale({ authOnly: true }, generous.conn);
      const transactionId = auth.ok ? auth.value.transactionId! : '';
      await client.capture(generous.conn, { transactionId, amount: sar(4_000) });
      await client.refund(generous.conn, { transactionId, amount: sar(1_000), reason: 'Part' });
      expect(await client.status(generous.conn, { transactionId })).toMatchObject({ ok: true, value: { state: 'partially_refunded', capturedMinor: 4_000, refundedMinor: 1_000, currency: 'SAR' } });
    } finally {
      await generous.gateway.close();
    }
  });

  it('voids an authorisation', async () => {
    const auth = await sale({ authOnly: true });
    const transactionId = auth.ok ? auth.value.transactionId! : '';
    expect(await client.void(env.conn, { transactionId })).toMatchObject({ ok: true, value: { state: 'voided' } });
    expect(await client.status(env.conn, { transactionId })).toMatchObject({ ok: true, value: { state: 'voided', statusWord: 'VOID', type: 'Void' } });
  });

  it('charges a stored card with the recurring token of a first payment', async () => {
    const first = await sale({ recurringInit: true });
    expect(first.ok && first.value.recurringToken).toMatch(/^rtk_/);
    if (!first.ok) return;
    // The answer as kept (a failed or unclear operation's, shown to support) names no token: with the key it charges the card.
    expect(first.raw).toContain('"recurringToken":"[removed]"');
    expect(first.raw).not.toContain(first.value.recurringToken);
    const orderId = newOrderId('REC');
    const charge = await client.recurring(env.conn, { transactionId: first.value.transactionId!, recurringToken: first.value.recurringToken!, orderId, amount: sar(2_500), description: 'Monthly' });
    expect(charge).toMatchObject({ ok: true, value: { state: 'paid' } });
    expect(JSON.parse(sent.at(-1)!.body)).toMatchObject({ recurringToken: first.value.recurringToken, order: { number: orderId, currency: 'SAR', description: 'Monthly' } });
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid', amountMinor: 2_500 } });
  });

  it('creates a hosted checkout session whose redirectUrl carries a UUID sessionId', async () => {
    const orderId = newOrderId();
    const result = await client.initiateCheckout(env.conn, { orderId, amount: sar(5_000), customer: { ...testCustomer, idNumber: '1000000001' }, address: { country: 'SA', city: 'Riyadh' }, authOnly: false, ...redirects });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new URL(result.value.redirectUrl).searchParams.get('sessionId')).toBe(result.value.sessionId);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ customerDetails: { idNumber: '1000000001' }, auth: 'N', address: { country: 'SA' } });
    // A session's own id is not a transaction: the answer names none until a card is used.
    expect(result.value).not.toHaveProperty('transactionId');
    const status = await client.status(env.conn, { orderId });
    expect(status).toMatchObject({ ok: true, value: { state: 'pending', statusWord: 'ACTIVE' } });
    expect(status.ok && status.value.transactionId).toBeUndefined();
  });

  it('creates a payment link that starts unpaid', async () => {
    const orderId = newOrderId('INV');
    const result = await client.createPaymentLink(env.conn, { orderId, amount: sar(20_000), description: 'Invoice 7', customer: testCustomer, ...redirects });
    expect(result.ok && result.value.url).toMatch(/\/link\?linkId=/);
    expect(result.ok && result.value.linkId).toMatch(/^lnk_/);
    expect(result.ok && result.value).not.toHaveProperty('transactionId');
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'pending', statusWord: 'ACTIVE' } });
  });

  it.each([
    ['JPY', 123_456, '123456'],
    ['SAR', 30, '0.30'],
    ['KWD', 1_005, '1.005'],
    ['KWD', 4_350, '4.350'],
  ] as const)('carries %s %i minor units exactly (%s on the wire) and reads them back', async (currency, minor, wire) => {
    const orderId = newOrderId();
    const result = await sale({ orderId, amount: { minor, currency } });
    expect(result.ok).toBe(true);
    expect(sent[0]!.body).toContain(`"amount":${wire},`);
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid', amountMinor: minor, currency } });
  });
});

describe('errors', () => {
  it('key_rejected for a wrong key', async () => {
    const result = await client.status({ ...env.conn, apiKey: 'wrong-key' }, { orderId: 'x' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'key_rejected', gateway: { errorCode: 'INVALID_API_KEY' } } });
  });

  // Walk23: the sale's refusal said "this profile" only; the key-gone sentence names the profile and the key's last four.
  it('a refused key on a sale names the profile and the key by its last four only, in both languages', async () => {
    const wrong = 'sk_test_W23wrong_Not_The_Gateways_9c0d';
    const result = await sale({}, { ...env.conn, apiKey: wrong, profileName: 'Souq sandbox' });
    if (result.ok) throw new Error('the wrong key was taken');
    expect(result.error).toMatchObject({ kind: 'key_rejected', mayHaveHappened: false, reasonKey: 'gateway.keyRejectedOf', reasonValues: { profile: 'Souq sandbox', lastFour: '9c0d' } });
    const why = toAppFailure(result.error).extra.reason!;
    expect(wordReason('en', why)).toMatch(/^The gateway refused the API key ending 9c0d of the profile "\u2068Souq sandbox\u2069"\. Check that profile’s key in Settings \(the profile’s "Replace key"\)\./);
    expect(wordReason('ar', why)).toMatch(/^رفضت البوابة مفتاح API المنتهي بـ \u20669c0d\u2069 لملف التعريف «\u2068Souq sandbox\u2069»\. /);
    // Nothing more of the key than its last four, in either language or the failure itself.
    for (const text of [wordReason('en', why), wordReason('ar', why), JSON.stringify(toAppFailure(result.error))]) expect(text).not.toContain(wrong.slice(0, -4));
    // A connection without a profile's name (a tool's own) keeps the sentence without one.
    const bare = await client.status({ ...env.conn, apiKey: wrong }, { orderId: 'x' });
    expect(bare).toMatchObject({ ok: false, error: { kind: 'key_rejected' } });
    expect(bare.ok || bare.error.reasonKey).toBeUndefined();
  });

  it('hash_rejected when the hash does not match', async () => {
    const tampering = createGatewayClient({
      logger: clientLogger,
      fetch: (input, init) => fetch(input, { ...init, body: String(init?.body).replace(/"hash":"[0-9a-f]+"/, `"hash":"${'0'.repeat(32)}"`) }),
    });
    const result = await tampering.sale(env.conn, { orderId: newOrderId(), amount: sar(100), authOnly: false, card: approveCard, customer: testCustomer, ...redirects });
    expect(result).toMatchObject({ ok: false, error: { kind: 'hash_rejected', mayHaveHappened: false, gateway: { errorCode: 'INVALID_HASH' } } });
  });

  it("request_rejected with the gateway's own words", async () => {
    const result = await sale({ customer: { ...testCustomer, email: 'not-an-email' } });
    expect(result).toMatchObject({ ok: false, error: { kind: 'request_rejected', gateway: { code: 400, errorCode: 'VALIDATION_ERROR', message: 'customer.email is not an e-mail address' } } });
  });

  it('not_found for an unknown order or transaction', async () => {
    expect(await client.status(env.conn, { orderId: 'no-such-order' })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(await client.capture(env.conn, { transactionId: 'nope', amount: sar(1) })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('conflict for a duplicate orderId', async () => {
    const orderId = newOrderId();
    await sale({ orderId });
    expect(await sale({ orderId })).toMatchObject({ ok: false, error: { kind: 'conflict', gateway: { errorCode: 'DUPLICATE_ORDER_ID' } } });
  });

  it('request_rejected when a capture would exceed what is left', async () => {
    const auth = await sale({ authOnly: true, amount: sar(1_000) });
    const transactionId = auth.ok ? auth.value.transactionId! : '';
    expect(await client.capture(env.conn, { transactionId, amount: sar(1_001) })).toMatchObject({ ok: false, error: { kind: 'request_rejected', gateway: { errorCode: 'AMOUNT_EXCEEDS_AUTHORIZED' } } });
  });

  it('network when nothing listens, and nothing was sent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await sale({}, { baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: env.conn.apiKey });
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', mayHaveHappened: false } });
  });

  it('outcome_unknown when the connection resets after the gateway processed the sale; status then finds it', async () => {
    env.gateway.faults.set('sale', { failure: 'reset_after_processing', times: 1 });
    const orderId = newOrderId();
    const before = env.gateway.records().length;
    const result = await sale({ orderId });
    expect(result).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', mayHaveHappened: true } });
    expect(result.ok || result.error.reasonKey).toBeUndefined(); // said as the broken connection it was
    expect(sent).toHaveLength(1); // never resent
    expect(env.gateway.records().slice(before).filter((r) => r.orderId === orderId)).toHaveLength(1);
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid' } });
  });

  it('outcome_unknown, not failure, when a money call times out or the gateway answers 5xx', async () => {
    env.gateway.faults.set('capture', { failure: 'hang', times: 1 });
    const timedOut = await client.capture(env.conn, { transactionId: 'any', amount: sar(1) }, { timeoutMs: 200 });
    // Each said as what happened (walk30: both were "the connection broke"); the reset above keeps that sentence.
    expect(timedOut).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', reasonKey: 'gateway.outcome_unknown.noAnswerInTime' } });
    env.gateway.faults.set('refund', { failure: 'http_500', times: 1 });
    const serverError = await client.refund(env.conn, { transactionId: 'any', amount: sar(1) });
    expect(serverError).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', httpStatus: 500, gateway: { errorCode: 'INTERNAL_ERROR' }, reasonKey: 'gateway.outcome_unknown.serverError', reasonValues: { status: '500' } } });
    expect(sent.filter((r) => r.url.endsWith('/refund'))).toHaveLength(1);
  });

  it('timeout for a status query that gets no answer, naming the server as every failed connection does, in English and Arabic', async () => {
    env.gateway.faults.set('status', { failure: 'hang' });
    const result = await client.status(env.conn, { orderId: 'x' }, { timeoutMs: 150, retry: false });
    const server = new URL(env.conn.baseUrl).host;
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout', mayHaveHappened: false, reasonValues: { cause: 'timedOut', server } } });
    // It said "The gateway did not answer in time. Try again in a moment.": which server, the person could not tell.
    const why = gatewayReason((result as { error: GatewayError }).error); // what the payment keeps as its last error, and the check's refusal says
    expect(wordReason('en', why)).toBe(`The server ${server} did not answer in time. Check the address and your network; a firewall or VPN may be in the way. Details: ETIMEDOUT.`);
    expect(wordReason('ar', why)).toBe(`لم يُجب الخادم \u2066${server}\u2069 في الوقت المحدد. تحقق من العنوان ومن اتصالك بالشبكة؛ فقد يعترضه جدار حماية أو شبكة افتراضية خاصة (VPN). التفاصيل: \u2066ETIMEDOUT\u2069.`);
    expect(toAppFailure((result as { error: GatewayError }).error).toError().reason).toEqual(why);
  });

  it('retries status with back-off after server errors, then succeeds', async () => {
    const orderId = newOrderId();
    await sale({ orderId });
    sent = [];
    env.gateway.faults.set('status', { failure: 'http_500', times: 2 });
    const result = await client.status(env.conn, { orderId });
    expect(result).toMatchObject({ ok: true, value: { state: 'paid' } });
    expect(sent).toHaveLength(3);
    expect(sleeps).toEqual([500, 1500]);
  });

  it('gateway_error for a status query answered 5xx every time', async () => {
    env.gateway.faults.set('status', { failure: 'http_500' });
    const result = await client.status(env.conn, { orderId: 'x' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'gateway_error', httpStatus: 500 } });
    expect(sent).toHaveLength(3);
  });

  it('malformed_response for a body that is not JSON; a money call may have happened', async () => {
    const orderId = newOrderId();
    env.gateway.faults.set('sale', { failure: 'malformed_json', times: 1 });
    expect(await sale({ orderId })).toMatchObject({ ok: false, error: { kind: 'malformed_response', mayHaveHappened: true } });
    env.gateway.faults.set('status', { failure: 'malformed_json', times: 1 });
    expect(await client.status(env.conn, { orderId }, { retry: false })).toMatchObject({ ok: false, error: { kind: 'malformed_response', mayHaveHappened: false } });
  });

  it('an envelope with an errorCode is a failure even on HTTP 200', async () => {
    env.gateway.faults.set('createPaymentLink', { failure: 'error_envelope', times: 1 });
    const result = await client.createPaymentLink(env.conn, { orderId: newOrderId(), amount: sar(100), description: 'x', customer: testCustomer, ...redirects });
    expect(result).toMatchObject({ ok: false, error: { kind: 'request_rejected', httpStatus: 200, gateway: { errorCode: 'PRACTICE_FAULT' } } });
  });

  it('cancelled before sending, and a cancelled money call in flight is outcome_unknown', async () => {
    const early = new AbortController();
    early.abort();
    expect(await sale({}, env.conn).then(() => client.status(env.conn, { orderId: 'x' }, { signal: early.signal }))).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    env.gateway.faults.set('void', { failure: 'hang', times: 1 });
    const late = new AbortController();
    const pending = client.void(env.conn, { transactionId: 'x' }, { signal: late.signal });
    setTimeout(() => late.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
  });
});

describe('the key stays home', () => {
  let other: Server;
  let otherSawKey = false;
  beforeAll(async () => {
    other = createServer((req, res) => {
      if (req.headers['x-api-key']) otherSawKey = true;
      res.writeHead(307, { Location: `${env.gateway.baseUrl}/payment-gateway/status` }).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(() => new Promise((resolve) => other.close(resolve)));

  it('never follows a redirect', async () => {
    const redirecting = createServer((_req, res) => res.writeHead(307, { Location: `http://127.0.0.1:${(other.address() as { port: number }).port}/steal` }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', () => resolve()));
    const port = (redirecting.address() as { port: number }).port;
    const result = await client.status({ baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: env.conn.apiKey }, { orderId: 'x' }, { retry: false });
    redirecting.close();
    expect(result).toMatchObject({ ok: false, error: { kind: 'gateway_error', httpStatus: 307 } });
    expect(otherSawKey).toBe(false);
  });

  it('refuses a path override on another origin without sending anything', async () => {
    const result = await client.status({ ...env.conn, pathOverrides: { status: `http://127.0.0.1:${(other.address() as { port: number }).port}/status` } }, { orderId: 'x' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'request_rejected' } });
    expect(sent).toHaveLength(0);
  });

  it('follows a relative path override on the same origin', async () => {
    const orderId = newOrderId();
    await sale({ orderId });
    const result = await client.status({ ...env.conn, pathOverrides: { status: '/payment-gateway/status' } }, { orderId });
    expect(result.ok).toBe(true);
  });

  it('no log line, error or stored answer carries the key, a card number or a CVV', async () => {
    const secretsSeen = [env.conn.apiKey, '5123450000000008', '5123 4500 0000 0008', '4111111111111111', '"100"'];
    const results = [await sale(), await sale({ card: { ...approveCard, cvv: '999' } }), await client.status({ ...env.conn, apiKey: 'wrong-key-zzzz' }, { orderId: 'x' })];
    const everything = [...clientLogger.lines, ...env.logger.lines, JSON.stringify(results)].join('\n');
    for (const secret of secretsSeen) expect(everything).not.toContain(secret);
    expect(everything).not.toContain('wrong-key-zzzz');
  });
});
