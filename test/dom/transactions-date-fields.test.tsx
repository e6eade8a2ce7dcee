// The transactions filter's date fields in a DOM, in Riyadh (UTC+3): the day typed is the user's
// own day (from its local midnight to the next), and a list opened from an overview figure shows
// that figure's local days back in the fields. A date field holding a text that is not a date says
// so next to it and leaves the list on its last good date, never filtered as if the field were empty.
// They are folded behind "More filters", made when it first opens.
import { afterAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { useLanguage } from '../../renderer/src/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { typeDate } from '../support/type-date';
import { stubMain } from '../support/stub-main';

const zone = process.env.TZ;
process.env.TZ = 'Asia/Riyadh'; // Node re-reads the zone when TZ is assigned
afterAll(() => {
  cleanup();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

// Main's answers the filter bar asks for: no profiles, an empty list.
const answers: Record<string, unknown> = { listProfiles: { profiles: [], activeId: null }, searchPayments: { rows: [], total: 0, totalExact: true } };
const main = stubMain({}, { otherwise: (name) => ({ ok: true, value: answers[name] ?? {} }) });
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { lastDays } = await import('../../renderer/src/features/overview/periods');

describe('the transactions date fields', () => {
  it('are made when "More filters" first opens (not on the list\'s first draw, a start\'s path), then kept while folded', () => {
    render(<FilterBar />);
    expect(document.getElementById('tx-from')).toBeNull();
    const more = screen.getByRole('button', { name: /More filters/ });
    fireEvent.click(more);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '31/02' } }); // half typed, not settled
    fireEvent.click(more);
    expect(document.getElementById('tx-more-filters')!.hidden).toBe(true);
    fireEvent.click(more);
    expect(screen.getByLabelText('From')).toBe(from);
    expect(from.value).toBe('31/02');
    cleanup();
  });

  it('mean the user’s local calendar days', async () => {
    render(<FilterBar />);
    fireEvent.click(screen.getByRole('button', { name: /More filters/ })); // the date fields are folded behind it
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-07' } });
    expect(useTransactions.getState().filter).toMatchObject({ from: '2026-03-04T21:00:00.000Z', to: '2026-03-07T21:00:00.000Z' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('05/03/2026'); // as the app writes dates
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('07/03/2026');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    expect(useTransactions.getState().filter.to).toBeUndefined();
    await main.settled();
  });

  it('show an overview day’s click-through as that same day', async () => {
    const day = lastDays(new Date('2026-03-05T22:30:00Z'), 1)[0]!; // 01:30 on the 6th in Riyadh
    expect(day.date).toBe('2026-03-06');
    act(() => useTransactions.getState().setFilter({ from: day.from, to: day.to }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('06/03/2026');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('06/03/2026');
    await main.settled();
  });

  it('keep the last good date while one holds a day that does not exist or half a date, and say so in English and Arabic', async () => {
    act(() => useTransactions.getState().clearFilter());
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    typeDate(from, '05/03/2026');
    typeDate(to, '07/03/2026');
    const chosen = { from: '2026-03-04T21:00:00.000Z', to: '2026-03-07T21:00:00.000Z' };
    expect(useTransactions.getState().filter).toMatchObject(chosen);

    typeDate(from, '31/02/2026');
    expect(useTransactions.getState().filter).toMatchObject(chosen); // not "no start" as before
    expect(screen.getByTestId('error-tx-from').textContent).toBe('31/02/2026 is not a date: February 2026 has 28 days. Until it is corrected or cleared, the list keeps the last date, 05/03/2026.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toContain('tx-from-error');

    typeDate(to, '07/03/20'); // half typed, then left
    expect(useTransactions.getState().filter).toMatchObject(chosen);
    expect(screen.getByTestId('error-tx-to').textContent).toBe('Type the date as day/month/year, for example 24/11/2026. Until it is corrected or cleared, the list keeps the last date, 07/03/2026.');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('error-tx-to').textContent).toBe('اكتب التاريخ بصيغة يوم/شهر/سنة، مثل 24\u200f/11\u200f/2026. إلى أن يُصحَّح أو يُمسح، تبقى القائمة على آخر تاريخ: 7\u200f/3\u200f/2026.');
    act(() => useLanguage.getState().setLanguage('en'));

    typeDate(to, ''); // cleared on purpose: no end
    expect(useTransactions.getState().filter.to).toBeUndefined();
    expect(screen.queryByTestId('error-tx-to')).toBeNull();
    typeDate(to, '29/02/2026'); // no end before either: the list stays without one, and says so
    expect(useTransactions.getState().filter.to).toBeUndefined();
    expect(screen.getByTestId('error-tx-to').textContent).toBe('29/02/2026 is not a date: February 2026 has 28 days. Until it is corrected, the list is not limited by this field.');
    typeDate(from, '28/02/2026');
    expect(useTransactions.getState().filter.from).toBe('2026-02-27T21:00:00.000Z');
    expect(screen.queryByTestId('error-tx-from')).toBeNull();
    expect(from.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByTestId('clear-filters')); // also empties the field still holding a mistake
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('error-tx-to')).toBeNull();
    expect(useTransactions.getState().filter.from).toBeUndefined();
    await main.settled();
  });

  it('offer no "To" day before the "From" day on the calendar', () => {
    cleanup();
    act(() => useTransactions.getState().setFilter({ from: undefined, to: undefined }));
    render(<FilterBar />);
    fireEvent.click(screen.getByRole('button', { name: /More filters/ }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '12/03/2099' } }); // after today: the calendar opens on its month
    fireEvent.click(screen.getByRole('button', { name: 'Choose “To” on a calendar' }));
    const before = screen.getByRole('gridcell', { name: 'Wednesday, 11 March 2099' });
    expect(before.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(before);
    expect(useTransactions.getState().filter.to).toBeUndefined();
    fireEvent.click(screen.getByRole('gridcell', { name: 'Friday, 13 March 2099' }));
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('13/03/2099');
    cleanup();
  });
});
