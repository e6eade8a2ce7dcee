// "Last 7 days", "This month", "Last month" beside From and To (Transactions, the Audit log, Home's
// chosen dates): one press fills both (a month took two typed dates). The periods are Home's (overview/periods.ts): local days, both
// included, so a choice here lists the same payments as Home's figure for it, under the same words.
import { useId } from 'react';
import { useT } from '../../i18n';
import { periodsOf, type PeriodId, type Range } from '../overview/periods';
import './quick-dates.css';

const choices = ['week', 'month', 'lastMonth'] as const satisfies readonly PeriodId[];

/** The choices; the one the dates now hold is pressed. `choose` gets the period's instants (its end exclusive, as the filter's). */
export function QuickDates({ from, to, choose }: { from?: string; to?: string; choose(range: Range): void }) {
  const t = useT();
  const periods = periodsOf(new Date(), { from: '', to: '' });
  const labelId = useId();
  return (
    <div className="field quick-dates" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="quick-dates-label">{t('tx.filter.quickDates')}</span>
      <div className="quick-dates-choices">
        {choices.map((id) => {
          const period = periods[id];
          return (
            <button key={id} type="button" aria-pressed={period.from === from && period.to === to} onClick={() => choose(period)} data-testid={`quick-dates-${id}`}>
              {t(`ov.period.${id}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
