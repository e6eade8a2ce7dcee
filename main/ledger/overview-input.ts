// The instants of an overview or settlement request, checked on main before any sum is read:
// a bad one fails next to its field, in words (the worker that reads the sums has no words).
import { failField } from '../core/fail';
import type { Range } from './overview';
import type { MethodParsedInput } from '../../contract/methods';

/** An instant as the ledger writes it (ISO, UTC), or a field failure. */
export function instant(value: string, field: string): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw failField('invalid_input', field, 'ledger.notADate', { value: value.slice(0, 40) });
  return time.toISOString();
}

export function checkRanges(ranges: Range[]): void {
  for (const range of ranges) {
    instant(range.from, 'from');
    instant(range.to, 'to');
  }
}

export function checkOverviewQuery(query: MethodParsedInput<'getOverview'>): void {
  instant(query.now, 'now');
  checkRanges([...query.periods, ...query.days, ...(query.refundsMadeIn ? [query.refundsMadeIn] : [])]);
}
