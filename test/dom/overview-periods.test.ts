// The overview's periods are the user's own days: local midnight to local midnight, also across a
// daylight-saving change, and "this month" from the 1st, whatever the time zone.
import { afterAll, describe, expect, it } from 'vitest';

const zone = process.env.TZ;
process.env.TZ = 'Europe/London'; // Node re-reads the zone when TZ is assigned
const { daysBetween, lastDays, periodsOf } = await import('../../renderer/src/features/overview/periods');
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('overview periods in the user’s time zone', () => {
  it('starts today, the week and the month at local midnight', () => {
    const p = periodsOf(new Date('2026-07-15T10:00:00Z'), { from: '2026-07-01', to: '2026-07-03' });
    expect(p.today).toEqual({ from: '2026-07-14T23:00:00.000Z', to: '2026-07-15T23:00:00.000Z' });
    expect(p.week.from).toBe('2026-07-08T23:00:00.000Z');
    expect(p.month).toEqual({ from: '2026-06-30T23:00:00.000Z', to: '2026-07-31T23:00:00.000Z' });
    expect(p.lastMonth).toEqual({ from: '2026-05-31T23:00:00.000Z', to: '2026-06-30T23:00:00.000Z' });
    // Chosen dates are both included.
    expect(p.range).toEqual({ from: '2026-06-30T23:00:00.000Z', to: '2026-07-03T23:00:00.000Z' });
  });

  it('makes January’s last month the December before, from its 1st to January’s, in local time', () => {
    const p = periodsOf(new Date('2026-01-10T12:00:00Z'), { from: '2026-01-01', to: '2026-01-10' });
    expect(p.lastMonth).toEqual({ from: '2025-12-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' });
    // March, its clocks put forward on the 29th: 1 March to 1 April, both at local midnight.
    expect(periodsOf(new Date('2026-04-02T12:00:00Z'), { from: '2026-04-01', to: '2026-04-02' }).lastMonth).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T23:00:00.000Z' });
  });

  it('gives the day the clocks go forward its 23 hours, and every day once', () => {
    const days = daysBetween('2026-03-28', '2026-03-30');
    expect(days.map((d) => d.date)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(days[1]).toEqual({ date: '2026-03-29', from: '2026-03-29T00:00:00.000Z', to: '2026-03-29T23:00:00.000Z' });
    const last = lastDays(new Date('2026-03-30T12:00:00Z'), 30);
    expect(last).toHaveLength(30);
    expect(last.at(-1)!.date).toBe('2026-03-30');
    for (let i = 1; i < last.length; i++) expect(last[i]!.from).toBe(last[i - 1]!.to);
  });

  it('reads reversed chosen dates in order, and refuses what is not a date', () => {
    const p = periodsOf(new Date('2026-01-10T12:00:00Z'), { from: '2026-01-05', to: '2026-01-02' });
    expect(p.range).toEqual({ from: '2026-01-02T00:00:00.000Z', to: '2026-01-06T00:00:00.000Z' });
    expect(daysBetween('2026-01-05', 'soon')).toEqual([]);
  });
});
