// Profiles and keys. No method here returns a key: setProfileKey takes one, every answer
// carries at most `{ configured, lastFour }` (and createHandlers strips anything else).
import type { Implementations } from './create-handlers';
import type { ProfileStore } from '../profiles/profile-store';
import { auditedProfiles, type ProfileAuditEntry } from '../profiles/audited-profiles';
import type { CallContext } from '../core/call-context';

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

/** `audit` records profile and key changes in the audit log (composition.ts passes the ledger's). */
export function profileHandlers(deps: { profiles: ProfileStore; audit?: (ctx: CallContext, entry: ProfileAuditEntry) => void }): Pick<Implementations, ProfileMethod> {
  const profiles = auditedProfiles(deps.profiles, deps.audit ?? (() => undefined));
  return {
    getActiveProfile: () => profiles.active(),
    listProfiles: () => profiles.list(),
    createProfile: (input, ctx) => profiles.create(input, ctx),
    updateProfile: (input, ctx) => profiles.update(input, ctx),
    removeProfile: ({ id }, ctx) => profiles.remove(id, ctx),
    switchProfile: ({ id }, ctx) => profiles.switchTo(id, ctx),
    setProfileKey: ({ id, key, testConnection }, ctx) => profiles.setKey(id, key, testConnection, ctx),
    removeProfileKey: ({ id }, ctx) => profiles.removeKey(id, ctx),
    testConnection: ({ id }) => profiles.testConnection(id),
    getKeychainStatus: () => profiles.keychainStatus(),
    getSellerDetails: ({ id }) => ({ seller: profiles.seller(id) ?? null }),
    setSellerDetails: ({ id, seller }) => ({ seller: profiles.setSeller(id, seller) }),
  };
}
