import type { Implementations } from './create-handlers';
import type { ProfileStore } from '../profiles/profile-store';

export function profileHandlers(deps: { profiles: ProfileStore }): Pick<Implementations, 'getActiveProfile'> {
  return {
    getActiveProfile: () => deps.profiles.active(),
  };
}
