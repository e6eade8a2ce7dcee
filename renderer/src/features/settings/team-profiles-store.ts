// The team's profiles (main's listTeamProfiles: what the team's laptops published, never a key), for
// "Use the team's profile …" when a profile is added and for naming a colleague's profile on a
// payment's detail. Empty on a laptop's own ledger. Asked of main when a screen needs it: a
// colleague may publish one at any time, and nothing tells this laptop (docs/team-ledger.md).
import { useEffect } from 'react';
import { create } from 'zustand';
import type { TeamProfile } from '../../../../contract/methods/profiles';
import { api } from '../../api';
import { useSession } from '../../app/session-store';

type TeamProfilesState = { profiles: TeamProfile[]; loaded: boolean; load(): Promise<void> };

let loading: Promise<void> | undefined;
// One empty list: a selector answering a new [] at each read would draw for ever.
const none: TeamProfile[] = [];

export const useTeamProfiles = create<TeamProfilesState>((set) => ({
  profiles: [],
  loaded: false,
  load() {
    // Two parts of a page asking at once share one answer.
    // A server out of reach: the forms offer nothing and the detail says what it said before.
    loading ??= api.listTeamProfiles({}).then(
      (answer) => set({ profiles: answer.ok ? answer.value.profiles : [], loaded: true }),
      () => set({ profiles: [], loaded: true }),
    ).finally(() => (loading = undefined));
    return loading;
  },
}));

/** The team's profiles, read again when the calling screen opens (only on the team ledger). */
export function useTeamProfileList(): TeamProfile[] {
  const team = useSession((s) => Boolean(s.info?.team));
  useEffect(() => {
    if (team) void useTeamProfiles.getState().load();
  }, [team]);
  return useTeamProfiles((s) => (team ? s.profiles : none));
}

// Profile ids already asked about on this page: one read per id the list did not have.
const asked = new Set<string>();

/** The team's profile a payment was made with, when it is one; asked of main once for an id not known yet. */
export function useTeamProfile(profileId: string | undefined): TeamProfile | undefined {
  const team = useSession((s) => Boolean(s.info?.team));
  const found = useTeamProfiles((s) => s.profiles.find((p) => p.id === profileId));
  useEffect(() => {
    if (!team || !profileId || found || asked.has(profileId)) return;
    asked.add(profileId);
    void useTeamProfiles.getState().load();
  }, [team, profileId, found]);
  return team ? found : undefined;
}
