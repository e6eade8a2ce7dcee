import { useLanguage, useT, type Language } from '../i18n';
import { useSession } from './session-store';
import { EnvironmentBadge } from './environment-badge';
import { ProfileSwitcher } from '../features/settings/profile-switcher';
import { profileName } from '../ui/profile-name';

export function Header() {
  const t = useT();
  const profile = useSession((s) => s.profile);
  const { language, setLanguage } = useLanguage();
  return (
    <header className={`app-header ${profile ? `app-header-${profile.environment}` : ''}`}>
      <span className="app-name">{t('app.name')}</span>
      {profile && (
        <span className="active-profile" aria-label={t('profile.active')}>
          <EnvironmentBadge environment={profile.environment} />
          <span data-testid="active-profile-name">{profileName(profile, t)}</span>
        </span>
      )}
      <ProfileSwitcher />
      <label className="language-picker">
        <span>{t('language.label')}</span>
        <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
          <option value="en" lang="en">{t('language.en')}</option>
          <option value="ar" lang="ar">{t('language.ar')}</option>
        </select>
      </label>
    </header>
  );
}
