// The calendar's arithmetic on ISO days ("2026-11-24"), pure so it is tested alone: the weeks of a
// month, a month or a week's edge away, and a day kept between a field's first and last days.
import type { Language } from '../i18n';
import { addDaysIso, daysInMonth } from './date-text';

/** The week's first day in the app's locales (CLDR: en-GB Monday, ar-SA Sunday), as Date's getUTCDay. */
export const firstWeekday: Record<Language, number> = { en: 1, ar: 0 };

const pad = (n: number) => String(n).padStart(2, '0');
const partsOf = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** Today in the computer's time zone, as the person's own calendar has it. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The month's weeks, each seven ISO days or '' for the days of the months around it. */
export function monthWeeks(year: number, month: number, weekStart: number): string[][] {
  const first = `${year}-${pad(month)}-01`;
  const before = (weekdayOf(first) - weekStart + 7) % 7;
  const cells: string[] = Array.from({ length: before }, () => '');
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(`${year}-${pad(month)}-${pad(day)}`);
  while (cells.length % 7) cells.push('');
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The same day `months` months on, kept inside a shorter month (31 January + 1 month: 28 or 29 February). */
export function addMonthsIso(iso: string, months: number): string {
  const [year, month, day] = partsOf(iso);
  const index = year * 12 + (month - 1) + months;
  const [toYear, toMonth] = [Math.floor(index / 12), (index % 12) + 1];
  return `${toYear}-${pad(toMonth)}-${pad(Math.min(day, daysInMonth(toYear, toMonth)))}`;
}

/** The first (or last) day of the day's week, the week starting on `weekStart`. */
export function weekEdgeIso(iso: string, weekStart: number, edge: 'start' | 'end'): string {
  const intoWeek = (weekdayOf(iso) - weekStart + 7) % 7;
  return addDaysIso(iso, edge === 'start' ? -intoWeek : 6 - intoWeek);
}

/** The day kept between the first and last days a field takes (either may be absent). ISO days compare as text. */
export function clampIso(iso: string, min?: string, max?: string): string {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}

/** Year and month of an ISO day. */
export function monthOf(iso: string): { year: number; month: number } {
  const [year, month] = partsOf(iso);
  return { year, month };
}
