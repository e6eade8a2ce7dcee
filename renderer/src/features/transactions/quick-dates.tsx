// "Last 7 days", "This month", "Last month" beside From and To (Transactions, the Audit log, Home's
// chosen dates): one press fills both (a month took two typed dates). The periods are Home's (overview/periods.ts): local days, both
// included, so a choice here lists the same payments as Home's figure for it, under the same words.
// The audit log adds "Today" and "Yesterday" first: finance's "who refunded what yesterday" took two
// typed dates, 22 presses (docs/audit-log.md). Transactions adds "This year" last: a customer on the
// phone asking what they paid this year took a typed date, 11 presses (walk13, 2026-12-01), and
// "Today" first: finance's file of the day's payments took a typed date, 14 presses (walk14, 2026-12-01).
// Home adds "This year" last, the year so far (its days stop at today): typed, 18 presses (walk17).
import { useId } from 'react';
import { useT, type MessageKey } from '../../i18n';
import { pressed, shortcutKeys } from '../../ui/shortcuts';
import { periodsOf, thisYearOf, yearSoFarOf, yesterdayOf, type Range } from '../overview/periods';
import './quick-dates.css';

export type QuickDate = 'today' | 'yesterday' | 'week' | 'month' | 'lastMonth' | 'year' | 'yearSoFar';
const periodChoices: readonly QuickDate[] = ['week', 'month', 'lastMonth'];
/** The audit log's: a day's entries are asked of it most (docs/audit-log.md). */
export const dayChoices: readonly QuickDate[] = ['today', 'yesterday', ...periodChoices];
/** Transactions': the day's payments (finance's file of the day) and a customer's payments of the year are asked of it too. */
export const listChoices: readonly QuickDate[] = ['today', ...periodChoices, 'year'];
/** Home's chosen dates: a year's figures so far, and its settlement summary. */
export const homeChoices: readonly QuickDate[] = [...periodChoices, 'yearSoFar'];
const labels: Record<QuickDate, MessageKey> = {
  today: 'ov.period.today', yesterday: 'ov.period.yesterday', week: 'ov.period.week', month: 'ov.period.month', lastMonth: 'ov.period.lastMonth', year: 'ov.period.year', yearSoFar: 'ov.period.year',
};

/**
 * The choices; the one the dates now hold is pressed. `choose` gets the period's instants (its end
 * exclusive, as the filter's). `toResults`: ↓ on a choice goes to what it chose, as ↓ from the
 * search does: from "Last month" the list was 8 Tabs away (the amounts, card, profile, sort, export,
 * the lookup; the screen walks of 2026-11-30 and 2026-12-01).
 */
export function QuickDates({ from, to, choose, choices = periodChoices, toResults }: { from?: string; to?: string; choose(range: Range): void; choices?: readonly QuickDate[]; toResults?: () => void }) {
  const t = useT();
  const now = new Date();
  const periods: Record<QuickDate, Range> = { ...periodsOf(now, { from: '', to: '' }), yesterday: yesterdayOf(now), year: thisYearOf(now), yearSoFar: yearSoFarOf(now) };
  const labelId = useId();
  return (
    <div className="field quick-dates" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="quick-dates-label">{t('tx.filter.quickDates')}</span>
      <div className="quick-dates-choices">
        {choices.map((id) => {
          const period = periods[id];
          return (
            <button
              key={id}
              type="button"
              aria-pressed={period.from === from && period.to === to}
              {...(toResults && { 'aria-keyshortcuts': shortcutKeys('searchToList') })}
              onClick={() => choose(period)}
              onKeyDown={(event) => {
                if (!toResults || event.shiftKey || !pressed(event.nativeEvent, 'searchToList')) return;
                event.preventDefault();
                toResults();
              }}
              data-testid={`quick-dates-${id}`}
            >
              {t(labels[id])}
            </button>
          );
        })}
      </div>
    </div>
  );
}
