// One profile in the Settings list: what it is, where it points, whether its key is set, and
// what can be done with it. Every action goes to main; the list reloads on profiles.changed.
import { useEffect, useRef, useState } from 'react';
import type { ProfileView } from '../../../../contract/methods/profiles';
import type { Result } from '../../../../contract/result';
import { api } from '../../api';
import { useT } from '../../i18n';
import { EnvironmentBadge } from '../../app/environment-badge';
import { Ltr } from '../../ui/ltr';
import { CheckupSection } from '../checkup/checkup-section';
import { KeyForm } from './key-form';
import { ProfileForm } from './profile-form';
import { NoticeLine, refused, said, type Notice } from '../../ui/notice';
import { useProfiles } from './settings-store';
import { placeholders, withData } from '../../ui/isolated';
import { profileName } from '../../ui/profile-name';
import { focusIfLost } from '../../ui/focus';
import { useProductionSwitch } from './production-switch';
import { switchProfile } from './switch-profile';
import { useSession } from '../../app/session-store';

type Props = {
  profile: ProfileView;
  active: boolean;
  open: 'edit' | 'key' | null;
  setOpen(open: 'edit' | 'key' | null): void;
  /** The card goes with its profile, its notice line too: the screen says what happened instead. */
  onRemoved(notice: Notice): void;
  /** What the card's line says: the screen's one status line for the profiles, when it is this card's (settings-screen.tsx). */
  notice: Notice | undefined;
  say(notice: Notice | undefined): void;
};

export function ProfileCard({ profile, active, open, setOpen, onRemoved, notice, say: setNotice }: Props) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const keychainUnreadable = useProfiles((s) => s.keychain?.available === false);
  const [testing, setTesting] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // The confirmation takes the keyboard to its safe choice (it stayed on "Remove"); Cancel gives it back.
  const keepButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmRemove) keepButton.current?.focus();
  }, [confirmRemove]);
  const cancelRemove = () => {
    setConfirmRemove(false);
    removeButton.current?.focus();
  };
  const practice = profile.environment === 'practice';
  // Only presence travels from main (notInKeychain); a locked keychain is not taken for an empty one.
  const keyGone = !practice && profile.key.configured && profile.key.notInKeychain === true && !keychainUnreadable;
  function keyStatus() {
    const lastFour = `\u2066${profile.key.lastFour ?? ''}\u2069`;
    if (!profile.key.configured) return t('settings.key.missing');
    if (keychainUnreadable) return t('settings.key.unreadable', { lastFour });
    return keyGone ? t('settings.key.gone', { lastFour }) : t('settings.key.configured', { lastFour });
  }
  // On the team ledger a removed profile's payments are a colleague's to this laptop (contract/colleague-profile.ts).
  const onTeamLedger = useSession((s) => Boolean(s.info?.team));
  // A form closed (saved or cancelled) gives the keyboard back to the button that opens it; "Use
  // this profile" goes once used, so the card's Edit takes it. It fell to the page's start each time.
  const editButton = useRef<HTMLButtonElement>(null);
  const keyButton = useRef<HTMLButtonElement>(null);
  // Test connection is disabled while it asks, and Chromium drops the keyboard to the page's start:
  // once the answer is drawn (the button enabled again) the keyboard goes back to it.
  const testButton = useRef<HTMLButtonElement>(null);
  const wasTesting = useRef(false);
  useEffect(() => {
    if (wasTesting.current && !testing) focusIfLost(testButton.current);
    wasTesting.current = testing;
  }, [testing]);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) focusIfLost((wasOpen.current === 'edit' ? editButton : keyButton).current);
    wasOpen.current = open;
  }, [open]);

  /** An action and what it says (nothing more from `ok` when it was said elsewhere: a removal, under the list). */
  async function run<T>(call: () => Promise<Result<T>>, ok: (value: T) => Notice | undefined) {
    setBusy(true);
    setNotice(undefined);
    const result = await call();
    if (result.ok) await useProfiles.getState().load();
    setBusy(false);
    const words = result.ok ? ok(result.value) : refused(result.error);
    if (words) setNotice(words);
  }
  const { ask: use, dialog: productionDialog } = useProductionSwitch(() =>
    void run(() => switchProfile(profile.id), (p) => said('settings.switched', { profile: p.name })).then(() => focusIfLost(editButton.current)),
  );
  const removedNotice = said(active ? 'settings.removed.active' : 'settings.removed', { profile: profile.name });
  const done = (notice: Notice) => {
    setOpen(null);
    setNotice(notice);
  };

  return (
    <li className={`profile-card ${active ? 'profile-card-active' : ''}`} data-testid={`profile-${profile.id}`} aria-labelledby={`profile-${profile.id}-name`}>
      <div className="profile-card-head">
        {/* The header's badge carries the shared test id; this one marks the profile in the list. */}
        <EnvironmentBadge environment={profile.environment} testId="profile-environment" />
        <h3 id={`profile-${profile.id}-name`} className="profile-name">{profileName(profile, t)}</h3>
        {active && <span className="active-marker" data-testid="active-marker">{t('settings.active')}</span>}
      </div>
      <dl className="facts">
        <dt>{t('home.gateway')}</dt>
        <dd><Ltr className="mono">{profile.baseUrl}</Ltr></dd>
        <dt>{t('settings.field.defaultCurrency')}</dt>
        <dd><Ltr>{profile.defaultCurrency}</Ltr></dd>
        <dt>{t('settings.key')}</dt>
        <dd data-testid="key-status" className={keyGone ? 'key-gone' : undefined}>
          {practice ? t('settings.key.practice') : keyStatus()}
        </dd>
      </dl>
      <div className="profile-actions">
        {!active && (
          <button type="button" disabled={busy} onClick={() => use(profile)}>
            {t('settings.use')}
          </button>
        )}
        <button type="button" ref={editButton} aria-expanded={open === 'edit'} onClick={() => setOpen(open === 'edit' ? null : 'edit')}>{t('settings.edit')}</button>
        {!practice && (
          <button type="button" ref={keyButton} aria-expanded={open === 'key'} onClick={() => setOpen(open === 'key' ? null : 'key')}>
            {profile.key.configured && !keyGone ? t('settings.key.replace') : t('settings.key.set')}
          </button>
        )}
        {!practice && profile.key.configured && (
          <button type="button" disabled={busy} onClick={() => void run(() => api.removeProfileKey({ id: profile.id }), () => said('settings.key.removed')).then(() => focusIfLost(keyButton.current))}>
            {t('settings.key.remove')}
          </button>
        )}
        {(practice || profile.key.configured) && (
          <button
            type="button"
            ref={testButton}
            disabled={busy}
            onClick={() => {
              setTesting(true);
              void run(() => api.testConnection({ id: profile.id }), (c) => said('settings.test.ok', { message: c.reason ? { reason: c.reason, otherwise: c.message } : c.message })).finally(() => setTesting(false));
            }}
          >
            {testing ? t('settings.test.running') : t('settings.test')}
          </button>
        )}
        {!practice && (
          <button type="button" className="danger" ref={removeButton} onClick={() => setConfirmRemove(true)}>{t('settings.remove')}</button>
        )}
      </div>
      {confirmRemove && (
        <div role="alertdialog" aria-labelledby={`remove-${profile.id}`} aria-describedby={`remove-${profile.id}-payments`} className="confirm-box">
          <p id={`remove-${profile.id}`}>{withData(t('settings.remove.confirm', placeholders(['profile'])), { profile: profile.name })}</p>
          {/* What becomes of its payments, said before they go out of reach (nothing said it). */}
          <p id={`remove-${profile.id}-payments`}>{t(onTeamLedger ? 'settings.remove.payments.team' : 'settings.remove.payments')}</p>
          <button
            type="button"
            className="danger"
            onClick={() => void run(async () => {
              const result = await api.removeProfile({ id: profile.id });
              // Said before the list reloads and this card goes. Main makes practice active when the
              // active profile goes: said too, not left to the header's badge.
              if (result.ok) onRemoved(removedNotice);
              return result;
            }, () => undefined).then(() => setConfirmRemove(false))}
          >
            {t('settings.remove.yes')}
          </button>
          <button type="button" ref={keepButton} onClick={cancelRemove}>{t('settings.cancel')}</button>
        </div>
      )}
      <NoticeLine notice={notice} testId="profile-notice" />
      {open === 'edit' && <ProfileForm profile={profile} onDone={done} onCancel={() => setOpen(null)} />}
      {open === 'key' && <KeyForm profile={profile} onDone={done} onCancel={() => setOpen(null)} />}
      {profile.environment !== 'production' && <CheckupSection profile={profile} />}
      {productionDialog}
    </li>
  );
}
