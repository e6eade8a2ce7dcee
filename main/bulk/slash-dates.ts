// A bulk file's date written the way people and spreadsheets write them (30/11/2026, 11/30/2026,
// 30.11.2026) instead of year-month-day. Never read as a date (a month-first file would be read
// wrong); the row is refused with the year-month-day to write, or both when either could be meant.
import { toAsciiDigits } from '../../contract/digits';
import type { Reason } from '../../contract/reasons';
import { reason } from '../core/fail';

const slashDate = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const two = (n: number) => String(n).padStart(2, '0');

/** A real date (2026-02-30 is not one) as year-month-day, or undefined. */
function isoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const text = `${year}-${two(month)}-${two(day)}`;
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text ? text : undefined;
}

/** Why a day-first or month-first date cannot be taken, naming what to write; undefined when the cell is not one. */
export function slashDateReason(cell: string): Reason | undefined {
  const typed = cell.trim();
  const match = slashDate.exec(toAsciiDigits(typed));
  if (!match) return undefined;
  const [a, b, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const dayFirst = isoDate(year, b, a);
  const monthFirst = isoDate(year, a, b);
  if (dayFirst && monthFirst && dayFirst !== monthFirst) return reason('bulk.dateTwoReadings', { typed, dayFirst, monthFirst });
  const only = dayFirst ?? monthFirst;
  return only ? reason('bulk.dateOneReading', { typed, isoDate: only }) : undefined;
}
