// A date typed as the app writes dates (day/month/year, in the app's language, not the browser's),
// with the app's own calendar (calendar.tsx: the browser's picker spoke the browser's language). The rest of the code gets and gives the ISO day ("2026-11-24", or
// '' once the field is cleared on purpose), as from a native <input type="date">.
// A text that is not a date (31/02/2026, half a date) is never passed on as '': the field says why
// next to it and the value stays the last good day, so a list is not filtered as if the field were
// empty and a form sends nothing while one holds a mistake (focusDateMistake).
// Keyboard: type the date (24/11/2026, 24-11-2026, 24112026 or 2026-11-24 all read), arrows up and
// down move a day, Alt+Down opens the calendar, Enter or leaving the field settles what was typed.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLanguage, useT } from '../i18n';
import { Calendar } from './calendar';
import { localToday } from './calendar-month';
import { addDaysIso, daysInMonth, formatDateText, monthName, readDateText, type DateReading } from './date-text';
import { useSelectCopyOnEntry } from './select-on-entry';
import './date-field.css';

type DateFieldProps = {
  id: string;
  label: string;
  /** ISO day or ''. */
  value: string;
  onChange(iso: string): void;
  /** Shown under the field (e.g. the date in words); the format hint is always read out. Not while a typing mistake is shown: it speaks of the value, not of the text. */
  hint?: string;
  /** An error found elsewhere (the form's own checks); a typing mistake is shown first. */
  error?: string;
  /** An empty field is a mistake too (a range needs both ends): leaving it empty keeps the last day. */
  required?: boolean;
  /** The first and last days the calendar offers (ISO days); typing is not limited by them. */
  min?: string;
  max?: string;
  /** Said after a typing mistake: what still uses the last good day (as the field writes it; '' when there was none), e.g. "the list keeps 01/02/2026". */
  stillUsing?(lastDay: string): string;
  className?: string;
  testId?: string;
};

/** A text the field cannot give as a day: not a date at all, a day that does not exist, or nothing where a day is required. */
function isMistake(reading: DateReading, required: boolean): boolean {
  return reading.kind === 'impossible' || reading.kind === 'unreadable' || (required && reading.kind === 'empty');
}

export function DateField({ id, label, value, onChange, hint, error, required = false, min, max, stillUsing, className, testId }: DateFieldProps) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => formatDateText(value, language));
  // Whether the text's mistake is said yet: a day that cannot be at once, half a date once the user
  // leaves the field or presses Enter. The words are made from the text at each draw, so they
  // follow a change of language.
  const [told, setTold] = useState(false);
  const seen = useRef(value);
  const formatHintId = useId();

  const problemText = (reading: DateReading, typed: string): string | undefined => {
    if (reading.kind === 'empty') return required ? t('date.error.required') : undefined;
    if (reading.kind === 'unreadable') return t('date.error.format', { example: formatDateText('2026-11-24', language) });
    if (reading.kind !== 'impossible') return undefined;
    if (reading.month < 1 || reading.month > 12) return t('date.error.month', { month: reading.month });
    return t('date.error.day', { date: typed.trim(), month: monthName(reading.year, reading.month, language), days: daysInMonth(reading.year, reading.month) });
  };

  // The value changed from outside (a filter cleared, a figure's days): show it. The language
  // changed: write the day the new way, and leave a typing mistake as typed.
  useEffect(() => {
    const outside = value !== seen.current;
    seen.current = value;
    const reading = readDateText(text);
    const focused = typeof document !== 'undefined' && document.activeElement === input.current;
    if (reading.kind === 'date' && reading.iso === value) {
      if (!focused) setText(formatDateText(value, language));
      return;
    }
    if (!outside && isMistake(reading, required)) return;
    setText(formatDateText(value, language));
    setTold(false);
  }, [value, language]); // only an outside change of the value or language: the text is read inside

  const give = (iso: string) => {
    if (iso !== value) onChange(iso);
  };

  const typed = (next: string) => {
    setText(next);
    const reading = readDateText(next);
    if (reading.kind === 'date') give(reading.iso);
    if (reading.kind === 'empty' && !required) give(''); // cleared on purpose: no date
    // A whole date that cannot be is said at once; half a date (or none where one is required) only when the user leaves it.
    setTold(reading.kind === 'impossible');
  };

  const settle = () => {
    const reading = readDateText(text);
    if (reading.kind === 'date') {
      setText(formatDateText(reading.iso, language));
      give(reading.iso);
      return setTold(false);
    }
    if (reading.kind === 'empty' && !required) give('');
    setTold(isMistake(reading, required)); // a mistake gives nothing: the last good day stays
  };

  const chosen = (iso: string) => {
    if (!iso) return;
    setText(formatDateText(iso, language));
    setTold(false);
    give(iso);
  };

  // The calendar closed: by the keyboard or a choice the focus comes back to the field.
  const closeCalendar = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) input.current?.focus();
  };
  const pickedDay = (iso: string) => {
    chosen(iso);
    closeCalendar(true);
  };
  // The calendar's Clear (offered only when the field may be empty): no date, as emptying the field.
  const cleared = () => {
    setText('');
    setTold(false);
    give('');
    closeCalendar(true);
  };
  const openCalendar = () => setOpen(true);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') return settle(); // and the form goes on to its own Enter
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      return openCalendar();
    }
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const reading = readDateText(text);
      chosen(reading.kind === 'date' ? addDaysIso(reading.iso, event.key === 'ArrowUp' ? 1 : -1) : localToday());
    }
  };

  const reading = readDateText(text);
  // A whole date is entered selected (Tab or a click), so a date typed replaces it: typed after a
  // click it went after the date already there, and the field said the text was no date (walk15).
  const selectDate = useSelectCopyOnEntry(reading.kind === 'date');
  const problem = told && isMistake(reading, required) ? problemText(reading, text) : undefined;
  const kept = problem && stillUsing ? stillUsing(formatDateText(value, language)) : undefined;
  const shown = problem ? (kept ? `${problem} ${kept}` : problem) : error;
  const hintShown = problem ? undefined : hint;
  const described = [formatHintId, hintShown ? `${id}-hint` : '', shown ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field date-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="date-box">
        <input
          id={id}
          ref={input}
          type="text"
          value={text}
          onChange={(e) => typed(e.target.value)}
          onBlur={settle}
          onKeyDown={onKeyDown}
          {...selectDate}
          placeholder={t('date.placeholder')}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={shown ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={described}
          data-testid={testId}
        />
        <button ref={opener} type="button" className="date-calendar" tabIndex={-1} onClick={() => setOpen(!open)} aria-haspopup="dialog" aria-expanded={open} aria-label={t('date.calendar', { label })} title={t('date.calendar', { label })}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M4 0h1.5v2h5V0H12v2h2a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1h2zM2.5 6v8.5h11V6zM4 8h2v2H4zm3 0h2v2H7zm3 0h2v2h-2zm-6 3h2v2H4zm3 0h2v2H7z" />
          </svg>
        </button>
        {open && <Calendar label={label} value={value} min={min} max={max} clearable={!required} opener={opener} onChoose={pickedDay} onClear={cleared} onClose={closeCalendar} />}
      </div>
      <span id={formatHintId} className="date-format-hint">{t('date.hint')}</span>
      {hintShown && <p id={`${id}-hint`} className="field-hint">{hintShown}</p>}
      {shown && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid={`error-${id}`}>
          {shown}
        </p>
      )}
    </div>
  );
}

/**
 * A form's first date field whose text is not a date, focused; true when there was one (the form
 * then sends nothing). Read from the fields' own text, not from what React has drawn: Ctrl+Enter
 * submits in the same key press that settles the field, before its mistake is drawn. The mistake's
 * words come with that draw (Enter and leaving the field settle it).
 */
export function focusDateMistake(form: HTMLFormElement): boolean {
  const fields = [...form.querySelectorAll<HTMLInputElement>('.date-field input[type="text"]')];
  const wrong = fields.find((field) => isMistake(readDateText(field.value), field.getAttribute('aria-required') === 'true'));
  wrong?.focus();
  return Boolean(wrong);
}
