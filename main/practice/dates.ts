// Calendar days for sessions and links, in the gateway's time zone: the business's (the computer's
// own, where the practice gateway runs beside Paydesk) unless told otherwise, so a link's expiry date
// ends when the merchant's day does (a gateway judging days in UTC took payment until 03:00 the
// next day in Riyadh). "Today" is that zone's date of the gateway's clock.
import { dayIn } from '../core/zone-days';

export const dayOf = (date: Date, zone: string) => dayIn(date, zone);

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
