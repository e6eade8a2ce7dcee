import { formatMinor, type CurrencyCode } from '../../../contract/money';
import type { Language } from './index';

const locales: Record<Language, string> = { en: 'en-GB', ar: 'ar-SA' };

// Intl formatters are costly to build (Home's charts format hundreds of amounts and dates at
// once): one per language and options, kept.
const kept = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function keep<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = kept.get(key) as T | undefined;
  if (!format) kept.set(key, (format = make()));
  return format;
}

/**
 * An amount for display in the chosen language. Intl formats the exact decimal string built
 * from integer minor units, so no binary float ever touches the amount.
 */
export function formatAmount(minor: number, currency: CurrencyCode, language: Language): string {
  const format = keep(`amount ${language} ${currency}`, () => new Intl.NumberFormat(locales[language], { style: 'currency', currency, numberingSystem: 'latn' }));
  return format.format(formatMinor(minor, currency) as unknown as number);
}

export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' }).format(new Date(iso));
}

export function formatDate(isoDate: string, language: Language): string {
  return keep(`date ${language}`, () => new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeZone: 'UTC', numberingSystem: 'latn' })).format(new Date(`${isoDate}T00:00:00Z`));
}

/** Compact date and time for list rows. */
export function formatShortDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'short', timeStyle: 'short', numberingSystem: 'latn' }).format(new Date(iso));
}
