// Finance's month end from Home: "Last month" beside the chosen dates fills both, and the settlement
// summary exports that month, every day of it, in two presses (Transactions and the Audit log had it;
// Home took two typed dates). Found by the day's walk (2026-11-29, finance in Arabic at 1280 px).
import { afterAll, expect, it } from 'vitest';
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
  exportSettlement: (input) => ({ ok: true, value: { fileName: 'settlement.csv', csv: 'date\r\n', rows: input.days.length } }),
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useLanguage } = await import('../../renderer/src/i18n');
afterAll(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('exports last month’s settlement summary in two presses, in Arabic', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<OverviewSection profileId="practice" />);
  await screen.findByTestId('ov-period-range');
  const now = new Date();
  const first = localDate(new Date(now.getFullYear(), now.getMonth() - 1, 1));
  const last = localDate(new Date(now.getFullYear(), now.getMonth(), 0));

  const dates = screen.getByRole('group', { name: translate('ar', 'tx.filter.quickDates') });
  fireEvent.click(within(dates).getByRole('button', { name: translate('ar', 'ov.period.lastMonth') }));
  // As the field shows a day in Arabic: day/month/year, unpadded, its direction marks left out.
  const shown = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value.replace(/\u200f/g, '');
  const asShown = (day: string) => day.split('-').reverse().map(Number).join('/');
  expect([shown('ov-from'), shown('ov-to')]).toEqual([asShown(first), asShown(last)]);
  expect(within(dates).getByRole('button', { name: translate('ar', 'ov.period.lastMonth') }).getAttribute('aria-pressed')).toBe('true');

  fireEvent.click(screen.getByRole('button', { name: translate('ar', 'ov.export') }));
  await waitFor(() => expect(main.asked('exportSettlement')).toHaveLength(1));
  const days = main.asked('exportSettlement')[0]!.days.map((d) => d.date);
  expect([days[0], days[days.length - 1], days.length]).toEqual([first, last, Number(last.slice(8))]);
});
