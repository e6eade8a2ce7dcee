// What the Settings screen and the header's profile switcher show: the profiles as main
// reports them (never a key: only `{ configured, lastFour }`) and the keychain's state.
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
  load(): Promise<void>;
  loadKeychain(): Promise<void>;
};

export const useProfiles = create<SettingsState>((set) => ({
  profiles: [],
  loaded: false,
  async load() {
    const list = await api.listProfiles({});
    if (!list.ok) return set({ error: list.error, loaded: true });
    set({ profiles: list.value.profiles, activeId: list.value.activeId, error: undefined, loaded: true });
  },
  async loadKeychain() {
    const status = await api.getKeychainStatus({});
    if (status.ok) set({ keychain: status.value });
  },
}));

/** Keeps the list true when profiles change in main (this screen, the header, another window). */
export function watchProfileList(): () => void {
  return api.subscribe((event) => {
    if (event.type === 'profiles.changed') void useProfiles.getState().load();
  });
}
