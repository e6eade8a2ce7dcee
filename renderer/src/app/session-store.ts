// What every screen shows in the header and needs before it is drawn: the app, the active profile,
// and, on the team ledger, the role the database gives this laptop (so a screen never draws an
// action its role may not do, not even for a moment: team-role.ts). Loaded from main; no secret is
// ever part of it (the profile view carries only "configured, ends in …").
import { create } from 'zustand';
import type { MethodOutput } from '../../../contract/methods';
import type { AppError } from '../../../contract/result';
import { api } from '../api';
import type { Language } from '../i18n';

type AppInfo = MethodOutput<'getAppInfo'>;
type Profile = MethodOutput<'getActiveProfile'>;

type SessionState = {
  info?: AppInfo;
  profile?: Profile;
  error?: AppError;
  /** The session from main (again); `drawable`: drawn once that has settled too. */
  load(drawable?: Promise<unknown>): Promise<void>;
};

// The session's two calls, asked for by the page's entry before React draws the frame (main.tsx),
// so main answers them while React renders; their answers go into the store as soon as they (and
// the first screen's code) are in: showSessionWhenReady. The frame's first load() takes that load.
let early: ReturnType<typeof askForSession> | undefined;
let showing: Promise<void> | undefined;
const askForSession = () => Promise.all([api.getAppInfo({}), api.getActiveProfile({})]);

/** Asks main for the session now; the next load() uses these answers. */
export function askForSessionEarly(): void {
  early ??= askForSession();
  early.catch(() => undefined); // load() reports a failure
}

/**
 * Puts the early answers in the store once they and `drawable` (the first screen's code) are in,
 * without waiting for the frame's first effects (they run after its first paint: in a trace the
 * screen was drawn 40–60 ms after its data had come). With the code in, the screen is drawn
 * directly, never through a suspended React.lazy (revealed up to 300 ms later: screens.tsx).
 */
export function showSessionWhenReady(drawable: Promise<unknown>): Promise<void> {
  showing ??= useSession.getState().load(drawable);
  showing.catch(() => undefined);
  return showing;
}

export const useSession = create<SessionState>((set) => ({
  async load(drawable) {
    if (showing) {
      const shown = showing;
      showing = undefined;
      return shown;
    }
    const pending = early ?? askForSession();
    early = undefined;
    const [[info, profile]] = await Promise.all([pending, drawable?.catch(() => undefined)]);
    if (!info.ok) return set({ error: info.error });
    if (!profile.ok) return set({ error: profile.error });
    set({ info: info.value, profile: profile.value, error: undefined });
  },
}));

/**
 * Keeps the session true: the header when profiles change in main (another window, the settings
 * screen), the team ledger's role when main checked it again (the connection came back), and all of
 * it after missed events (event-sequence.ts delivers profiles.changed then).
 */
export function watchSession(): () => void {
  return api.subscribe((event) => {
    if (event.type === 'profiles.changed' || event.type === 'team.changed') void useSession.getState().load();
  });
}

// The language main words OS notifications and dialogs in: told only when it differs from the
// window's (the person chose another in the header, or main took the OS's at a first start), never
// at every start. Main keeps it in its data folder (main/core/ui-language.ts).
let toldMain: Language | undefined;

/** Tells main the window's language if main, as last heard (getAppInfo) or told, words things in another. */
export function tellMainTheLanguage(language: Language): void {
  const mains = toldMain ?? useSession.getState().info?.language;
  if (mains === undefined || mains === language) return;
  toldMain = language;
  void api.setLanguage({ language }).catch(() => undefined);
}
