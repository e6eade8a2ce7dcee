// Calendar days in a time zone. A payment link's dates are days, written YYYY-MM-DD: the issue
// date the form sends is today on the computer's own clock (renderer's `today()`), so the business's
// days are the computer's zone's, and a link's expiry date has passed once the next day has begun
// there. Main (its check after a link's date) and the practice gateway (its pages) read them here;
// the CSVs' local columns (ledger/local-time.ts) read the zone and its offsets here too.
const wallTimes = new Map<string, Intl.DateTimeFormat>();

/** The zone Intl knows by this name, else this process's own (the computer's). */
export function zoneOrLocal(zone?: string): string {
  if (zone) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      // an unknown name: the computer's zone below
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The wall time in `zone` at `ms`, as if it were UTC (milliseconds); minus `ms`, the zone's offset then (ledger/local-time.ts). */
export function wallMs(ms: number, zone: string): number {
  let format = wallTimes.get(zone);
  if (!format) wallTimes.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })));
  const p = Object.fromEntries(format.formatToParts(ms).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** The day `at` falls on in `zone`, YYYY-MM-DD. */
export function dayIn(at: Date, zone: string): string {
  return new Date(wallMs(at.getTime(), zone)).toISOString().slice(0, 10);
}

/** When `date` (YYYY-MM-DD) ends in `zone`: the instant the next day begins there. */
export function dayEndsAt(date: string, zone: string): Date {
  const nextMidnight = Date.parse(`${date}T00:00:00Z`) + 86_400_000; // as a wall time
  // The zone's offset near that instant, read once, then again where it lands (a change of clocks that night).
  const guess = nextMidnight - (wallMs(nextMidnight, zone) - nextMidnight);
  return new Date(nextMidnight - (wallMs(guess, zone) - guess));
}
