// The readable check-up report, in the user's language, built from the JSON main produced
// (already redacted there: names and types, no values, no key, card number or CVV).
import type { CheckupStep } from '../../../../contract/methods/checkup';
import { translate, type Language, type MessageKey } from '../../i18n';
import { findingText, known } from './finding-text';
import { failedMeaning, verdictOf } from './verdict';

type Report = {
  createdAt: string;
  app: { name: string; version: string; runtime: string; platform: string };
  profile: { environment: string; currency: string; gatewayHost: string; pathOverrides: string[] };
  run: { state: string; startedAt: string; finishedAt: string | null; summary: Record<string, number> };
  steps: CheckupStep[];
};

export function reportText(json: string, language: Language): string {
  const report = JSON.parse(json) as Report;
  const t = (key: MessageKey, values?: Record<string, string>) => translate(language, key, values);
  const s = report.run.summary;
  const lines = [
    t('checkup.report.title'),
    '='.repeat(40),
    t('checkup.report.app', report.app),
    t('checkup.report.profile', { environment: known(t, 'env', report.profile.environment), currency: report.profile.currency, host: report.profile.gatewayHost }),
    ...(report.profile.pathOverrides.length ? [t('checkup.report.overrides', { list: report.profile.pathOverrides.join(', ') })] : []),
    t('checkup.report.run', { started: report.run.startedAt, finished: report.run.finishedAt ?? '—', state: known(t, 'checkup.state', report.run.state) }),
    t('checkup.summary', { passed: String(s.passed), different: String(s.different), failed: String(s.failed), skipped: String(s.skipped) }),
    ...verdictLine(report, t),
    t('checkup.report.redacted'),
    '',
  ];
  report.steps.forEach((step, i) => {
    lines.push(`${i + 1}. ${t(`checkup.step.${step.key}` as MessageKey)}: ${t(`checkup.stepState.${step.state}` as MessageKey)}`);
    if (step.orderIds.length) lines.push(`   ${t('checkup.orders')}: ${step.orderIds.join(', ')}`);
    for (const finding of step.findings) lines.push(`   - ${findingText(t, finding, language)}`);
    const meaning = failedMeaning(step);
    if (meaning) lines.push(`   ${t(meaning)}`);
    for (const answer of step.answers) {
      lines.push(`   ${t('checkup.answer', { call: known(t, 'checkup.call', answer.call) })}`);
      if (!answer.readable) lines.push(`     ${t('checkup.answer.unreadable')}`);
      else lines.push(`     ${answer.statusWord ? t('checkup.answer.word', { word: answer.statusWord, type: answer.type ?? t('checkup.answer.noType'), state: answer.state ? known(t, 'state', answer.state) : t('checkup.answer.noState') }) : t('checkup.answer.noWord')}`);
      if (answer.fields.length) lines.push(`     ${t('checkup.fields')}: ${answer.fields.map((f) => `${f.name} (${f.type})`).join(', ')}`);
      for (const r of answer.readings) {
        const reading = known(t, 'checkup.reading', r.reading);
        lines.push(`     * ${r.field ? t('checkup.reading.used', { reading, field: r.field }) : t('checkup.reading.missed', { reading })}`);
      }
    }
    lines.push('');
  });
  return lines.join('\n');
}

/** The screen's verdict under the counts, so the file says what the screen says (a run saved before is judged the same way). */
function verdictLine(report: Report, t: (key: MessageKey, values?: Record<string, string>) => string): string[] {
  const verdict = verdictOf({ state: report.run.state, steps: report.steps });
  return verdict ? [t(verdict.key, { count: String(verdict.count) })] : [];
}
