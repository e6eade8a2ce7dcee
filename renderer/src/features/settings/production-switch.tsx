// Making a production profile the one in use asks first, naming it and what changes (real money
// from then on): one click on a card's "Use this profile", or the header's Switch, made it active
// without a word (walked as a new owner, docs/profiles-and-keys.md). Practice and sandbox switch at once.
import { useRef, useState } from 'react';
import type { ProfileView } from '../../../../contract/methods/profiles';
import { useT } from '../../i18n';
import { ProductionConfirmDialog } from './production-confirmation';

type Switchable = Pick<ProfileView, 'id' | 'name' | 'environment'>;

/** `switchTo` makes the profile active; `ask` calls it at once, or once production is confirmed. Render `dialog`. */
export function useProductionSwitch(switchTo: (profile: Switchable) => void) {
  const t = useT();
  const [asking, setAsking] = useState<Switchable>();
  const opener = useRef<HTMLElement | null>(null); // Cancel gives the keyboard back to what was pressed
  const ask = (profile: Switchable) => {
    if (profile.environment !== 'production') return switchTo(profile);
    opener.current = document.activeElement as HTMLElement | null;
    setAsking(profile);
  };
  const dialog = asking && (
    <ProductionConfirmDialog
      profile={asking}
      words={{ body: t('settings.use.production.body', { profile: asking.name }), yes: t('settings.use.production.yes') }}
      onCancel={() => {
        setAsking(undefined);
        opener.current?.focus();
      }}
      onConfirm={() => {
        setAsking(undefined);
        switchTo(asking);
      }}
    />
  );
  return { ask, dialog };
}
