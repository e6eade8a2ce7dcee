import { useLanguage } from '../i18n';
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
      <span>{formatRowDay(iso, language)}</span> <span>{formatRowTime(iso, language)}</span>
    </span>
  );
}
