// A payment made on a profile other than the active one cannot be acted on here (its gateway and
// key are that profile's). The note names that profile and switches to it in one press: the
// header's switcher took three, and the note did not say which profile to choose.
import { useState } from 'react';
import { api } from '../../api';
import type { AppError } from '../../../../contract/result';
import { useT } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import { profileName } from '../../ui/profile-name';
import { useProfileList, useProfiles } from '../settings/settings-store';
import { withEnvironment } from '../settings/profile-switcher';
import { QuotedWords } from '../../ui/quoted-words';

export function OtherProfileNote({ profileId, onSwitch }: { profileId: string; onSwitch(button: HTMLButtonElement): void }) {
  const t = useT();
  const wordError = useWordedError();
  const profiles = useProfileList();
  const listed = useProfiles((s) => s.loaded && !s.error); // not "removed" before the list is known
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError>(); // worded at each draw
  const found = profiles.find((p) => p.id === profileId);
  if (!found) return <p className="attention-note" data-testid="other-profile">{t(listed ? 'detail.otherProfileRemoved' : 'detail.otherProfileUnknown')}</p>;
  const name = withEnvironment(profileName(found, t), t(`env.${found.environment}`));
  return (
    <div className="attention-note" data-testid="other-profile">
      <p>{t('detail.otherProfile', { profile: name })}</p>
      <button type="button" disabled={busy} onClick={(event) => {
        const button = event.currentTarget;
        setBusy(true);
        // main tells every window that profiles changed; the session reloads and the actions appear.
        void api.switchProfile({ id: found.id }).then((result) => {
          setBusy(false);
          setError(result.ok ? undefined : result.error);
          if (result.ok) onSwitch(button);
        });
      }} data-testid="switch-to-payment-profile">{t('detail.switchTo', { profile: name })}</button>
      {error && <p role="alert" className="form-error"><QuotedWords text={wordError(error).message} /></p>}
    </div>
  );
}
