// A check-up finding in words: main sends a code and its facts, the words are ours (en, ar).
import type { CheckupFinding } from '../../../../contract/methods/checkup';
import { isMessageKey, type MessageKey } from '../../i18n';

type T = (key: MessageKey, values?: Record<string, string>) => string;

/** The word for a name main sent (a call, a reading, a state), or the name itself. */
export const known = (t: T, prefix: string, value: string | undefined) =>
  value && isMessageKey(`${prefix}.${value}`) ? t(`${prefix}.${value}` as MessageKey) : value ?? '';

/** Order ids, field names, gateway words and amounts stay left to right inside Arabic text. */
const ltr = (text: string | undefined) => (text ? `\u2066${text}\u2069` : '');

export function findingText(t: T, finding: CheckupFinding, options: { rtl?: boolean } = {}): string {
  const p = finding.params;
  const isolated = options.rtl ? Object.fromEntries(['order', 'looked', 'word', 'amount', 'currency', 'error'].filter((k) => p[k]).map((k) => [k, ltr(p[k])])) : {};
  const values: Record<string, string> = {
    ...p,
    ...isolated,
    call: known(t, 'checkup.call', p.call),
    reading: known(t, 'checkup.reading', p.reading),
    step: known(t, 'checkup.step', p.step),
    action: known(t, 'checkup.action', p.action),
    expected: known(t, 'state', p.expected),
    got: known(t, 'state', p.got),
    gatewayCode: p.gatewayCode ? `, ${p.gatewayCode}` : '',
  };
  if (finding.code === 'missing_reading') {
    const consequence = ['transactionId', 'statusWord', 'url'].includes(p.reading ?? '') ? `checkup.consequence.${p.reading}` : 'checkup.consequence.other';
    values.consequence = t(consequence as MessageKey);
  }
  if (finding.code === 'left_open') return t(`checkup.finding.left_open.${p.why}` as MessageKey, values);
  return t(`checkup.finding.${finding.code}` as MessageKey, values);
}
