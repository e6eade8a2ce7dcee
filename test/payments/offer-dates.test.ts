// A link or checkout session never goes out already expired: main's handlers refuse an expiry
// before today in the business's zone (typed, or the default of an issue date more than 7 days
// back), before anything is recorded or sent, naming the day and today; today itself goes (a page
// takes payment through its expiry day). The checkout path refuses an expiry before its issue
// date, as the link path does. An order id Paydesk makes carries the business's day too. A real
// SQLite ledger and the practice gateway over HTTP; the clock is pinned at 00:30 on 7 Dec in
// Riyadh, still 6 Dec in UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonText } from '../../main/core/fail';
import { startTestLedger, customer } from '../ledger/support';
import { newOrderId } from '../support/practice';

const now = new Date('2026-12-06T21:30:00Z');
let t: Awaited<ReturnType<typeof startTestLedger>>;
beforeAll(async () => {
  t = await startTestLedger({ now: () => now, timeZone: 'Asia/Riyadh' });
});
afterAll(() => t?.close());

type Answer = { ok: boolean; value?: { orderId: string; state: string }; error?: { code: string; fields?: Record<string, string>; fieldReasons?: Record<string, { key: string; values?: Record<string, string> }> } };
const call = (name: 'createPaymentLink' | 'createCheckoutSession', input: Record<string, unknown>) =>
  (t.handlers as unknown as Record<string, (i: unknown, c: unknown) => Promise<Answer>>)[name]!(input, t.ctx);
const link = (dates: { issueDate?: string; expireDate?: string }, orderId = newOrderId('EXP')) =>
  call('createPaymentLink', { orderId, amount: '75.00', currency: 'SAR', description: 'Invoice', customer, ...dates });
const session = (dates: { issueDate?: string; expireDate?: string }, orderId = newOrderId('EXP')) =>
  call('createCheckoutSession', { orderId, amount: '75.00', currency: 'SAR', customer, authOnly: false, recurringInit: false, ...dates });

/** Whether the order reached the ledger or the gateway at all. */
const traces = (orderId: string) => ({
  recorded: (t.db.prepare('SELECT count(*) AS n FROM payments WHERE order_id = ?').get(orderId) as { n: number }).n,
  sent: t.practice.gateway.records().filter((r) => r.orderId === orderId).length,
});

describe('an expiry date already past', () => {
  it.each([
    ['a payment link', link],
    ['a checkout session', session],
  ])('%s: refused on its expiry field before anything is recorded or sent, naming the day and today in the business’s zone', async (_, make) => {
    const orderId = newOrderId('PAST');
    const answer = await make({ expireDate: '2026-12-06' }, orderId); // yesterday in Riyadh, though still today in UTC
    expect(answer.ok).toBe(false);
    expect(answer.error?.code).toBe('invalid_input');
    expect(answer.error?.fields).toEqual({ expireDate: 'The expiry date 06/12/2026 has passed: today is 07/12/2026.' });
    const why = answer.error!.fieldReasons!.expireDate!;
    expect(why).toEqual({ key: 'input.expiryPassed', values: { expiryDay: '2026-12-06', today: '2026-12-07' } });
    expect(reasonText('ar', why as never)).toBe('تاريخ الانتهاء 6\u200f/12\u200f/2026 قد مضى: اليوم 7\u200f/12\u200f/2026.');
    expect(traces(orderId)).toEqual({ recorded: 0, sent: 0 });
  });

  it.each([
    ['a payment link', link],
    ['a checkout session', session],
  ])('%s expiring today is made: its page takes payment through the day', async (_, make) => {
    const orderId = newOrderId('TODAY');
    expect(await make({ issueDate: '2026-12-07', expireDate: '2026-12-07' }, orderId)).toMatchObject({ ok: true, value: { orderId, state: 'pending' } });
    expect(traces(orderId)).toEqual({ recorded: 1, sent: 1 });
  });

  it('names the default expiry of an issue date more than 7 days back (issue date plus 7 days, gateway-interface.md 4.4)', async () => {
    const orderId = newOrderId('OLD');
    const answer = await link({ issueDate: '2026-11-29' }, orderId);
    expect(answer.error?.fields).toEqual({ expireDate: 'The expiry date 06/12/2026 has passed: today is 07/12/2026.' });
    expect(traces(orderId)).toEqual({ recorded: 0, sent: 0 });
    expect(await link({ issueDate: '2026-11-30' })).toMatchObject({ ok: true }); // its default is today
  });
});

describe('an expiry before its issue date', () => {
  it.each([
    ['a payment link', link],
    ['a checkout session', session],
  ])('%s: refused with the same words on both paths, nothing recorded or sent', async (_, make) => {
    const orderId = newOrderId('ORDER');
    const answer = await make({ issueDate: '2026-12-20', expireDate: '2026-12-10' }, orderId);
    expect(answer.error?.fields).toEqual({ expireDate: 'The expiry date is before the issue date.' });
    expect(answer.error?.fieldReasons?.expireDate).toEqual({ key: 'input.expiryBeforeIssue' });
    expect(traces(orderId)).toEqual({ recorded: 0, sent: 0 });
  });
});

describe('an order id Paydesk makes', () => {
  it('carries the business’s day, not UTC’s: a link without one, made at 00:30 on 7 December in Riyadh, is PD-20261207-…', async () => {
    // Someone searching "PD-20261207" for the day's links missed those made before 03:00 (UTC's day then).
    const answer = await call('createPaymentLink', { amount: '75.00', currency: 'SAR', description: 'Invoice', customer });
    expect(answer.value?.orderId).toMatch(/^PD-20261207-[0-9A-Z]{8}$/);
  });
});
