// Every check-up finding, step, call and reading main can send is worded in English and in
// Arabic, with every placeholder filled: in the section and in the saved readable report.
import { expect, it } from 'vitest';
import { checkupCalls, checkupFindingCodes, checkupReadings, checkupStepKeys, type CheckupFinding } from '../../contract/methods/checkup';
import { findingText } from '../../renderer/src/features/checkup/finding-text';
import { reportText } from '../../renderer/src/features/checkup/report-text';
import { translate, type Language, type MessageKey } from '../../renderer/src/i18n';

const params: Record<string, string> = { call: 'sale', reading: 'transactionId', looked: 'transactionId, id', word: 'HELD_FOR_REVIEW', expected: 'paid', got: 'unknown', error: 'request_rejected', gatewayCode: 'INVALID_CARD', step: 'sale', order: 'CHK-20260101-ABC123-SALE', action: 'refund', amount: '1.40', currency: 'SAR', why: 'lapses' };
const findings: CheckupFinding[] = [
  ...checkupFindingCodes.map((code) => ({ code, severity: 'different' as const, params })),
  ...['expires', 'pending', 'unclear'].map((why) => ({ code: 'left_open' as const, severity: 'info' as const, params: { ...params, why } })),
  ...checkupReadings.map((reading) => ({ code: 'missing_reading' as const, severity: 'different' as const, params: { ...params, reading } })),
];

const report = JSON.stringify({
  createdAt: '2026-01-01T10:00:00.000Z',
  app: { name: 'Paydesk', version: '0.1.0', runtime: 'preview', platform: 'linux' },
  profile: { environment: 'sandbox', currency: 'SAR', gatewayHost: 'sandbox.gateway.example', pathOverrides: ['refund'] },
  run: { state: 'finished', startedAt: '2026-01-01T10:00:00.000Z', finishedAt: '2026-01-01T10:00:05.000Z', summary: { passed: 9, different: 1, failed: 1, skipped: 0 } },
  steps: checkupStepKeys.map((key, i) => ({
    key, state: i % 2 ? 'passed' : 'different', orderIds: [`CHK-${key}`], findings,
    answers: checkupCalls.map((call) => ({ call, readable: call !== 'void', fields: [{ name: 'data.status', type: 'string' }], statusWord: call === 'refund' ? null : 'Approved', type: null, state: 'paid', readings: checkupReadings.map((reading) => ({ reading, field: reading === 'url' ? null : `data.${reading}`, outcome: reading === 'url' ? 'missed' : 'used' })) })),
  })),
});

it.each(['en', 'ar'] as Language[])('words every finding and the whole report in %s', (language) => {
  const t = (key: MessageKey, values?: Record<string, string>) => translate(language, key, values);
  for (const finding of findings) {
    const text = findingText(t, finding);
    expect(text).not.toMatch(/\{\w+\}|checkup\.|undefined/);
  }
  const text = reportText(report, language);
  expect(text).not.toMatch(/\{\w+\}|checkup\.|undefined/);
  expect(text).toContain(language === 'en' ? 'No transaction id in the card sale answer (looked for transactionId, id)' : 'لا يوجد رقم المعاملة في إجابة البيع بالبطاقة');
});
