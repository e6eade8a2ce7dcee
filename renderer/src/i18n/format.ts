import { formatMinor, type CurrencyCode } from '../../../contract/money';
import type { Language } from './index';

const locales: Record<Language, string> = { en: 'en-GB', ar: 'ar-SA' };

// Building an Intl formatter costs far more than using one (a list draws hundreds of cells):
// each is made once per language and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(language: Language, currency: string): Intl.NumberFormat {
  const key = `n:${language}:${currency}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locales[language], { style: 'currency', currency, numberingSystem: 'latn' })));
  return format;
}
function dateFormat(language: Language, name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${language}:${name}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locales[language], { ...options, numberingSystem: 'latn' })));
  return format;
}

/**
 * An amount for display in the chosen language. Intl formats the exact decimal string built
 * from integer minor units, so no binary float ever touches the amount.
 */
export function formatAmount(minor: number, currency: CurrencyCode, language: Language): string {
  return numberFormat(language, currency).format(formatMinor(minor, currency) as unknown as number);
}

export function formatDateTime(iso: string, language: Language): string {
  return dateFormat(language, 'dateTime', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(isoDate: string, language: Language): string {
  return dateFormat(language, 'date', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** Compact date and time for list rows. */
export function formatShortDateTime(iso: string, language: Language): string {
  return dateFormat(language, 'short', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}
