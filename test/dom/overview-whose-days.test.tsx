// Home says whose days its figures count (walk27): a business in Riyadh whose finance person's laptop
// is set to Europe/London sees nothing under "Today" at 08:00 for a sale made at 00:10 in Riyadh
// (21:10 the day before in London), while the Riyadh laptop counts it; nothing said which day was meant.
// The zone named in English and Arabic, kept left to right inside the Arabic sentence.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

const zone = process.env.TZ;
process.env.TZ = 'Europe/London'; // Node re-reads the zone when TZ is assigned
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

stubMain({
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

describe('Home names the time zone its days are counted in', () => {
  it.each([
    ['en', 'Days are this computer’s, in \u2066Europe/London\u2069 time: a laptop set to another time zone counts its own days, so its Today can differ.'],
    ['ar', 'الأيام أيام هذا الحاسوب، بتوقيت \u2066Europe/London\u2069: الحاسوب المضبوط على منطقة زمنية أخرى يعدّ أيامه هو، فقد يختلف «اليوم» فيه.'],
  ] as const)('%s', async (language, words) => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<OverviewSection profileId="practice" />);
    await screen.findByTestId('ov-period-range');
    expect(screen.getByTestId('ov-zone').textContent).toBe(words);
  });
});
