// What every screen shows in the header: the app and the active profile. Loaded from main;
// no secret is ever part of it (the profile view carries only "configured, ends in …").
import { create } from 'zustand';
import type { MethodOutput } from '../../../contract/methods';
import type { AppError } from '../../../contract/result';
import { api } from '../api';

type AppInfo = MethodOutput<'getAppInfo'>;
type Profile = MethodOutput<'getActiveProfile'>;

type SessionState = {
  info?: AppInfo;
  profile?: Profile;
  error?: AppError;
  load(): Promise<void>;
};

export const useSession = create<SessionState>((set) => ({
  async load() {
    const [info, profile] = await Promise.all([api.getAppInfo({}), api.getActiveProfile({})]);
    if (!info.ok) return set({ error: info.error });
    if (!profile.ok) return set({ error: profile.error });
    set({ info: info.value, profile: profile.value, error: undefined });
  },
}));

/** Keeps the header true when profiles change in main (another window, the settings screen). */
export function watchProfiles(): () => void {
  return api.subscribe((event) => {
    if (event.type === 'profiles.changed') void useSession.getState().load();
  });
}
