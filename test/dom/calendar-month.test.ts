// The calendar's month arithmetic (ui/calendar-month.ts): weeks laid from the locale's first
// weekday, months that are shorter, week edges, and a day kept between a field's bounds.
import { describe, expect, it } from 'vitest';
import { addMonthsIso, clampIso, firstWeekday, localToday, monthWeeks, weekEdgeIso } from '../../renderer/src/ui/calendar-month';

describe('the calendar’s month arithmetic', () => {
  it('lays a month in weeks from Monday in English and from Sunday in Arabic', () => {
    const en = monthWeeks(2026, 2, firstWeekday.en); // 1 February 2026 is a Sunday
    expect(en[0]).toEqual(['', '', '', '', '', '', '2026-02-01']);
    expect(en.at(-1)).toEqual(['2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '']);
    expect(en).toHaveLength(5);
    const ar = monthWeeks(2026, 2, firstWeekday.ar);
    expect(ar).toHaveLength(4); // 28 days from a Sunday: four whole weeks
    expect(ar[0]![0]).toBe('2026-02-01');
    expect(ar[3]![6]).toBe('2026-02-28');
    expect(monthWeeks(2024, 2, 1).flat().filter(Boolean)).toHaveLength(29); // a leap year
  });

  it('moves by months into shorter months and across years', () => {
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsIso('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonthsIso('2026-12-31', 2)).toBe('2027-02-28');
    expect(addMonthsIso('2026-03-31', -12)).toBe('2025-03-31');
  });

  it('finds the week’s first and last days from the locale’s first weekday', () => {
    // Tuesday 24 November 2026
    expect(weekEdgeIso('2026-11-24', 1, 'start')).toBe('2026-11-23');
    expect(weekEdgeIso('2026-11-24', 1, 'end')).toBe('2026-11-29');
    expect(weekEdgeIso('2026-11-24', 0, 'start')).toBe('2026-11-22');
    expect(weekEdgeIso('2026-11-24', 0, 'end')).toBe('2026-11-28');
    expect(weekEdgeIso('2026-11-22', 0, 'start')).toBe('2026-11-22');
    expect(weekEdgeIso('2026-11-29', 1, 'end')).toBe('2026-11-29');
    expect(weekEdgeIso('2026-12-31', 1, 'end')).toBe('2027-01-03');
  });

  it('keeps a day between the first and last days, and gives today in the computer’s zone', () => {
    expect(clampIso('2026-01-01', '2026-02-01', '2026-03-01')).toBe('2026-02-01');
    expect(clampIso('2026-04-01', '2026-02-01', '2026-03-01')).toBe('2026-03-01');
    expect(clampIso('2026-02-10', '2026-02-01')).toBe('2026-02-10');
    expect(clampIso('2026-02-10')).toBe('2026-02-10');
    expect(localToday(new Date(2026, 10, 24, 23, 59))).toBe('2026-11-24');
  });
});
