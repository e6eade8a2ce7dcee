// Home's "This year" beside the chosen dates (walk17: the year typed into From and To, 18 presses):
// one press fills From with 1 January and To with today, and Home asks main for the figures from 1
// January's local midnight to the end of today (now included), both languages. It is the last of the
// row: the Tab after it reaches the chosen dates' first figure (overview-chosen-next-tab.test.tsx).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { localDate } from '../../renderer/src/features/overview/periods';
import { translate } from '../../renderer/src/i18n';

const main = stubMain({
  getOverview: (input) => {
    const periods = input.periods ?? [];
    return { ok: true, value: { periods: periods.map((p) => ({ ...p, totals: [] })), days: [], byBrand: [], byKind: [], ...(periods.length ? { unpaidLinks: [], needsAttention: 0 } : {}) } };
  },
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useLanguage } = await import('../../renderer/src/i18n');
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each(['en', 'ar'] as const)('Home’s "This year" (%s)', (language) => {
  it('chooses 1 January’s local midnight to now: From 1 January, To today', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<OverviewSection profileId="practice" />);
    await screen.findByTestId('ov-period-range');
    const dates = screen.getByRole('group', { name: translate(language, 'tx.filter.quickDates') });
    const buttons = within(dates).getAllByRole('button');
    const year = buttons[buttons.length - 1]!;
    expect(year.textContent).toBe(translate(language, 'ov.period.year')); // the row's last
    const asked = main.asked('getOverview').length;
    const before = new Date();
    fireEvent.click(year);
    const after = new Date();

    // As the field shows a day: day/month/year (padded in English, not in Arabic), direction marks left out.
    const shown = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value.replace(/\u200f/g, '').split('/').map(Number).join('/');
    const asShown = (day: string) => day.split('-').reverse().map(Number).join('/');
    const first = new Date(before.getFullYear(), 0, 1);
    expect([shown('ov-from'), shown('ov-to')]).toEqual([asShown(localDate(first)), asShown(localDate(after))]);
    expect(year.getAttribute('aria-pressed')).toBe('true');

    // The chosen dates' period main is asked for: from 1 January's local midnight to the end of today.
    const figuresAsked = () => main.asked('getOverview').slice(asked).filter((input) => input.refundsMadeIn);
    await waitFor(() => expect(figuresAsked().length).toBeGreaterThan(0));
    const range = figuresAsked().at(-1)!.refundsMadeIn!;
    const end = new Date(after.getFullYear(), after.getMonth(), after.getDate() + 1);
    expect([range.from, range.to]).toEqual([first.toISOString(), end.toISOString()]);
    expect(new Date(range.from).getTime()).toBeLessThanOrEqual(before.getTime());
    expect(new Date(range.to).getTime()).toBeGreaterThan(after.getTime());
  });
});

// Home says whose days its figures count (walk27): a Riyadh business's finance person on a laptop set
// to Europe/London sees nothing under "Today" at 08:00 for a sale made at 00:10 in Riyadh (21:10 the
// day before in London), while the Riyadh laptop counts it; nothing said which day was meant. The
// zone named in English and Arabic, kept left to right inside the Arabic sentence.
describe('Home names the time zone its days are counted in', () => {
  it.each([
    ['en', 'Days are this computer’s, in \u2066Europe/London\u2069 time: a laptop set to another time zone counts its own days, so its Today can differ.'],
    ['ar', 'الأيام أيام هذا الحاسوب، بتوقيت \u2066Europe/London\u2069: الحاسوب المضبوط على منطقة زمنية أخرى يعدّ أيامه هو، فقد يختلف «اليوم» فيه.'],
  ] as const)('%s', async (language, words) => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/London'; // Node re-reads the zone when TZ is assigned
    try {
      act(() => useLanguage.getState().setLanguage(language));
      render(<OverviewSection profileId="practice" />);
      await screen.findByTestId('ov-period-range');
      expect(screen.getByTestId('ov-zone').textContent).toBe(words);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
