// Production moves real money: every money-moving call on a production profile must carry a
// confirmation that names the environment and the profile (contract: productionConfirmationSchema).
// Naming the profile also catches a switch made in another window after the user confirmed.
import type { ProductionConfirmation, ProfileView } from '../../contract/methods/profiles';
import { AppFailure } from '../../contract/result';

export function requireProductionConfirmation(
  profile: Pick<ProfileView, 'id' | 'name' | 'environment'>,
  confirm: ProductionConfirmation | undefined,
): void {
  if (profile.environment !== 'production') return;
  if (confirm?.environment === 'production' && confirm.profileId === profile.id) return;
  const message = confirm
    ? `The confirmation was given for another profile, but the active profile is now the production profile "${profile.name}". Check it and confirm again.`
    : `This moves real money through the production (LIVE) profile "${profile.name}". Confirm that you mean production to go ahead.`;
  throw new AppFailure('confirmation_required', message);
}
