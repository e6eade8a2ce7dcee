// The confirmation production asks for before money moves. Money screens render this when the
// active profile is production and pass the confirmation it gives to main in the call's
// `confirm` field; main refuses the call without it (requireProductionConfirmation).
import { useEffect, useRef } from 'react';
import type { ProductionConfirmation, ProfileView } from '../../../../contract/methods/profiles';
import { useT } from '../../i18n';
import { EnvironmentBadge } from '../../app/environment-badge';
import { useModalKeys } from '../../ui/modal-keys';

/** Whether a money-moving call on this profile needs the user's confirmation first. */
export const needsProductionConfirmation = (profile: Pick<ProfileView, 'environment'>) => profile.environment === 'production';

/** The confirmation to send with the call, naming the environment and the profile. */
export const productionConfirmation = (profile: Pick<ProfileView, 'id'>): ProductionConfirmation => ({ environment: 'production', profileId: profile.id });

type Props = {
  profile: Pick<ProfileView, 'id' | 'name' | 'environment'>;
  onConfirm(confirm: ProductionConfirmation): void;
  onCancel(): void;
} & (
  /** What is about to happen, in the user's language, e.g. "Refund SAR 10.50". */
  | { action: string; words?: undefined }
  /** Other words than a money action's: making a production profile the one in use (profile-switch-confirm.ts). */
  | { action?: undefined; words: { body: string; yes: string } }
);

export function ProductionConfirmDialog({ profile, action, onConfirm, onCancel, words }: Props) {
  const t = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => cancel.current?.focus(), []); // the safe choice has the focus
  useModalKeys(box);
  // Over the form, in view and focused wherever the form was scrolled to: never below the fold.
  return (
    <div className="dialog-backdrop">
    <div ref={box} role="alertdialog" aria-modal="true" aria-labelledby="live-confirm-title" aria-describedby="live-confirm-body" className="dialog live-confirm" data-testid="production-confirm"
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <h2 id="live-confirm-title">
        <EnvironmentBadge environment="production" hint={false} testId="" /> {t('confirm.production.title')}
      </h2>
      <div className="dialog-body"><p id="live-confirm-body">{words?.body ?? t('confirm.production.body', { action: action ?? '', profile: profile.name })}</p></div>
      <div className="form-actions">
        <button type="button" className="live-confirm-yes" onClick={() => onConfirm(productionConfirmation(profile))}>{words?.yes ?? t('confirm.production.yes')}</button>
        <button type="button" ref={cancel} onClick={onCancel}>{t('confirm.production.no')}</button>
      </div>
    </div>
    </div>
  );
}
