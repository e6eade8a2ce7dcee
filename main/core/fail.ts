// Failures with a reason the renderer can word in the user's language: a key of
// contract/reasons.ts and its values. The English `message` is worded from the same catalog,
// for logs and tools.
import { IntlMessageFormat } from 'intl-messageformat';
import { amountFormat, intlAmount, oneFullStop, quotedSaid, withQuotedWords, withWordedAmount, withWordedDays } from '../../contract/amount-words';
import type { CurrencyCode } from '../../contract/money';
import { reasonTexts, type Reason, type ReasonKey, type ReasonValues } from '../../contract/reasons';
import { reasonsAr } from '../../contract/reasons-ar';
import { AppFailure, type ErrorCode, type GatewayDetail } from '../../contract/result';

/** The languages main words text in itself (the renderer words everything it shows). */
export type Language = 'en' | 'ar';
const catalogs: Record<Language, Record<ReasonKey, string>> = { en: reasonTexts, ar: reasonsAr };
const locales: Record<Language, string> = { en: 'en', ar: 'ar-u-nu-latn' };
const formats = new Map<string, IntlMessageFormat>();

function formatted(language: Language, key: ReasonKey, values: ReasonValues): string {
  const id = `${language}:${key}`;
  let format = formats.get(id);
  if (!format) formats.set(id, (format = new IntlMessageFormat(catalogs[language][key], locales[language])));
  return oneFullStop(String(format.format(values)), values);
}

/**
 * A reason in the language's words; what the gateway said follows as a quotation. Main words only
 * what it shows outside the window (OS notifications, dialogs) and its logs; a state or operation
 * code in the values stays a code with spaces, which those reasons do not use.
 */
export function reasonText(language: Language, reason: Reason): string {
  const text = formatted(language, reason.key, plainValues(language, reason.values));
  const said = reason.values?.said;
  return said === undefined || said === '' ? text : `${text} ${formatted(language, 'gateway.saidSuffix', { said: quotedSaid(language, String(said)) })}`;
}

/** A reason as it travels (any key): worded if the key is one of ours, else undefined. */
export function wireReasonText(language: Language, wire: { key: string; values?: ReasonValues }): string | undefined {
  return Object.prototype.hasOwnProperty.call(reasonTexts, wire.key) ? reasonText(language, wire as Reason) : undefined;
}

/**
 * A reason in English words, for logs, tools, files (the bulk error report) and the English
 * `message` of a failure: without the isolates (FSI…PDI) the catalog puts around a profile's name
 * for screens and notifications, which an editor or a terminal shows as marks of their own.
 */
export const englishText = (reason: Reason): string => reasonText('en', reason).replace(/[\u2068\u2069]/g, '');

/**
 * Values that are codes (a payment state, an operation) are worded too: "partially captured"; and
 * money (`amountMinor`, `currency`) becomes `{amount}` as the page formats amounts in the language.
 */
function plainValues(language: Language, values: ReasonValues = {}): ReasonValues {
  const worded = withWordedAmount(withQuotedWords(withWordedDays(values, language), language), language, (minor, currency) => intlAmount(amountFormatOf(language, currency), minor, currency));
  return typeof worded.state === 'string' ? { ...worded, state: worded.state.replace(/_/g, ' ') } : worded;
}

const amountFormats = new Map<string, Intl.NumberFormat>();
function amountFormatOf(language: Language, currency: CurrencyCode): Intl.NumberFormat {
  const id = `${language} ${currency}`;
  let format = amountFormats.get(id);
  if (!format) amountFormats.set(id, (format = amountFormat(language, currency)));
  return format;
}

export const reason = (key: ReasonKey, values?: ReasonValues): Reason => (values ? { key, values } : { key });

/** A failure for the whole request. */
export function fail(code: ErrorCode, key: ReasonKey, values?: ReasonValues, extra: { gateway?: GatewayDetail } = {}): AppFailure {
  const why = reason(key, values);
  return new AppFailure(code, englishText(why), { reason: why, ...extra });
}

/** A failure that belongs next to a form field (several fields at once with `fieldFailure`). */
export function failField(code: ErrorCode, field: string, key: ReasonKey, values?: ReasonValues): AppFailure {
  return fieldFailure(code, { [field]: reason(key, values) });
}

export function fieldFailure(code: ErrorCode, reasons: Record<string, Reason>): AppFailure {
  const first = Object.values(reasons)[0] ?? reason('input.invalid');
  const fields = Object.fromEntries(Object.entries(reasons).map(([field, why]) => [field, englishText(why)]));
  return new AppFailure(code, englishText(first), { reason: first, fields, fieldReasons: reasons });
}
