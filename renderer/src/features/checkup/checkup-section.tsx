// The "Check-up" section of a sandbox (or the practice) profile in Settings: start, live
// progress with a cancel, every step's outcome and what came back, and the report to save. On
// the team ledger also the profile's recent runs of every laptop, each one opened in place.
// Never shown for production: main refuses it there too.
import { useEffect, useRef, useState } from 'react';
import type { ProfileView } from '../../../../contract/methods/profiles';
import { api } from '../../api';
import type { AppError } from '../../../../contract/result';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import { formatRowDateTime } from '../../i18n/format';
import { saveFile } from '../../ui/save-file';
import { reportText } from './report-text';
import { StepRow } from './step-row';
import { useCheckups, watchCheckups } from './checkup-store';
import './checkup.css';
import { profileName } from '../../ui/profile-name';
import { useTeamRole } from '../settings/team-role';
import { RecentRuns } from './recent-runs';
import { focusIfLost } from '../../ui/focus';
import { QuotedWords } from '../../ui/quoted-words';
import { StopAfterRuns } from '../../ui/isolated-runs';
import { verdictOf } from './verdict';

const busyStates = new Set(['running', 'cancelling']);

export function CheckupSection({ profile }: { profile: ProfileView }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const wordError = useWordedError();
  const run = useCheckups((s) => s.runs[profile.id]);
  const error = useCheckups((s) => s.errors[profile.id]);
  const offered = useCheckups((s) => s.offered[profile.id]);
  // What was saved is kept as the file name, a refusal as main's error, so the line follows a change of language.
  const [saved, setSaved] = useState<{ ok: true; file: string } | { ok: false; error: AppError }>();
  // A new run's report is not saved yet: "Report saved: …" under it named the run before's file.
  useEffect(() => setSaved(undefined), [run?.id]);
  const titleId = `checkup-${profile.id}-title`;
  // A run started on another computer is shown as kept there: this laptop neither cancels nor waits for it.
  const elsewhere = run?.startedBy?.thisLaptop === false;
  const running = run && !elsewhere ? busyStates.has(run.state) : false;
  // On the team ledger its steps' captures, voids and refunds are support's and up (the database refuses the rest anyway).
  const mayRun = useTeamRole((s) => s.mayMoveMoney);
  const roleUnknown = useTeamRole((s) => s.roleUnknown);
  const usable = (profile.environment === 'practice' || profile.key.configured) && mayRun;

  useEffect(() => {
    void useCheckups.getState().load(profile.id);
    return watchCheckups(profile.id);
  }, [profile.id]);

  // The offer goes away when either of its buttons is pressed: the focus goes on to Run check-up
  // (kept while the run goes on), not to the page's start.
  const showOffer = Boolean(offered && !running && mayRun);
  const runButton = useRef<HTMLButtonElement>(null);
  const offerShown = useRef(showOffer);
  useEffect(() => {
    if (offerShown.current && !showOffer) focusIfLost(runButton.current);
    offerShown.current = showOffer;
  }, [showOffer]);

  async function save(kind: 'text' | 'json') {
    if (!run) return;
    const result = await api.saveCheckupReport({ runId: run.id });
    if (!result.ok) return setSaved({ ok: false, error: result.error });
    const file = `${result.value.fileName}.${kind === 'text' ? 'txt' : 'json'}`;
    if (kind === 'text') saveFile(file, [reportText(result.value.json, language)], 'text/plain;charset=utf-8');
    else saveFile(file, [result.value.json], 'application/json;charset=utf-8');
    setSaved({ ok: true, file });
  }

  const done = run ? run.steps.filter((s) => s.state !== 'waiting' && s.state !== 'running').length : 0;
  const count = (state: string) => String(run?.steps.filter((s) => s.state === state).length ?? 0);
  const verdict = run ? verdictOf(run) : null;
  const errorText = error?.code === 'key_missing' ? t('checkup.needsKey') : error?.code === 'rule_violation' ? t('checkup.error.production') : error && wordError(error).message;

  return (
    <section className="checkup" aria-label={t('checkup.region', { profile: profileName(profile, t) })} data-testid="checkup-section">
      <h4 id={titleId}>{t('checkup.title')}</h4>
      <p className="checkup-intro">{t('checkup.intro')}{profile.environment === 'practice' ? ` ${t('checkup.intro.practice')}` : ''}</p>
      {showOffer && (
        <div className="checkup-offer" data-testid="checkup-offer">
          <p>{t('checkup.offer')}</p>
          <button type="button" onClick={() => void useCheckups.getState().start(profile.id)}>{t('checkup.offer.yes')}</button>
          <button type="button" onClick={() => useCheckups.getState().dismiss(profile.id)}>{t('checkup.offer.no')}</button>
        </div>
      )}
      <div className="profile-actions">
        {/* aria-disabled while running, not disabled: a disabled button drops the focus of the
            keyboard user who pressed it to the page's start. */}
        <button type="button" ref={runButton} disabled={!usable} aria-disabled={running || undefined} onClick={() => !running && void useCheckups.getState().start(profile.id)} data-testid="checkup-run">
          {run ? t('checkup.runAgain') : t('checkup.run')}
        </button>
        {running && run && (
          <button type="button" disabled={run.state === 'cancelling'} onClick={() => void useCheckups.getState().cancel(run.id)} data-testid="checkup-cancel">{t('checkup.cancel')}</button>
        )}
        {run && !running && !(elsewhere && busyStates.has(run.state)) && (
          <>
            <button type="button" onClick={() => void save('text')} data-testid="checkup-save-text">{t('checkup.saveText')}</button>
            <button type="button" onClick={() => void save('json')} data-testid="checkup-save-json">{t('checkup.saveJson')}</button>
          </>
        )}
      </div>
      {!usable && <p className="notice" data-testid="checkup-unusable">{mayRun ? t('checkup.needsKey') : roleUnknown ? t('team.roleUnknown') : t('checkup.teamRole')}</p>}
      {errorText && <p className="notice notice-error" role="alert" data-testid="checkup-error"><QuotedWords text={errorText} /></p>}
      {run && (
        <div data-testid="checkup-run-view" data-run-state={run.state} data-run-id={run.id}>
          {run.startedBy && (
            <p data-testid="checkup-started-by">
              {t(run.startedBy.thisLaptop ? 'checkup.by.thisComputer' : 'checkup.by.otherComputer', { login: run.startedBy.login, osUser: run.startedBy.osUser ?? '—', started: formatRowDateTime(run.startedAt, language) })}
              {elsewhere && busyStates.has(run.state) && ` ${t('checkup.elsewhere.running')}`}
            </p>
          )}
          {run.state === 'interrupted' && <p className="notice notice-error" data-testid="checkup-interrupted">{t(elsewhere ? 'checkup.interrupted.elsewhere' : 'checkup.interrupted')}</p>}
          <p role="status" data-testid="checkup-status">
            {/* "Finished: 11 passed, …": the state and the counts read as one sentence ("انتهى نجح 11" did not). */}
            {running
              ? t(`checkup.state.${run.state}` as MessageKey)
              : `${t(`checkup.state.${run.state}` as MessageKey)}: ${t('checkup.summary', { passed: count('passed'), different: count('different'), failed: count('failed'), skipped: count('skipped') })}.`}
          </p>
          {verdict && <p className={`checkup-verdict checkup-verdict-${verdict.key.split('.').pop()}`} data-testid="checkup-verdict">{t(verdict.key, { count: verdict.count })}</p>}
          <label htmlFor={`${titleId}-progress`}>{t('checkup.progress')}: {t('checkup.progress.count', { done, total: run.steps.length })}</label>
          <progress id={`${titleId}-progress`} max={run.steps.length} value={done} />
          <ol className="checkup-steps" aria-label={t('checkup.steps')}>
            {run.steps.map((step, i) => <StepRow key={step.key} step={step} number={i + 1} />)}
          </ol>
        </div>
      )}
      <RecentRuns profileId={profile.id} shownId={run?.id} />
      {saved && <p className={`notice ${saved.ok ? '' : 'notice-error'}`} role="status" data-testid="checkup-saved">{saved.ok ? <StopAfterRuns text={t('checkup.saved', { file: `\u2066${saved.file}\u2069` })} /> : <QuotedWords text={wordError(saved.error).message} />}</p>}
    </section>
  );
}
