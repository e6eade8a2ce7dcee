// The profile's recent check-ups on the team ledger, every laptop's (kept in the team database,
// readable by support and admin): when, how it ended, who started it and on which computer; Open
// shows one in the section in place of the latest. On a laptop's own ledger runs are kept in
// memory only, so there is no list.
import { useEffect } from 'react';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { formatRowDateTime } from '../../i18n/format';
import { useWordedError } from '../../i18n/words';
import { useCheckups } from './checkup-store';
import { QuotedWords } from '../../ui/quoted-words';

export function RecentRuns({ profileId, shownId }: { profileId: string; shownId: string | undefined }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const wordError = useWordedError();
  const recent = useCheckups((s) => s.recent[profileId]);
  const failed = useCheckups((s) => s.recentErrors[profileId]);
  useEffect(() => void useCheckups.getState().loadRecent(profileId), [profileId]);
  // On the team ledger the list and its Refresh are shown even while empty: a run any computer starts
  // afterwards is listed by itself (checkups.changed), and Refresh reads it again when that could not
  // be told (the team ledger out of reach). A read that failed says why, with Refresh to try again.
  if (!failed && (!recent || recent.kept !== 'team')) return null;
  const runs = recent?.runs ?? [];
  const headingId = `checkup-${profileId}-recent`;
  // The list, and the run shown when another laptop is still running it (its steps as saved since).
  const refresh = () => useCheckups.getState().refreshRecent(profileId);
  return (
    <section className="checkup-recent" aria-labelledby={headingId} data-testid="checkup-recent">
      <h5 id={headingId}>{t('checkup.recent')}</h5>
      <button type="button" onClick={() => void refresh()} data-testid="checkup-recent-refresh">{t('checkup.recent.refresh')}</button>
      {failed && <p className="notice notice-error" role="alert" data-testid="checkup-recent-error"><QuotedWords text={t('checkup.recent.failed', { why: wordError(failed).message })} /></p>}
      {!failed && runs.length === 0 && <p data-testid="checkup-recent-none">{t('checkup.recent.none')}</p>}
      <ul>
        {runs.map((run) => (
          <li key={run.id} data-testid="checkup-recent-run" data-run-id={run.id}>
            <span>
              {t('checkup.recent.item', {
                started: formatRowDateTime(run.startedAt, language), state: t(`checkup.state.${run.state}` as MessageKey),
                passed: String(run.counts.passed), different: String(run.counts.different), failed: String(run.counts.failed),
              })}{' '}
              {run.startedBy && t(run.startedBy.thisLaptop ? 'checkup.recent.byHere' : 'checkup.recent.byElsewhere', { login: run.startedBy.login, osUser: run.startedBy.osUser ?? '—' })}
            </span>{' '}
            {run.id === shownId
              ? <span className="checkup-badge">{t('checkup.recent.shown')}</span>
              : <button type="button" onClick={() => void useCheckups.getState().open(profileId, run.id)} data-testid="checkup-recent-open">{t('checkup.recent.open')}</button>}
          </li>
        ))}
      </ul>
    </section>
  );
}
