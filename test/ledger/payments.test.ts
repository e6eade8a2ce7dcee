// The ledger's promises through the contract handlers, against the practice gateway: every
// payment and operation recorded before it is sent, the money rules enforced in main, an
// unclear outcome settled by status and never resent, production confirmed. On a laptop's SQLite
// ledger and on the team ledger, logged in as support (test/support/ledger-apps.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { customer, goodCard } from './support';
import { newOrderId } from '../support/practice';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import type { MethodName } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';
import { storedLastError } from '../../main/ledger/last-error';

describeLedgerApp('the ledger\'s money flows', (app, backend) => {
const t = { get practice() { return app().practice; }, get service() { return app().service; }, get events() { return app().events; } };
async function call<T = PaymentView>(name: string, input: unknown): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string; fields?: Record<string, string> } }> {
  return app().call<T>(name as MethodName, input) as never;
}
async function value<T = PaymentView>(name: string, input: unknown): Promise<T> {
  const result = await call<T>(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
  return result.value;
}
const authorise = (amount = '100.00', currency = 'SAR') =>
  value<{ payment: PaymentView }>('chargeCard', { amount, currency, card: goodCard, customer, authOnly: true }).then((r) => r.payment);
const sell = (amount = '100.00') => value<{ payment: PaymentView }>('chargeCard', { amount, currency: 'SAR', card: goodCard, customer, authOnly: false }).then((r) => r.payment);
const gatewayRecords = (transactionId: string | null, operation: string) => t.practice.gateway.records().filter((r) => r.transactionId === transactionId && r.operation === operation);

describe('creating payments', () => {
  it('records a payment link with the generated order id, the link and its state', async () => {
    const link = await value('createPaymentLink', { amount: '1,250.5', currency: 'SAR', description: 'Invoice 12', customer });
    expect(link).toMatchObject({ kind: 'link', state: 'pending', amountMinor: 125_050, currency: 'SAR', orderId: expect.stringMatching(/^PD-\d{8}-[0-9A-Z]{8}$/), url: expect.stringContaining('/link?linkId='), customer: { phone: '+966500000002' } });
    const detail = await value<{ operations: Array<{ kind: string; outcome: string }>; history: Array<{ state: string }> }>('getPayment', { paymentId: link.id });
    expect(detail.operations).toMatchObject([{ kind: 'create', outcome: 'succeeded' }]);
    expect(detail.history.map((h) => h.state)).toEqual(['creating', 'pending']);
  });

  it('keeps only the first six and last four digits of a card', async () => {
    const payment = await sell();
    expect(payment.cardMasked).toBe('512345******0008');
    const everything = await app().everything();
    expect(everything).toContain('512345');
    expect(everything).not.toContain('5123450000000008');
    expect(everything).not.toContain('"100"');
  });

  it('returns the 3-D Secure html for the challenge card and records the payment as pending', async () => {
    const result = await value<{ payment: PaymentView; challengeHtml: string | null }>('chargeCard', { amount: '5', currency: 'SAR', card: { ...goodCard, number: '4111111111111111', cvv: '123' }, customer, authOnly: false });
    expect(result.payment.state).toBe('pending');
    expect(result.challengeHtml).toContain('<form');
  });

  it('refuses an order id already in the ledger, before sending anything', async () => {
    const orderId = newOrderId();
    await value('createPaymentLink', { orderId, amount: '10', currency: 'SAR', description: 'A', customer });
    const before = t.practice.gateway.records().length;
    const again = await call('createPaymentLink', { orderId, amount: '10', currency: 'SAR', description: 'A', customer });
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict', fields: { orderId: expect.any(String) } } });
    expect(t.practice.gateway.records().length).toBe(before);
  });

  it('of two creates of one order id started together, one is sent and the other refused as a conflict', async () => {
    const orderId = newOrderId();
    const both = await Promise.all([0, 1].map(() => call('createPaymentLink', { orderId, amount: '10', currency: 'SAR', description: 'A', customer })));
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'conflict', fields: { orderId: expect.any(String) } } });
    expect(t.practice.gateway.records().filter((r) => r.orderId === orderId)).toHaveLength(1);
  });

  it.each([
    [{ amount: '10.005' }, 'amount', /at most 2 decimals/],
    [{ amount: '-5' }, 'amount', /without a sign/],
    [{ amount: '12,50' }, 'amount', /Use a dot for the decimals, as in 12\.50/], // never read as 1250.00
    [{ amount: '0' }, 'amount', /more than zero/],
    [{ amount: 'ten' }, 'amount', /digits/],
    [{ customer: { ...customer, email: 'omar' } }, 'customer.email', /e-mail/],
    [{ customer: { ...customer, phone: '0500000000' } }, 'customer.phone', /international/],
    [{ customer: { ...customer, name: 'Omar\u0007' } }, 'customer.name', /characters/],
    [{ description: '' }, 'description', /Fill in this field/],
    [{ customer: { ...customer, name: 'Omar\u202Eevil' } }, 'customer.name', /invisible or direction-changing/],
    [{ customer: { ...customer, name: 'Om\u200Bar' } }, 'customer.name', /invisible or direction-changing/],
    [{ successUrl: 'javascript:alert(1)' }, 'successUrl', /https/],
    [{ successUrl: 'https://user:pw@shop.example/' }, 'successUrl', /password/],
    [{ orderId: 'has space' }, 'orderId', /letters/],
    [{ expireDate: '2026-02-30' }, 'expireDate', /year-month-day/],
  ])('refuses %o with a message on %s', async (override, field, message) => {
    const result = await call('createPaymentLink', { amount: '10', currency: 'SAR', description: 'Invoice', customer, ...override });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.fields?.[field]).toMatch(message);
      // The renderer words it from the reason: its key is one of contract/reasons.ts.
      expect((result.error as { fieldReasons?: Record<string, { key: string }> }).fieldReasons?.[field]?.key).toMatch(/^(amount|input|card|rule)\./);
    }
  });

  it('refuses a card that fails the Luhn check or has expired, and never sends it', async () => {
    const before = t.practice.gateway.records().length;
    expect(await call('chargeCard', { amount: '1', currency: 'SAR', card: { ...goodCard, number: '5123450000000009' }, customer, authOnly: false })).toMatchObject({ ok: false, error: { fields: { 'card.number': expect.any(String) } } });
    expect(await call('chargeCard', { amount: '1', currency: 'SAR', card: { ...goodCard, expiryYear: '2020' }, customer, authOnly: false })).toMatchObject({ ok: false, error: { fields: { 'card.expiryYear': 'This card has expired.' } } });
    expect(t.practice.gateway.records().length).toBe(before);
  });
});

describe('money rules', () => {
  it('captures in parts up to the authorisation and no further', async () => {
    const p = await authorise('100.00');
    expect(await value('capturePayment', { paymentId: p.id, amount: '60', currency: 'SAR' })).toMatchObject({ state: 'partially_captured', capturedMinor: 6_000 });
    expect(await call('capturePayment', { paymentId: p.id, amount: '40.01', currency: 'SAR' })).toMatchObject({ ok: false, error: { code: 'rule_violation', message: 'At most SAR\u00A040.00 is left to capture.', reason: { key: 'rule.captureTooMuch', values: { amountMinor: 4_000, currency: 'SAR' } } } });
    expect(await value('capturePayment', { paymentId: p.id, amount: '40', currency: 'SAR' })).toMatchObject({ state: 'paid', capturedMinor: 10_000 });
    expect(gatewayRecords(p.transactionId, 'capture')).toHaveLength(2);
  });

  it('voids only before any capture', async () => {
    const captured = await authorise();
    await value('capturePayment', { paymentId: captured.id, amount: '1', currency: 'SAR' });
    expect(await call('voidPayment', { paymentId: captured.id })).toMatchObject({ ok: false, error: { code: 'rule_violation' } });
    expect(gatewayRecords(captured.transactionId, 'void')).toHaveLength(0);
    const fresh = await authorise();
    expect(await value('voidPayment', { paymentId: fresh.id })).toMatchObject({ state: 'voided' });
  });

  it('refunds at most what was captured and not refunded, with a reason', async () => {
    const p = await sell('50.00');
    expect(await call('refundPayment', { paymentId: p.id, amount: '10', currency: 'SAR', reason: '  ' })).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { reason: expect.any(String) } } });
    expect(await value('refundPayment', { paymentId: p.id, amount: '20', currency: 'SAR', reason: 'Damaged' })).toMatchObject({ state: 'partially_refunded', refundedMinor: 2_000 });
    expect(await call('refundPayment', { paymentId: p.id, amount: '30.01', currency: 'SAR', reason: 'More' })).toMatchObject({ ok: false, error: { code: 'rule_violation', message: 'At most SAR\u00A030.00 is left to refund.', reason: { key: 'rule.refundTooMuch', values: { amountMinor: 3_000, currency: 'SAR' } } } });
    expect(await value('refundPayment', { paymentId: p.id, amount: '30', currency: 'SAR', reason: 'Rest' })).toMatchObject({ state: 'refunded', refundedMinor: 5_000 });
    expect(gatewayRecords(p.transactionId, 'refund')).toHaveLength(2);
  });

  it.each([
    ['negative', '-1', 'SAR', 'invalid_input'],
    ['zero', '0.00', 'SAR', 'invalid_input'],
    ['too many decimals', '1.001', 'SAR', 'invalid_input'],
    ['another currency', '1', 'KWD', 'rule_violation'],
    ['a huge amount', '99999999999999999999', 'SAR', 'invalid_input'],
  ])('refuses a %s refund amount', async (_what, amount, currency, code) => {
    const p = await sell('10.00');
    expect(await call('refundPayment', { paymentId: p.id, amount, currency, reason: 'x' })).toMatchObject({ ok: false, error: { code } });
    expect(gatewayRecords(p.transactionId, 'refund')).toHaveLength(0);
  });

  it('lets only one of two simultaneous refunds through', async () => {
    const p = await sell('10.00');
    t.practice.gateway.faults.set('refund', { latencyMs: 150, times: 1 });
    const results = await Promise.all([
      call('refundPayment', { paymentId: p.id, amount: '10', currency: 'SAR', reason: 'Window 1' }),
      call('refundPayment', { paymentId: p.id, amount: '10', currency: 'SAR', reason: 'Window 2' }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'busy' } });
    expect(gatewayRecords(p.transactionId, 'refund')).toHaveLength(1);
  });
});

describe('unclear outcomes', () => {
  it('a capture whose answer was lost blocks the payment; an answer without totals cannot decide it, so a person settles it', async () => {
    const p = await authorise('30.00');
    t.practice.gateway.faults.set('capture', { failure: 'reset_after_processing', times: 1 });
    const unclear = await value('capturePayment', { paymentId: p.id, amount: '30', currency: 'SAR' });
    expect(unclear).toMatchObject({ operationInFlight: true, state: 'authorised', lastError: expect.stringMatching(/may or may not/), lastErrorReason: { key: 'gateway.outcome_unknown' } });
    expect(await call('capturePayment', { paymentId: p.id, amount: '30', currency: 'SAR' })).toMatchObject({ ok: false, error: { code: 'busy', message: expect.stringMatching(/Check its status/) } });
    const listed = await value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: p.orderId } });
    // The list says why too (the attention screen shows a row's last error).
    expect(listed.rows).toMatchObject([{ id: p.id, operationInFlight: true, lastError: expect.stringMatching(/may or may not/), lastErrorReason: { key: 'gateway.outcome_unknown' } }]);
    // "Approved, Capture" says something was captured, not how much: no verdict, a person is asked.
    const checked = await value('checkPaymentStatus', { paymentId: p.id });
    expect(checked).toMatchObject({ state: 'authorised', capturedMinor: 0, operationInFlight: true, needsAttention: true, attentionReason: 'undecidable' });
    const detail = await value<{ operations: Array<{ id: string; kind: string; outcome: string }> }>('getPayment', { paymentId: p.id });
    const op = detail.operations.find((o) => o.kind === 'capture')!;
    expect(await call('settleOperation', { paymentId: p.id, operationId: op.id, happened: true, reason: '  ' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const settled = await value('settleOperation', { paymentId: p.id, operationId: op.id, happened: true, reason: 'Dashboard shows the capture of 30.00' });
    expect(settled).toMatchObject({ state: 'paid', capturedMinor: 3_000, operationInFlight: false, needsAttention: false, attentionReason: null });
    expect(gatewayRecords(p.transactionId, 'capture')).toHaveLength(1); // nothing was resent
    const audit = await value<{ rows: Array<{ action: string; result: string; reason: string | null; osUser: string }> }>('listAuditLog', { query: 'settle_capture' });
    expect(audit.rows[0]).toMatchObject({ action: 'settle_capture', result: 'went_through', reason: 'Dashboard shows the capture of 30.00', osUser: 'tester' });
    expect(await value('refundPayment', { paymentId: p.id, amount: '30', currency: 'SAR', reason: 'after settling' })).toMatchObject({ state: 'refunded' });
  });

  it('a refund that never arrived (5xx) is settled by a person as not done, and can then be made once', async () => {
    const p = await sell('10.00');
    t.practice.gateway.faults.set('refund', { failure: 'http_500', times: 1 });
    expect(await value('refundPayment', { paymentId: p.id, amount: '10', currency: 'SAR', reason: 'x' })).toMatchObject({ operationInFlight: true });
    const before = await call('getPayment', { paymentId: p.id }) as { ok: true; value: { operations: Array<{ id: string; kind: string }> } };
    const op = before.value.operations.find((o) => o.kind === 'refund')!;
    // Not before a status answer has tried: a person settles only what answers cannot.
    expect(await call('settleOperation', { paymentId: p.id, operationId: op.id, happened: false, reason: 'too early' })).toMatchObject({ ok: false, error: { code: 'rule_violation' } });
    // "Approved, Purchase" without totals does not prove the refund did not happen: never settled as failed by it.
    expect(await value('checkPaymentStatus', { paymentId: p.id })).toMatchObject({ state: 'paid', refundedMinor: 0, operationInFlight: true, attentionReason: 'undecidable' });
    expect(await value('settleOperation', { paymentId: p.id, operationId: op.id, happened: false, reason: 'No refund on the dashboard' })).toMatchObject({ state: 'paid', refundedMinor: 0, operationInFlight: false });
    expect(await value('refundPayment', { paymentId: p.id, amount: '10', currency: 'SAR', reason: 'x' })).toMatchObject({ state: 'refunded' });
    expect(gatewayRecords(p.transactionId, 'refund')).toHaveLength(1);
  });

  it('a status check that fails after a refund was made meanwhile leaves no error on the refunded payment', async () => {
    // Walkthrough 2026-11-29: a slow, failing check (Paydesk's own) came back after a person's
    // refund had gone through: the refunded payment showed "The gateway reported an error. Try
    // again later." in red, and Needs attention would have given it as the reason.
    const p = await sell('10.00');
    t.practice.gateway.faults.set('status', { latencyMs: 200, failure: 'http_500' });
    const slowCheck = call('checkPaymentStatus', { paymentId: p.id });
    const refunded = await value('refundPayment', { paymentId: p.id, amount: '10', currency: 'SAR', reason: 'Customer asked' });
    expect(refunded).toMatchObject({ state: 'refunded', operationInFlight: false });
    expect(await slowCheck).toMatchObject({ ok: false, error: { code: 'gateway_error' } }); // the person who asked is told
    t.practice.gateway.faults.set('status', null);
    const after = await value<{ payment: PaymentView; checks: Array<{ outcome: string }> }>('getPayment', { paymentId: p.id });
    expect(after.payment).toMatchObject({ state: 'refunded', lastError: null, lastErrorReason: null, needsAttention: false });
    expect(after.checks.some((c) => c.outcome === 'gateway_error')).toBe(true); // the failed check is in its timeline
    expect(gatewayRecords(p.transactionId, 'refund')).toHaveLength(1);
  });

  it('a sale whose answer was lost is found by its order id', async () => {
    const orderId = newOrderId();
    t.practice.gateway.faults.set('sale', { failure: 'reset_after_processing', times: 1 });
    const result = await value<{ payment: PaymentView }>('chargeCard', { orderId, amount: '7', currency: 'SAR', card: goodCard, customer, authOnly: false });
    expect(result.payment).toMatchObject({ state: 'unknown', orderId, operationInFlight: true });
    expect(await value('checkPaymentStatus', { paymentId: result.payment.id })).toMatchObject({ state: 'paid', transactionId: expect.any(String), operationInFlight: false });
    expect(t.practice.gateway.records().filter((r) => r.orderId === orderId)).toHaveLength(1);
  });

  it('a link the gateway never received becomes "not created" and may be created again with the same order id', async () => {
    const orderId = newOrderId();
    t.practice.gateway.faults.set('createPaymentLink', { failure: 'http_500', times: 1 });
    const unclear = await value('createPaymentLink', { orderId, amount: '10', currency: 'SAR', description: 'A', customer });
    expect(unclear.state).toBe('unknown');
    expect(await value('checkPaymentStatus', { paymentId: unclear.id })).toMatchObject({ state: 'not_created', lastErrorReason: { key: 'gateway.notCreated' }, lastError: expect.stringMatching(/You can create it again/) });
    expect(await value('createPaymentLink', { orderId, amount: '10', currency: 'SAR', description: 'A', customer })).toMatchObject({ state: 'pending', orderId });
    expect(t.practice.gateway.records().filter((r) => r.orderId === orderId)).toHaveLength(1);
  });

  it('after a crash mid-send, the restart marks it unknown; reconciliation asks, and a person settles what it cannot', async () => {
    const p = await authorise('5.00');
    // What a crash between "recorded" and "answered" leaves behind: the intent, recorded as the flows record it.
    const crashed = randomUUID();
    await app().store.insertOperation({ id: crashed, payment_id: p.id, kind: 'capture', amount_minor: 500, base_minor: 0, reason: null, os_user: 'tester', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: new Date().toISOString(), completed_at: null });
    expect(await t.service.markInterrupted()).toBe(1);
    expect(await t.service.reconcileDue()).toBeGreaterThanOrEqual(1);
    const op = (await app().store.operation(crashed))!;
    expect(op.outcome).toBe('unknown'); // "Approved, Authorization" alone proves nothing either way
    expect(await value('getPayment', { paymentId: p.id }).then((d) => (d as unknown as { payment: PaymentView }).payment)).toMatchObject({ needsAttention: true, attentionReason: 'undecidable' });
    expect(await value('settleOperation', { paymentId: p.id, operationId: crashed, happened: false, reason: 'Dashboard: authorised, nothing captured' })).toMatchObject({ state: 'authorised', capturedMinor: 0, operationInFlight: false });
  });
});

describe('production', () => {
  it('asks for a confirmation that names the environment before any money moves', async () => {
    const live = await app().open({ environment: 'production' });
    const input = { amount: '10', currency: 'SAR', description: 'A', customer };
    expect(await live.call('createPaymentLink', input)).toMatchObject({ ok: false, error: { code: 'confirmation_required' } });
    expect(live.practice.gateway.records()).toHaveLength(0);
    expect(await live.call('createPaymentLink', { ...input, confirm: { environment: 'production', profileId: 'practice' } })).toMatchObject({ ok: true });
  });
});

describe('lookup, watching and notifications', () => {
  it('adds a payment made elsewhere, found by its order id, to the ledger once', async () => {
    const { createGatewayClient } = await import('../../main/gateway/client');
    const outside = createGatewayClient({ logger: t.practice.logger });
    const orderId = newOrderId('WEB');
    await outside.sale(t.practice.conn, { orderId, amount: { minor: 4_321, currency: 'SAR' }, authOnly: false, card: { ...goodCard, number: '5123450000000008' }, customer: { ...customer, phone: '+966500000002' }, successUrl: 'https://x.example/', failureUrl: 'https://x.example/' });
    const found = await value('lookupPayment', { orderId });
    expect(found).toMatchObject({ kind: 'external', orderId, amountMinor: 4_321, currency: 'SAR', state: 'paid', transactionId: expect.any(String) });
    const again = await value('lookupPayment', { transactionId: found.transactionId });
    expect(again.id).toBe(found.id);
    expect(await call('lookupPayment', { orderId: 'NO-SUCH-ORDER' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call('lookupPayment', {})).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('tells the user when a watched link is paid, and when a refund fails', async () => {
    const link = await value('createPaymentLink', { amount: '15', currency: 'SAR', description: 'Watched', customer });
    expect(await value('watchPayment', { paymentId: link.id, watched: true })).toMatchObject({ watched: true });
    const url = new URL(link.url!);
    await fetch(`${url.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: url.searchParams.get('linkId')!, cardNumber: '5123450000000008', cardHolder: 'X', expiry: '01/39', cvv: '100' }) });
    t.events.length = 0;
    expect(await value('checkPaymentStatus', { paymentId: link.id })).toMatchObject({ state: 'paid' });
    expect(t.events).toContainEqual({ type: 'notification', level: 'info', paymentId: link.id, message: `Payment link ${link.orderId} was paid: SAR\u00A015.00.`, reason: { key: 'notify.linkPaid', values: { orderId: link.orderId, amountMinor: 1_500, currency: 'SAR' } } });

    const p = await sell('5');
    t.practice.gateway.faults.set('refund', { failure: 'error_envelope', times: 1 });
    t.events.length = 0;
    expect(await call('refundPayment', { paymentId: p.id, amount: '5', currency: 'SAR', reason: 'x' })).toMatchObject({ ok: false });
    expect(t.events).toContainEqual(expect.objectContaining({ type: 'notification', level: 'error', paymentId: p.id }));
  });
});

describe('what status checks leave on a payment', () => {
  type Detail = { payment: PaymentView; checks: Array<{ outcome: string }>; history: Array<{ state: string }> };
  const detail = (paymentId: string, on = app()) => on.value<Detail>('getPayment', { paymentId });
  const link = () => value('createPaymentLink', { amount: '12', currency: 'SAR', description: 'Checked', customer });
  /** What the practice gateway's error envelope fault makes a status check's reason: the check refused, nothing typed to correct. */
  const refusedReason = { key: 'gateway.statusRefused', values: { said: 'Practice fault: error envelope' } };

  it('a failed check keeps its own message as the last error, on every laptop, until the next answer clears it', async () => {
    const p = await link();
    t.practice.gateway.faults.set('status', { failure: 'error_envelope', times: 1 });
    const refused = await call('checkPaymentStatus', { paymentId: p.id });
    expect(refused.ok).toBe(false);
    const failed = await detail(p.id);
    expect(failed.checks.at(-1)).toMatchObject({ outcome: expect.not.stringMatching(/^ok$/) });
    // Its reason, for the page to word in the reader's language, beside its English words (tools, logs).
    expect(failed.payment.lastErrorReason).toEqual(refusedReason);
    expect(failed.payment.lastError).toBe('The gateway refused the status check. Nothing was changed: the payment keeps the state Paydesk last knew. Check again later; if the gateway keeps refusing, its support can say why. The gateway said: “Practice fault: error envelope”.');
    expect(failed.payment.lastCheckedAt).not.toBeNull();
    // The list says it too (the attention screen shows a row's last error), and so does another laptop on the same ledger.
    const listed = await value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: p.orderId } });
    expect(listed.rows).toMatchObject([{ id: p.id, lastError: failed.payment.lastError, lastErrorReason: refusedReason }]);
    if (backend === 'postgres') expect((await detail(p.id, await app().open({ role: 'staff' }))).payment).toMatchObject({ lastError: failed.payment.lastError, lastErrorReason: refusedReason });
    // An export has no last error column: no reason's JSON in it either.
    const { csv } = await value<{ csv: string }>('exportPayments', { filter: { query: p.orderId } });
    expect(csv).toContain(p.orderId);
    expect(csv).not.toMatch(/"key"|gateway\.|Practice fault/);

    const answered = await value('checkPaymentStatus', { paymentId: p.id });
    expect(answered).toMatchObject({ state: 'pending', lastError: null });
    expect(Date.parse(answered.lastCheckedAt!)).toBeGreaterThanOrEqual(Date.parse(failed.payment.lastCheckedAt!));
  });

  it('the payment says when it was last checked', async () => {
    const p = await link();
    expect(p.lastCheckedAt).toBeNull();
    const before = Date.now();
    const checked = await value('checkPaymentStatus', { paymentId: p.id });
    expect(Date.parse(checked.lastCheckedAt!)).toBeGreaterThanOrEqual(before - 1_000);
    expect((await detail(p.id)).payment.lastCheckedAt).toBe(checked.lastCheckedAt);
    const listed = await value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: p.orderId } });
    expect(listed.rows[0]!.lastCheckedAt).toBe(checked.lastCheckedAt);
  });

  it('checks without a settled answer count up: after five failed in a row the payment needs a person\'s attention', async () => {
    const p = await link();
    t.practice.gateway.faults.set('status', { failure: 'error_envelope', times: 5 });
    for (let i = 1; i <= 4; i++) expect((await call('checkPaymentStatus', { paymentId: p.id })).ok).toBe(false);
    expect((await detail(p.id)).payment).toMatchObject({ state: 'pending', needsAttention: false });
    expect((await call('checkPaymentStatus', { paymentId: p.id })).ok).toBe(false);
    expect((await detail(p.id)).payment).toMatchObject({ state: 'pending', needsAttention: true, attentionReason: 'unsettled' });
    // The next clear answer (unpaid: the link waits for its customer) takes the flag away.
    expect(await value('checkPaymentStatus', { paymentId: p.id })).toMatchObject({ state: 'pending', needsAttention: false, attentionReason: null });
  });

  it('a link the gateway answers unpaid, check after check, waits for its customer without anyone\'s attention', async () => {
    // Every unpaid link was in Needs attention ("has not settled after several checks") 23 minutes after it was made.
    const p = await link();
    for (let i = 1; i <= 7; i++) expect(await value('checkPaymentStatus', { paymentId: p.id })).toMatchObject({ state: 'pending', needsAttention: false, attentionReason: null });
    expect((await detail(p.id)).checks.filter((c) => c.outcome === 'ok')).toHaveLength(7);
    const waiting = await value<{ rows: PaymentView[] }>('searchPayments', { filter: { needsAttention: true } });
    expect(waiting.rows.map((r) => r.id)).not.toContain(p.id);
  });

  it('a failed status check by finance leaves its reason too (on the team ledger through the database\'s narrow path)', async () => {
    const p = await link();
    const fay = backend === 'postgres' ? await app().open({ role: 'finance', sameGateway: true }) : app();
    t.practice.gateway.faults.set('status', { failure: 'error_envelope', times: 1 });
    expect((await fay.call('checkPaymentStatus', { paymentId: p.id })).ok).toBe(false);
    expect((await detail(p.id)).payment).toMatchObject({ lastErrorReason: refusedReason, lastError: expect.stringMatching(/^The gateway refused the status check\./) });
  });

  it('an older payment from before the team ledger keeps its last error: English text, shown as it is, without a reason', async () => {
    const orderId = newOrderId('OLD');
    await app().seedHistory([{ order_id: orderId, created_at: '2025-03-01T10:00:00.000Z', check_attempts: 3, last_error: 'The gateway did not answer in time.' }]);
    const listed = await value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: orderId } });
    expect(listed.rows).toMatchObject([{ orderId, lastError: 'The gateway did not answer in time.', lastErrorReason: null }]);
    expect((await value<{ payment: PaymentView }>('getPayment', { paymentId: listed.rows[0]!.id })).payment).toMatchObject({ lastError: 'The gateway did not answer in time.', lastErrorReason: null });
  });

  it('a laptop\'s payment with a reason as its last error keeps that reason (on the team ledger: copied from the laptop)', async () => {
    const orderId = newOrderId('OLD');
    await app().seedHistory([{ order_id: orderId, created_at: '2025-03-02T10:00:00.000Z', check_attempts: 1, last_error: storedLastError({ key: 'gateway.timeout' }) }]);
    const listed = await value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: orderId } });
    expect(listed.rows).toMatchObject([{ orderId, lastError: 'The gateway did not answer in time. Try again in a moment.', lastErrorReason: { key: 'gateway.timeout' } }]);
  });
});

describe('watching a link', () => {
  it('stays watched after a restart, and the restarted app tells when it is paid', async () => {
    const link = await value('createPaymentLink', { amount: '16', currency: 'SAR', description: 'Watched', customer });
    await value('watchPayment', { paymentId: link.id, watched: true });
    const restarted = await app().restart();
    const seen = await restarted.value<{ payment: PaymentView }>('getPayment', { paymentId: link.id });
    expect(seen.payment.watched).toBe(true);
    expect((await restarted.value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: link.orderId } })).rows).toMatchObject([{ id: link.id, watched: true }]);
    const url = new URL(link.url!);
    await fetch(`${url.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: url.searchParams.get('linkId')!, cardNumber: '5123450000000008', cardHolder: 'X', expiry: '01/39', cvv: '100' }) });
    expect(await restarted.value('checkPaymentStatus', { paymentId: link.id })).toMatchObject({ state: 'paid', watched: true });
    expect(restarted.events).toContainEqual(expect.objectContaining({ type: 'notification', level: 'info', paymentId: link.id, reason: { key: 'notify.linkPaid', values: { orderId: link.orderId, amountMinor: 1_600, currency: 'SAR' } } }));
    expect(await restarted.value('watchPayment', { paymentId: link.id, watched: false })).toMatchObject({ watched: false });
    expect((await value<{ payment: PaymentView }>('getPayment', { paymentId: link.id })).payment.watched).toBe(false);
  });

  // A team's watching is each person's own; on a laptop's file there is one person.
  if (backend === 'postgres') {
    it('on the team ledger, is the person\'s own: another person neither sees it nor is told; finance may watch too', async () => {
      const link = await value('createPaymentLink', { amount: '17', currency: 'SAR', description: 'Watched by sue', customer });
      await value('watchPayment', { paymentId: link.id, watched: true });
      const sam = await app().open({ role: 'staff' });
      expect((await sam.value<{ payment: PaymentView }>('getPayment', { paymentId: link.id })).payment.watched).toBe(false);
      expect((await sam.value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: link.orderId } })).rows).toMatchObject([{ id: link.id, watched: false }]);
      const fay = await app().open({ role: 'finance' });
      expect(await fay.value('watchPayment', { paymentId: link.id, watched: true })).toMatchObject({ watched: true });
      // Sue stops watching: fay still watches.
      await value('watchPayment', { paymentId: link.id, watched: false });
      expect((await fay.value<{ payment: PaymentView }>('getPayment', { paymentId: link.id })).payment.watched).toBe(true);
    });

    it('on the team ledger, tells the watcher when another laptop\'s check finds the link paid, and not the one who checked', async () => {
      const link = await value('createPaymentLink', { amount: '18', currency: 'SAR', description: 'Watched, checked elsewhere', customer });
      await value('watchPayment', { paymentId: link.id, watched: true });
      const sam = await app().open({ role: 'staff', sameGateway: true });
      const url = new URL(link.url!);
      await fetch(`${url.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: url.searchParams.get('linkId')!, cardNumber: '5123450000000008', cardHolder: 'X', expiry: '01/39', cvv: '100' }) });
      expect(await sam.value('checkPaymentStatus', { paymentId: link.id })).toMatchObject({ state: 'paid', watched: false });
      const told = { type: 'notification', level: 'info', paymentId: link.id, message: `Payment link ${link.orderId} was paid: SAR\u00A018.00.`, reason: { key: 'notify.linkPaid', values: { orderId: link.orderId, amountMinor: 1_800, currency: 'SAR' } } };
      await vi.waitFor(() => expect(t.events).toContainEqual(told), { timeout: 15_000, interval: 50 });
      expect(sam.events).not.toContainEqual(expect.objectContaining({ type: 'notification', paymentId: link.id }));
    });
  }
});

describe('export in chunks', () => {
  it('joins into one CSV with one header, and says when it is done', async () => {
    const first = await value<{ csv: string; rows: number; total: number; done: boolean }>('exportPayments', { limit: 3 });
    expect(first.rows).toBe(3);
    expect(first.done).toBe(first.total <= 3);
    let csv = first.csv;
    for (let offset = 3; offset < first.total; offset += 3) {
      const chunk = await value<{ csv: string; done: boolean }>('exportPayments', { offset, limit: 3 });
      expect(chunk.csv.startsWith('\uFEFF')).toBe(false);
      csv += chunk.csv;
    }
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines.filter((line) => line.includes('created_at,kind,order_id'))).toHaveLength(1);
    expect(lines).toHaveLength(first.total + 1);
  });

  it('lists the audit log newest first, searchable', async () => {
    const all = await value<{ total: number; chainIntact: boolean; rows: Array<{ seq: number; action: string; osUser: string }> }>('listAuditLog', { limit: 5 });
    expect(all.chainIntact).toBe(true);
    expect(all.rows[0]!.seq).toBeGreaterThan(all.rows[1]!.seq);
    const refunds = await value<{ total: number; rows: Array<{ action: string; result: string }> }>('listAuditLog', { query: 'refund', limit: 500 });
    expect(refunds.total).toBeGreaterThan(0);
    expect(refunds.total).toBeLessThan(all.total);
    for (const row of refunds.rows) expect(`${row.action} ${row.result}`).toContain('refund');
  });
});

describe('a status answer arriving while an operation is in flight', () => {
  it('does not settle the in-flight operation, and the later check counts the refund once and as done', async () => {
    let hook: (() => Promise<void>) | undefined;
    const racing: LedgerApp = await app().open({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (hook && String(input).endsWith('/refund')) {
          await hook(); // the gateway has refunded; a webhook-driven check runs before our answer arrives
          throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
        }
        return response;
      },
    });
    {
      const run = (name: MethodName, input: unknown) => racing.call<PaymentView>(name, input) as Promise<{ ok: boolean; value: PaymentView }>;
      const sale = await run('chargeCard', { amount: '40', currency: 'SAR', card: goodCard, customer, authOnly: false });
      const paymentId = (sale.value as unknown as { payment: PaymentView }).payment.id;
      hook = async () => {
        await racing.service.refresh(paymentId, 'webhook');
      };
      const refund = await run('refundPayment', { paymentId, amount: '40', currency: 'SAR', reason: 'race' });
      hook = undefined;
      // The answer asked for while the refund was on the wire is not applied: it may predate it.
      expect(refund.value).toMatchObject({ operationInFlight: true, refundedMinor: 0, state: 'paid' });
      expect((await racing.store.checksOf(paymentId)).map((c) => ({ outcome: c.outcome }))).toContainEqual({ outcome: 'stale' });
      const checked = await run('checkPaymentStatus', { paymentId });
      expect(checked.value).toMatchObject({ state: 'refunded', refundedMinor: 4_000, operationInFlight: false });
      const ops = (await racing.store.operationsOf(paymentId)).filter((o) => o.kind === 'refund').map((o) => ({ kind: o.kind, outcome: o.outcome }));
      expect(ops).toEqual([{ kind: 'refund', outcome: 'succeeded' }]);
    }
  });
});
});
