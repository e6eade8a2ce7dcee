// The CSVs' local_time and local_day (main/ledger/local-time.ts) against Intl's own wall clock of
// the zone, instant by instant: whole and half/quarter-hour offsets, days the clocks change (New
// York, London, Lord Howe's half hour), a zone that skipped a whole day (Apia, 2011-12-30), the
// first and last second of a local day, and years outside 0000–9999. The wall time is put
// together from a date formatted once per day and the time's digits (the export's speed), so this
// checks those pieces add up to the same text a Date's toISOString gave.
import { describe, expect, it } from 'vitest';
import { localColumns } from '../../main/ledger/local-time';

const formats = new Map<string, Intl.DateTimeFormat>();
/** The zone's wall clock at an instant, read from Intl: [YYYY-MM-DDTHH:MM:SS, offset minutes]. */
function intlWall(ms: number, zone: string): [string, number] {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })));
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const wall = `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offset = Math.round((Date.parse(`${wall}Z`) - Math.floor(ms / 1000) * 1000) / 60_000);
  return [wall, offset];
}
const offsetText = (m: number) => `${m < 0 ? '-' : '+'}${String(Math.floor(Math.abs(m) / 60)).padStart(2, '0')}:${String(Math.abs(m) % 60).padStart(2, '0')}`;

const zones = ['Asia/Riyadh', 'Asia/Kathmandu', 'America/St_Johns', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Apia', 'UTC'];

describe('local columns', () => {
  it.each(zones)('match Intl at every quarter hour and second edge in %s', (zone) => {
    const local = localColumns(zone);
    const instants: number[] = [];
    // Around each year's clock changes (March to April, October to November) and Apia's lost day.
    for (const [from, to] of [['2025-03-01', '2025-04-10'], ['2025-10-01', '2025-11-10'], ['2011-12-28', '2012-01-02']]) {
      for (let ms = Date.parse(`${from}T00:00:00Z`); ms < Date.parse(`${to}T00:00:00Z`); ms += 15 * 60_000) instants.push(ms, ms + 999, ms - 1, ms - 1000);
    }
    const wrong: string[] = [];
    for (const ms of instants) {
      const [wall, offset] = intlWall(ms, zone);
      const iso = new Date(ms).toISOString();
      const got = local(iso);
      if (got[0] !== `${wall}${offsetText(offset)}` || got[1] !== wall.slice(0, 10)) wrong.push(`${iso}: ${got.join(' ')}, Intl ${wall}${offsetText(offset)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(instants.length).toBeGreaterThan(30_000);
  });

  it('keeps a six-digit year whole and says nothing for what is not a time', () => {
    const local = localColumns('Asia/Riyadh');
    // As toISOString's first 19 characters gave it before (a payment has no such date).
    expect(local('+010000-01-01T00:00:00.000Z')).toEqual(['+010000-01-01T03:00+03:00', '+010000-01']);
    expect(local('not a time')).toEqual([null, null]);
    expect(local(null)).toEqual([null, null]);
    expect(local('2025-06-30T21:00:00.000Z')).toEqual(['2025-07-01T00:00:00+03:00', '2025-07-01']);
    expect(local('2025-06-30T20:59:59.999Z')).toEqual(['2025-06-30T23:59:59+03:00', '2025-06-30']);
  });
});
