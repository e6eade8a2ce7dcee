// A day of the settlement summary with its time zone said: the user's calendar day `date` began
// at `instant` (the renderer's local midnight, docs/overview.md), so its wall time there is
// `${date}T00:00:00` and its offset from UTC the difference: "2026-10-01T00:00:00+03:00" in
// Riyadh. The file's dates were the user's days with no zone stated, while the payments CSV's
// times are UTC: a payment at 01:30 in Riyadh on 1 October was "2026-09-30T22:30Z" there.
const pad = (n: number) => String(n).padStart(2, '0');

/** The instant `instant`, which is `date`'s local midnight, as that wall time with its offset; an instant that is not one (a hand-made call) in UTC as it is. */
export function localMidnight(date: string, instant: string): string {
  const offset = (Date.parse(`${date}T00:00:00Z`) - Date.parse(instant)) / 60_000;
  if (!Number.isInteger(offset) || Math.abs(offset) > 18 * 60) return new Date(instant).toISOString();
  const size = Math.abs(offset);
  return `${date}T00:00:00${offset < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/** The calendar date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return addDays(date, 1);
}

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
