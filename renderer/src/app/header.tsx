import { useT } from '../i18n';
import { useSession } from './session-store';
import { EnvironmentBadge } from './environment-badge';
import { ProfileSwitcher } from '../features/settings/profile-switcher';
import { profileName } from '../ui/profile-name';
import { TeamLogin } from './team-login';
import { LanguagePicker } from './language-picker';

export function Header() {
  const t = useT();
  const profile = useSession((s) => s.profile);
  return (
    <header className={`app-header ${profile ? `app-header-${profile.environment}` : ''}`}>
      <span className="app-name">{t('app.name')}</span>
      {profile && (
        <span className="active-profile" aria-label={t('profile.active')}>
          <EnvironmentBadge environment={profile.environment} />
          <span className="active-profile-name" dir="auto" title={profileName(profile, t)} data-testid="active-profile-name">{profileName(profile, t)}</span>
        </span>
      )}
      <TeamLogin />
      <ProfileSwitcher />
      <LanguagePicker />
    </header>
  );
}
