// The check-up report: versions, environment and every step's answer shape, machine-readable,
// with no key, card number or CVV in it (searched), recorded in the audit log when saved.
import { afterEach, expect, it } from 'vitest';
import { startCheckupRig, type CheckupRig } from './support';

let rig: CheckupRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

it('holds versions, environment and redacted answer shapes, and never the key, a card number or the CVV', async () => {
  rig = await startCheckupRig({ persona: 'missing-id' });
  const run = await rig.run();
  const saved = await rig.checkup.report(run.id, rig.ctx);
  expect(saved.fileName).toMatch(/^paydesk-checkup-sandbox-\d{8}-\d{4}$/);
  const report = JSON.parse(saved.json);
  expect(report).toMatchObject({
    format: 'paydesk-checkup/1',
    app: { name: 'Paydesk', version: '9.9.9-test', runtime: 'test' },
    profile: { environment: 'sandbox', currency: 'SAR', gatewayHost: new URL(rig.practice.gateway.baseUrl).host },
    run: { id: run.id, state: 'finished', summary: { passed: 9, different: 2, failed: 0 } },
  });
  expect(report.steps).toHaveLength(11);
  expect(report.steps[0].answers[0].fields).toContainEqual({ name: 'data.orderId', type: 'string' });

  const text = saved.json;
  expect(text).not.toContain(rig.practice.gateway.apiKey);
  // No card number, however written (ids like the run's UUID set aside: their digits can line up).
  expect(text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '')).not.toMatch(/\d(?:[ -]?\d){11,18}/);
  expect(text).not.toMatch(/cvv|cvc|security code/i);
  expect(text).not.toContain('"100"');
  // Values never: the transaction ids and retrieval references the answers carried are not in it.
  const txIds = (rig.db.prepare('SELECT transaction_id FROM payments WHERE transaction_id IS NOT NULL').all() as Array<{ transaction_id: string }>).map((r) => r.transaction_id);
  expect(txIds.length).toBeGreaterThan(0);
  for (const id of txIds) expect(text).not.toContain(id);

  const audit = rig.db.prepare("SELECT action, result FROM audit_log WHERE action = 'checkup_report_saved'").all();
  expect(audit).toEqual([{ action: 'checkup_report_saved', result: '9 passed, 2 answered differently, 0 failed, 0 skipped' }]);
});

it('is refused while the check-up is still running', async () => {
  rig = await startCheckupRig();
  const started = await rig.checkup.start(rig.profileId, rig.ctx);
  await expect(rig.checkup.report(started.id, rig.ctx)).rejects.toMatchObject({ code: 'busy' });
  await rig.checkup.finished(started.id);
});
