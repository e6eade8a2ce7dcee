// "Add a person" (Settings → Team ledger), shown to admins: a login, its group and a first
// password the person changes themselves. The password goes to main once and into the database
// only; the field empties after and nothing of it is shown again.
import { useState, type FormEvent } from 'react';
import { api } from '../../api';
import { useT, type MessageKey } from '../../i18n';
import { useWords, type Words } from '../../i18n/words';
import { useFocusAfterCheck } from '../../ui/focus';
import { useForgetTyped } from '../../ui/forget-typed';
import { Field } from './field';
import { TeamPeopleList } from './team-people-list';
import { teamPasswordMinLength, teamPasswordProblem } from '../../../../contract/team-password-rule';

const roles = ['staff', 'support', 'finance', 'admin'] as const;

/** `self`: the saved login (an admin's), whose own row has no Change group or Remove. */
export function TeamPeopleSection({ self }: { self?: string } = {}) {
  const t = useT();
  const words = useWords();
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<(typeof roles)[number]>('staff');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const forget = useForgetTyped();
  // Kept as words and worded at each draw: it follows a change of language.
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'error'; words: Words }>();
  // Bumped after each person added: the list below reads who is on the team again.
  const [added, setAdded] = useState(0);

  async function add(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    try {
      const result = await api.addTeamPerson({ login: login.trim(), role, password });
      setPassword('');
      forget();
      if (!result.ok) return setOutcome({ kind: 'error', words: { key: 'team.error', values: { message: { error: result.error } } } });
      setLogin('');
      // Back to staff, the group with the fewest rights: the next person is never made an admin (or
      // finance) by the last one's choice unseen; another group costs one choice (walk of the setup).
      setRole('staff');
      setAdded((n) => n + 1);
      setOutcome({ kind: 'ok', words: { key: 'team.people.added', values: { login: result.value.login, role: { key: `team.role.${result.value.role}` as MessageKey } } } });
    } finally {
      setBusy(false);
    }
  }

  // One rule with "Change my password" (contract/team-password-rule.ts), said before "Add the person" is pressed.
  const problem = login.trim() === '' ? 'short' : teamPasswordProblem(login.trim(), password);
  const complete = problem === undefined;
  // "Add the person" is disabled while main answers and after (the password empties): the keyboard,
  // dropped to the page's start, goes to the Login of the next person, or to the password to type again.
  useFocusAfterCheck(busy, false, () => document.getElementById(outcome?.kind === 'ok' ? 'team-person-login' : 'team-person-password'));
  return (
    <>
      <form onSubmit={(e) => void add(e)} aria-labelledby="team-people-title" data-testid="team-people">
        <h3 id="team-people-title">{t('team.people.title')}</h3>
        <p>{t('team.people.intro')}</p>
        {/* Login and first password left to right in Arabic, as the connection's fields (walk 7). */}
        <Field id="team-person-login" label={t('team.people.login')} value={login} onChange={(e) => setLogin(e.target.value)} autoComplete="off" dir="ltr" />
        <div className="field">
          <label htmlFor="team-person-role">{t('team.people.role')}</label>
          <select id="team-person-role" value={role} onChange={(e) => setRole(e.target.value as (typeof roles)[number])}>
            {roles.map((r) => <option key={r} value={r}>{t(`team.role.${r}` as MessageKey)}</option>)}
          </select>
        </div>
        <Field id="team-person-password" label={t('team.people.password')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" hint={t('team.people.password.hint', { min: teamPasswordMinLength })} dir="ltr" />
        {/* A disabled button says why: what is still to fill in. */}
        <div className="form-actions">
          <button type="submit" disabled={busy || !complete} aria-describedby={complete ? undefined : 'team-people-incomplete'}>{t('team.people.add')}</button>
        </div>
        {!complete && (
          <p id="team-people-incomplete" className="field-hint" data-testid="team-people-incomplete">
            {problem === 'login' ? t('team.people.passwordHasLogin', { login: login.trim() }) : t('team.people.incomplete', { min: teamPasswordMinLength })}
          </p>
        )}
        <p role="status" className={`notice notice-${outcome?.kind ?? 'none'}`} data-testid="team-people-outcome">{outcome && words(outcome.words)}</p>
      </form>
      <TeamPeopleList version={added} self={self} />
    </>
  );
}
