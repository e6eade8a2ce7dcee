// The gateway check-up against the practice gateway over loopback HTTP and a real ledger: a
// full run passes and leaves the sandbox clean, every move recorded once and marked as a
// check-up; production is refused before anything is recorded or sent.
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckupRun } from '../../contract/methods/checkup';
import { startCheckupRig, type CheckupRig } from './support';

const states = (run: CheckupRun) => Object.fromEntries(run.steps.map((s) => [s.key, s.state]));

describe('gateway check-up', () => {
  let rig: CheckupRig | undefined;
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  it('passes every step against the documented practice answers and says what came back', async () => {
    rig = await startCheckupRig();
    const run = await rig.run();
    expect(run.state).toBe('finished');
    expect(states(run)).toEqual({
      sale: 'passed', authorisation: 'passed', partial_capture: 'passed', void: 'passed', partial_refund: 'passed',
      status_by_order: 'passed', status_by_transaction: 'passed', checkout: 'passed', payment_link: 'passed', recurring: 'passed', cleanup: 'passed',
    });
    const sale = run.steps.find((s) => s.key === 'sale')!;
    expect(sale.answers[0]).toMatchObject({ call: 'sale', readable: true, statusWord: 'Approved', type: 'Purchase', state: 'paid' });
    expect(sale.answers[0]!.fields).toContainEqual({ name: 'data.transactionId', type: 'string' });
    expect(sale.answers[0]!.fields).toContainEqual({ name: 'data.amount', type: 'number' });
    expect(sale.answers[0]!.readings).toContainEqual({ reading: 'transactionId', field: 'data.transactionId', outcome: 'used' });
    // The example: a checkout answer has no transaction id, and that is what Paydesk expects.
    const checkout = run.steps.find((s) => s.key === 'checkout')!;
    expect(checkout.findings).toEqual([{ code: 'no_transaction_yet', severity: 'info', params: { call: 'initiateCheckout' } }]);
    expect(checkout.answers[0]!.readings).toContainEqual({ reading: 'transactionId', field: null, outcome: 'missed' });
    // Order ids the redactors never take for a card number: a letter follows the date.
    for (const id of run.steps.flatMap((s) => s.orderIds)) expect(id).toMatch(/^CHK-\d{8}-R[0-9A-F]{6}-[A-Z0-9]+$/);
    const byOrder = run.steps.find((s) => s.key === 'status_by_order')!;
    expect(byOrder.answers[0]).toMatchObject({ call: 'status', statusWord: 'Approved', type: 'Refund', state: 'partially_refunded' });
  });

  it('records every move once, marks it as a check-up in the ledger and the audit log, and leaves the sandbox clean', async () => {
    rig = await startCheckupRig();
    const run = await rig.run();
    const payments = rig.db.prepare('SELECT order_id, kind, state, auth_only, checkup_run, captured_minor, refunded_minor, amount_minor FROM payments ORDER BY created_at').all() as Array<Record<string, string | number | null>>;
    expect(payments.map((p) => p.checkup_run)).toEqual(Array(payments.length).fill(run.id));
    const byTag = (tag: string) => payments.find((p) => String(p.order_id).endsWith(`-${tag}`))!;
    expect(byTag('SALE')).toMatchObject({ state: 'refunded', refunded_minor: 200 });
    expect(byTag('AUTH')).toMatchObject({ state: 'refunded', captured_minor: 80, refunded_minor: 80 });
    expect(byTag('AUTH2').state).toBe('voided');
    expect(byTag('ENROL').state).toBe('refunded');
    expect(byTag('REPEAT')).toMatchObject({ kind: 'recurring', state: 'refunded' });
    expect(byTag('CHECKOUT').state).toBe('pending');
    expect(byTag('LINK').state).toBe('pending');

    // Exactly once: each money-moving or creating request reached the gateway once.
    const records = rig.practice.gateway.records();
    const creates = records.filter((r) => ['sale', 'initiateCheckout', 'createPaymentLink', 'recurring'].includes(r.operation));
    expect(creates.map((r) => r.orderId).sort()).toEqual(payments.map((p) => p.order_id).sort());
    const moves = records.filter((r) => ['capture', 'void', 'refund'].includes(r.operation)).map((r) => `${r.operation} ${r.orderId!.replace(/^.*-/, '')} ${r.amountMinor ?? ''}`.trim());
    expect(moves.sort()).toEqual(['capture AUTH 80', 'refund AUTH 80', 'refund ENROL 200', 'refund REPEAT 200', 'refund SALE 140', 'refund SALE 60', 'void AUTH2'].sort());
    const ops = rig.db.prepare("SELECT kind, outcome FROM operations WHERE kind != 'create'").all() as Array<{ outcome: string }>;
    expect(ops).toHaveLength(7);
    expect(ops.every((op) => op.outcome === 'succeeded')).toBe(true);

    const audit = rig.db.prepare('SELECT action, result FROM audit_log ORDER BY seq').all() as Array<{ action: string; result: string }>;
    expect(audit[0]).toMatchObject({ action: 'checkup_started' });
    expect(audit.at(-1)).toMatchObject({ action: 'checkup_finished', result: '11 passed, 0 answered differently, 0 failed, 0 skipped' });
    expect(audit.slice(1, -1).every((row) => row.action.startsWith('checkup_'))).toBe(true);
    expect(audit.filter((row) => row.action === 'checkup_refund')).toHaveLength(5);

    const cleanup = run.steps.find((s) => s.key === 'cleanup')!;
    // The second authorisation was voided by its own step: four refunds are left to make.
    expect(cleanup.findings.filter((f) => f.code === 'cleaned').map((f) => `${f.params.action} ${f.params.order!.replace(/^.*-/, '')} ${f.params.amount}`)).toEqual(['refund SALE 1.40', 'refund AUTH 0.80', 'refund ENROL 2.00', 'refund REPEAT 2.00']);
    expect(cleanup.findings).toContainEqual({ code: 'left_open', severity: 'info', params: { amount: '1.20', currency: 'SAR', order: expect.stringMatching(/-AUTH$/), why: 'lapses' } });
    expect(cleanup.findings.filter((f) => f.params.why === 'expires')).toHaveLength(2);
  });

  it('tells the renderer of every change and keeps the latest run of the profile', async () => {
    rig = await startCheckupRig();
    const run = await rig.run();
    const progress = rig.events.filter((e) => e.type === 'checkup.progress');
    expect(progress.length).toBeGreaterThanOrEqual(22);
    expect(progress.every((e) => e.type === 'checkup.progress' && e.runId === run.id)).toBe(true);
    expect((await rig.checkup.get({ profileId: rig.profileId })).run?.id).toBe(run.id);
    expect((await rig.checkup.get({ profileId: 'another' })).run).toBeNull();
    // A laptop's own ledger keeps its runs in memory: the list is this run of Paydesk's (the team ledger's: checkup-runs.test.ts).
    expect(await rig.checkup.list(rig.profileId)).toEqual({ kept: 'thisRun', runs: [expect.objectContaining({ id: run.id, state: run.state, counts: expect.objectContaining({ cancelled: 0 }) })] });
  });

  it('refuses a production profile before anything is recorded or sent', async () => {
    rig = await startCheckupRig({ environment: 'production' });
    await expect(rig.checkup.start(rig.profileId, rig.ctx)).rejects.toMatchObject({ code: 'rule_violation', message: expect.stringContaining('sandbox and practice') });
    expect(rig.db.prepare('SELECT count(*) AS n FROM payments').get()).toEqual({ n: 0 });
    expect(rig.practice.gateway.records()).toEqual([]);
  });

  it('runs on the practice profile too', async () => {
    rig = await startCheckupRig({ environment: 'practice' });
    const run = await rig.run();
    expect(run.environment).toBe('practice');
    expect(run.steps.every((s) => s.state === 'passed')).toBe(true);
  });

  it('runs one check-up at a time', async () => {
    rig = await startCheckupRig();
    const first = await rig.checkup.start(rig.profileId, rig.ctx);
    await expect(rig.checkup.start(rig.profileId, rig.ctx)).rejects.toMatchObject({ code: 'busy' });
    await rig.checkup.finished(first.id);
  });

  it('stops after the step under way when cancelled, and still returns the money', async () => {
    rig = await startCheckupRig();
    rig.practice.gateway.faults.set('sale', { latencyMs: 300, times: 1 });
    const started = await rig.checkup.start(rig.profileId, rig.ctx);
    expect(rig.checkup.cancel(started.id).state).toBe('cancelling');
    await rig.checkup.finished(started.id);
    const run = (await rig.checkup.get({ runId: started.id })).run!;
    expect(run.state).toBe('cancelled');
    expect(states(run)).toMatchObject({ sale: 'passed', authorisation: 'cancelled', recurring: 'cancelled', cleanup: 'passed' });
    const sale = rig.db.prepare('SELECT state FROM payments').all();
    expect(sale).toEqual([{ state: 'refunded' }]);
    expect(rig.practice.gateway.records().map((r) => r.operation)).toEqual(['sale', 'refund']);
  });

  it('treats an answer it cannot read as a finding, not a crash', async () => {
    rig = await startCheckupRig();
    rig.practice.gateway.faults.set('refund', { failure: 'malformed_json', times: 1 });
    const run = await rig.run();
    const refund = run.steps.find((s) => s.key === 'partial_refund')!;
    expect(refund.state).toBe('different');
    expect(refund.findings[0]).toEqual({ code: 'unreadable_answer', severity: 'different', params: { call: 'refund' } });
    expect(refund.answers[0]).toMatchObject({ call: 'refund', readable: false });
    expect(states(run)).toMatchObject({ sale: 'passed', status_by_transaction: 'passed', checkout: 'passed', recurring: 'passed' });
    // The sale's partial refund cannot be decided by an answer without totals: it waits for a person.
    const cleanup = run.steps.find((s) => s.key === 'cleanup')!;
    expect(cleanup.findings).toContainEqual({ code: 'left_open', severity: 'different', params: { order: expect.stringMatching(/-SALE$/), why: 'unclear' } });
  });

  // Support needs what the gateway said to talk to it: its code and its own words are kept (the
  // transport redacted them), and the renderer words them after its own sentence (finding-text.ts).
  it('keeps the gateway’s code and its own words when it refuses a call', async () => {
    rig = await startCheckupRig();
    rig.practice.gateway.faults.set('refund', { failure: 'error_envelope', times: 1 });
    const run = await rig.run();
    const refund = run.steps.find((s) => s.key === 'partial_refund')!;
    expect(refund.state).toBe('failed');
    expect(refund.findings).toContainEqual({ code: 'call_failed', severity: 'failed', params: { call: 'refund', error: 'request_rejected', gatewayCode: 'PRACTICE_FAULT', said: 'Practice fault: error envelope' } });
  });
});
