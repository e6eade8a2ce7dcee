import { useLanguage, type Language } from '../i18n';
import { formatRowDay, formatRowTime } from '../i18n/format';

/**
 * A list's moment in one cell (the links list, Needs attention, the audit log, recent batches), in
 * the transactions list's words. The day and the time may go to two lines in a narrow column, each
 * whole: the Arabic time's "ص" / "م" went to a line of its own ("5:45 2026/11/29" over "ص").
 */
export function RowMoment({ iso, testId }: { iso: string; testId?: string }) {
  const language = useLanguage((s) => s.language);
  return (
    <span className="row-moment" data-testid={testId}>
      <MomentParts iso={iso} language={language} />
    </span>
  );
}

/**
 * The day and the time as two spans. The space between them ends the day's span: between the spans
 * Chromium left it out of what a screen reader reads in Arabic ("2/12/20261:57 م", the year and the
 * hour one number; walk18). The line may still break between them (<wbr>): a space at the end of a
 * span kept whole is no place to break in Chromium, and narrow lists scrolled sideways without it.
 */
export function MomentParts({ iso, language }: { iso: string; language: Language }) {
  return <><span>{`${formatRowDay(iso, language)} `}</span><wbr /><span>{formatRowTime(iso, language)}</span></>;
}
