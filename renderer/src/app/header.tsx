import { useEffect, useRef } from 'react';
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
  // The header wraps to two or three lines in a narrow window (600 px) or with a long profile name:
  // its height, kept in --header-block-size, is what the page keeps clear under it (app.css). A fixed
  // 46 px left a section's heading brought to the top hidden under a 117 px header at 600 px.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = header.current;
    if (!box || typeof ResizeObserver === 'undefined') return; // a DOM without layout (the tests)
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--header-block-size', `${box.offsetHeight}px`));
    observer.observe(box);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-block-size');
    };
  }, []);
  return (
    <header ref={header} className={`app-header ${profile ? `app-header-${profile.environment}` : ''}`}>
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
