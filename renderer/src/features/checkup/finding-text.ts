// A check-up finding in words: main sends a code and its facts, the words are ours (en, ar).
import type { CheckupFinding } from '../../../../contract/methods/checkup';
import { isCurrencyCode, minorFromDecimalText } from '../../../../contract/money';
import { gatewaySaid, isMessageKey, type Language, type MessageKey } from '../../i18n';
import { formatAmount } from '../../i18n/format';

type T = (key: MessageKey, values?: Record<string, string>) => string;

/** The word for a name main sent (a call, a reading, a state), or the name itself. */
export const known = (t: T, prefix: string, value: string | undefined) =>
  value && isMessageKey(`${prefix}.${value}`) ? t(`${prefix}.${value}` as MessageKey) : value ?? '';

/** Order ids, field names, gateway words and amounts stay left to right inside Arabic text. */
const ltr = (text: string | undefined) => (text ? `\u2066${text}\u2069` : '');

/**
 * A finding's amount as the app words every amount, in the reader's language ("SAR 1.40", "1.40 SAR").
 * Main keeps it as it always has, the exact decimal text of its minor units and the currency code
 * ("1.40", "SAR": saved runs and reports, docs/check-up.md), read back to minor units here (text to
 * integer, no float); a text that is not such an amount is shown as it came, with its code.
 */
function wordedAmount(amount: string, currency: string | undefined, language: Language): string {
  if (currency && isCurrencyCode(currency)) {
    const minor = minorFromDecimalText(amount, currency);
    if (minor !== undefined) return formatAmount(minor, currency, language);
  }
  return `${amount} ${currency ?? ''}`.trim();
}

export function findingText(t: T, finding: CheckupFinding, language: Language): string {
  const p = finding.params;
  const rtl = language === 'ar';
  const isolated = rtl ? Object.fromEntries(['order', 'looked', 'word', 'currency', 'error'].filter((k) => p[k]).map((k) => [k, ltr(p[k])])) : {};
  const amount = p.amount ? wordedAmount(p.amount, p.currency, language) : undefined;
  const values: Record<string, string> = {
    ...p,
    ...isolated,
    ...(amount ? { amount: rtl ? ltr(amount) : amount } : {}),
    call: known(t, 'checkup.call', p.call),
    reading: known(t, 'checkup.reading', p.reading),
    step: known(t, 'checkup.step', p.step),
    action: known(t, 'checkup.action', p.action),
    expected: known(t, 'state', p.expected),
    got: known(t, 'state', p.got),
    // The error code worded (an earlier run's code we do not know stays as it is, isolated).
    error: isMessageKey(`error.code.${p.error}`) ? t(`error.code.${p.error}` as MessageKey) : isolated.error ?? p.error ?? '',
  };
  if (finding.code === 'missing_reading') {
    const consequence = ['transactionId', 'statusWord', 'url'].includes(p.reading ?? '') ? `checkup.consequence.${p.reading}` : 'checkup.consequence.other';
    values.consequence = t(consequence as MessageKey);
  }
  if (finding.code === 'call_failed') return withGatewayWords(t, t('checkup.finding.call_failed', values), p, language);
  if (finding.code === 'left_open') return t(`checkup.finding.left_open.${p.why}` as MessageKey, values);
  return t(`checkup.finding.${finding.code}` as MessageKey, values);
}

/** After our sentence, what the gateway said of it, labelled: its code, then its own (English) words quoted. */
function withGatewayWords(t: T, sentence: string, p: CheckupFinding['params'], language: Language): string {
  const code = p.gatewayCode ? t('checkup.gatewayCode', { code: language === 'ar' ? ltr(p.gatewayCode) : p.gatewayCode }) : '';
  return [sentence, code, p.said ? gatewaySaid(language, p.said) : ''].filter(Boolean).join(' ');
}
