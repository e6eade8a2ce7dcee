// Checks on what people type into payment forms, done in main so no renderer can skip them.
// Each failure names its field, so the form can show the message next to it.
import { holdsCardNumber, luhnOk } from '../../contract/card';
// Arabic-Indic digits read as ASCII, as the renderer reads them: the gateway gets ASCII only.
import { toAsciiDigits } from '../../contract/digits';
import { internationalPhone } from '../../contract/phone';
// Control, invisible and direction-changing characters (the renderer refuses the same ones).
import { bidiOrInvisible, controlChars } from '../../contract/text-chars';
import { returnAddressProblem } from '../../contract/return-address';
import type { ReasonKey, ReasonValues } from '../../contract/reasons';
import { failField } from '../core/fail';

const fail = (field: string, key: ReasonKey, values?: ReasonValues): never => {
  throw failField('invalid_input', field, key, values);
};

/** Text a person typed: required unless said, no control, invisible or direction-changing characters, not too long. */
export function cleanText(value: string, field: string, options: { required?: boolean; max?: number } = {}): string {
  const text = value.trim();
  if (options.required !== false && !text) fail(field, 'input.required');
  if (controlChars.test(text)) fail(field, 'input.controlChars');
  if (bidiOrInvisible.test(text)) fail(field, 'input.bidiChars');
  if (text.length > (options.max ?? 200)) fail(field, 'input.tooLong', { max: options.max ?? 200 });
  return text;
}

/**
 * Free text the ledger keeps (a refund's or a settlement's reason, a description), refused when it
 * holds a card number: pasted from a caller, it would stay in the ledger, and in the audit log under
 * the chain's hash, for good. Refused rather than cut, so what was typed is never changed silently.
 */
export function refuseCardNumber(text: string, field: string): string {
  if (holdsCardNumber(toAsciiDigits(text))) fail(field, 'input.cardNumber');
  return text;
}

/**
 * Text the ledger keeps and the gateway receives (a customer's name or e-mail, a description, a
 * reason, a name on a card), refused when it holds an API key Paydesk keeps: a key pasted into the
 * wrong field would otherwise go to the gateway, the ledger and its audit log for good.
 * `holdsKey` is the logger's list of registered secrets (every key read or stored).
 */
export function refuseApiKey(fields: Record<string, string | undefined>, holdsKey: (text: string) => boolean): void {
  for (const [field, text] of Object.entries(fields)) if (text && holdsKey(text)) fail(field, 'input.apiKey');
}

export function cleanOrderId(value: string | undefined): string | undefined {
  if (value === undefined || !value.trim()) return undefined;
  const text = cleanText(value, 'orderId', { max: 100 });
  if (!/^[A-Za-z0-9._:/#-]+$/.test(text)) fail('orderId', 'input.orderIdChars');
  return text;
}

export function cleanCustomer(customer: { name: string; email: string; phone: string }, prefix = 'customer') {
  return { name: cleanText(customer.name, `${prefix}.name`), email: cleanEmail(customer.email, `${prefix}.email`), phone: cleanPhone(customer.phone, `${prefix}.phone`) };
}

export function cleanEmail(value: string, field: string): string {
  const email = cleanText(value, field, { max: 320 });
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail(field, 'input.email');
  return email;
}

/** International format, spaces, brackets, dots and dashes dropped; an empty one is missing, not malformed. */
export function cleanPhone(value: string, field: string): string {
  if (!toAsciiDigits(value).replace(/[\s().-]/g, '')) fail(field, 'input.required');
  return internationalPhone(value) ?? fail(field, 'input.phone');
}

/** A customer's return address as typed, else the profile's default; `environment` the profile's (https only for production: contract/return-address.ts). */
export function cleanUrl(value: string | undefined | null, field: string, fallback: string | null | undefined, environment: string): string {
  const text = value?.trim() || fallback || '';
  if (!text) fail(field, 'input.urlMissing');
  const problem = returnAddressProblem(text, environment);
  if (problem) fail(field, urlReasons[problem]);
  return new URL(text).href;
}
const urlReasons = { invalid: 'input.urlInvalid', scheme: 'input.urlScheme', production: 'input.urlProduction', credentials: 'input.urlCredentials' } as const;

export function cleanDate(value: string | undefined, field: string): string | undefined {
  if (!value?.trim()) return undefined;
  const text = value.trim();
  // Read back as it was written: exactly year-month-day, and a day the calendar has.
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) fail(field, 'input.date');
  return text;
}

/** Card fields: digits only, Luhn-valid, a real month, not expired. Returned for one call only. */
export function cleanCard(card: { number: string; holder: string; expiryMonth: string; expiryYear: string; cvv: string }, now: Date) {
  const number = toAsciiDigits(card.number).replace(/[\s-]/g, '');
  if (!luhnOk(number)) fail('card.number', 'card.number');
  const holder = cleanText(card.holder, 'card.holder', { max: 100 });
  const month = toAsciiDigits(card.expiryMonth).trim().padStart(2, '0');
  if (!/^(0[1-9]|1[0-2])$/.test(month)) fail('card.expiryMonth', 'card.expiryMonth');
  const year = toAsciiDigits(card.expiryYear).trim();
  if (!/^\d{4}$/.test(year)) fail('card.expiryYear', 'card.expiryYear');
  const lastDay = new Date(Date.UTC(Number(year), Number(month), 1));
  if (lastDay <= now) fail('card.expiryYear', 'card.expired');
  const cvv = toAsciiDigits(card.cvv).trim();
  if (!/^\d{3,4}$/.test(cvv)) fail('card.cvv', 'card.cvv');
  return { number, holder, expiryMonth: month, expiryYear: year, cvv };
}
