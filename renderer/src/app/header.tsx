import { useEffect, useRef } from 'react';
import { useT } from '../i18n';
import { useSession } from './session-store';
import { EnvironmentBadge } from './environment-badge';
import { ProfileSwitcher } from '../features/settings/profile-switcher';
import { profileName, withEnvironment } from '../ui/profile-name';
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
        <span className="active-profile">
          {/* Read once, as one phrase: the badge and the name side by side read "Practice Practice" (walk18);
              a name that says its environment is said alone, another with its environment after it. */}
          <span className="visually-hidden" data-testid="active-profile-said">{t('profile.active.said', { profile: withEnvironment(profileName(profile, t), t(`env.${profile.environment}`)) })}</span>
          <span className="active-profile-shown" aria-hidden="true">
            <EnvironmentBadge environment={profile.environment} />
            <span className="active-profile-name" dir="auto" title={profileName(profile, t)} data-testid="active-profile-name">{profileName(profile, t)}</span>
          </span>
        </span>
      )}
      <TeamLogin />
      <ProfileSwitcher />
      <LanguagePicker />
    </header>
  );
}
