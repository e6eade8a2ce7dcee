// Profiles and keys. No method here returns a key: setProfileKey takes one, every answer
// carries at most `{ configured, lastFour }` (and createHandlers strips anything else).
import type { Implementations } from './create-handlers';
import type { ProfileStore } from '../profiles/profile-store';

type ProfileMethod =
  | 'getActiveProfile'
  | 'listProfiles'
  | 'createProfile'
  | 'updateProfile'
  | 'removeProfile'
  | 'switchProfile'
  | 'setProfileKey'
  | 'removeProfileKey'
  | 'testConnection'
  | 'getKeychainStatus'
  | 'getSellerDetails'
  | 'setSellerDetails';

export function profileHandlers(deps: { profiles: ProfileStore }): Pick<Implementations, ProfileMethod> {
  const { profiles } = deps;
  return {
    getActiveProfile: () => profiles.active(),
    listProfiles: () => profiles.list(),
    createProfile: (input) => profiles.create(input),
    updateProfile: (input) => profiles.update(input),
    removeProfile: ({ id }) => profiles.remove(id),
    switchProfile: ({ id }) => profiles.switchTo(id),
    setProfileKey: ({ id, key, testConnection }) => profiles.setKey(id, key, testConnection),
    removeProfileKey: ({ id }) => profiles.removeKey(id),
    testConnection: ({ id }) => profiles.testConnection(id),
    getKeychainStatus: () => profiles.keychainStatus(),
    getSellerDetails: ({ id }) => ({ seller: profiles.seller(id) ?? null }),
    setSellerDetails: ({ id, seller }) => ({ seller: profiles.setSeller(id, seller) }),
  };
}
