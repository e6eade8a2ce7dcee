// The header's profile switcher: choosing a profile and pressing Switch makes it active.
// Two steps on purpose, so arrowing through the list never moves the app to production.
import { useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../contract/result';
import { useT } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import { useProfiles, watchProfileList } from './settings-store';
import { optionLabel, profileName, shortNames, withEnvironment } from '../../ui/profile-name';
import { QuotedWords } from '../../ui/quoted-words';
import { focusIfLost } from '../../ui/focus';
import { useProductionSwitch } from './production-switch';
import { switchProfile } from './switch-profile';

// Where the other screens took it from (ui/profile-name.ts).
export { withEnvironment };

export function ProfileSwitcher() {
  const t = useT();
  const wordError = useWordedError();
  const { profiles, activeId, load, ensure } = useProfiles();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<AppError>(); // worded at each draw, so it follows a change of language

  useEffect(() => {
    void ensure();
    return watchProfileList();
  }, [ensure]);
  useEffect(() => setChoice(activeId ?? ''), [activeId]);
  // Switch is disabled once the choice is in use: the keyboard goes back to the list, not the page's start.
  const list = useRef<HTMLSelectElement>(null);
  const { ask, dialog } = useProductionSwitch((profile) =>
    void switchProfile(profile.id).then(async (result) => {
      setError(result.ok ? undefined : result.error);
      if (result.ok) await load();
      focusIfLost(list.current);
    }),
  );

  if (profiles.length < 2) return null;
  const names = shortNames(profiles.map((p) => profileName(p, t)));
  return (
    <form
      className="profile-switcher"
      onSubmit={(event) => {
        event.preventDefault();
        const profile = profiles.find((p) => p.id === choice);
        if (profile) ask(profile);
      }}
    >
      <label htmlFor="profile-switch">{t('profile.switch.label')}</label>
      <select id="profile-switch" ref={list} value={choice} onChange={(e) => setChoice(e.target.value)} data-testid="profile-switch">
        {profiles.map((p, i) => (
          // In the page's direction, the name then its environment: "dir=auto" took an Arabic name's
          // direction in English and read "(Sandbox) بيئة الاختبار" (a Latin one in Arabic alike). A
          // long name is shortened here, not cut by the select's width (which cut a Latin name's start
          // in Arabic), two alike keeping their ends; the header shows the active one whole in its
          // tooltip. Typed letters find an option by its name (optionLabel).
          <option key={p.id} value={p.id}>
            {optionLabel(names[i]!, t(`env.${p.environment}`))}
          </option>
        ))}
      </select>
      <button type="submit" disabled={!choice || choice === activeId}>{t('profile.switch.button')}</button>
      {error && <span role="alert" className="field-error"><QuotedWords text={wordError(error).message} /></span>}
      {dialog}
    </form>
  );
}
