// Production moves real money: every money-moving call on a production profile must carry a
// confirmation that names the environment and the profile (contract: productionConfirmationSchema).
// Naming the profile also catches a switch made in another window after the user confirmed.
import type { ProductionConfirmation, ProfileView } from '../../contract/methods/profiles';
import { fail } from '../core/fail';

export function requireProductionConfirmation(
  profile: Pick<ProfileView, 'id' | 'name' | 'environment'>,
  confirm: ProductionConfirmation | undefined,
): void {
  if (profile.environment !== 'production') return;
  if (confirm?.environment === 'production' && confirm.profileId === profile.id) return;
  throw fail('confirmation_required', confirm ? 'production.otherProfile' : 'production.confirm', { profile: profile.name });
}
