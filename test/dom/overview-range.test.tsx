// Home's chosen dates in a DOM: a range needs both ends, so a field left empty or holding a day that
// does not exist says so next to it, and the figures keep the last good range (not asked again).
import { afterAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { typeDate } from '../support/type-date';
import { notStubbed, stubMain } from '../support/stub-main';

// main answers nothing useful: the figures are not what is checked here, the calls asked are.
const asked: Array<Record<string, unknown>> = [];
const main = stubMain({
  getOverview: (input) => {
    if (input.periods) asked.push(input);
    return notStubbed;
  },
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useOverview } = await import('../../renderer/src/features/overview/overview-store');
const { useLanguage } = await import('../../renderer/src/i18n');
afterAll(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});


describe('the overview’s chosen dates', () => {
  it('keep the last good range while a field is empty or not a date, and say so in English and Arabic', async () => {
    useOverview.setState({ chosen: { from: '2026-02-01', to: '2026-02-20' } });
    render(<OverviewSection profileId="practice" />);
    const from = screen.getByTestId('ov-from') as HTMLInputElement;
    const calls = asked.length;

    typeDate(from, '');
    expect(screen.getByTestId('error-ov-from').textContent).toBe('Enter a date as day/month/year. Until it is corrected, the figures keep the last date, 01/02/2026.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toContain('ov-from-error');
    typeDate(from, '29/02/2026');
    expect(screen.getByTestId('error-ov-from').textContent).toBe('29/02/2026 is not a date: February 2026 has 28 days. Until it is corrected, the figures keep the last date, 01/02/2026.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('error-ov-from').textContent).toBe('29/02/2026 ليس تاريخًا صحيحًا: عدد أيام فبراير 2026 هو 28. إلى أن يُصحَّح، تبقى الأرقام على آخر تاريخ: 1\u200f/2\u200f/2026.');
    act(() => useLanguage.getState().setLanguage('en'));
    expect(useOverview.getState().chosen).toEqual({ from: '2026-02-01', to: '2026-02-20' });
    expect(asked.length).toBe(calls); // the figures were not asked for another range

    typeDate(from, '05/02/2026');
    expect(screen.queryByTestId('error-ov-from')).toBeNull();
    expect(useOverview.getState().chosen).toEqual({ from: '2026-02-05', to: '2026-02-20' });
    expect(asked.length).toBe(calls + 1);
    await main.settled();
  });

  it('offer no "To" day before the "From" day on the calendar', async () => {
    cleanup();
    useOverview.setState({ chosen: { from: '2026-02-10', to: '2026-02-20' } });
    render(<OverviewSection profileId="practice" />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose “To” on a calendar' }));
    const before = screen.getByRole('gridcell', { name: 'Monday, 9 February 2026' });
    expect(before.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(before);
    expect(useOverview.getState().chosen.to).toBe('2026-02-20');
    fireEvent.click(screen.getByRole('gridcell', { name: 'Tuesday, 10 February 2026' }));
    expect(useOverview.getState().chosen).toEqual({ from: '2026-02-10', to: '2026-02-10' });
    await main.settled();
  });
});
