// "People on the team ledger" (Settings → Team ledger, admins, below "Add a person"): each login in
// one of the four groups with its highest group, read from the database (listTeamPeople), again
// after each person added, moved or removed. Walk 7: the admin who added Layla and Omar had nothing
// to confirm it by but the last "… was added" line, and no way to see who else could log in.
// Issue 15: each row but the admin's own has "Change group" (one group at a time) and "Remove"
// (after a confirmation saying what it means). The database decides who may (team-people.sql);
// the whole section is shown to admins only (team-ledger-section.tsx).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { MethodOutput } from '../../../../contract/methods';
import { api } from '../../api';
import { useT, type MessageKey } from '../../i18n';
import { useWords, type Words } from '../../i18n/words';
import { NoticeLine, refused, said, type Notice } from '../../ui/notice';

type People = MethodOutput<'listTeamPeople'>;
type Person = People[number];
const roles = ['staff', 'support', 'finance', 'admin'] as const;

/** `version`: bumped by "Add a person" after each person added. `self`: the saved login, which has no buttons (only another admin changes it). */
export function TeamPeopleList({ version, self }: { version: number; self?: string }) {
  const t = useT();
  const words = useWords();
  const [people, setPeople] = useState<People>();
  // Kept as words: it follows a change of language.
  const [failed, setFailed] = useState<Words>();
  const [changed, setChanged] = useState(0);
  const [notice, setNotice] = useState<Notice>();

  useEffect(() => {
    let current = true;
    void api.listTeamPeople({}).then((result) => {
      if (!current) return;
      if (result.ok) {
        setPeople(result.value);
        setFailed(undefined);
      } else setFailed({ key: 'team.error', values: { message: { error: result.error } } });
    });
    return () => {
      current = false;
    };
  }, [version, changed]);

  const heading = useRef<HTMLHeadingElement>(null);
  const done = (n: Notice | undefined, removed = false) => {
    setNotice(n);
    if (n?.kind === 'ok') setChanged((c) => c + 1);
    // The removed person's row goes, and its Yes button with it: the keyboard goes to the list's
    // heading (its outcome line follows), never lost on the page's body.
    if (removed) heading.current?.focus();
  };

  return (
    <section aria-labelledby="team-people-list-title" data-testid="team-people-list">
      <h3 id="team-people-list-title" ref={heading} tabIndex={-1}>{t('team.people.list.title')}</h3>
      {failed && <p className="notice notice-error">{words(failed)}</p>}
      {!failed && !people && <p className="field-hint">{t('team.people.list.reading')}</p>}
      {people && (
        <table className="simple-table" aria-labelledby="team-people-list-title">
          <thead>
            <tr><th scope="col">{t('team.people.login')}</th><th scope="col">{t('team.people.role')}</th><th scope="col">{t('team.people.actions')}</th></tr>
          </thead>
          <tbody>
            {people.map((person) => <PersonRow key={person.login} person={person} self={person.login === self} onDone={done} />)}
          </tbody>
        </table>
      )}
      <NoticeLine notice={notice} testId="team-people-list-outcome" />
    </section>
  );
}

function PersonRow({ person, self, onDone }: { person: Person; self: boolean; onDone(notice: Notice | undefined, removed?: boolean): void }) {
  const t = useT();
  const [open, setOpen] = useState<'group' | 'remove' | null>(null);
  const [role, setRole] = useState(person.role);
  const [busy, setBusy] = useState(false);
  const groupButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const groupField = useRef<HTMLSelectElement>(null);
  const id = `team-person-${person.login.replace(/[^a-z0-9]/g, '_')}`;
  // The confirmation takes the keyboard to its safe choice; "Change group" to its list of groups.
  useEffect(() => {
    if (open === 'remove') keepButton.current?.focus();
    if (open === 'group') groupField.current?.focus();
  }, [open]);
  const close = (back: HTMLButtonElement | null) => {
    setOpen(null);
    requestAnimationFrame(() => back?.focus());
  };

  async function changeGroup(e: FormEvent) {
    e.preventDefault();
    if (role === person.role) return close(groupButton.current);
    setBusy(true);
    try {
      const result = await api.changeTeamPersonGroup({ login: person.login, role });
      if (!result.ok) return onDone(refused(result.error));
      onDone(said('team.people.moved', { login: person.login, role: { key: `team.role.${role}` as MessageKey } }));
      close(groupButton.current);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      const result = await api.removeTeamPerson({ login: person.login });
      if (!result.ok) return onDone(refused(result.error));
      setOpen(null);
      onDone(said('team.people.removed', { login: person.login }), true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr data-testid={id}>
      {/* A login is Latin text: left to right inside an Arabic row. */}
      <td><bdi dir="ltr">{person.login}</bdi></td>
      <td>{t(`team.role.${person.role}` as MessageKey)}</td>
      <td>
        {self ? <span className="field-hint">{t('team.people.you')}</span> : (
          <div className="profile-actions">
            <button type="button" ref={groupButton} aria-expanded={open === 'group'} aria-label={t('team.people.changeGroupOf', { login: person.login })}
              onClick={() => { setRole(person.role); setOpen(open === 'group' ? null : 'group'); onDone(undefined); }}>{t('team.people.changeGroup')}</button>
            <button type="button" className="danger" ref={removeButton} aria-label={t('team.people.removeOf', { login: person.login })} onClick={() => { setOpen('remove'); onDone(undefined); }}>{t('team.people.remove')}</button>
          </div>
        )}
        {open === 'group' && (
          <form className="person-change" onSubmit={(e) => void changeGroup(e)} aria-label={t('team.people.changeGroupOf', { login: person.login })} data-testid="team-person-group">
            <label htmlFor={`${id}-group`}>{t('team.people.newGroup')}</label>
            <select id={`${id}-group`} ref={groupField} value={role} onChange={(e) => setRole(e.target.value as Person['role'])}>
              {roles.map((r) => <option key={r} value={r}>{t(`team.role.${r}` as MessageKey)}</option>)}
            </select>
            <button type="submit" disabled={busy}>{t('team.people.saveGroup')}</button>
            <button type="button" onClick={() => close(groupButton.current)}>{t('settings.cancel')}</button>
          </form>
        )}
        {open === 'remove' && (
          <div role="alertdialog" aria-labelledby={`${id}-remove`} aria-describedby={`${id}-means`} className="confirm-box" data-testid="team-person-confirm">
            <p id={`${id}-remove`}>{t('team.people.remove.confirm', { login: person.login })}</p>
            <p id={`${id}-means`}>{t('team.people.remove.means')}</p>
            <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>{t('team.people.remove.yes', { login: person.login })}</button>
            <button type="button" ref={keepButton} onClick={() => close(removeButton.current)}>{t('settings.cancel')}</button>
          </div>
        )}
      </td>
    </tr>
  );
}
