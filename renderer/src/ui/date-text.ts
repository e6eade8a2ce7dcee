// A calendar day typed as text, read the way the app writes dates: day, month, year (24/11/2026
// in English; in Arabic the same order, shown right to left as the lists show it). The rest of the
// code only ever sees the ISO day "2026-11-24". Pure functions, so the reading is tested alone.
import type { Language } from '../i18n';

export type DateReading =
  | { kind: 'empty' }
  | { kind: 'date'; iso: string }
  /** Read as day, month and year, but no such day exists (31/02/2026, month 13). */
  | { kind: 'impossible'; day: number; month: number; year: number }
  /** Not day/month/year at all (a two-digit year, letters, a part missing). */
  | { kind: 'unreadable' };

// Direction marks (Intl puts U+200F after the day and month in Arabic) and Arabic-Indic digits, so
// a date copied from an Arabic screen or typed on an Arabic keyboard reads like one typed in ASCII.
const marks = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const arabicDigits = /[\u0660-\u0669\u06f0-\u06f9]/g;
const digitOf = (c: string) => String((c.charCodeAt(0) - (c >= '\u06f0' ? 0x06f0 : 0x0660)));

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

export function readDateText(text: string): DateReading {
  const plain = text.replace(marks, '').replace(arabicDigits, digitOf).trim();
  if (!plain) return { kind: 'empty' };
  let day: number, month: number, year: number;
  const dayFirst = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*([1-9]\d{3})$/.exec(plain);
  const isoTyped = /^([1-9]\d{3})-(\d{1,2})-(\d{1,2})$/.exec(plain); // what a native date field or a CSV gives
  const digitsOnly = /^(\d{2})(\d{2})([1-9]\d{3})$/.exec(plain); // 24112026
  if (dayFirst) [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else if (digitsOnly) [day, month, year] = [Number(digitsOnly[1]), Number(digitsOnly[2]), Number(digitsOnly[3])];
  else if (isoTyped) [year, month, day] = [Number(isoTyped[1]), Number(isoTyped[2]), Number(isoTyped[3])];
  else return { kind: 'unreadable' };
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { kind: 'impossible', day, month, year };
  return { kind: 'date', iso: `${year}-${pad(month)}-${pad(day)}` };
}

const locales: Record<Language, string> = { en: 'en-GB', ar: 'ar-SA' };
const shortFormats = new Map<Language, Intl.DateTimeFormat>();

/** An ISO day as the app's lists write it (dateStyle short: 24/11/2026, Arabic 24‏/11‏/2026); '' stays ''. */
export function formatDateText(iso: string, language: Language): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return '';
  let format = shortFormats.get(language);
  if (!format) shortFormats.set(language, (format = new Intl.DateTimeFormat(locales[language], { dateStyle: 'short', timeZone: 'UTC', numberingSystem: 'latn', calendar: 'gregory' })));
  return format.format(new Date(`${iso}T00:00:00Z`));
}

/** The month's name and year ("February 2026", "فبراير 2026") for the error about a day it has not. */
export function monthName(year: number, month: number, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn', calendar: 'gregory' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The ISO day `days` after (or before) another: the arrow keys, a range's longest reach. */
export function addDaysIso(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
