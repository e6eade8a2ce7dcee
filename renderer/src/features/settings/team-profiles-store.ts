// The team's profiles (main's listTeamProfiles: what the team's laptops published, never a key), for
// "Use the team's profile …" when a profile is added and for naming a colleague's profile on a
// payment's detail, and for Settings → Team ledger's list of them (team-profiles-section.tsx). Empty
// on a laptop's own ledger. Asked of main when a screen needs it, and again while one shows it when
// main says the team's list changed (teamProfiles.changed: a colleague published, renamed, or an
// admin removed one; docs/team-ledger.md).
import { useEffect } from 'react';
import { create } from 'zustand';
import type { TeamProfile } from '../../../../contract/methods/profiles';
import { api } from '../../api';
import { useSession } from '../../app/session-store';

type TeamProfilesState = {
  profiles: TeamProfile[]; loaded: boolean; load(): Promise<void>;
  /** One row as main answered it after a rename or removal (shown at once; the event reads the rest again). */
  put(profile: TeamProfile): void;
};

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
  put: (profile) => set((s) => ({ profiles: s.profiles.map((p) => (p.id === profile.id ? profile : p)) })),
}));

// One subscription however many screens show the list: each screen showing it counts itself in.
let showing = 0;
let unsubscribe: (() => void) | undefined;
function watchTeamProfiles(): () => void {
  if (showing++ === 0) {
    unsubscribe = api.subscribe((event) => {
      if (event.type === 'teamProfiles.changed') void useTeamProfiles.getState().load();
    });
  }
  return () => {
    if (--showing === 0) unsubscribe?.();
  };
}

/** The team's profiles, read again when the calling screen opens (only on the team ledger). */
export function useTeamProfileList(): TeamProfile[] {
  const team = useSession((s) => Boolean(s.info?.team));
  useEffect(() => {
    if (!team) return;
    void useTeamProfiles.getState().load();
    return watchTeamProfiles();
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
  // A detail open while a colleague renames it follows the new name.
  useEffect(() => (team && profileId ? watchTeamProfiles() : undefined), [team, profileId]);
  return team ? found : undefined;
}
