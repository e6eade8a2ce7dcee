// The expiry month and year lists take the date typed as it is printed on the card, read out on
// the phone: "1" is January (the list's own search picked October, the first item starting
// with 1), "01", "1/39", "0139" and "01/2039" all give 01 / 2039. A "/" or a digit after a whole
// month goes on to the year; the year takes 2 or 4 digits. Arabic-Indic digits count the same.
import { useRef, type KeyboardEvent } from 'react';
import { toAsciiDigits } from '../../../../contract/digits';

type Typed = { text: string; at: number };
// A pause this long starts a new entry, as a list's own search does.
const pause = 1500;

/** The month the digits typed so far mean, and whether more digits would still belong to it. */
export function monthOf(typed: string): { month: string; whole: boolean } | null {
  if (typed === '1') return { month: '01', whole: false }; // 10, 11 or 12 may follow
  if (/^[2-9]$/.test(typed)) return { month: `0${typed}`, whole: true };
  if (/^(0[1-9]|1[0-2])$/.test(typed)) return { month: typed, whole: true };
  return null;
}

/** The year 2 or 4 digits mean, if it is one of those offered. */
export function yearOf(typed: string, offered: string[]): string | null {
  const year = typed.length === 2 ? `20${typed}` : typed;
  return typed.length !== 3 && offered.includes(year) ? year : null;
}

const digitOf = (e: KeyboardEvent) => (e.ctrlKey || e.altKey || e.metaKey || e.key.length !== 1 ? null : /^\d$/.test(toAsciiDigits(e.key)) ? toAsciiDigits(e.key) : null);

export function useExpiryKeys(o: { setMonth(m: string): void; setYear(y: string): void; years: string[]; focusYear(): void }) {
  const month = useRef<Typed>({ text: '', at: 0 });
  const year = useRef<Typed>({ text: '', at: 0 });
  const fresh = (typed: Typed) => (Date.now() - typed.at > pause ? '' : typed.text);

  const typeYear = (digit: string) => {
    const sofar = fresh(year.current);
    const text = sofar.length >= 4 ? digit : sofar + digit;
    year.current = { text, at: Date.now() };
    const chosen = yearOf(text, o.years);
    if (chosen) o.setYear(chosen);
  };

  const onMonthKey = (e: KeyboardEvent) => {
    if (e.key === '/' || e.key === '-') {
      e.preventDefault();
      o.focusYear();
      year.current = { text: '', at: 0 };
      return;
    }
    const digit = digitOf(e);
    if (!digit) return;
    e.preventDefault();
    const before = fresh(month.current);
    const then = monthOf(before);
    // A whole month (or "1" and a digit no month has next): the digit is the year's.
    if (then?.whole || (before === '1' && !monthOf(before + digit))) {
      o.focusYear();
      year.current = { text: '', at: 0 };
      month.current = { text: then?.month ?? '01', at: Date.now() };
      return typeYear(digit);
    }
    const text = before + digit;
    month.current = { text, at: Date.now() };
    const now = monthOf(text);
    if (now) o.setMonth(now.month);
  };

  const onYearKey = (e: KeyboardEvent) => {
    const digit = digitOf(e);
    if (!digit) return;
    e.preventDefault();
    typeYear(digit);
  };

  return { onMonthKey, onYearKey };
}
