// Profiles and keys. No method here returns a key: setProfileKey takes one, every answer
// carries at most `{ configured, lastFour }` (and createHandlers strips anything else).
import type { Implementations } from './create-handlers';
import type { ProfileStore } from '../profiles/profile-store';
import { auditedProfiles, type ProfileAuditEntry } from '../profiles/audited-profiles';
import type { CallContext } from '../core/call-context';
import type { TeamProfilesLink } from '../team/team-profiles-link';
import { adoptableTeamProfile } from '../profiles/team-profile-choice';
import { fail } from '../core/fail';

type ProfileMethod =
  | 'getActiveProfile'
  | 'listProfiles'
  | 'createProfile'
  | 'listTeamProfiles'
  | 'renameTeamProfile'
  | 'removeTeamProfile'
  | 'updateProfile'
  | 'removeProfile'
  | 'switchProfile'
  | 'setProfileKey'
  | 'removeProfileKey'
  | 'testConnection'
  | 'getKeychainStatus'
  | 'getSellerDetails'
  | 'setSellerDetails';

/**
 * `audit` records profile and key changes in the audit log (composition.ts passes the ledger's).
 * `team`, on the team ledger: the team's profiles, offered when a profile is added, and this
 * laptop's published to them when one is added or renamed (docs/team-ledger.md, "The team's profiles").
 */
export function profileHandlers(deps: { profiles: ProfileStore; audit?: (ctx: CallContext, entry: ProfileAuditEntry) => void; team?: TeamProfilesLink }): Pick<Implementations, ProfileMethod> {
  const profiles = auditedProfiles(deps.profiles, deps.audit ?? (() => undefined));
  const team = deps.team;
  return {
    getActiveProfile: () => profiles.active(),
    listProfiles: () => profiles.list(),
    async createProfile(input, ctx) {
      if (input.teamProfileId !== undefined) await adoptableTeamProfile(team, input.teamProfileId, input.environment, profiles.list().profiles);
      const made = profiles.create(input, ctx);
      // Published beside the answer: a server out of reach is published to at the next connection.
      void team?.publish();
      return made;
    },
    listTeamProfiles: async () => ({ profiles: team ? await team.list() : [] }),
    // Settings → Team ledger, an admin's (the database decides: team-profiles.sql). This laptop's own
    // profile of that id follows when it had the team's name (else its next connection would publish
    // the old name back, or it was renamed here on purpose and stays so).
    async renameTeamProfile({ id, name }, ctx) {
      if (!team) throw fail('not_found', 'profile.teamProfileUnknown');
      const { before, after } = await team.renameTeamRow(id, name);
      const here = profiles.list().profiles.find((p) => p.id === id);
      if (here && here.name === before.name && here.name !== after.name) profiles.update({ id, name: after.name }, ctx);
      return { profile: after };
    },
    async removeTeamProfile({ id }) {
      if (!team) throw fail('not_found', 'profile.teamProfileUnknown');
      return { profile: await team.removeTeamRow(id) };
    },
    updateProfile(input, ctx) {
      const changed = profiles.update(input, ctx);
      if (input.name !== undefined || input.baseUrl !== undefined) void team?.renamed(changed);
      return changed;
    },
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
