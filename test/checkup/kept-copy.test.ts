// What a check-up run keeps (on the team ledger, in a laptop's data folder) loses the key and
// anything like a card number from its steps, and keeps the run's own id whole: a random UUID's
// digits can look like a card number, and a run whose id was scrubbed could not be saved, so the
// other laptops never listed it (seen in a fresh-clone CI run).
import { expect, it } from 'vitest';
import { checkupStepKeys, type CheckupRun } from '../../contract/methods/checkup';
import { keptCopyOf } from '../../main/checkup/checkup-service';

const secret = 'sk_test_live_looking_key_123';
const run: CheckupRun = {
  id: 'bb404a30-28b1-4755-9386-236597267bac', profileId: 'practice', environment: 'practice', currency: 'SAR', state: 'finished',
  startedAt: '2026-11-24T08:00:00.000Z', finishedAt: '2026-11-24T08:01:00.000Z',
  steps: checkupStepKeys.map((key) => ({ key, state: 'passed', orderIds: ['CHK-20261124-R1A2B3C-sale'], answers: [], findings: [] })),
};

it('keeps the run’s id whole, even when its digits look like a card number', () => {
  expect(keptCopyOf(run, secret)).toMatchObject({ id: run.id, profileId: 'practice', startedAt: run.startedAt, finishedAt: run.finishedAt, state: 'finished' });
});

it('removes the key and card-like digits from the steps', () => {
  const withSecrets: CheckupRun = { ...run, steps: run.steps.map((step, i) => (i === 0 ? { ...step, findings: [{ code: 'call_failed', severity: 'failed', params: { said: `card 4111 1111 1111 1111 sent with ${secret}` } }] } : step)) };
  const kept = JSON.stringify(keptCopyOf(withSecrets, secret).steps);
  expect(kept).not.toContain(secret);
  expect(kept).not.toMatch(/\d(?:[ -]?\d){11,18}/);
  expect(kept).toContain('CHK-20261124-R1A2B3C-sale');
});
