// Every check-up finding, step, call and reading main can send is worded in English and in
// Arabic, with every placeholder filled: in the section and in the saved readable report.
import { expect, it } from 'vitest';
import { checkupCalls, checkupFindingCodes, checkupReadings, checkupStepKeys, type CheckupFinding } from '../../contract/methods/checkup';
import { findingText } from '../../renderer/src/features/checkup/finding-text';
import { reportText } from '../../renderer/src/features/checkup/report-text';
import { translate, type Language, type MessageKey } from '../../renderer/src/i18n';

const params: Record<string, string> = { call: 'sale', reading: 'transactionId', looked: 'transactionId, id', word: 'HELD_FOR_REVIEW', expected: 'paid', got: 'unknown', error: 'request_rejected', gatewayCode: 'INVALID_CARD', step: 'sale', order: 'CHK-20260101-ABC123-SALE', action: 'refund', amount: '1.40', currency: 'SAR', why: 'lapses', host: 'pay.gateway.example' };
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
    const text = findingText(t, finding, language);
    expect(text).not.toMatch(/\{\w+\}|checkup\.|undefined/);
  }
  const text = reportText(report, language);
  expect(text).not.toMatch(/\{\w+\}|checkup\.|undefined/);
  expect(text).toContain(language === 'en' ? 'No transaction id in the card sale answer (looked for transactionId, id)' : 'لا يوجد رقم المعاملة في إجابة البيع بالبطاقة');
});

// The clean-up's amounts read as every amount in the app ("SAR 1.40" in English, "1.40 SAR" with
// the Arabic money format's marks in Arabic). Main keeps the exact decimal text and the currency code
// (saved runs and reports, format paydesk-checkup/1): a run saved before reads the same way. The
// space inside an amount does not break (U+00A0), as everywhere in the app.
it.each([
  ['en', 'CHK-1-SALE: refund of SAR\u00a01.40 done.', 'CHK-1-AUTH: the rest of the authorisation (SAR\u00a01.20) lapses by itself (a void is allowed only before any capture).', 'CHK-1-KW: void of KWD\u00a02.000 done.'],
  ['ar', '\u2066CHK-1-SALE\u2069: تم الاسترداد بمبلغ \u2066\u200f1.40\u00a0SAR\u2069 بنجاح.', '\u2066CHK-1-AUTH\u2069: باقي التفويض (\u2066\u200f1.20\u00a0SAR\u2069) ينقضي من تلقاء نفسه (إلغاء التفويض مسموح فقط قبل أي تحصيل).', '\u2066CHK-1-KW\u2069: تم إلغاء التفويض بمبلغ \u2066\u200f2.000\u00a0KWD\u2069 بنجاح.'],
] as const)('words the clean-up\'s amounts in the app\'s money format in %s, from the facts a saved run keeps', (language, cleaned, lapses, kuwaiti) => {
  const t = (key: MessageKey, values?: Record<string, string>) => translate(language, key, values);
  const saved: CheckupFinding[] = [ // as main/checkup/cleanup.ts notes them, and as saved runs hold them
    { code: 'cleaned', severity: 'info', params: { amount: '1.40', currency: 'SAR', order: 'CHK-1-SALE', action: 'refund' } },
    { code: 'left_open', severity: 'info', params: { amount: '1.20', currency: 'SAR', order: 'CHK-1-AUTH', why: 'lapses' } },
    { code: 'cleaned', severity: 'info', params: { amount: '2.000', currency: 'KWD', order: 'CHK-1-KW', action: 'void' } },
  ];
  expect(saved.map((finding) => findingText(t, finding, language))).toEqual([cleaned, lapses, kuwaiti]);
  const report = reportText(JSON.stringify({
    createdAt: '2026-01-01T10:00:00.000Z', app: { name: 'Paydesk', version: '0.1.0', runtime: 'preview', platform: 'linux' },
    profile: { environment: 'sandbox', currency: 'SAR', gatewayHost: 'sandbox.gateway.example', pathOverrides: [] },
    run: { state: 'finished', startedAt: '2026-01-01T10:00:00.000Z', finishedAt: '2026-01-01T10:00:05.000Z', summary: { passed: 1, different: 0, failed: 0, skipped: 0 } },
    steps: [{ key: 'cleanup', state: 'passed', orderIds: [], answers: [], findings: saved }],
  }), language);
  expect(report).toContain(`   - ${cleaned}`);
  expect(report).not.toMatch(/1\.40 SAR/);
});

// A payment the clean-up could not return because an answer was lost is listed in Needs attention
// at once, with its check there: the finding sends the person there by the screen's own name and
// key (it said "settle it in Transactions", where they had to search for it).
it.each(['en', 'ar'] as Language[])('sends a payment left unclear by the clean-up to Needs attention, by its name and key, in %s', (language) => {
  const t = (key: MessageKey, values?: Record<string, string>) => translate(language, key, values);
  const text = findingText(t, { code: 'left_open', severity: 'different', params: { order: 'CHK-1-SALE', why: 'unclear' } }, language);
  expect(text).toContain(language === 'en' ? 'Needs attention (Alt+6)' : `«${translate('ar', 'nav.attention')}» (Alt+6)`);
  expect(text).not.toContain(translate(language, 'nav.transactions'));
});

// "11 من 11 خطوات" took the plural of 3 to 10: the count names its steps in the language's form.
it('counts the steps in each language’s plural forms', () => {
  const count = (language: Language, done: number, total: number) => translate(language, 'checkup.progress.count', { done, total });
  expect([count('en', 0, 1), count('en', 4, 11)]).toEqual(['0 of 1 step', '4 of 11 steps']);
  expect([count('ar', 0, 1), count('ar', 1, 2), count('ar', 3, 3), count('ar', 11, 11), count('ar', 5, 100)]).toEqual(['0 من خطوة واحدة', '1 من خطوتين', '3 من 3 خطوات', '11 من 11 خطوةً', '5 من 100 خطوة']);
});
