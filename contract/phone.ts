// The customer's phone as the gateway takes it (international: + and the country code), one rule
// for the forms and for main; and a phone typed the way people say it at home ("050 123 4567",
// "00966…", "966…") offered back in that form. Never applied by itself: the country is only a
// guess from the currency, so the person sees the number and chooses.
import type { CurrencyCode } from './money';
import { toAsciiDigits } from './digits';

/** The phone as sent: ASCII digits (Arabic-Indic ones read as such), spaces, dots, dashes and
 *  brackets dropped; undefined unless it is + and a country code, 7 to 15 digits in all. */
export function internationalPhone(typed: string): string | undefined {
  const phone = toAsciiDigits(typed).replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(phone) ? phone : undefined;
}

export const phoneOk = (typed: string) => internationalPhone(typed) !== undefined;

/** Calling code, whether numbers at home start with a trunk 0, and how many digits follow the
 *  code (the national number without the 0). Only currencies of one country are here: a euro or
 *  dollar says nothing about where the customer's phone is. */
type Country = { code: string; trunkZero: boolean; digits: [number, number] };
const countryOf: Partial<Record<CurrencyCode, Country>> = {
  SAR: { code: '966', trunkZero: true, digits: [8, 9] },
  AED: { code: '971', trunkZero: true, digits: [8, 9] },
  KWD: { code: '965', trunkZero: false, digits: [8, 8] },
  BHD: { code: '973', trunkZero: false, digits: [8, 8] },
  QAR: { code: '974', trunkZero: false, digits: [8, 8] },
  OMR: { code: '968', trunkZero: false, digits: [8, 8] },
  JOD: { code: '962', trunkZero: true, digits: [8, 9] },
  EGP: { code: '20', trunkZero: true, digits: [9, 10] },
  IQD: { code: '964', trunkZero: true, digits: [9, 10] },
  LBP: { code: '961', trunkZero: true, digits: [7, 8] },
  LYD: { code: '218', trunkZero: true, digits: [9, 9] },
  MAD: { code: '212', trunkZero: true, digits: [9, 9] },
  TND: { code: '216', trunkZero: false, digits: [8, 8] },
  TRY: { code: '90', trunkZero: true, digits: [10, 10] },
  PKR: { code: '92', trunkZero: true, digits: [9, 10] },
  INR: { code: '91', trunkZero: true, digits: [10, 10] },
  GBP: { code: '44', trunkZero: true, digits: [9, 10] },
};

/** The phone in international form ("+966 501234567"), or nothing when it is fine as typed or
 *  no form can be told from it. */
export function phoneSuggestion(typed: string, currency: CurrencyCode): string | undefined {
  if (!typed.trim() || phoneOk(typed)) return undefined;
  const digits = toAsciiDigits(typed).replace(/[\s().-]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  // 00 is how most of the world dials abroad: the rest is already code and number.
  if (digits.startsWith('00')) return phoneOk(`+${digits.slice(2)}`) ? `+${digits.slice(2)}` : undefined;
  const country = countryOf[currency];
  if (!country) return undefined;
  const fits = (national: string) => national.length >= country.digits[0] && national.length <= country.digits[1] && !national.startsWith('0');
  const withCode = digits.startsWith(country.code) ? digits.slice(country.code.length) : undefined;
  if (withCode !== undefined && fits(withCode)) return `+${country.code} ${withCode}`;
  const national = country.trunkZero ? (digits.startsWith('0') ? digits.slice(1) : undefined) : digits;
  if (national !== undefined && fits(national)) return `+${country.code} ${national}`;
  return undefined;
}

/**
 * A phone typed into a payment search the way it is said ("0581519896", "058 151 9896", "00966…",
 * Arabic-Indic digits), as the digits every stored form of it holds. The ledger keeps a phone as
 * sent (+, country code, digits: internationalPhone) and the search matches text within, so
 * "0581519896" found nothing beside "+966581519896" (the screen walk, docs/screens-walks.md).
 * Read so only with 7 digits or more, when it starts like a phone (+, 0, a bracket) or is digits
 * and spaces alone: an order reference's dashes ("2026-11-30-001") are kept. What goes is a leading
 * +, 00 or trunk 0 (a shorter text within matches more, never less) and the separators.
 */
export function phoneSearchText(text: string): string {
  const typed = toAsciiDigits(text.trim());
  const digits = typed.replace(/[\s().-]/g, '');
  if (!/^\+?\d{7,}$/.test(digits)) return text;
  if (!/^\(?[+0]/.test(typed) && /[().-]/.test(typed)) return text;
  return digits.replace(/^\+/, '').replace(/^00?/, '');
}
