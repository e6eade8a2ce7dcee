// Failures with a reason the renderer can word in the user's language: a key of
// contract/reasons.ts and its values. The English `message` is worded from the same catalog,
// for logs and tools.
import { IntlMessageFormat } from 'intl-messageformat';
import { reasonTexts, type Reason, type ReasonKey, type ReasonValues } from '../../contract/reasons';
import { AppFailure, type ErrorCode, type GatewayDetail } from '../../contract/result';

const formats = new Map<ReasonKey, IntlMessageFormat>();

function formatted(key: ReasonKey, values: ReasonValues): string {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new IntlMessageFormat(reasonTexts[key], 'en')));
  return String(format.format(values));
}

/** A reason in English words; what the gateway said follows as a quotation. */
export function englishText(reason: Reason): string {
  const text = formatted(reason.key, englishValues(reason.values));
  const said = reason.values?.said;
  return said === undefined || said === '' ? text : `${text} ${formatted('gateway.saidSuffix', { said })}`;
}

/** Values that are codes (a payment state, an operation) are worded too: "partially captured". */
function englishValues(values: ReasonValues = {}): ReasonValues {
  return typeof values.state === 'string' ? { ...values, state: values.state.replace(/_/g, ' ') } : values;
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
