// The date field's own calendar, as a person uses it with the mouse and the keyboard: a month in the
// app's language and direction (not the browser's), Latin digits, the week starting as the app's
// locale starts it, the WAI-ARIA date picker dialog's keys (left and right mirrored in Arabic), a
// chosen day filling the field as a typed one does, Clear, Escape and a press outside.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DateField } from '../../renderer/src/ui/date-field';
import { useLanguage, type Language } from '../../renderer/src/i18n';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 1, 10, 12, 0)); // today: Tuesday 10 February 2026
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  act(() => useLanguage.getState().setLanguage('en'));
});

function Form({ label, initial, required, min, max }: { label: string; initial: string; required?: boolean; min?: string; max?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DateField id="day" label={label} value={day} onChange={setDay} required={required} min={min} max={max} />
      <output data-testid="value">{day}</output>
      <p>Elsewhere</p>
    </>
  );
}
function show(language: Language, label: string, initial = '', more: { required?: boolean; min?: string; max?: string } = {}) {
  act(() => useLanguage.getState().setLanguage(language));
  render(<Form label={label} initial={initial} {...more} />);
  return screen.getByLabelText(label) as HTMLInputElement;
}
const value = () => screen.getByTestId('value').textContent;
const dialog = () => screen.queryByRole('dialog');
const focusedDay = () => document.activeElement as HTMLElement;
const press = (key: string, extra: { shiftKey?: boolean } = {}) => fireEvent.keyDown(document.activeElement!, { key, ...extra });
const openByButton = (name: RegExp | string) => fireEvent.click(screen.getByRole('button', { name }));

describe('the date field’s calendar', () => {
  it('opens from its button in English, on the field’s day, from Monday, today marked; a click on a day fills the field', () => {
    const field = show('en', 'To', '2026-02-24');
    openByButton('Choose “To” on a calendar');
    const calendar = screen.getByRole('dialog', { name: 'Choose “To” on a calendar' });
    expect(calendar.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('button', { name: 'Choose “To” on a calendar' }).getAttribute('aria-expanded')).toBe('true');
    const heading = within(calendar).getByRole('heading');
    expect(heading.textContent).toBe('February 2026');
    expect(heading.getAttribute('aria-live')).toBe('polite');
    const grid = within(calendar).getByRole('grid', { name: 'February 2026' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(within(grid).getAllByRole('columnheader')[0]!.getAttribute('aria-label')).toBe('Monday');
    expect(focusedDay().getAttribute('aria-label')).toBe('Tuesday, 24 February 2026');
    expect(focusedDay().getAttribute('aria-selected')).toBe('true');
    expect(focusedDay().textContent).toBe('24');
    const today = within(grid).getByRole('gridcell', { name: 'Tuesday, 10 February 2026' });
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.getAttribute('aria-selected')).toBe('false');

    fireEvent.click(within(grid).getByRole('gridcell', { name: 'Wednesday, 4 February 2026' }));
    expect(value()).toBe('2026-02-04');
    expect(field.value).toBe('04/02/2026'); // as a typed day is written
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('opens on today when the field is empty, moves with the WAI-ARIA keys and chooses with Enter', () => {
    const field = show('en', 'From');
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowDown', altKey: true });
    expect(dialog()).not.toBeNull();
    expect(focusedDay().getAttribute('aria-label')).toBe('Tuesday, 10 February 2026');
    press('ArrowRight');
    expect(focusedDay().getAttribute('aria-label')).toBe('Wednesday, 11 February 2026');
    press('ArrowLeft');
    press('ArrowLeft');
    expect(focusedDay().getAttribute('aria-label')).toBe('Monday, 9 February 2026');
    press('ArrowDown');
    expect(focusedDay().getAttribute('aria-label')).toBe('Monday, 16 February 2026');
    press('ArrowUp');
    press('ArrowUp');
    expect(focusedDay().getAttribute('aria-label')).toBe('Monday, 2 February 2026');
    press('ArrowUp'); // into the month before: the calendar turns with it
    expect(focusedDay().getAttribute('aria-label')).toBe('Monday, 26 January 2026');
    expect(screen.getByRole('heading').textContent).toBe('January 2026');
    press('End');
    expect(focusedDay().getAttribute('aria-label')).toBe('Sunday, 1 February 2026');
    press('Home');
    expect(focusedDay().getAttribute('aria-label')).toBe('Monday, 26 January 2026');
    press('PageDown');
    expect(focusedDay().getAttribute('aria-label')).toBe('Thursday, 26 February 2026');
    press('PageUp', { shiftKey: true });
    expect(focusedDay().getAttribute('aria-label')).toBe('Wednesday, 26 February 2025');
    press('PageDown', { shiftKey: true });
    press('PageUp');
    press('PageUp'); // 26 December 2025
    press('Enter');
    expect(value()).toBe('2025-12-26');
    expect(field.value).toBe('26/12/2025');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('speaks Arabic right to left in Arabic: Arabic month and weekday names, Latin digits, the week from Sunday, left and right mirrored', () => {
    const field = show('ar', 'إلى', '2026-02-24');
    openByButton('اختر «إلى» من التقويم');
    const calendar = screen.getByRole('dialog', { name: 'اختر «إلى» من التقويم' });
    expect(calendar.getAttribute('dir')).toBe('rtl');
    expect(within(calendar).getByRole('heading').textContent).toBe('فبراير 2026');
    const headers = within(calendar).getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-label'))).toEqual(['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت']);
    expect(headers.map((h) => h.textContent)).toEqual(['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س']);
    expect(within(calendar).getByRole('button', { name: 'الشهر السابق' })).toBeTruthy();
    expect(within(calendar).getByRole('button', { name: 'الشهر التالي' })).toBeTruthy();
    expect(within(calendar).getByRole('button', { name: 'مسح' })).toBeTruthy();
    expect(focusedDay().getAttribute('aria-label')).toBe('الثلاثاء، 24 فبراير 2026');
    expect(focusedDay().textContent).toBe('24'); // Latin digits, as the app writes numbers
    expect(within(calendar).getAllByRole('gridcell').filter((c) => c.textContent).map((c) => c.textContent).join(' ')).toMatch(/^1 2 3 .* 28$/);

    press('ArrowLeft'); // on: left is forward right to left
    expect(focusedDay().getAttribute('aria-label')).toBe('الأربعاء، 25 فبراير 2026');
    press('ArrowRight');
    press('ArrowRight');
    expect(focusedDay().getAttribute('aria-label')).toBe('الاثنين، 23 فبراير 2026');
    press('Home');
    expect(focusedDay().getAttribute('aria-label')).toBe('الأحد، 22 فبراير 2026');
    press('End');
    expect(focusedDay().getAttribute('aria-label')).toBe('السبت، 28 فبراير 2026');
    const next = within(calendar).getByRole('button', { name: 'الشهر التالي' });
    next.focus(); // as a press does
    fireEvent.click(next);
    expect(within(calendar).getByRole('heading').textContent).toBe('مارس 2026');
    expect(document.activeElement).toBe(within(calendar).getByRole('button', { name: 'الشهر التالي' })); // the button keeps the focus
    press('Tab'); // to the grid's day, which followed the month
    expect(focusedDay().getAttribute('aria-label')).toBe('السبت، 28 مارس 2026');
    press(' ');
    expect(value()).toBe('2026-03-28');
    expect(field.value).toBe('28\u200f/3\u200f/2026'); // as the Arabic list writes the day
  });

  it('clears a field that may be empty, as emptying it does; a required one offers no Clear', () => {
    const field = show('en', 'To', '2026-02-24');
    openByButton('Choose “To” on a calendar');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(value()).toBe('');
    expect(field.value).toBe('');
    expect(dialog()).toBeNull();
    expect(document.getElementById('day-error')).toBeNull();
    cleanup();

    show('en', 'From', '2026-02-01', { required: true });
    openByButton('Choose “From” on a calendar');
    expect(dialog()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('closes with Escape, the focus back in the field and nothing changed, also while the field holds a mistake; a press outside closes it too', () => {
    const field = show('en', 'From', '2026-02-01');
    const escapesAround: string[] = [];
    const around = (e: KeyboardEvent) => e.key === 'Escape' && escapesAround.push('window');
    window.addEventListener('keydown', around);
    field.focus();
    fireEvent.change(field, { target: { value: '31/02/2026' } });
    fireEvent.keyDown(field, { key: 'ArrowDown', altKey: true });
    expect(focusedDay().getAttribute('aria-label')).toBe('Sunday, 1 February 2026'); // the last good day
    press('ArrowRight');
    press('Escape');
    expect(dialog()).toBeNull();
    expect(escapesAround).toEqual([]); // a dialog around the field stays open
    window.removeEventListener('keydown', around);
    expect(document.activeElement).toBe(field);
    expect(value()).toBe('2026-02-01');
    expect(field.value).toBe('31/02/2026'); // the mistake stays to be corrected, and still says so
    expect(document.getElementById('day-error')?.textContent).toBe('31/02/2026 is not a date: February 2026 has 28 days.');

    openByButton('Choose “From” on a calendar');
    expect(dialog()).not.toBeNull();
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(dialog()).toBeNull();
    expect(value()).toBe('2026-02-01');
  });

  it('keeps Tab inside the calendar', () => {
    show('en', 'To', '2026-02-24');
    openByButton('Choose “To” on a calendar');
    const day = focusedDay();
    press('Tab');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' }));
    press('Tab');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous month' }));
    press('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' }));
    press('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(day);
  });

  it('offers only the days between the field’s first and last days', () => {
    show('en', 'Expires', '2026-02-12', { min: '2026-02-10', max: '2026-03-05' });
    openByButton('Choose “Expires” on a calendar');
    const before = screen.getByRole('gridcell', { name: 'Monday, 9 February 2026' });
    expect(before.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(before);
    expect(value()).toBe('2026-02-12');
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveProperty('disabled', true);
    press('Tab');
    press('Tab'); // round past the disabled button
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next month' }));
    press('Tab');
    press('ArrowUp'); // a week back would be the 5th: the first day it takes
    expect(focusedDay().getAttribute('aria-label')).toBe('Tuesday, 10 February 2026');
    press('PageDown');
    expect(focusedDay().getAttribute('aria-label')).toBe('Thursday, 5 March 2026');
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    press('Enter');
    expect(value()).toBe('2026-03-05');
  });
});
