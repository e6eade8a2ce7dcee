// The date field's calendar: a month in the app's language and direction (not the browser's, as
// the native picker was), Latin digits, the week starting as the app's locale starts it. Keyboard
// as the WAI-ARIA date picker dialog: arrows a day or a week (left and right mirrored right to
// left), PageUp/PageDown a month (with Shift a year), Home/End the week's edges, Enter or Space
// chooses, Escape closes; Tab stays inside. A press outside closes it.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useLanguage, useT, type Language } from '../i18n';
import { addMonthsIso, clampIso, firstWeekday, localToday, monthOf, monthWeeks, weekEdgeIso } from './calendar-month';
import { addDaysIso, monthName } from './date-text';

type CalendarProps = {
  /** The field's label, for the dialog's name. */
  label: string;
  /** The field's ISO day, or '' (then today is where the calendar opens). */
  value: string;
  min?: string;
  max?: string;
  /** Offers Clear (a field that may be empty). */
  clearable: boolean;
  /** The button that opens the calendar: a press on it is its own (it closes the calendar), not one outside. */
  opener: RefObject<HTMLElement | null>;
  onChoose(iso: string): void;
  onClear(): void;
  /** Closed without a choice; `returnFocus` when by the keyboard (Escape), not by a press elsewhere. */
  onClose(returnFocus: boolean): void;
};

const locales: Record<Language, string> = { en: 'en-GB', ar: 'ar-SA' };
const intlOptions = { timeZone: 'UTC', numberingSystem: 'latn', calendar: 'gregory' } as const;

// Made when a calendar first opens in a language, never at start (Intl's first use is costly).
type Words = { day: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat; weekdayShort: Intl.DateTimeFormat };
const words = new Map<Language, Words>();
function wordsOf(language: Language): Words {
  let made = words.get(language);
  if (!made) {
    const locale = locales[language];
    made = {
      day: new Intl.DateTimeFormat(locale, { ...intlOptions, dateStyle: 'full' }),
      weekday: new Intl.DateTimeFormat(locale, { ...intlOptions, weekday: 'long' }),
      // Arabic's short weekday is the whole name: its one-letter form fits a column.
      weekdayShort: new Intl.DateTimeFormat(locale, { ...intlOptions, weekday: language === 'ar' ? 'narrow' : 'short' }),
    };
    words.set(language, made);
  }
  return made;
}
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function Calendar({ label, value, min, max, clearable, opener, onChoose, onClear, onClose }: CalendarProps) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const rtl = language === 'ar';
  const today = localToday();
  const [active, setActive] = useState(() => clampIso(value || today, min, max));
  const box = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(true); // the focus goes to the active day: on opening and on a key in the grid
  const [atEnd, setAtEnd] = useState(false);
  const headingId = useId();
  const keysId = useId();

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [active]);

  // A calendar that would cross the window's edge opens along the field's other edge.
  useLayoutEffect(() => {
    const rect = box.current?.getBoundingClientRect();
    if (rect && (rtl ? rect.left < 0 : rect.right > document.documentElement.clientWidth)) setAtEnd(true);
  }, [rtl]);

  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!box.current?.contains(target) && !opener.current?.contains(target)) close.current(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [opener]);

  const outOfRange = (iso: string) => Boolean((min && iso < min) || (max && iso > max));
  const choose = (iso: string) => {
    if (!outOfRange(iso)) onChoose(iso);
  };
  const moveTo = (iso: string) => {
    moved.current = true;
    setActive(clampIso(iso, min, max));
  };
  const weekStart = firstWeekday[language];

  const onGridKey = (event: KeyboardEvent) => {
    const day = ({
      ArrowLeft: () => addDaysIso(active, rtl ? 1 : -1),
      ArrowRight: () => addDaysIso(active, rtl ? -1 : 1),
      ArrowUp: () => addDaysIso(active, -7),
      ArrowDown: () => addDaysIso(active, 7),
      PageUp: () => addMonthsIso(active, event.shiftKey ? -12 : -1),
      PageDown: () => addMonthsIso(active, event.shiftKey ? 12 : 1),
      Home: () => weekEdgeIso(active, weekStart, 'start'),
      End: () => weekEdgeIso(active, weekStart, 'end'),
    } as Record<string, (() => string) | undefined>)[event.key];
    if (day) {
      event.preventDefault();
      return moveTo(day());
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault(); // not the form's Enter, nor a scroll
      choose(active);
    }
  };

  // Escape closes this calendar only (not a dialog around it); Tab goes round inside it (the box
  // itself takes the focus of a press on its blank parts, so the keys still reach it).
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      return onClose(true);
    }
    if (event.key !== 'Tab') return;
    const stops = [...box.current!.querySelectorAll<HTMLElement>('button, [tabindex="0"]')].filter((stop) => !(stop as HTMLButtonElement).disabled);
    const at = stops.indexOf(document.activeElement as HTMLElement);
    const next = event.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : at === stops.length - 1 ? 0 : at + 1;
    event.preventDefault();
    stops[next]?.focus();
  };

  const { year, month } = monthOf(active);
  const { day: dayWords, weekday, weekdayShort } = wordsOf(language);
  const firstOfMonth = active.slice(0, 8) + '01';
  // The weekdays' names from the week of 1 January 2023, a Sunday.
  const weekdays = Array.from({ length: 7 }, (_, i) => utc(`2023-01-0${1 + ((weekStart + i) % 7)}`));
  // The month buttons keep the focus (the active day follows, for the grid's Tab stop).
  const step = (months: number) => setActive(clampIso(addMonthsIso(active, months), min, max));
  const chevron = <path fill="currentColor" d="M10.5 2.5 5 8l5.5 5.5 1.1-1.1L7.2 8l4.4-4.4z" />;
  return (
    <div ref={box} className={`calendar${atEnd ? ' calendar-at-end' : ''}`} role="dialog" aria-modal="true" aria-label={t('date.calendar', { label })} aria-describedby={keysId} dir={rtl ? 'rtl' : 'ltr'} tabIndex={-1} onKeyDown={onKey} data-testid="calendar">
      <div className="calendar-head">
        <button type="button" className="calendar-step" onClick={() => step(-1)} aria-label={t('date.calendar.previous')} title={t('date.calendar.previous')} disabled={Boolean(min && firstOfMonth <= min)}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">{chevron}</svg>
        </button>
        <h2 id={headingId} className="calendar-month" aria-live="polite">{monthName(year, month, language)}</h2>
        <button type="button" className="calendar-step calendar-step-next" onClick={() => step(1)} aria-label={t('date.calendar.next')} title={t('date.calendar.next')} disabled={Boolean(max && addMonthsIso(firstOfMonth, 1) > max)}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">{chevron}</svg>
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={headingId} onKeyDown={onGridKey}>
        <thead>
          <tr>
            {weekdays.map((d, i) => (
              <th key={i} scope="col" aria-label={weekday.format(d)}>{weekdayShort.format(d)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(year, month, weekStart).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((iso, i) => {
                if (!iso) return <td key={i} role="gridcell" />; // a day of the month before or after
                const disabled = outOfRange(iso);
                return (
                  <td
                    key={iso}
                    role="gridcell"
                    tabIndex={iso === active ? 0 : -1}
                    aria-label={dayWords.format(utc(iso))}
                    aria-selected={iso === value}
                    aria-current={iso === today ? 'date' : undefined}
                    aria-disabled={disabled || undefined}
                    onClick={() => choose(iso)}
                    className="calendar-day"
                  >
                    {Number(iso.slice(8))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={keysId} className="calendar-keys">{t('date.calendar.keys')}</p>
      {clearable && (
        <div className="calendar-foot">
          <button type="button" onClick={onClear}>{t('date.calendar.clear')}</button>
        </div>
      )}
    </div>
  );
}
