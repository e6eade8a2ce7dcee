// An ended check-up answers the owner's question ("is our sandbox set up right?") in one sentence
// under its counts, and each failed step says what it stops for the business: on the screen and in
// the readable report, in English and Arabic (walk of 2026-12-01: the counts alone, "8 passed, 2
// answered differently, 1 failed", left both to someone who knows the gateway's interface).
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { checkupStepKeys, type CheckupRun } from '../../contract/methods/checkup';
import type { ProfileView } from '../../contract/methods/profiles';
import { appInfo } from '../support/session';
import { stubMain } from '../support/stub-main';

type StepState = CheckupRun['steps'][number]['state'];
const runOf = (state: CheckupRun['state'], stateOf: (key: string) => StepState): CheckupRun => ({
  id: 'run-1', profileId: 'sandbox', environment: 'sandbox', currency: 'SAR', state, startedAt: '2026-12-01T08:00:00.000Z', finishedAt: '2026-12-01T08:00:02.000Z',
  steps: checkupStepKeys.map((key) => ({ key, state: stateOf(key), orderIds: [], answers: [], findings: [] })),
});
let shown: CheckupRun;
stubMain({
  getCheckup: () => ({ ok: true, value: { run: shown } }),
  listCheckups: () => ({ ok: true, value: { kept: 'thisRun', runs: [] } }),
});
const { CheckupSection } = await import('../../renderer/src/features/checkup/checkup-section');
const { reportText } = await import('../../renderer/src/features/checkup/report-text');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
useSession.setState({ info: appInfo({ role: 'support' }) });
const sandbox = { id: 'sandbox', name: 'Shop sandbox', environment: 'sandbox', baseUrl: 'https://sandbox.example/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } as unknown as ProfileView;

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const cases: Array<[string, CheckupRun, string, string]> = [
  ['every step passed', runOf('finished', () => 'passed'), 'Ready: every operation Paydesk uses worked on this gateway as Paydesk expects.', 'البوابة جاهزة: نجحت على هذه البوابة كل عملية يستخدمها بايدسك كما يتوقع.'],
  ['two steps answered differently', runOf('finished', (k) => (k.startsWith('status_') ? 'different' : 'passed')), 'Usable: every operation went through. 2 steps answered differently', 'البوابة صالحة للاستخدام: تمت كل العمليات. أجابت خطوتان بشكل مختلف'],
  ['a capture failed', runOf('finished', (k) => (k === 'partial_capture' ? 'failed' : k.startsWith('status_') ? 'different' : 'passed')), 'Not ready: one step failed, so real payments will fail the same way', 'البوابة غير جاهزة: فشلت خطوة واحدة، فستفشل المدفوعات الحقيقية'],
  ['cancelled midway', runOf('cancelled', (k) => (['sale', 'authorisation', 'cleanup'].includes(k) ? 'passed' : 'cancelled')), 'Not every step ran, so this does not say whether the gateway is set up right', 'لم تُجرَ كل الخطوات'],
];

it.each(cases)('says what a run where %s means, in English and Arabic', async (_, run, english, arabic) => {
  shown = run;
  render(<CheckupSection profile={sandbox} />);
  const verdict = await screen.findByTestId('checkup-verdict');
  expect(verdict.textContent).toContain(english);
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(verdict.textContent).toContain(arabic);
});

it('says under a failed step what it stops, and nothing under the others', async () => {
  shown = runOf('finished', (k) => (k === 'partial_refund' ? 'failed' : 'passed'));
  render(<CheckupSection profile={sandbox} />);
  const meanings = await screen.findAllByTestId('checkup-meaning');
  expect(meanings.map((m) => m.closest('[data-testid^="checkup-step-"]')!.getAttribute('data-testid'))).toEqual(['checkup-step-partial_refund']);
  expect(meanings[0]!.textContent).toBe('What this means: refunds cannot be made from Paydesk yet; make them in the gateway’s dashboard meanwhile.');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(meanings[0]!.textContent).toBe('ما يعنيه هذا: لا يمكن بعد الاسترداد من بايدسك؛ استرد من لوحة تحكم البوابة في الأثناء.');
});
it('says of a link made on a plain-http page that it cannot be sent, not that it cannot be made', async () => {
  shown = runOf('finished', (k) => (k === 'payment_link' ? 'failed' : 'passed'));
  const link = shown.steps.find((s) => s.key === 'payment_link')!;
  link.findings = [{ code: 'insecure_pay_page', severity: 'failed', params: { call: 'createPaymentLink', host: 'pay.example' } }];
  render(<CheckupSection profile={sandbox} />);
  // Found by its words: the section shows the run it kept until this run's answer comes.
  const meaning = await screen.findByText('What this means: payment links and checkout sessions of this profile can be made, but none can be sent to a customer yet.');
  expect(meaning.closest('[data-testid^="checkup-step-"]')!.getAttribute('data-testid')).toBe('checkup-step-payment_link');
  expect(screen.getAllByTestId('checkup-meaning')).toHaveLength(1);
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(meaning.textContent).toBe('ما يعنيه هذا: يمكن إنشاء روابط الدفع وجلسات الدفع لملف التعريف هذا، لكن لا يمكن بعد إرسال أي منها إلى عميل.');
});


it('writes the same verdict and meaning into the readable report, in the window\'s language', () => {
  const run = runOf('finished', (k) => (k === 'partial_capture' ? 'failed' : 'passed'));
  const json = JSON.stringify({
    createdAt: run.startedAt, app: { name: 'Paydesk', version: '0.1.0', runtime: 'preview', platform: 'linux' },
    profile: { environment: 'sandbox', currency: 'SAR', gatewayHost: 'sandbox.example', pathOverrides: [] },
    run: { state: run.state, startedAt: run.startedAt, finishedAt: run.finishedAt, summary: { passed: 10, different: 0, failed: 1, skipped: 0 } },
    steps: run.steps,
  });
  const english = reportText(json, 'en');
  expect(english).toContain('\nNot ready: one step failed, so real payments will fail the same way until the gateway’s setup is put right.');
  expect(english).toContain('3. Partial capture: Failed\n   What this means: held money cannot be captured from Paydesk yet');
  const arabic = reportText(json, 'ar');
  expect(arabic).toContain('\nالبوابة غير جاهزة: فشلت خطوة واحدة');
  expect(arabic).toContain('ما يعنيه هذا: لا يمكن بعد تحصيل المبالغ المحجوزة من بايدسك');
});
