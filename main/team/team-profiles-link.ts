// The team's profiles as main's profile handlers use them (docs/team-ledger.md, "The team's
// profiles"): the list every laptop reads, and this laptop's own published to it when it connects
// and when one is added or renamed. Publishing never fails a person's save: a server out of reach
// is published to at the next connection (team-backend.ts publishes at each). Finance changes
// nothing in the team database, its profiles' names included (team-profiles.sql).
import type { TeamProfile } from '../../contract/methods/profiles';
import type { PublishedProfile, TeamProfiles } from '../ledger/postgres/pg-profiles';
import type { Logger } from '../log/logger';

export type TeamProfilesLink = {
  list(): Promise<TeamProfile[]>;
  publish(): Promise<void>;
  renamed(profile: PublishedProfile): Promise<void>;
  /** Settings → Team ledger, an admin's rename and removal of a team's profile (pg-profiles.ts; the database decides). */
  renameTeamRow: TeamProfiles['renameTeamRow'];
  removeTeamRow: TeamProfiles['removeTeamRow'];
};

export function teamProfilesLink(deps: {
  profiles: TeamProfiles;
  /** This laptop's profiles (pg-profiles.ts takes four fields of each, never a key). */
  profilesHere: () => readonly PublishedProfile[];
  /** Connected, with a role that may publish (not finance). */
  publishes: () => boolean;
  logger: Logger;
}): TeamProfilesLink {
  const code = (error: unknown) => (error as { code?: string }).code ?? 'unknown';
  return {
    list: () => deps.profiles.list(),
    renameTeamRow: (id, name) => deps.profiles.renameTeamRow(id, name),
    removeTeamRow: (id) => deps.profiles.removeTeamRow(id),
    async publish() {
      if (!deps.publishes()) return;
      try {
        const changed = await deps.profiles.publish(deps.profilesHere());
        if (changed > 0) deps.logger.info('team ledger: this laptop\'s profiles published', { changed });
      } catch (error) {
        deps.logger.warn('team ledger: profiles not published yet', { code: code(error) });
      }
    },
    async renamed(profile) {
      if (!deps.publishes()) return;
      await deps.profiles.rename(profile).catch((error: unknown) => deps.logger.warn('team ledger: a profile\'s new name not published', { code: code(error) }));
    },
  };
}
