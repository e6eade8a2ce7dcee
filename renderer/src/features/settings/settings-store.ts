// What the Settings screen and the header's profile switcher show: the profiles as main
// reports them (never a key: only `{ configured, lastFour }`) and the keychain's state.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { MethodOutput } from '../../../../contract/methods';
import type { ProfileView } from '../../../../contract/methods/profiles';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';

type KeychainStatus = MethodOutput<'getKeychainStatus'>;

type SettingsState = {
  profiles: ProfileView[];
  activeId?: string;
  keychain?: KeychainStatus;
  error?: AppError;
  loaded: boolean;
  /** The list from main again (after a change). */
  load(): Promise<void>;
  /** The list as the page has it, asked of main only if no one has yet: the header, the list's and the audit log's filters share one answer. */
  ensure(): Promise<void>;
  loadKeychain(): Promise<void>;
};

// The load on its way: a screen that needs the list while the header's first load is answered waits for that one.
let loading: Promise<void> | undefined;

export const useProfiles = create<SettingsState>((set, get) => ({
  profiles: [],
  loaded: false,
  load() {
    const mine = (async () => {
      const list = await api.listProfiles({});
      if (!list.ok) return set({ error: list.error, loaded: true });
      set({ profiles: list.value.profiles, activeId: list.value.activeId, error: undefined, loaded: true });
    })();
    loading = mine;
    void mine.finally(() => {
      if (loading === mine) loading = undefined;
    });
    return mine;
  },
  ensure() {
    if (loading) return loading;
    return get().loaded && !get().error ? Promise.resolve() : get().load();
  },
  async loadKeychain() {
    const status = await api.getKeychainStatus({});
    if (status.ok) set({ keychain: status.value });
  },
}));

/** The profiles as the page has them (the header's list), asked of main only if no one has yet. */
export function useProfileList(): SettingsState['profiles'] {
  useEffect(() => void useProfiles.getState().ensure(), []);
  return useProfiles((s) => s.profiles);
}

/**
 * Keeps the list true when profiles change in main (this screen, the header, another window), one
 * load per change however many parts of the page watch it (the header and Settings both do).
 */
let watchers = 0;
let unsubscribe: (() => void) | undefined;
export function watchProfileList(): () => void {
  watchers += 1;
  unsubscribe ??= api.subscribe((event) => {
    if (event.type === 'profiles.changed') void useProfiles.getState().load();
  });
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watchers -= 1;
    if (watchers > 0) return;
    unsubscribe?.();
    unsubscribe = undefined;
  };
}
