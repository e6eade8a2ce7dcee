// Main's app and profile handlers, fresh for each test, behind one API object for
// installDirectApi: how Settings' DOM tests run the real handlers in-process. `keychain: 'memory'`
// keeps keys in a keychain in memory, and checks a key as composition.ts wires it (the gateway
// client's status query); without it the machine has no keychain.
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { appHandlers } from '../../main/api/app-handlers';
import { profileHandlers } from '../../main/api/profile-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { createProfileStore } from '../../main/profiles/profile-store';
import { createGatewayClient } from '../../main/gateway/client';
import { createUiLanguage } from '../../main/core/ui-language';
import { createKeyVault, type KeyVault } from '../../main/vault/key-vault';
import { absentKeychainVault, practice, tempDir } from '../profiles/support';
import { memoryKeychain } from '../vault/support/memory-keychain';

type App = ReturnType<typeof appHandlers>;
export type SettingsKeychain = 'memory' | ((logger: ReturnType<typeof createMemoryLogger>) => KeyVault);

export function settingsMain(options: { keychain?: SettingsKeychain; getAppInfo?: (app: App) => App['getAppInfo'] } = {}) {
  const logger = createMemoryLogger();
  const events = createEventHub();
  const { keychain = absentKeychainVault } = options;
  const client = createGatewayClient({ logger });
  const store = keychain === 'memory'
    ? createProfileStore({ dataDir: tempDir(), practice, vault: createKeyVault({ logger, backend: memoryKeychain().backend }), logger, events, probe: (conn, request, probeOptions) => client.status(conn, request, probeOptions) })
    : createProfileStore({ dataDir: tempDir(), practice, vault: keychain(logger), logger, events });
  const app = appHandlers({ name: 'Paydesk', version: '1.2.3', runtime: 'test' }, createUiLanguage(tempDir()));
  const getAppInfo = options.getAppInfo?.(app) ?? app.getAppInfo;
  const handlers = createHandlers({ ...app, getAppInfo, ...profileHandlers({ profiles: store }) } as unknown as Implementations, logger);
  return { handlers, events };
}
