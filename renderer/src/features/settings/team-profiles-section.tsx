// Settings → Team ledger, "The team's profiles": what the team's laptops published (name,
// environment, gateway address, who published it and when; never a key). An admin renames one for
// every laptop that names it, or removes one from the list after a confirmation that says what that
// means; every other role reads it (the database refuses them the changes anyway: team-profiles.sql).
// Main's answer puts the row in place; other laptops read the list again on teamProfiles.changed.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TeamProfile } from '../../../../contract/methods/profiles';
import { api } from '../../api';
import { useLanguage, useT } from '../../i18n';
import { EnvironmentBadge } from '../../app/environment-badge';
import { formatShortDateTime } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import { NoticeLine, refused, said, type Notice } from '../../ui/notice';
import { Field } from './field';
import { withEnvironment } from './profile-switcher';
import { useTeamProfileList, useTeamProfiles } from './team-profiles-store';

export function TeamProfilesSection({ admin }: { admin: boolean }) {
  const t = useT();
  const profiles = useTeamProfileList();
  const loaded = useTeamProfiles((s) => s.loaded);
  const [notice, setNotice] = useState<Notice>();
  return (
    <section aria-labelledby="team-profiles-title" data-testid="team-profiles">
      <h3 id="team-profiles-title">{t('team.profiles.title')}</h3>
      <p>{t('team.profiles.intro')} {t(admin ? 'team.profiles.intro.admin' : 'team.profiles.intro.other')}</p>
      {loaded && profiles.length === 0 && <p data-testid="team-profiles-none">{t('team.profiles.none')}</p>}
      <ul className="profile-list" aria-labelledby="team-profiles-title">
        {profiles.map((p) => <TeamProfileRow key={p.id} profile={p} admin={admin} onNotice={setNotice} />)}
      </ul>
      <NoticeLine notice={notice} testId="team-profiles-outcome" />
    </section>
  );
}

function TeamProfileRow({ profile, admin, onNotice }: { profile: TeamProfile; admin: boolean; onNotice(notice: Notice): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [open, setOpen] = useState<'rename' | 'remove' | null>(null);
  const [name, setName] = useState(profile.name);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  // The confirmation takes the keyboard to its safe choice; the rename form to its field.
  useEffect(() => {
    if (open === 'remove') keepButton.current?.focus();
    if (open === 'rename') nameField.current?.focus();
  }, [open]);
  const close = (back: HTMLButtonElement | null) => {
    setOpen(null);
    setMissing(false);
    requestAnimationFrame(() => back?.focus());
  };
  const labelId = `team-profile-${profile.id}-name`;
  const shownName = withEnvironment(profile.name, t(`env.${profile.environment}`));
  const when = (iso: string | undefined) => (iso ? formatShortDateTime(iso, language) : '');

  async function rename(e: FormEvent) {
    e.preventDefault();
    if (name.trim() === '') return setMissing(true);
    setBusy(true);
    try {
      const result = await api.renameTeamProfile({ id: profile.id, name: name.trim() });
      if (!result.ok) return onNotice(refused(result.error));
      useTeamProfiles.getState().put(result.value.profile);
      onNotice(said('team.profiles.renamedNotice', { oldProfile: profile.name, profile: result.value.profile.name }));
      close(renameButton.current);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      const result = await api.removeTeamProfile({ id: profile.id });
      if (!result.ok) return onNotice(refused(result.error));
      useTeamProfiles.getState().put(result.value.profile);
      onNotice(said('team.profiles.removedNotice', { profile: profile.name }));
      setOpen(null);
      // Its Remove button goes with the removal: the keyboard stays on the row's Rename.
      requestAnimationFrame(() => renameButton.current?.focus());
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="profile-card" aria-labelledby={labelId} data-testid={`team-list-${profile.id}`}>
      <div className="profile-card-head">
        <EnvironmentBadge environment={profile.environment} hint={false} testId="" />
        <h4 id={labelId} className="profile-name">{profile.name}</h4>
        {profile.removed && <span className="active-marker" data-testid="team-profile-removed">{t('team.profiles.removedBadge')}</span>}
      </div>
      <dl className="facts">
        <dt>{t('home.gateway')}</dt>
        <dd><Ltr className="mono">{profile.baseUrl}</Ltr></dd>
      </dl>
      <p className="field-hint" data-testid="team-profile-history">
        {t('team.profiles.published', { login: profile.addedBy, date: when(profile.addedAt) })}
        {profile.changedBy && <>{'. '}{t('team.profiles.renamed', { login: profile.changedBy, date: when(profile.changedAt) })}</>}
        {'.'}
        {profile.removedBy && <>{' '}{t('team.profiles.removed', { login: profile.removedBy, date: when(profile.removedAt) })}</>}
      </p>
      {admin && (
        <div className="profile-actions">
          <button type="button" ref={renameButton} aria-expanded={open === 'rename'} onClick={() => { setName(profile.name); setOpen(open === 'rename' ? null : 'rename'); }}>{t('team.profiles.rename')}</button>
          {!profile.removed && <button type="button" className="danger" ref={removeButton} onClick={() => setOpen('remove')}>{t('team.profiles.remove')}</button>}
        </div>
      )}
      {admin && open === 'rename' && (
        <form onSubmit={(e) => void rename(e)} aria-label={`${t('team.profiles.rename')} ${shownName}`} data-testid="team-profile-rename">
          <Field id={`team-profile-${profile.id}-new-name`} ref={nameField} label={t('team.profiles.name')} value={name} maxLength={200} onChange={(e) => { setName(e.target.value); setMissing(false); }} autoComplete="off"
            error={missing ? t('team.profiles.nameMissing') : undefined} />
          <div className="form-actions">
            <button type="submit" disabled={busy}>{t('team.profiles.save')}</button>
            <button type="button" onClick={() => close(renameButton.current)}>{t('settings.cancel')}</button>
          </div>
        </form>
      )}
      {admin && open === 'remove' && (
        <div role="alertdialog" aria-labelledby={`${labelId}-remove`} aria-describedby={`${labelId}-means`} className="confirm-box" data-testid="team-profile-confirm">
          <p id={`${labelId}-remove`}>{t('team.profiles.remove.confirm', { profile: shownName })}</p>
          <p id={`${labelId}-means`}>{t('team.profiles.remove.means')}</p>
          <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>{t('team.profiles.remove.yes')}</button>
          <button type="button" ref={keepButton} onClick={() => close(removeButton.current)}>{t('settings.cancel')}</button>
        </div>
      )}
    </li>
  );
}
