// Money is an integer count of minor units plus an ISO 4217 code. Conversions to and from
// decimal text are done on strings, never through binary floating point.
import type { Reason, ReasonKey } from './reasons';
import { toAsciiDigits } from './digits';
import { withoutDirectionMarks } from './text-chars';

/** ISO 4217 minor-unit exponents for the currencies Paydesk offers. */
export const currencyExponents = {
  AED: 2, AUD: 2, BHD: 3, CAD: 2, CHF: 2, CNY: 2, EGP: 2, EUR: 2, GBP: 2, INR: 2,
  IQD: 3, JOD: 3, JPY: 0, KRW: 0, KWD: 3, LBP: 2, LYD: 3, MAD: 2, OMR: 3, PKR: 2,
  QAR: 2, SAR: 2, TND: 3, TRY: 2, USD: 2,
} as const satisfies Record<string, 0 | 2 | 3>;

export type CurrencyCode = keyof typeof currencyExponents;
export const currencyCodes = Object.keys(currencyExponents) as CurrencyCode[];

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.prototype.hasOwnProperty.call(currencyExponents, code);
}

export function exponentOf(currency: CurrencyCode): number {
  return currencyExponents[currency];
}

/** The largest amount Paydesk accepts, in minor units: far above any card payment, far below 2^53. */
export const maxMinorUnits = 1_000_000_000_000_000;

export type ParsedAmount = { ok: true; minor: number } | { ok: false; reason: string; why: Reason };

const refuse = (reason: string, key: ReasonKey, values?: Reason['values']): ParsedAmount => ({ ok: false, reason, why: values ? { key, values } : { key } });

/**
 * Typed amount text with ASCII digits and separators: Arabic-Indic digits, the Arabic decimal (٫)
 * and thousands (٬) separators read as 0-9, "." and ","; direction marks dropped (invisible, they
 * come along when an amount is copied from an Arabic sentence, and never change a digit).
 */
export function asciiAmountText(text: string): string {
  return toAsciiDigits(withoutDirectionMarks(text).trim()).replace(/\u066B/g, '.').replace(/\u066C/g, ',');
}

/**
 * Digits as a person types an amount (after asciiAmountText): 200, 200.50, 1,250.50, 0.5. No
 * leading zero ("0008" is a card's last four), no sign, no spaces. Searches use it to tell an
 * amount from other digits before parseAmount reads it.
 */
export const amountAsTyped = /^(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*|0)(?:\.\d+)?$/;

/**
 * Parses what a person typed ("1,250.5", "10", "0.125") into minor units of the currency,
 * exactly as typed or not at all: nothing is dropped or guessed. Accepts ASCII, Arabic-Indic
 * and Eastern Arabic-Indic digits; a dot or the Arabic decimal separator for decimals; commas
 * (or the Arabic thousands separator) only as correctly grouped thousands ("1,234.50"), spaces
 * between thousands. A comma that is not a thousands separator ("12,50") is refused with a
 * message, never read as 1250; a sign is refused; more decimals than the currency has are refused.
 * An amount with two readings is refused with both: "12,500" in KWD is 12500 grouped, or 12.500
 * to someone who writes decimals with a comma.
 */
export function parseAmount(text: string, currency: CurrencyCode): ParsedAmount {
  return twoReadings(text, currency) ?? parseSearchAmount(text, currency);
}

/**
 * One comma group of three digits and no decimal point, in a currency of three decimals: "12,500"
 * KWD may be twelve thousand five hundred or twelve and a half. Not "1,234,500" (only thousands
 * are grouped twice), not "12,500.000" (the dot is the decimal), not in SAR (12.500 has a decimal
 * too many). The Arabic thousands separator too: ٬ is never a decimal, but it is drawn almost as
 * the decimal separator ٫, and one wrong key is a thousand times the amount (walk19).
 */
function twoReadings(text: string, currency: CurrencyCode): ParsedAmount | undefined {
  if (exponentOf(currency) !== 3) return undefined;
  const typed = compactAmountText(text);
  if (!/^\d{1,3},\d{3}$/.test(typed)) return undefined;
  const whole = typed.replace(',', '').replace(/^0+(?=\d)/, '');
  const decimal = typed.replace(',', '.');
  return refuse(`${typed} could be ${whole} or ${decimal} ${currency}: write it without the comma, or with a dot for the decimals.`, 'amount.twoReadings', { typed, whole, decimal, currency });
}

/** The amount as typed, in ASCII, without the spaces people put between thousands. */
const compactAmountText = (text: string) => asciiAmountText(text).replace(/[\u00A0\u202F ]/g, '');

/**
 * The example for a misplaced comma: "12,50" written with a dot; an amount with an Arabic thousands
 * separator before or after it ("٬١٢٣", never a decimal) or a comma after it ("123,": nothing
 * follows), without it; otherwise a fixed one, as no reading of "1.234,50" is certain.
 */
function dotExample(text: string, typed: string, currency: CurrencyCode): string {
  const bare = compactAmountText(withoutDirectionMarks(text).trim().replace(/^\u066C+|[\u066C,]+$/g, ''));
  const derived = /^\d+,\d+$/.test(typed) ? typed.replace(',', '.') : /^\d+(\.\d+)?$/.test(bare) ? bare : undefined;
  // An example the field would refuse (a decimal too many for the currency) is no example.
  return derived !== undefined && (derived.split('.')[1] ?? '').length <= exponentOf(currency) ? derived : amountExample(currency);
}

/**
 * An amount written as the currency's ISO 4217 exponent says, for the words that show one:
 * "1234.50" SAR, "1234.500" KWD, "1234" JPY; `grouped` "1,234.500"; `short` "125.500".
 */
export function amountExample(currency: CurrencyCode, form: 'plain' | 'grouped' | 'short' = 'plain'): string {
  const exponent = exponentOf(currency);
  const digits = { plain: '1234', grouped: '1,234', short: '125' }[form];
  return exponent === 0 ? digits : `${digits}.${'5'.padEnd(exponent, '0')}`;
}

/**
 * What a search or a filter's amount reads (and parseAmount after its one refusal): a comma group
 * is always thousands, so "12,500" in KWD finds 12,500.000 as "12500" does. A search moves no money,
 * and what it found is on screen at once.
 */
export function parseSearchAmount(text: string, currency: CurrencyCode): ParsedAmount {
  const typed = compactAmountText(text);
  if (typed.replace(/,/g, '') === '') return refuse('Enter an amount.', 'amount.empty');
  if (/^[-\u2212]/.test(typed)) return refuse('Enter the amount without a sign: it must be more than zero.', 'amount.negative');
  let normalized = typed;
  if (typed.includes(',')) {
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(typed)) {
      const grouped = amountExample(currency, 'grouped');
      // A currency without decimals has no dot to use instead: its comma only groups thousands.
      if (exponentOf(currency) === 0) return refuse(`${currency} has no decimals, and a comma only separates thousands (${grouped}).`, 'amount.commaNoDecimals', { currency, grouped });
      const example = dotExample(text, typed, currency);
      return refuse(`Use a dot for the decimals, as in ${example}; a comma only separates thousands (${grouped}).`, 'amount.decimalComma', { example, grouped });
    }
    normalized = typed.replace(/,/g, '');
  }
  const match = /^(\d+)(?:\.(\d*))?$/.exec(normalized);
  if (!match) {
    const example = amountExample(currency, 'short');
    return refuse(`Enter the amount as digits, for example ${example}.`, 'amount.notDigits', { example });
  }
  const whole = match[1];
  const fraction = match[2] ?? '';
  const exponent = exponentOf(currency);
  if (fraction.length > exponent) {
    const amount = exponent === 0 ? wholeOfZeros(whole ?? '', fraction) : undefined;
    if (amount !== undefined) return refuse(`${currency} has no decimals: write ${amount}.`, 'amount.noDecimalsWrite', { currency, amount });
    return exponent === 0
      ? refuse(`${currency} has no decimals.`, 'amount.noDecimals', { currency })
      : refuse(`${currency} allows at most ${exponent} decimals.`, 'amount.tooManyDecimals', { currency, decimals: exponent });
  }
  // An integer string: exact up to 2^53; anything longer rounds, but stays above the limit.
  const minor = Number(whole + fraction.padEnd(exponent, '0'));
  if (minor > maxMinorUnits) return refuse('The amount is too large.', 'amount.tooLarge');
  return { ok: true, minor };
}

/**
 * The whole units to write instead of an amount in a currency without decimals whose decimals are
 * only zeros ("15000.00" JPY: "15000"), still refused: nothing is dropped without the person. Not
 * for exactly three zeros ("1.000" JPY), which may be thousands grouped with a dot: there the
 * other reading is a thousandfold change. Not for zero. Only for a currency without decimals: in a
 * three-decimal one the amount to write would depend on the file's decimal mark (a bulk file
 * separated by semicolons reads "12,500" and "12.500" both as two readings).
 */
function wholeOfZeros(whole: string, fraction: string): string | undefined {
  if (fraction.length === 3 || !/^0+$/.test(fraction) || /^0+$/.test(whole)) return undefined;
  return whole;
}

/** Minor units to plain decimal text with exactly the currency's decimals: 1050 SAR -> "10.50". */
export function formatMinor(minor: number, currency: CurrencyCode): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError('Amount must be a safe integer of minor units');
  const exponent = exponentOf(currency);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return negative ? `-${text}` : text;
}

/**
 * Decimal text as found in a gateway's JSON ("10.5", "1000", "1.250") to minor units. Refuses
 * (undefined) exponents ("1e3"), more significant decimals than the currency allows, amounts
 * beyond 2^53, and any negative text ("-10.00", "-0"): a gateway amount is never below zero,
 * and a minus sign must never be dropped, so such an amount counts as unreadable.
 */
export function minorFromDecimalText(text: string, currency: CurrencyCode): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const exponent = exponentOf(currency);
  if (fraction.length > exponent) return undefined;
  const minor = Number(match[1] + fraction.padEnd(exponent, '0'));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

