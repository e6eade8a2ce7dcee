// "Use the team's profile …" when a profile is added on the team ledger: the new profile takes the
// team's id (its key is still typed into this laptop's keychain), so a colleague's payments made
// with it are this laptop's own profile's. Checked against the team's list as it is now: a profile
// an admin removed, or of the other environment, is not taken (a sandbox id never becomes a
// production profile here).
import type { ProfileView, TeamProfile } from '../../contract/methods/profiles';
import { failField } from '../core/fail';

type TeamList = { list(): Promise<TeamProfile[]> };

export async function adoptableTeamProfile(team: TeamList | undefined, id: string, environment: 'sandbox' | 'production', here: readonly ProfileView[]): Promise<TeamProfile> {
  const already = here.find((p) => p.id === id);
  if (already) throw failField('invalid_input', 'teamProfileId', 'profile.teamProfileHere', { profile: already.name });
  const found = (await team?.list())?.find((p) => p.id === id && p.environment === environment && !p.removed);
  if (!found) throw failField('invalid_input', 'teamProfileId', 'profile.teamProfileGone', { environment });
  return found;
}
