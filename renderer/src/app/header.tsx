import { useEffect, useRef } from 'react';
import { useLanguage, useT, type Language } from '../i18n';
import { altShortcut, languageShortcut } from '../ui/shortcut-key';
import { shortcutKeys } from '../ui/shortcuts';
import { useSession } from './session-store';
import { EnvironmentBadge } from './environment-badge';
import { ProfileSwitcher } from '../features/settings/profile-switcher';
import { profileName } from '../ui/profile-name';
import { TeamLogin } from './team-login';

export function Header() {
  const t = useT();
  const profile = useSession((s) => s.profile);
  const { language, setLanguage } = useLanguage();
  // Alt+L puts the keyboard on the language (it was ten Shift+Tabs from a screen); ↓/↑ then switch it.
  const picker = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (altShortcut(event) !== languageShortcut) return;
      event.preventDefault();
      picker.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
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
      <label className="language-picker">
        <span>{t('language.label')}</span>
        {/* Shown as the navigation shows its Alt+digit: named for assistive technology, and in the tooltip. */}
        <select ref={picker} value={language} onChange={(e) => setLanguage(e.target.value as Language)} aria-keyshortcuts={shortcutKeys('language')} title={shortcutKeys('language')}>
          <option value="en" lang="en">{t('language.en')}</option>
          <option value="ar" lang="ar">{t('language.ar')}</option>
        </select>
      </label>
    </header>
  );
}
