// The Created column's heading with the computer's time zone under it: the rows' times are that
// zone's wall time, so a London laptop shows a Riyadh sale of 00:10 on the 3rd as 21:10 on the 2nd
// (walk27). The list and Needs attention share it.
import { useT } from '../../i18n';
import { ltrIsolated } from '../../../../contract/amount-words';

export function CreatedHeading() {
  const t = useT();
  return <>{t('tx.col.created')} <span className="tx-zone">{t('tx.col.zone', { zone: ltrIsolated(breakableZone()) })}</span></>;
}

/** The computer's zone with a break allowed after each "/", so a narrow column wraps "America/" above "New_York", not inside a name. */
function breakableZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone.replaceAll('/', '/\u200b');
}
