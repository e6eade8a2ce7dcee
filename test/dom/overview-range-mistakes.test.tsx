// Home's chosen dates that make no settlement summary, said where they are typed, in English and
// Arabic, with no figures for the "Chosen dates" row and the settlement export disabled, saying why:
// - typed backwards (From after To; the calendars prevent it, typing does not);
// - more than 400 days apart (the contract refuses more): the message gives the last day allowed.
//   Before, the export quietly covered the first 400 days only: finance got wrong totals.
import { afterAll, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { typeDate } from '../support/type-date';
import { stubMain } from '../support/stub-main';

const totals = [{ currency: 'SAR', grossMinor: 15_060, refundedMinor: 0, netMinor: 15_060, paidCount: 2, refundCount: 0, refundsNotKnown: 0, capturesNotKnown: 0 }] as const;
const main = stubMain({
  getOverview: (input) => {
    const periods = input.periods ?? []; // the charts' call leaves them out
    return { ok: true, value: { periods: periods.map((p) => ({ ...p, totals: [...totals] })), days: [], byBrand: [], byKind: [], ...(periods.length ? { unpaidLinks: [], needsAttention: 0 } : {}) } };
  },
  exportSettlement: (input) => ({ ok: true, value: { fileName: 'settlement.csv', csv: 'date\r\n', rows: input.days.length } }),
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useOverview } = await import('../../renderer/src/features/overview/overview-store');
const { useLanguage } = await import('../../renderer/src/i18n');
afterAll(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const exportReason = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby')!)?.textContent?.trim();

it('says From is after To next to the field, shows no figures for it, and disables the export with the reason', async () => {
  useOverview.setState({ chosen: { from: '2026-11-20', to: '2026-11-28' } });
  render(<OverviewSection profileId="practice" />);
  const row = await screen.findByTestId('ov-period-range');
  expect(within(row).getByTestId('ov-gross').textContent).toContain('150.60');
  const exportButton = screen.getByTestId('ov-export') as HTMLButtonElement;
  expect(exportButton.disabled).toBe(false);

  typeDate(screen.getByTestId('ov-from') as HTMLInputElement, '30/11/2026');
  const from = screen.getByTestId('ov-from');
  expect(screen.getByTestId('error-ov-from').textContent).toBe('From must be on or before To.');
  expect(from.getAttribute('aria-invalid')).toBe('true');
  expect(from.getAttribute('aria-describedby')).toContain('ov-from-error');
  // No figure for days that are not a range (they were the 28th to the 30th, turned round).
  expect(within(screen.getByTestId('ov-period-range')).queryByTestId('ov-gross')).toBeNull();
  expect(screen.getByTestId('ov-range-backwards').textContent).toBe('No figures while From is after To.');
  expect(exportButton.disabled).toBe(true);
  expect(exportReason(exportButton)).toBe('To export, choose a From on or before To.');
  fireEvent.click(exportButton);
  expect(main.asked('exportSettlement')).toHaveLength(0);

  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('error-ov-from').textContent).toBe('يجب ألّا يقع تاريخ «من» بعد تاريخ «إلى».');
  expect(screen.getByTestId('ov-range-backwards').textContent).toBe('لا أرقام ما دام تاريخ «من» بعد تاريخ «إلى».');
  expect(exportReason(exportButton)).toBe('للتصدير، اختر تاريخ «من» لا يقع بعد تاريخ «إلى».');
  act(() => useLanguage.getState().setLanguage('en'));

  // Corrected from the other end: the message goes, the figures and the export come back.
  typeDate(screen.getByTestId('ov-to') as HTMLInputElement, '30/11/2026');
  expect(screen.queryByTestId('error-ov-from')).toBeNull();
  expect(screen.queryByTestId('error-ov-to')).toBeNull();
  await within(screen.getByTestId('ov-period-range')).findByTestId('ov-gross');
  expect(exportButton.disabled).toBe(false);
});

it('puts the message on To when To was typed before From', async () => {
  cleanup();
  useOverview.setState({ chosen: { from: '2026-11-20', to: '2026-11-28' } });
  render(<OverviewSection profileId="practice" />);
  await screen.findByTestId('ov-period-range');
  typeDate(screen.getByTestId('ov-to') as HTMLInputElement, '10/11/2026');
  expect(screen.getByTestId('error-ov-to').textContent).toBe('From must be on or before To.');
  expect(screen.queryByTestId('error-ov-from')).toBeNull();
  expect((screen.getByTestId('ov-export') as HTMLButtonElement).disabled).toBe(true);
  await main.settled();
});

it('says a To more than 400 days after From next to To, shows no figures for it, and disables the export with the reason', async () => {
  cleanup();
  useOverview.setState({ chosen: { from: '2024-01-01', to: '2024-12-31' } });
  render(<OverviewSection profileId="practice" />);
  const row = await screen.findByTestId('ov-period-range');
  expect(within(row).getByTestId('ov-gross').textContent).toContain('150.60');
  const exportButton = screen.getByTestId('ov-export') as HTMLButtonElement;
  expect(exportButton.disabled).toBe(false);

  typeDate(screen.getByTestId('ov-to') as HTMLInputElement, '29/11/2026');
  const to = screen.getByTestId('ov-to');
  // 2024-01-01 and 399 days after it (2024 has 366 days): 3 February 2025.
  expect(screen.getByTestId('error-ov-to').textContent).toBe('At most 400 days: choose a To date on or before 03/02/2025.');
  expect(to.getAttribute('aria-invalid')).toBe('true');
  expect(to.getAttribute('aria-describedby')).toContain('ov-to-error');
  expect(within(screen.getByTestId('ov-period-range')).queryByTestId('ov-gross')).toBeNull();
  expect(screen.getByTestId('ov-range-too-long').textContent).toBe('No figures while the dates cover more than 400 days.');
  expect(exportButton.disabled).toBe(true);
  expect(exportReason(exportButton)).toBe('To export, choose at most 400 days.');
  fireEvent.click(exportButton);
  expect(main.asked('exportSettlement')).toHaveLength(0);

  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('error-ov-to').textContent).toBe('400 يوم على الأكثر: اختر تاريخ «إلى» لا يقع بعد 3\u200f/2\u200f/2025.');
  expect(screen.getByTestId('ov-range-too-long').textContent).toBe('لا أرقام ما دامت التواريخ تمتد أكثر من 400 يوم.');
  expect(exportReason(exportButton)).toBe('للتصدير، اختر 400 يوم على الأكثر.');
  act(() => useLanguage.getState().setLanguage('en'));

  // Exactly 400 days: the message goes, the figures come back, and the export covers every day.
  typeDate(screen.getByTestId('ov-to') as HTMLInputElement, '03/02/2025');
  expect(screen.queryByTestId('error-ov-to')).toBeNull();
  await within(screen.getByTestId('ov-period-range')).findByTestId('ov-gross');
  expect(exportButton.disabled).toBe(false);
  fireEvent.click(exportButton);
  await screen.findByText('400 lines exported.');
  const [asked] = main.asked('exportSettlement');
  expect(asked!.days).toHaveLength(400);
  expect(asked!.days.at(-1)!.date).toBe('2025-02-03');
});

it('puts the message on From when From was moved too far back, with the first From allowed', async () => {
  cleanup();
  useOverview.setState({ chosen: { from: '2026-01-01', to: '2026-11-29' } });
  render(<OverviewSection profileId="practice" />);
  await screen.findByTestId('ov-period-range');
  typeDate(screen.getByTestId('ov-from') as HTMLInputElement, '01/01/2024');
  // 2026-11-29 and 399 days before it.
  expect(screen.getByTestId('error-ov-from').textContent).toBe('At most 400 days: choose a From date on or after 26/10/2025.');
  expect(screen.queryByTestId('error-ov-to')).toBeNull();
  expect((screen.getByTestId('ov-export') as HTMLButtonElement).disabled).toBe(true);
  await main.settled();
});
