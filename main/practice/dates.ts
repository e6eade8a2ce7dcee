// Calendar days for sessions and links, in UTC: "today" is the UTC date of the gateway's clock.
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
}
