// The composition root: builds every service with its dependencies passed in, then the
// handlers from the services. Electron's main, the preview and the tests all start here;
// nothing is wired up as a side effect of an import.
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createHandlers, type Handlers, type Implementations } from './api/create-handlers';
import { createEventHub, type EventHub } from './api/event-hub';
import { withSequence } from './api/sequenced-events';
import { appHandlers, type AppInfo } from './api/app-handlers';
import { profileHandlers } from './api/profile-handlers';
import { createProfileStore } from './profiles/profile-store';
import { createKeyVault } from './vault/key-vault';
import { createGatewayClient } from './gateway/client';
import { createLogger, type Logger } from './log/logger';
import { startPracticeGateway } from './practice/embedded';
import { openLedgerDb } from './ledger/database';
import { createPaymentsService } from './ledger/payments-service';
import { startWebhookReceiver } from './ledger/webhook-receiver';
import { paymentHandlers } from './api/payment-handlers';
import { ledgerHandlers } from './api/ledger-handlers';
import { requireProductionConfirmation } from './profiles/production-guard';
import { createBulkService } from './bulk/bulk-service';
import { bulkHandlers } from './bulk/bulk-handlers';
import { startChallengeServer } from './challenge/challenge-server';
import { challengeHandlers, type ChallengeWindowOpener } from './challenge/challenge-handlers';

export type AppOptions = {
  dataDir: string;
  runtime: AppInfo['runtime'];
  version: string;
  logger?: Logger;
  /** Electron: shows a 3-D Secure challenge in its own isolated window (main/electron/challenge-window.ts). */
  openChallengeWindow?: ChallengeWindowOpener;
  /** Where CSV exports are written; the user's Downloads folder if there is one, else <dataDir>/exports. */
  exportDir?: string;
};

function defaultExportDir(dataDir: string): string {
  const downloads = join(homedir(), 'Downloads');
  return existsSync(downloads) ? downloads : join(dataDir, 'exports');
}

export type PaydeskApp = {
  handlers: Handlers;
  events: EventHub;
  logger: Logger;
  /** Origins of the gateways the user has configured: their hosted pages may be opened outside the app. */
  gatewayOrigins(): string[];
  /** Origin of main's 3-D Secure challenge pages (the preview's CSP lets it be framed). */
  challengeOrigin: string;
  close(): Promise<void>;
};

export async function createApp(options: AppOptions): Promise<PaydeskApp> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const logger = options.logger ?? createLogger({ file: join(options.dataDir, 'paydesk.log') });
  const events = withSequence(createEventHub());
  // The ledger first: a damaged file or an unwritable folder stops the start, in words,
  // before anything else writes to the data folder.
  const db = openLedgerDb(options.dataDir);
  const practice = await startPracticeGateway({ logger, stateFile: join(options.dataDir, 'practice-gateway.json') });
  // Keys: OS keychain only (service "Paydesk", account = profile id); see docs/profiles-and-keys.md.
  const vault = createKeyVault({ logger });
  const connectionProbe = createGatewayClient({ logger });
  const profiles = createProfileStore({ dataDir: options.dataDir, practice, vault, logger, events, probe: (conn, request, opts) => connectionProbe.status(conn, request, opts) });

  const client = createGatewayClient({ logger });
  const practiceOrigin = new URL(practice.baseUrl).origin;
  const payments = createPaymentsService({
    db, client, logger, events,
    async active() {
      const { profile, connection } = await profiles.activeConnection();
      // The practice profile works with no setup: its customers land on the practice gateway's own result page.
      const fallback = profile.environment === 'practice' ? `${practiceOrigin}/done?result=` : null;
      return {
        profile, conn: connection,
        defaults: { successUrl: profile.successUrl ?? (fallback && `${fallback}success`), failureUrl: profile.failureUrl ?? (fallback && `${fallback}failure`) },
      };
    },
    async connectionFor(profileId) {
      // A profile removed since, or whose key is gone, cannot be checked: its payments wait.
      return profiles.connectionOf(profileId).then((found) => found.connection, () => undefined);
    },
    requireConfirmation: requireProductionConfirmation,
  });
  // With the practice profile, final states also arrive by signed webhook on loopback.
  const webhooks = await startWebhookReceiver({ db, logger, secret: () => practice.webhookSecret, onPaymentEvent: (id) => void payments.refresh(id, 'webhook').catch(() => undefined) });
  practice.setWebhookTarget(webhooks.url);
  // Whatever was being sent when Paydesk last stopped is settled by status before anything else.
  payments.markInterrupted();
  const reconcile = () => void payments.reconcileDue().catch(() => undefined);
  const reconcileTimer = setInterval(reconcile, 15_000);
  reconcileTimer.unref();
  reconcile();

  const paymentImpl = paymentHandlers({ service: payments, client, db });
  // Bulk links go through the single-link create path, one row at a time (docs/screens-getting-paid.md).
  const bulk = createBulkService({
    db, logger, events,
    active: () => payments.active(),
    defaultCurrency: async () => (await profiles.activeConnection()).profile.defaultCurrency,
    requireConfirmation: requireProductionConfirmation,
    createLink: (input, ctx) => Promise.resolve(paymentImpl.createPaymentLink(input as Parameters<typeof paymentImpl.createPaymentLink>[0], ctx)),
  });
  // 3-D Secure returns of virtual-terminal sales land on main's own loopback page.
  const challengeWindows = new Map<string, { close(): void }>();
  const challenges = await startChallengeServer({
    logger,
    onReturn(view) {
      challengeWindows.get(view.id)?.close();
      void payments.refresh(view.paymentId, 'webhook').catch(() => undefined);
    },
  });

  const impl: Implementations = {
    ...appHandlers({ name: 'Paydesk', version: options.version, runtime: options.runtime }),
    ...profileHandlers({ profiles }),
    ...paymentImpl,
    // The list, audit and export reads (keyset windows, counts, the audit chain checked once).
    ...ledgerHandlers({ db, events, exportDir: options.exportDir ?? defaultExportDir(options.dataDir), workerDir: typeof __dirname === 'string' ? __dirname : undefined }),
    ...bulkHandlers({ bulk }),
    ...challengeHandlers({ server: challenges, chargeCard: paymentImpl.chargeCard, openWindow: options.openChallengeWindow, windows: challengeWindows }),
  };

  return {
    handlers: createHandlers(impl, logger),
    events,
    logger,
    gatewayOrigins: () => profiles.origins(),
    challengeOrigin: challenges.origin,
    async close() {
      clearInterval(reconcileTimer);
      await challenges.close();
      await webhooks.close();
      await practice.close();
      db.close();
    },
  };
}
