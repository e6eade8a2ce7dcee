// Amounts, the list's dates and the messages' counts without Intl, for the first screen. Intl's
// first use in a page costs 12–20 ms (ICU's and V8's one-time set-up, whatever is made first), and
// the first rows used to pay it. These give the very text Intl gives in Chromium for Paydesk's
// two locales (en-GB / ar-SA with Latin digits; messages in 'en' / 'ar-u-nu-latn'), proved by
// test/i18n/plain-format.test.ts in real Chromium against the page's own ICU over every currency,
// every message of both catalogs and a range of dates; anything they do not cover (a fraction, a negative count, an ordinal) answers `undefined`, and
// the caller asks Intl as before.
import { formatMinor, isCurrencyCode, type CurrencyCode } from '../../../contract/money';
import type { CompiledMessage, PackedPart } from './compiled-message';

type Language = 'en' | 'ar';
const nbsp = '\u00A0';
const rlm = '\u200F';
const lrm = '\u200E';

/** Digits with a comma between thousands: "1234567.50" → "1,234,567.50" (en-GB and ar-SA alike). */
function grouped(decimal: string): string {
  const [whole, fraction] = decimal.split('.') as [string, string | undefined];
  const withCommas = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

// How Intl words a currency with its ISO code (contract/amount-words.ts asks for the code, never a
// symbol): en-GB puts it before the number with a no-break space, ar-SA after it, the same for every
// currency. The code is what the currency filter, Home's Currency column and the exports say.
const codeBeside = (currency: CurrencyCode, language: Language) => (language === 'ar' ? currency : `${currency}${nbsp}`);

/** An amount as Intl's currency format words it, from integer minor units (exact: text only), or undefined. */
export function plainAmount(minor: number, currency: CurrencyCode, language: Language): string | undefined {
  if (!isCurrencyCode(currency) || !Number.isSafeInteger(minor)) return undefined;
  const code = codeBeside(currency, language);
  const digits = grouped(formatMinor(Math.abs(minor), currency));
  const minus = minor < 0 ? '-' : '';
  return language === 'ar' ? `${rlm}${minor < 0 ? lrm : ''}${minus}${digits}${nbsp}${code}` : `${minus}${code}${digits}`;
}

/** A currency as plainAmount writes it beside the digits: its code (SAR, USD), or undefined for no known currency. */
export function plainCurrency(currency: CurrencyCode): string | undefined {
  return isCurrencyCode(currency) ? currency : undefined;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A list row's day in the computer's time zone, as Intl's short date: 24/11/2026; Arabic 24‏/11‏/2026. */
export function plainRowDay(date: Date, language: Language): string {
  const [day, month, year] = [date.getDate(), date.getMonth() + 1, date.getFullYear()];
  if (language === 'ar') return `${day}${rlm}/${month}${rlm}/${year}`;
  return `${two(day)}/${two(month)}/${year}`;
}

/** A list row's time in the computer's time zone, as Intl's short time: 13:05; Arabic 1:05 م. */
export function plainRowTime(date: Date, language: Language): string {
  const [hours, minutes] = [date.getHours(), date.getMinutes()];
  if (language === 'ar') return `${hours % 12 || 12}:${two(minutes)} ${hours < 12 ? 'ص' : 'م'}`;
  return `${two(hours)}:${two(minutes)}`;
}

/** Intl.PluralRules' cardinal category of a whole number ≥ 0 in English or Arabic (CLDR's rules). */
export function pluralCategory(n: number, language: Language): string {
  if (language === 'en') return n === 1 ? 'one' : 'other';
  const last2 = n % 100;
  return n === 0 ? 'zero' : n === 1 ? 'one' : n === 2 ? 'two' : last2 >= 3 && last2 <= 10 ? 'few' : last2 >= 11 ? 'many' : 'other';
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
/** An option by key; false where intl-messageformat would find something else (a key of Object's prototype). */
const optionOf = (options: Record<string, PackedPart[]>, key: string) => (Object.hasOwn(options, key) ? options[key] : key in options ? false : undefined);
const numberElement = 2; // TYPE.number of @formatjs/icu-messageformat-parser: `{n, number}`

/**
 * A compiled message (compiled-message.ts) as intl-messageformat formats it, for texts, values
 * (text or numbers: `{name}` is String(value) there too), `{n, number}` and `#` of whole numbers ≥ 0,
 * selects and cardinal plurals; undefined for anything else (the caller asks intl-messageformat).
 */
export function plainMessage(message: CompiledMessage, values: Record<string, string | number>, language: Language): string | undefined {
  if (typeof message === 'string') return message;
  let out = '';
  const walk = (parts: PackedPart[], pound: number | undefined): boolean => {
    for (const part of parts) {
      if (typeof part === 'string') out += part;
      else if (part === 0) {
        if (pound === undefined) return false;
        out += grouped(String(pound));
      } else if (Array.isArray(part)) {
        const value = values[part[0]];
        if (typeof value !== 'string' && typeof value !== 'number') return false;
        out += String(value);
      } else if ('s' in part) {
        const value = values[part.s];
        if (value === undefined) return false;
        const option = optionOf(part.o, String(value)) ?? optionOf(part.o, 'other');
        // intl-messageformat gives a select's option no `#` value.
        if (!option || !walk(option, undefined)) return false;
      } else if ('p' in part) {
        const value = values[part.p];
        const offset = part.n ?? 0;
        if (part.ord || !isCount(value) || value - offset < 0) return false;
        const option = optionOf(part.o, `=${value}`) ?? optionOf(part.o, pluralCategory(value - offset, language)) ?? optionOf(part.o, 'other');
        if (!option || !walk(option, value - offset)) return false;
      } else if (part.type === numberElement && (part as { style?: unknown }).style == null) {
        const value = values[part.value];
        if (!isCount(value)) return false;
        out += grouped(String(value));
      } else return false;
    }
    return true;
  };
  return walk(message, undefined) ? out : undefined;
}
