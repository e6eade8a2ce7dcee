// The payments and audit CSVs' local columns: each row's UTC time also as the wall time of the
// user's time zone (`local_time`, with its offset) and that day (`local_day`), the days Home and
// the settlement summary count in (the renderer's local midnights, docs/overview.md). Grouping the
// CSV by `local_day` gives Home's days; its UTC `created_at` stays as it was. The offset is read
// from Intl twice per UTC day (and per quarter hour on a day the clocks change: zones change on a
// quarter hour at most), so a million rows cost a million string slices, not a million Intl calls.
import { wallMs, zoneOrLocal } from '../core/zone-days';

const pad = (n: number) => String(n).padStart(2, '0');
const twoDigits = Array.from({ length: 60 }, (_, n) => pad(n));
const firstDay = Date.parse('0000-01-01T00:00:00Z') / 86_400_000;
const lastDay = Date.parse('9999-12-31T00:00:00Z') / 86_400_000;
const quarter = 15 * 60_000;
const dayMs = 86_400_000;

/** The zone an export's local columns use: the renderer's (Home's) when Intl knows it, else this process's. */
export const exportTimeZone = (zone: string | undefined) => zoneOrLocal(zone);

/** A function from a UTC ISO time to its `local_time` and `local_day` cells in `zone` (empty for a time that is not one). */
export function localColumns(zone: string): (utc: unknown) => [string, string] | [null, null] {
  // zone-days.ts reads the wall time; this keeps the offsets it gives per UTC day, read twice a day, not once a row.
  const offsetOf = (at: number): number => Math.round((wallMs(at, zone) - at) / 60_000);
  // A UTC day whose offset is the same at its start and its end has that offset throughout (no
  // zone changes twice within a day): one entry for the day. A day with a change is kept per quarter hour.
  const days = new Map<number, number | Map<number, number>>();
  const offsetAt = (ms: number): number => {
    const day = Math.floor(ms / dayMs);
    let known = days.get(day);
    if (known === undefined) {
      const start = offsetOf(day * dayMs);
      known = start === offsetOf((day + 1) * dayMs - quarter) ? start : new Map<number, number>();
      if (days.size > 100_000) days.clear();
      days.set(day, known);
    }
    if (typeof known === 'number') return known;
    const key = Math.floor(ms / quarter);
    let offset = known.get(key);
    if (offset === undefined) known.set(key, (offset = offsetOf(key * quarter)));
    return offset;
  };
  // A row's wall time put together from its day's date (formatted once per day) and its time of
  // day in digits: a Date and its toISOString per row cost the CSV export about a quarter of its
  // CPU (docs/performance.md, "Three figures slower than six days ago").
  const dates = new Map<number, string>();
  const suffixes = new Map<number, string>();
  return (utc) => {
    const ms = typeof utc === 'string' ? Date.parse(utc) : NaN;
    if (!Number.isFinite(ms)) return [null, null];
    const offset = offsetAt(ms);
    const wall = ms + offset * 60_000;
    const day = Math.floor(wall / dayMs);
    // Outside years 0000–9999 toISOString writes a six-digit year: its own slice, as before.
    if (day < firstDay || day > lastDay) {
      const text = new Date(wall).toISOString().slice(0, 19);
      const size = Math.abs(offset);
      return [`${text}${offset < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`, text.slice(0, 10)];
    }
    let date = dates.get(day);
    if (date === undefined) {
      date = new Date(day * dayMs).toISOString().slice(0, 10);
      if (dates.size > 100_000) dates.clear();
      dates.set(day, date);
    }
    let suffix = suffixes.get(offset);
    if (suffix === undefined) {
      const size = Math.abs(offset);
      suffixes.set(offset, (suffix = `${offset < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`));
    }
    const second = Math.floor((wall - day * dayMs) / 1000);
    return [`${date}T${twoDigits[Math.floor(second / 3600)]}:${twoDigits[Math.floor(second / 60) % 60]}:${twoDigits[second % 60]}${suffix}`, date];
  };
}
