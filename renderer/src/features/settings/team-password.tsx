// "Change my password" (Settings → Team ledger, every role): the person changes the first password
// their admin gave them without psql. The current one is the keychain's (asked for only when the
// keychain has none); the new one is typed twice, against the rule said before typing
// (contract/team-password-rule.ts, the one main applies). Main changes it on the server, then keeps
// it in the keychain; the fields empty after, and nothing of it comes back. When the keychain
// fails after the server took it, main keeps it until it closes and the screen offers to save it again,
// also when Settings is opened again (getUnsavedTeamPassword).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppError } from '../../../../contract/result';
import { teamPasswordMinLength, teamPasswordProblem } from '../../../../contract/team-password-rule';
import { api } from '../../api';
import { useT } from '../../i18n';
import { useWords, type Words } from '../../i18n/words';
import { useFocusAfterCheck } from '../../ui/focus';
import { useForgetTyped } from '../../ui/forget-typed';
import { Field } from './field';

type Problems = { current?: Words; next?: Words; again?: Words };
const fromMain = (error: AppError): Words => (error.reason ? { reason: error.reason, otherwise: error.message } : { error });

/** `onKept`: the keychain has the new password (Settings' note on the Password field follows it). */
export function TeamPasswordSection({ login, passwordSaved, onKept }: { login: string; passwordSaved: boolean; onKept?: () => void }) {
  const t = useT();
  const words = useWords();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  // React lets go of the passwords too once the fields empty (team-password-leak.test.ts found the new one kept).
  const forget = useForgetTyped();
  // Kept as words and worded at each draw: it follows a change of language.
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'error'; words: Words }>();
  // The server has the new password and the keychain did not take it: main keeps it for this button.
  const [unsaved, setUnsaved] = useState(false);
  const saveAgainButton = useRef<HTMLButtonElement>(null);
  // Opened again (Settings left meanwhile): a new password main still holds for the keychain is offered again.
  useEffect(() => {
    let shown = true;
    void api.getUnsavedTeamPassword({}).then((result) => {
      if (!shown || !result.ok || !result.value) return;
      setUnsaved(true);
      setOutcome({ kind: 'error', words: { reason: { key: 'teamLedger.passwordNotSaved', values: { user: result.value.login, host: result.value.host } }, otherwise: '' } });
    });
    return () => void (shown = false);
  }, []);

  const answered = (result: Awaited<ReturnType<typeof api.changeTeamPassword>>) => {
    if (result.ok) {
      setUnsaved(false);
      onKept?.();
      return setOutcome({ kind: 'ok', words: { key: 'team.myPassword.done' } });
    }
    const { error } = result;
    setUnsaved(error.reason?.key === 'teamLedger.passwordNotSaved');
    const field = Object.keys(error.fieldReasons ?? {})[0] as keyof Problems | undefined;
    if (field && error.fieldReasons?.[field]) return setProblems({ [field]: { reason: error.fieldReasons[field], otherwise: error.fields?.[field] ?? error.message } });
    setOutcome({ kind: 'error', words: fromMain(error) });
  };

  async function change(e: FormEvent) {
    e.preventDefault();
    setOutcome(undefined);
    // Said here, before main is asked: the rule (as main applies it), then the second typing.
    const problem = teamPasswordProblem(login, next);
    if (problem) return setProblems({ next: problem === 'short' ? { reason: { key: 'teamLedger.passwordShort', values: { min: teamPasswordMinLength } }, otherwise: '' } : { reason: { key: 'teamLedger.passwordHasLogin', values: { login } }, otherwise: '' } });
    if (again !== next) return setProblems({ again: { key: 'team.myPassword.mismatch' } });
    setProblems({});
    setBusy(true);
    try {
      const result = await api.changeTeamPassword({ next, ...(passwordSaved ? {} : { current }) });
      // Typed once, sent once: the fields empty whatever the answer (a refusal is typed again).
      setCurrent('');
      setNext('');
      setAgain('');
      forget();
      answered(result);
    } finally {
      setBusy(false);
    }
  }

  async function saveAgain() {
    setBusy(true);
    try {
      answered(await api.saveTeamPasswordAgain({}));
    } finally {
      setBusy(false);
    }
  }

  const complete = next !== '' && again !== '' && (passwordSaved || current !== '');
  // The button is disabled while main answers (the keyboard dropped to the page's start): back to
  // "Save again" when offered, else the field to type again, else the new password's for another change.
  useFocusAfterCheck(busy, unsaved, () => (unsaved ? saveAgainButton.current : document.getElementById(problems.current ? 'team-my-current' : 'team-my-next')));
  const error = (which: keyof Problems) => (problems[which] ? words(problems[which]) : undefined);
  return (
    <form onSubmit={(e) => void change(e)} aria-labelledby="team-my-password-title" data-testid="team-my-password">
      <h3 id="team-my-password-title">{t('team.myPassword.title')}</h3>
      <p>{t(passwordSaved ? 'team.myPassword.intro' : 'team.myPassword.intro.noKeychain', { login })}</p>
      {!passwordSaved && (
        <Field id="team-my-current" label={t('team.myPassword.current')} type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" dir="ltr" error={error('current')} />
      )}
      <Field id="team-my-next" label={t('team.myPassword.next')} type="password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" dir="ltr"
        hint={t('team.myPassword.rule', { min: teamPasswordMinLength, login })} error={error('next')} />
      <Field id="team-my-again" label={t('team.myPassword.again')} type="password" value={again} onChange={(e) => setAgain(e.target.value)} autoComplete="new-password" dir="ltr" error={error('again')} />
      <div className="form-actions">
        <button type="submit" disabled={busy || !complete} aria-describedby={complete ? undefined : 'team-my-incomplete'}>{busy ? t('team.myPassword.changing') : t('team.myPassword.change')}</button>
      </div>
      {!complete && <p id="team-my-incomplete" className="field-hint">{t(passwordSaved ? 'team.myPassword.incomplete' : 'team.myPassword.incomplete.current')}</p>}
      <div role="status" className={`notice notice-${outcome?.kind ?? 'none'}`} data-testid="team-my-password-outcome">
        {outcome && <p>{words(outcome.words)}</p>}
        {unsaved && <button type="button" ref={saveAgainButton} disabled={busy} onClick={() => void saveAgain()}>{t('team.myPassword.saveAgain')}</button>}
      </div>
    </form>
  );
}
