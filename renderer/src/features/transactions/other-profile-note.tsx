// A payment made on a profile other than the active one cannot be acted on here (its gateway and
// key are that profile's). The note names that profile and switches to it in one press: the
// header's switcher took three, and the note did not say which profile to choose. A production
// profile asks first, as Settings and the header do (useProductionSwitch).
import { useRef, useState } from 'react';
import type { AppError } from '../../../../contract/result';
import { useLanguage, useT, wordReason } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import { profileName } from '../../ui/profile-name';
import { useProfileList, useProfiles } from '../settings/settings-store';
import { withEnvironment } from '../settings/profile-switcher';
import { useProductionSwitch } from '../settings/production-switch';
import { switchProfile } from '../settings/switch-profile';
import { QuotedWords } from '../../ui/quoted-words';
import { useSession } from '../../app/session-store';
import { SettingsLink } from '../settings/settings-link';
import { actingRule, type ActingRule } from '../../../../contract/colleague-profile';
import type { PaymentView } from '../../../../contract/methods/payments';
import type { TeamProfile } from '../../../../contract/methods/profiles';
import { useTeamProfile } from '../settings/team-profiles-store';

/**
 * Which profile acts on the payment here (contract/colleague-profile.ts, main's own rule): on the
 * team ledger a colleague's payment is acted on with the active profile. Until the list of this
 * laptop's profiles is in, another id is another profile (nothing shown that main may refuse).
 */
export function useActingRule(payment: Pick<PaymentView, 'profileId' | 'environment'> | undefined): ActingRule {
  const active = useSession((s) => s.profile);
  const team = useSession((s) => Boolean(s.info?.team));
  const profiles = useProfileList();
  const listed = useProfiles((s) => s.loaded && !s.error);
  if (!payment || !active) return 'own';
  return actingRule({ id: payment.profileId, environment: payment.environment }, active, profiles, team && listed);
}

/**
 * A colleague's payment, acted on here: says with which of this laptop's profiles, and names the
 * colleague's when it is one of the team's profiles (team-profiles-store.ts); otherwise it may be a
 * colleague's not published or one removed here, and says so.
 */
export function ColleagueProfileNote({ profileId, environment }: { profileId: string; environment: PaymentView['environment'] }) {
  const t = useT();
  const active = useSession((s) => s.profile);
  const team = useTeamProfile(profileId);
  if (!active) return null;
  const name = withEnvironment(profileName(active, t), t(`env.${active.environment}`));
  if (team) return <p className="field-hint" data-testid="colleague-profile">{t('detail.teamProfileActed', { teamProfile: teamProfileName(team, t), profile: name })}</p>;
  return <p className="field-hint" data-testid="colleague-profile">{t('detail.colleagueProfile', { environment, profile: name })}</p>;
}

const teamProfileName = (team: TeamProfile, t: ReturnType<typeof useT>) => withEnvironment(team.name, t(`env.${team.environment}`));

/** The payment's profile is known to be gone (the list loaded without it): nothing here can act on it, so no note says to switch. */
export function useProfileRemoved(profileId: string | undefined): boolean {
  const profiles = useProfileList();
  const listed = useProfiles((s) => s.loaded && !s.error); // not "removed" before the list is known
  return profileId !== undefined && listed && !profiles.some((p) => p.id === profileId);
}

export function OtherProfileNote({ profileId, rule, environment, onSwitch }: { profileId: string; rule: ActingRule; environment: PaymentView['environment']; onSwitch(button: HTMLButtonElement): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const wordError = useWordedError();
  const profiles = useProfileList();
  const removed = useProfileRemoved(profileId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError>(); // worded at each draw
  const pressed = useRef<HTMLButtonElement | null>(null);
  const { ask, dialog } = useProductionSwitch((profile) => {
    setBusy(true);
    // The session takes the profile with main's answer, and the note goes as the actions appear:
    // the button is watched from now, so the keyboard lands on the payment when it goes.
    if (pressed.current) onSwitch(pressed.current);
    void switchProfile(profile.id).then((result) => {
      setBusy(false);
      setError(result.ok ? undefined : result.error);
    });
  });
  const found = profiles.find((p) => p.id === profileId);
  // Named when it is one of the team's profiles, whatever this laptop then can do with it.
  const team = useTeamProfile(rule === 'otherEnvironment' || rule === 'severalProfiles' ? profileId : undefined);
  // A colleague's payment this laptop cannot act on: main's own words, what to do included; naming
  // the team's profile when it is one (once: "on a colleague's laptop" was said twice).
  if (rule === 'otherEnvironment' || rule === 'severalProfiles') {
    if (!team) {
      return <p className="attention-note" data-testid="other-profile">{wordReason(language, { key: rule === 'otherEnvironment' ? 'rule.colleagueOtherEnvironment' : 'rule.colleagueSeveralProfiles', values: { environment } })}</p>;
    }
    const profile = teamProfileName(team, t);
    if (rule === 'otherEnvironment') return <p className="attention-note" data-testid="other-profile">{wordReason(language, { key: 'rule.colleagueOtherEnvironmentNamed', values: { environment, profile } })}</p>;
    // The fix that exists: this laptop adds the team's profile (its id), then the payment is its own. Not once removed from the list.
    const offered = !team.removed;
    return (
      <div className="attention-note" data-testid="other-profile">
        <p>{wordReason(language, { key: 'rule.colleagueSeveralProfilesNamed', values: { environment, profile, offered: offered ? 'yes' : 'no' } })}</p>
        {offered && <SettingsLink to={{ open: 'new', teamProfile: team.id }} testId="add-team-profile">{t('detail.addTeamProfile', { teamProfile: profile })}</SettingsLink>}
      </div>
    );
  }
  if (!found) return <p className="attention-note" data-testid="other-profile">{t(removed ? 'detail.otherProfileRemoved' : 'detail.otherProfileUnknown')}</p>;
  const name = withEnvironment(profileName(found, t), t(`env.${found.environment}`));
  return (
    <div className="attention-note" data-testid="other-profile">
      <p>{t('detail.otherProfile', { profile: name })}</p>
      <button type="button" disabled={busy} onClick={(event) => {
        pressed.current = event.currentTarget;
        ask(found);
      }} data-testid="switch-to-payment-profile">{t('detail.switchTo', { profile: name })}</button>
      {error && <p role="alert" className="form-error"><QuotedWords text={wordError(error).message} /></p>}
      {dialog}
    </div>
  );
}
