// Home's chosen dates typed backwards (From after To; the calendars prevent it, typing does not):
// the field just changed says so in English and Arabic, the "Chosen dates" row shows no figures
// for a range that does not exist, and the settlement export is disabled, saying why.
import { afterAll, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

const totals = [{ currency: 'SAR', grossMinor: 15_060, refundedMinor: 0, netMinor: 15_060, paidCount: 2, refundCount: 0 }] as const;
const main = stubMain({
  getOverview: (input) => {
    const periods = input.periods ?? []; // the charts' call leaves them out
    return { ok: true, value: { periods: periods.map((p) => ({ ...p, totals: [...totals] })), days: [], byBrand: [], byKind: [], ...(periods.length ? { unpaidLinks: [], needsAttention: 0 } : {}) } };
  },
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useOverview } = await import('../../renderer/src/features/overview/overview-store');
const { useLanguage } = await import('../../renderer/src/i18n');
afterAll(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const edit = (field: HTMLInputElement, text: string) => {
  field.focus();
  fireEvent.change(field, { target: { value: text } });
  fireEvent.focusOut(field);
  field.blur();
};

it('says From is after To next to the field, shows no figures for it, and disables the export with the reason', async () => {
  useOverview.setState({ chosen: { from: '2026-11-20', to: '2026-11-28' } });
  render(<OverviewSection profileId="practice" />);
  const row = await screen.findByTestId('ov-period-range');
  expect(within(row).getByTestId('ov-gross').textContent).toContain('150.60');
  const exportButton = screen.getByTestId('ov-export') as HTMLButtonElement;
  expect(exportButton.disabled).toBe(false);

  edit(screen.getByTestId('ov-from') as HTMLInputElement, '30/11/2026');
  const from = screen.getByTestId('ov-from');
  expect(screen.getByTestId('error-ov-from').textContent).toBe('From must be on or before To.');
  expect(from.getAttribute('aria-invalid')).toBe('true');
  expect(from.getAttribute('aria-describedby')).toContain('ov-from-error');
  // No figure for days that are not a range (they were the 28th to the 30th, turned round).
  expect(within(screen.getByTestId('ov-period-range')).queryByTestId('ov-gross')).toBeNull();
  expect(screen.getByTestId('ov-range-backwards').textContent).toBe('No figures while From is after To.');
  expect(exportButton.disabled).toBe(true);
  const reason = document.getElementById(exportButton.getAttribute('aria-describedby')!);
  expect(reason?.textContent?.trim()).toBe('To export, choose a From on or before To.');
  fireEvent.click(exportButton);
  expect(main.asked('exportSettlement')).toHaveLength(0);

  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('error-ov-from').textContent).toBe('يجب ألّا يقع تاريخ «من» بعد تاريخ «إلى».');
  expect(screen.getByTestId('ov-range-backwards').textContent).toBe('لا أرقام ما دام تاريخ «من» بعد تاريخ «إلى».');
  expect(reason?.textContent?.trim()).toBe('للتصدير، اختر تاريخ «من» لا يقع بعد تاريخ «إلى».');
  act(() => useLanguage.getState().setLanguage('en'));

  // Corrected from the other end: the message goes, the figures and the export come back.
  edit(screen.getByTestId('ov-to') as HTMLInputElement, '30/11/2026');
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
  edit(screen.getByTestId('ov-to') as HTMLInputElement, '10/11/2026');
  expect(screen.getByTestId('error-ov-to').textContent).toBe('From must be on or before To.');
  expect(screen.queryByTestId('error-ov-from')).toBeNull();
  expect((screen.getByTestId('ov-export') as HTMLButtonElement).disabled).toBe(true);
});
