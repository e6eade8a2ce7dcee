// The transactions filter's date fields are the user's own calendar days: "from the 5th" starts
// at local midnight of the 5th and "to the 7th" ends at the local midnight after the 7th, whatever
// the offset or a daylight-saving change; a payment made at 01:00 local time on the 5th is on the
// 5th. The overview's periods and days are made the same way (features/overview/periods.ts), so a
// figure's click-through and these fields mean the same payments. The filter holds instants.
import { localDate, parseLocalDate } from '../overview/periods';

const nextDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);

/** "From" field (YYYY-MM-DD) to the instant its local day starts; undefined when empty or not a date. */
export function fromInstant(day: string): string | undefined {
  return parseLocalDate(day)?.toISOString();
}

/** "To" field (YYYY-MM-DD) to the instant the next local day starts (the filter's `to` is exclusive). */
export function toInstant(day: string): string | undefined {
  const d = parseLocalDate(day);
  return d && nextDay(d).toISOString();
}

/** The local day an instant falls on, shown in the "From" field. */
export function fromField(instant: string | undefined): string {
  const time = instant ? Date.parse(instant) : NaN;
  return Number.isNaN(time) ? '' : localDate(new Date(time));
}

/** The last local day before an exclusive end instant, shown in the "To" field. */
export function toField(instant: string | undefined): string {
  const time = instant ? Date.parse(instant) : NaN;
  return Number.isNaN(time) ? '' : localDate(new Date(time - 1));
}
