// The date field as a person uses it: the date typed as the app writes dates (day/month/year, in
// English and in Arabic, whatever the browser's own locale), read into the ISO day the rest of the
// code uses, a day that does not exist refused with a sentence saying why, and the arrow keys.
import { afterEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DateField } from '../../renderer/src/ui/date-field';
import { useLanguage, type Language } from '../../renderer/src/i18n';

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

/** A form holding one date, as the filter bar and the link form hold theirs; shows the value it was given. */
function Form({ label, initial = '' }: { label: string; initial?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DateField id="day" label={label} value={day} onChange={setDay} />
      <output data-testid="value">{day}</output>
      <button type="button" onClick={() => setDay('2026-01-09')}>Elsewhere</button>
    </>
  );
}

function show(language: Language, label: string, initial?: string) {
  act(() => useLanguage.getState().setLanguage(language));
  render(<Form label={label} initial={initial} />);
  return screen.getByLabelText(label) as HTMLInputElement;
}
/** Leaves the field, as a click elsewhere or Tab does. */
function leave(field: HTMLInputElement) {
  fireEvent.focusOut(field);
  act(() => field.blur()); // the DOM's own blur, inside act as testing-library's events are
}
/** Types the text a key at a time into the focused field, as a person does, then leaves the field. */
function type(field: HTMLInputElement, text: string) {
  field.focus();
  fireEvent.change(field, { target: { value: '' } });
  for (let i = 1; i <= text.length; i++) fireEvent.change(field, { target: { value: text.slice(0, i) } });
  leave(field);
}
const value = () => screen.getByTestId('value').textContent;
const error = () => document.getElementById('day-error')?.textContent ?? null;

describe('a date field', () => {
  it('reads a date typed day/month/year in English, and shows it as the app writes dates', () => {
    const field = show('en', 'From');
    expect(field.placeholder).toBe('dd/mm/yyyy');
    type(field, '24/11/2026');
    expect(value()).toBe('2026-11-24');
    expect(field.value).toBe('24/11/2026');
    type(field, '5-3-2026'); // other separators and single digits read too
    expect(value()).toBe('2026-03-05');
    expect(field.value).toBe('05/03/2026');
    type(field, '');
    expect(value()).toBe('');
    expect(error()).toBeNull();
  });

  it('reads a date typed day/month/year in Arabic, Arabic-Indic digits too, and shows it as the Arabic list does', () => {
    const field = show('ar', 'من');
    expect(field.placeholder).toBe('يوم/شهر/سنة');
    type(field, '24/11/2026');
    expect(value()).toBe('2026-11-24');
    expect(field.value).toBe('24\u200f/11\u200f/2026'); // the list's own date: right to left, day first
    type(field, '٥/٣/٢٠٢٦');
    expect(value()).toBe('2026-03-05');
    expect(field.value).toBe('5\u200f/3\u200f/2026');
  });

  it('refuses 31/02/2026 in both languages, saying why, and keeps the last good date', () => {
    let field = show('en', 'From', '2026-02-01');
    field.focus();
    fireEvent.change(field, { target: { value: '31/02/2026' } }); // the old date typed over, as a selection is
    expect(error()).toBe('31/02/2026 is not a date: February 2026 has 28 days.'); // at once
    leave(field);
    expect(error()).toBe('31/02/2026 is not a date: February 2026 has 28 days.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain('day-error');
    expect(value()).toBe('2026-02-01'); // never '' as if the field had been cleared
    expect(field.value).toBe('31/02/2026'); // what was typed stays, to be corrected
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(field.value).toBe('31/02/2026'); // a change of language leaves the mistake as typed, and says it in Arabic
    expect(error()).toBe('31/02/2026 ليس تاريخًا صحيحًا: عدد أيام فبراير 2026 هو 28.');
    act(() => useLanguage.getState().setLanguage('en'));
    type(field, '28/02/2026');
    expect(error()).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(value()).toBe('2026-02-28');
    cleanup();

    field = show('ar', 'من');
    type(field, '31/02/2026');
    expect(error()).toBe('31/02/2026 ليس تاريخًا صحيحًا: عدد أيام فبراير 2026 هو 28.');
    expect(value()).toBe('');
    type(field, '1/13/2026');
    expect(error()).toBe('لا يوجد شهر رقم 13: الأشهر من 1 إلى 12.');
  });

  it('says how to write a date it cannot read, once the user leaves the field, and keeps the last good date', () => {
    const field = show('en', 'From', '2026-11-01');
    field.focus();
    fireEvent.change(field, { target: { value: '24/11/26' } });
    expect(error()).toBeNull(); // half typed: not yet
    expect(field.getAttribute('aria-invalid')).toBeNull();
    leave(field);
    expect(error()).toBe('Type the date as day/month/year, for example 24/11/2026.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(value()).toBe('2026-11-01');
    field.focus();
    fireEvent.change(field, { target: { value: '' } }); // cleared on purpose: no date
    leave(field);
    expect(value()).toBe('');
    expect(error()).toBeNull();
  });

  it('says what still uses the last good date, and hides the hint about the value while the text is wrong', () => {
    function Kept() {
      const [day, setDay] = useState('2026-02-01');
      return (
        <>
          <DateField id="day" label="From" value={day} onChange={setDay} hint={`Value ${day}`} stillUsing={(last) => `The list keeps ${last}.`} />
          <output data-testid="value">{day}</output>
        </>
      );
    }
    render(<Kept />);
    const field = screen.getByLabelText('From') as HTMLInputElement;
    expect(document.getElementById('day-hint')?.textContent).toBe('Value 2026-02-01');
    field.focus();
    fireEvent.change(field, { target: { value: '30/02/2026' } });
    leave(field);
    expect(error()).toBe('30/02/2026 is not a date: February 2026 has 28 days. The list keeps 01/02/2026.');
    expect(document.getElementById('day-hint')).toBeNull();
    expect(field.getAttribute('aria-describedby')).not.toContain('day-hint');
    expect(value()).toBe('2026-02-01');
  });

  it('when a date is required, says so on leaving it empty and keeps the last good date', () => {
    function Range() {
      const [day, setDay] = useState('2026-02-01');
      return (
        <>
          <DateField id="day" label="From" value={day} onChange={setDay} required />
          <output data-testid="value">{day}</output>
        </>
      );
    }
    render(<Range />);
    const field = screen.getByLabelText('From') as HTMLInputElement;
    field.focus();
    fireEvent.change(field, { target: { value: '' } });
    expect(error()).toBeNull(); // not while typing
    leave(field);
    expect(error()).toBe('Enter a date as day/month/year.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-required')).toBe('true');
    expect(value()).toBe('2026-02-01');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(error()).toBe('أدخل تاريخًا بصيغة يوم/شهر/سنة.');
  });

  it('moves a day with the arrow keys, and shows a date set elsewhere in the app’s format', () => {
    const field = show('en', 'To', '2026-02-28');
    expect(field.value).toBe('28/02/2026');
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(value()).toBe('2026-03-01');
    expect(field.value).toBe('01/03/2026');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(value()).toBe('2026-02-27');
    leave(field);
    fireEvent.click(screen.getByText('Elsewhere'));
    expect(field.value).toBe('09/01/2026');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(field.value).toBe('9\u200f/1\u200f/2026');
  });
});
