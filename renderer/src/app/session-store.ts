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

// The session's two calls, asked for by the page's entry before React draws the frame (main.tsx),
// so main answers them while React renders; the frame's first load() takes them instead of asking.
let early: Promise<[Awaited<ReturnType<typeof api.getAppInfo>>, Awaited<ReturnType<typeof api.getActiveProfile>>]> | undefined;
const askForSession = () => Promise.all([api.getAppInfo({}), api.getActiveProfile({})]);

/** Asks main for the session now; the next load() uses these answers. */
export function askForSessionEarly(): void {
  early ??= askForSession();
  early.catch(() => undefined); // load() reports a failure
}

export const useSession = create<SessionState>((set) => ({
  async load() {
    const pending = early ?? askForSession();
    early = undefined;
    const [info, profile] = await pending;
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
