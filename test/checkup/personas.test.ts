// The practice gateway's fault personas against the check-up: each makes the matching step
// report "answered differently" with the right explanation, and nothing else breaks (every
// other step passes and the clean-up returns the money).
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckupRun } from '../../contract/methods/checkup';
import { httpPagesHost, unknownStatusWord } from '../../main/practice/personas';
import { startCheckupRig, type CheckupRig } from './support';

const step = (run: CheckupRun, key: string) => run.steps.find((s) => s.key === key)!;
const othersPassed = (run: CheckupRun, ...different: string[]) =>
  run.steps.filter((s) => !different.includes(s.key)).every((s) => s.state === 'passed');

describe('check-up against the fault personas', () => {
  let rig: CheckupRig | undefined;
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  it('renamed fields: the checkout answer has no address where Paydesk looks; the session is confirmed by status', async () => {
    rig = await startCheckupRig({ persona: 'renamed-fields' });
    const run = await rig.run();
    const checkout = step(run, 'checkout');
    expect(checkout.state).toBe('different');
    expect(checkout.findings[0]).toEqual({ code: 'missing_reading', severity: 'different', params: { call: 'initiateCheckout', reading: 'url', looked: 'redirectUrl, url, paymentUrl, link' } });
    expect(checkout.answers[0]!.fields.map((f) => f.name)).toEqual(['code', 'message', 'errorCode', 'data', 'data.paymentPageUrl', 'data.sessionRef']);
    expect(checkout.answers[0]!.state).toBe('pending');
    expect(othersPassed(run, 'checkout')).toBe(true);
    const created = rig.db.prepare("SELECT state FROM payments WHERE kind = 'checkout'").get();
    expect(created).toEqual({ state: 'pending' });
  });

  // walk34 made Paydesk refuse to offer such a page; the check-up did not say so (walk39).
  it('pages on plain http at another host: the checkout and link steps fail, naming the host and what to ask for', async () => {
    rig = await startCheckupRig({ persona: 'http-pages' });
    const run = await rig.run();
    for (const [key, call] of [['checkout', 'initiateCheckout'], ['payment_link', 'createPaymentLink']] as const) {
      expect(step(run, key).state).toBe('failed');
      expect(step(run, key).findings).toContainEqual({ code: 'insecure_pay_page', severity: 'failed', params: { call, host: httpPagesHost } });
    }
    expect(othersPassed(run, 'checkout', 'payment_link')).toBe(true);
  });

  it('an unknown status word: both status readings say the word is not known and what Paydesk does', async () => {
    rig = await startCheckupRig({ persona: 'unknown-status' });
    const run = await rig.run();
    for (const key of ['status_by_order', 'status_by_transaction']) {
      expect(step(run, key).state).toBe('different');
      expect(step(run, key).findings).toEqual([{ code: 'unknown_word', severity: 'different', params: { call: 'status', word: unknownStatusWord } }]);
      expect(step(run, key).answers[0]).toMatchObject({ statusWord: unknownStatusWord, state: 'unknown' });
    }
    expect(othersPassed(run, 'status_by_order', 'status_by_transaction')).toBe(true);
  });

  it('a missing id: the sale names no transaction, Paydesk learns it by status and goes on', async () => {
    rig = await startCheckupRig({ persona: 'missing-id' });
    const run = await rig.run();
    const sale = step(run, 'sale');
    expect(sale.state).toBe('different');
    expect(sale.findings).toEqual([
      { code: 'missing_reading', severity: 'different', params: { call: 'sale', reading: 'transactionId', looked: 'transactionId, id' } },
      { code: 'learned_by_status', severity: 'info', params: { call: 'sale', reading: 'transactionId' } },
    ]);
    expect(sale.answers[0]!.readings).toContainEqual({ reading: 'transactionId', field: null, outcome: 'missed' });
    // The recurring step's enrolment is a sale too: it is told the same way.
    expect(step(run, 'recurring').findings[0]).toMatchObject({ code: 'missing_reading', params: { reading: 'transactionId' } });
    expect(othersPassed(run, 'sale', 'recurring')).toBe(true);
    expect(rig.db.prepare("SELECT count(*) AS n FROM payments WHERE state NOT IN ('refunded', 'voided', 'pending')").get()).toEqual({ n: 0 });
  });
});
