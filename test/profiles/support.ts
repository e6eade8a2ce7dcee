// Shared parts for the profile tests: a temp data folder, handlers over a real profile store,
// and a vault on a keychain that is not there (the real one is tested in test/vault).
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { profileHandlers } from '../../main/api/profile-handlers';
import { appHandlers } from '../../main/api/app-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { createProfileStore, type ProfileStoreDeps } from '../../main/profiles/profile-store';
import { createKeyVault, type KeyVault } from '../../main/vault/key-vault';
import type { AppEvent } from '../../contract/events';
import { createUiLanguage } from '../../main/core/ui-language';

export const ctx = { transport: 'direct' as const, osUser: 'tester' };
export const practice = { baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'practice_key_for_tests_0123' };

// Each file's folders are removed when it ends (about 170 were left in /tmp by every run).
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
export const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-profiles-'));
  made.push(dir);
  return dir;
};

/** A vault whose keychain cannot be reached, as on a machine without a Secret Service. */
export const absentKeychainVault = (logger = createMemoryLogger()): KeyVault =>
  createKeyVault({ logger, backend: () => Promise.reject(new Error('The name org.freedesktop.secrets was not provided by any .service files')), platform: 'linux' });

export function profileApp(options: Partial<ProfileStoreDeps> & { dataDir?: string } = {}) {
  const logger = createMemoryLogger();
  const events = createEventHub();
  const seen: AppEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const dataDir = options.dataDir ?? tempDir();
  const store = createProfileStore({ practice, vault: absentKeychainVault(logger), logger, events, ...options, dataDir });
  const audited: Array<{ osUser: string; action: string; profileId: string; environment: string; result: string }> = [];
  const handlers = createHandlers(
    { ...appHandlers({ name: 'Paydesk', version: '0.0.0', runtime: 'test' }, createUiLanguage(dataDir)), ...profileHandlers({ profiles: store, audit: (c, entry) => audited.push({ osUser: c.osUser, ...entry }) }) } as unknown as Implementations,
    logger,
  );
  return { store, handlers, logger, events: seen, dataDir, audited };
}

export const sandboxInput = {
  name: 'Shop sandbox',
  environment: 'sandbox' as const,
  baseUrl: 'https://sandbox.gateway.example/api/v1',
  defaultCurrency: 'SAR',
};
