// The composition root: builds every service with its dependencies passed in, then the
// handlers from the services. Electron's main, the preview and the tests all start here;
// nothing is wired up as a side effect of an import.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHandlers, type Handlers, type Implementations } from './api/create-handlers';
import { createEventHub, type EventHub } from './api/event-hub';
import { appHandlers, type AppInfo } from './api/app-handlers';
import { profileHandlers } from './api/profile-handlers';
import { createProfileStore } from './profiles/profile-store';
import { createLogger, type Logger } from './log/logger';
import { startPracticeGateway } from './practice/embedded';

export type AppOptions = {
  dataDir: string;
  runtime: AppInfo['runtime'];
  version: string;
  logger?: Logger;
};

export type PaydeskApp = {
  handlers: Handlers;
  events: EventHub;
  logger: Logger;
  /** Origins of the gateways the user has configured: their hosted pages may be opened outside the app. */
  gatewayOrigins(): string[];
  close(): Promise<void>;
};

export async function createApp(options: AppOptions): Promise<PaydeskApp> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const logger = options.logger ?? createLogger({ file: join(options.dataDir, 'paydesk.log') });
  const events = createEventHub();
  const practice = await startPracticeGateway({ logger });
  const profiles = createProfileStore({ dataDir: options.dataDir, practice });

  const impl: Implementations = {
    ...appHandlers({ name: 'Paydesk', version: options.version, runtime: options.runtime }),
    ...profileHandlers({ profiles }),
  };

  return {
    handlers: createHandlers(impl, logger),
    events,
    logger,
    gatewayOrigins: () => [new URL(practice.baseUrl).origin, new URL(profiles.active().baseUrl).origin],
    async close() {
      await practice.close();
    },
  };
}
