// DOM tests of screens that show two profiles' payments: the practice profile beside a sandbox
// one, the sandbox in use (what a person sees after adding a sandbox profile to a laptop whose
// ledger holds practice payments).
import { afterEach, beforeEach } from 'vitest';
import { act } from 'react';
import { cleanup } from '@testing-library/react';
import { appInfo, practiceProfile } from './session';

export const practice = practiceProfile();

/** A sandbox profile of its own id and name, otherwise the practice profile's settings. */
export const sandboxProfile = (id: string, name: string) => ({ ...practice, id, name, environment: 'sandbox' as const, baseUrl: 'https://sandbox.example/api/v1' });

/**
 * Before each test: the session on `inUse` and the profiles loaded from the file's stand-in for
 * main (call after `stubMain`); after each: the page emptied and English back.
 */
export function withProfileInUse(inUse: ReturnType<typeof sandboxProfile>): void {
  beforeEach(async () => {
    const { useSession } = await import('../../renderer/src/app/session-store');
    const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
    useSession.setState({ info: appInfo(null), profile: inUse as never });
    await act(() => useProfiles.getState().load());
  });
  afterEach(async () => {
    cleanup();
    const { useLanguage } = await import('../../renderer/src/i18n');
    act(() => useLanguage.getState().setLanguage('en'));
  });
}
