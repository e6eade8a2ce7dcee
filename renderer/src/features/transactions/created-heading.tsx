// The Created column's heading with the computer's time zone under it: the rows' times are that
// zone's wall time, so a London laptop shows a Riyadh sale of 00:10 on the 3rd as 21:10 on the 2nd
// (walk27). The list and Needs attention share it. The zone is drawn once Intl is warmed
// (i18n/local-zone.ts): until then its line is kept empty, so the rows do not move when it comes.
import { useT } from '../../i18n';
import { useLocalZone } from '../../i18n/local-zone';
import { IsolatedRuns } from '../../ui/isolated-runs';
import { ltrIsolated } from '../../../../contract/amount-words';

export function CreatedHeading() {
  const t = useT();
  return <>{t('tx.col.created')} <ZoneNote /></>;
}

/** "Europe/London time" on a line of its own, under a label of times (the list's heading, the detail's Created: walk31). */
export function ZoneNote({ testId }: { testId?: string }) {
  const t = useT();
  const zone = useLocalZone();
  return <span className="tx-zone" data-testid={testId}>{zone ? <IsolatedRuns text={t('tx.col.zone', { zone: ltrIsolated(breakable(zone)) })} /> : '\u00a0'}</span>;
}

/** A break allowed after each "/" of the zone's name, so a narrow column wraps "America/" above "New_York", not inside a name. */
function breakable(zone: string): string {
  return zone.replaceAll('/', '/\u200b');
}
