// The overview's periods in the user's own time zone: "today" starts at local midnight, whatever
// the offset or a daylight-saving change. Main gets them as ISO instants.
import { maxSettlementDays } from '../../../../contract/settlement-days';
import { addDaysIso } from '../../ui/date-text';

export type Range = { from: string; to: string };
export type Day = Range & { date: string };
export type PeriodId = 'today' | 'week' | 'month' | 'lastMonth' | 'range';

const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar date as YYYY-MM-DD. */
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** YYYY-MM-DD read as a local date (not UTC, as `new Date('YYYY-MM-DD')` would). */
export function parseLocalDate(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const range = (from: Date, to: Date): Range => ({ from: from.toISOString(), to: to.toISOString() });

/** Today, the last 7 days (today included), this month, last month, and the chosen dates (both included). */
export function periodsOf(now: Date, chosen: { from: string; to: string }): Record<PeriodId, Range> {
  const today = midnight(now);
  const first = parseLocalDate(chosen.from) ?? addDays(today, -29);
  const last = parseLocalDate(chosen.to) ?? today;
  return {
    today: range(today, addDays(today, 1)),
    week: range(addDays(today, -6), addDays(today, 1)),
    month: range(new Date(today.getFullYear(), today.getMonth(), 1), new Date(today.getFullYear(), today.getMonth() + 1, 1)),
    // A month-end's figures in one look, and its payments a click away (they took two typed dates).
    lastMonth: range(new Date(today.getFullYear(), today.getMonth() - 1, 1), new Date(today.getFullYear(), today.getMonth(), 1)),
    range: last < first ? range(last, addDays(first, 1)) : range(first, addDays(last, 1)),
  };
}

/** This calendar year, 1 January to 31 December, local days (Transactions' "This year": a customer's "what did I pay you this year"). */
export function thisYearOf(now: Date): Range {
  return range(new Date(now.getFullYear(), 0, 1), new Date(now.getFullYear() + 1, 0, 1));
}

/**
 * This year so far, local days: 1 January's local midnight to the end of today (Home's "This year",
 * walk17: typed into From and To it took 18 presses). Home's days stop at today: its daily charts
 * would draw every day left of the year, empty.
 */
export function yearSoFarOf(now: Date): Range {
  return range(new Date(now.getFullYear(), 0, 1), addDays(midnight(now), 1));
}

/** Yesterday, from its local midnight to today's (the audit log's quick dates: "who refunded what yesterday"). */
export function yesterdayOf(now: Date): Range {
  const today = midnight(now);
  return range(addDays(today, -1), today);
}

/** The last `count` days, oldest first, each from its local midnight to the next. */
export function lastDays(now: Date, count: number): Day[] {
  const today = midnight(now);
  return Array.from({ length: count }, (_, i) => {
    const start = addDays(today, i - count + 1);
    return { date: localDate(start), ...range(start, addDays(start, 1)) };
  });
}

/**
 * The days from one local date to another, both included. Never cut short: Home asks for at most
 * `maxSettlementDays` (rangeTooLong says so beside the field), and main refuses more in words.
 */
export function daysBetween(from: string, to: string): Day[] {
  const first = parseLocalDate(from);
  const last = parseLocalDate(to);
  if (!first || !last || last < first) return [];
  const days: Day[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push({ date: localDate(d), ...range(d, addDays(d, 1)) });
  return days;
}

/** The last To a range from `from` may have, and the first From a range to `to` may have (ISO days). */
export const lastAllowedTo = (from: string) => addDaysIso(from, maxSettlementDays - 1);
export const firstAllowedFrom = (to: string) => addDaysIso(to, 1 - maxSettlementDays);
/** More days than one settlement summary may cover (ISO days compare as text). */
export const rangeTooLong = (chosen: { from: string; to: string }) => chosen.to > lastAllowedTo(chosen.from);
