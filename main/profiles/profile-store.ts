// Profiles are kept by main in the data folder, never in the renderer's storage.
// (Issue 4 extends this: sandbox/production profiles, keys in the OS keychain.)
import type { ProfileView } from '../../contract/methods/profiles';

export type PracticeEndpoint = { baseUrl: string; apiKey: string };

export type ProfileStore = {
  active(): ProfileView;
};

export function createProfileStore(deps: { dataDir: string; practice: PracticeEndpoint }): ProfileStore {
  const practice: ProfileView = {
    id: 'practice',
    name: 'Practice',
    environment: 'practice',
    baseUrl: deps.practice.baseUrl,
    defaultCurrency: 'SAR',
    key: { configured: true, lastFour: deps.practice.apiKey.slice(-4) },
  };
  return { active: () => practice };
}
