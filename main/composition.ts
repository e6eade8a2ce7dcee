// The composition root: builds every service with its dependencies passed in, then the
// handlers from the services. Electron's main, the preview and the tests all start here;
// nothing is wired up as a side effect of an import.
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import type { CurrencyCode } from '../contract/money';
import { join } from 'node:path';
import { createHandlers, type Handlers, type Implementations } from './api/create-handlers';
import type { EventHub } from './core/event-hub';
import { createAppEvents } from './core/sequenced-events';
import { appHandlers, type AppInfo } from './api/app-handlers';
import { createUiLanguage, type UiLanguage } from './core/ui-language';
import { englishText, type Language } from './core/fail';
import { profileHandlers } from './api/profile-handlers';
import { createProfileStore } from './profiles/profile-store';
import { createKeyVault } from './vault/key-vault';
import { createGatewayClient } from './gateway/client';
import { createClockWatch } from './core/clock-watch';
import { createLogger, type Logger } from './log/logger';
import { startPracticeGateway } from './practice/embedded';
import { practiceStateFileName } from './practice/store';
import { openLedgerDb } from './ledger/database';
import { migrateLedger } from './ledger/migrate';
import { appendAudit } from './ledger/audit-log';
import { createPaymentsService } from './payments/payments-service';
import { createOverview } from './payments/overview';
import { createOverviewReader } from './ledger/overview-reader';
import { positionsThread } from './ledger/positions-thread';
import { overviewHandlers } from './api/overview-handlers';
import { startWebhookReceiver } from './ledger/webhook-receiver';
import { createSqliteLedgerStore } from './ledger/sqlite-store';
import { paymentHandlers } from './api/payment-handlers';
import { ledgerHandlers } from './api/ledger-handlers';
import { createLedgerReads } from './payments/ledger-reads';
import { requireProductionConfirmation } from './profiles/production-guard';
import { createBulkService } from './bulk/bulk-service';
import { createSqliteBulkStore } from './ledger/bulk-store';
import { bulkHandlers } from './bulk/bulk-handlers';
import { startChallengeServer, type ChallengeServer } from './challenge/challenge-server';
import type { ChallengeView } from '../contract/methods/challenge';
import { challengeHandlers, type ChallengeWindowOpener } from './challenge/challenge-handlers';
import { createMaintenance } from './maintenance/create-maintenance';
import { applyPendingRestore } from './maintenance/restore';
import type { Updater } from './maintenance/update-service';
import { maintenanceHandlers } from './api/maintenance-handlers';
import { createCheckupService } from './checkup/checkup-service';
import { createLastRunFile } from './checkup/last-run-file';
import { checkupHandlers } from './api/checkup-handlers';
import { createInvoiceService, type DocumentRenderer, type InvoiceService } from './invoices/invoice-service';
import { invoiceHandlers } from './invoices/invoice-handlers';
import { writeForViewer } from './invoices/document-file';
import { startLater } from './core/start-later';
import { createTeamLedgerSettings } from './team/team-ledger-settings';
import { teamLedgerCopyHandlers, teamLedgerHandlers, teamPasswordHandlers, teamPeopleHandlers } from './api/team-ledger-handlers';
import { createTeamPeople } from './team/team-people';
import { createTeamPassword } from './team/team-password';
import { createTeamLedgerCopy } from './team/team-ledger-copy';
import { openTeamBackend } from './team/team-backend';
import { teamLedgerScreenHandlers } from './api/team-screen-handlers';
import { sharedPracticeGateway, type PracticeInUse } from './practice/shared-practice';
import { firstScreensWarmUp, runInIdleSteps } from './api/first-screens-warm-up';
import { wakeWhenLeftOpen } from './payments/left-open-wake';
import { nextLeftOpen } from './ledger/attention-queue';

export type AppOptions = {
  dataDir: string;
  runtime: AppInfo['runtime'];
  version: string;
  logger?: Logger;
  /** Electron: shows a 3-D Secure challenge in its own isolated window (main/electron/challenge-window.ts). */
  openChallengeWindow?: ChallengeWindowOpener;
  /** Electron, packaged: electron-updater's updater (main/electron/updater.ts). */
  updater?: (logger: Logger) => Updater | undefined;
  /** Electron: restarts the app (to finish a restore). */
  relaunch?: () => void;
  /** Chromium drawing invoice PDFs: Electron's printToPDF (main/electron/document-pdf.ts), or playwright-core in the preview. */
  renderDocument?: DocumentRenderer;
  /** Desktop only: opens a saved PDF with the system's viewer. */
  openPath?(path: string): Promise<void>;
  /** Where CSV exports are written; the user's Downloads folder if there is one, else <dataDir>/exports. */
  exportDir?: string;
  /** How far the start-up migration of the ledger got (also sent as ledger.migrate events). */
  onLedgerMigration?(percent: number): void;
  /**
   * A challenge server already listening (the preview starts it before main's other modules load:
   * its page's CSP names the origin); `onReturn` hands it the app's return handler.
   */
  challenges?: { server: ChallengeServer; onReturn(listener: (view: ChallengeView) => void): void };
  /** Services the first screen does not need start when it shows, or after this many ms (default 3,000). */
  startLaterMs?: number;
  /** Electron: the OS's language, until the user chooses one in the window. */
  osLanguage?: Language;
  /**
   * main's events, made before the app (`createAppEvents`) when a window is shown while the app
   * starts: it then hears the ledger's update progress (ledger.migrate) before any call is answered.
   */
  events?: EventHub;
  /**
   * Main's idle time right after the start warms the list's and Home's first calls (their checks,
   * the list's first rows, Home's statements) before the page asks (api/first-screens-warm-up.ts).
   */
  warmFirstScreens?: boolean;
};


function defaultExportDir(dataDir: string): string {
  const downloads = join(homedir(), 'Downloads');
  return existsSync(downloads) ? downloads : join(dataDir, 'exports');
}

export type PaydeskApp = {
  handlers: Handlers;
  events: EventHub;
  logger: Logger;
  /** The language chosen in the window: main words OS notifications and dialogs in it. */
  language: UiLanguage;
  /** Origins of the gateways the user has configured: their hosted pages may be opened outside the app. */
  gatewayOrigins(): string[];
  /** Whether the address is a payment link's or checkout session's page the ledger holds (another host than the gateway's API may serve it). */
  holdsPaymentPage(url: string): Promise<boolean>;
  /** Origin of main's 3-D Secure challenge pages (the preview's CSP lets it be framed). */
  challengeOrigin: string;
  /** The laptop woke from sleep (Electron's powerMonitor 'resume'): the team ledger's connections are checked at once. */
  wake(): void;
  close(): Promise<void>;
};

export async function createApp(options: AppOptions): Promise<PaydeskApp> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const logFile = join(options.dataDir, 'paydesk.log');
  const logger = options.logger ?? createLogger({ file: logFile });
  const events = options.events ?? createAppEvents();
  // A restore checked in Settings is put in place before the ledger opens (docs/maintenance.md).
  applyPendingRestore(options.dataDir, logger);
  // The ledger first: a damaged file or an unwritable folder stops the start, in words,
  // before anything else writes to the data folder.
  // A large ledger's schema is brought up to date off main's event loop first, with progress.
  const opened = await migrateLedger({
    keepOpen: true,
    open: () => openLedgerDb(options.dataDir, { migrate: false }),
    workerFile: typeof __dirname === 'string' ? join(__dirname, 'ledger-migrate-worker.cjs') : undefined,
    onProgress: (p) => {
      events.emit({ type: 'ledger.migrate', percent: p.percent, done: p.percent >= 100 });
      options.onLedgerMigration?.(p.percent);
    },
  });
  // Opened once: the migration check's connection when there was nothing to migrate (most starts).
  const db = opened ?? openLedgerDb(options.dataDir);
  // Home's overview is read in worker threads, started with the services that follow the first
  // screen (below): until then its first questions are read on main's connection, from the summary
  // tables, and the threads' start does not compete with the first screen (ledger/overview-reader.ts).
  const overviewReader = createOverviewReader({ db, workerFile: typeof __dirname === 'string' ? join(__dirname, 'overview-worker.cjs') : undefined, threadsLater: true });
  const language = createUiLanguage(options.dataDir, options.osLanguage);
  // Its 3-D Secure page is shown in this Paydesk's frame or window: in this Paydesk's language (docs/practice-gateway.md).
  const practice: PracticeInUse = sharedPracticeGateway() ?? await startPracticeGateway({ logger, stateFile: join(options.dataDir, practiceStateFileName), hostLanguage: () => language.get() });
  // Keys: OS keychain only (service "Paydesk", account = profile id); see docs/profiles-and-keys.md.
  const vault = createKeyVault({ logger });
  // This computer's clock against each gateway answer's Date header: told once when it looks wrong (core/clock-watch.ts).
  const clock = createClockWatch((level, why) => events.emit({ type: 'notification', level, message: englishText(why), reason: why }));
  const connectionProbe = createGatewayClient({ logger, clock });
  const profiles = createProfileStore({ dataDir: options.dataDir, practice, vault, logger, events, probe: (conn, request, opts) => connectionProbe.status(conn, request, opts) });

  const client = createGatewayClient({ logger, clock });
  // The team ledger instead of this laptop's file, when Settings → Team ledger chose it (read at start; docs/team-ledger.md).
  const teamLedger = createTeamLedgerSettings({ dataDir: options.dataDir, vault, logger });
  // This laptop's sandbox and production profiles are published to the team's list (never a key).
  const team = await openTeamBackend({ dataDir: options.dataDir, settings: teamLedger, events, logger, exportDir: options.exportDir ?? defaultExportDir(options.dataDir), profilesHere: () => profiles.list().profiles, clock });
  // Credit notes are recorded when the payments service confirms a refund (in its transaction).
  const documents: { invoices?: InvoiceService } = {};
  const practiceOrigin = new URL(practice.baseUrl).origin;
  const gatewayOf = ({ profile, connection }: Awaited<ReturnType<typeof profiles.activeConnection>>) => {
    // The practice profile works with no setup: its customers land on the practice gateway's own result page.
    const fallback = profile.environment === 'practice' ? `${practiceOrigin}/done?result=` : null;
    return {
      profile, conn: connection,
      defaults: { successUrl: profile.successUrl ?? (fallback && `${fallback}success`), failureUrl: profile.failureUrl ?? (fallback && `${fallback}failure`) },
    };
  };
  // What the first screen does not need starts a second after it shows (docs/performance.md), so
  // the first screen's own calls and code go first: the webhook receiver, reconciliation and
  // maintenance's schedules, Home's overview threads, the list's positions for deep jumps, every
  // profile's key read once so each is a known secret (docs/profiles-and-keys.md). A
  // gateway call before then starts them at once and waits for them.
  const afterFirstScreenMs = 1_000;
  let webhooks: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
  let reconcileTimer: ReturnType<typeof setInterval> | undefined;
  let laterStarted = () => undefined as void;
  const servicesStarted = new Promise<void>((resolve) => (laterStarted = resolve));
  // The window's first screen drawn: its notifications band listens from then on. Not the services'
  // start, whose 3 s fallback came first on a slow start and told a crash's refund to nobody.
  let windowShown = () => undefined as void;
  const windowListening = new Promise<void>((resolve) => (windowShown = resolve));
  const later = startLater(async () => {
    laterStarted();
    // Every profile's key known to the refusals and the log before a gateway call is answered.
    const keysKnown = profiles.registerKeys();
    overviewReader.startThreads();
    // With the practice profile, final states also arrive by signed webhook on loopback.
    // (Not on the team ledger: the receiver records into this laptop's file; status checks settle payments instead.)
    if (!team) {
      webhooks = await startWebhookReceiver({ db, logger, secret: () => practice.webhookSecret, onPaymentEvent: (id) => void payments.refresh(id, 'webhook').catch(() => undefined) });
      practice.setWebhookTarget(webhooks.url);
    }
    const reconcile = () => void payments.reconcileDue().catch(() => undefined);
    reconcileTimer = setInterval(reconcile, 15_000);
    reconcileTimer.unref();
    reconcile();
    maintenance.start();
    await keysKnown;
  }, { fallbackMs: options.startLaterMs ?? 3_000, onError: (error) => logger.error('services after the first screen did not start', { error: error instanceof Error ? error.message : String(error) }) });

  const payments = createPaymentsService({
    store: team?.store ?? createSqliteLedgerStore(db), client, logger, events,
    async active() {
      await later.ready();
      return gatewayOf(await profiles.activeConnection());
    },
    keysKnown: () => later.ready(),
    async connectionFor(profileId) {
      await later.ready();
      // A profile removed since, or whose key is gone, cannot be checked: its payments wait.
      return profiles.connectionOf(profileId).then((found) => found.connection, () => undefined);
    },
    requireConfirmation: requireProductionConfirmation,
    teamLedger: Boolean(team),
    profilesHere: async () => profiles.list().profiles,
    teamProfile: team ? async (id) => (await team.profiles.list()).find((p) => p.id === id) : undefined,
    onRefundConfirmed: (refund, tx) => documents.invoices?.onRefundConfirmed(refund, tx),
    // What markInterrupted tells below is held until the window listens (the first screen shown).
    windowListening,
  });
  // Invoices are the ledger's: this laptop's file, or the team's PostgreSQL (pg-invoices.ts).
  const invoices = createInvoiceService({
    rows: payments.store.invoices, logger, keysKnown: () => later.ready(),
    payment: (id) => payments.store.get(id),
    activeProfileId: async () => profiles.active().id,
    seller: (profileId) => profiles.seller(profileId),
    createLink: (input, ctx, createOptions) => payments.createLink(input, ctx, createOptions),
    render: options.renderDocument,
    // A team profile this laptop has not added is named by the team's list.
    profileName: async (id) => profiles.list().profiles.find((p) => p.id === id)?.name ?? (team ? (await team.profiles.list()).find((p) => p.id === id)?.name : undefined),
    // Each document in a folder of its own: another profile's INV-000001 never replaces it (document-file.ts).
    openPdf: options.openPath && (async (fileName, pdf, documentId) => {
      const file = writeForViewer(join(options.dataDir, 'invoices'), documentId, fileName, pdf);
      await options.openPath!(file);
      return file;
    }),
  });
  documents.invoices = invoices;
  // Whatever was being sent when Paydesk last stopped is marked now (one index seek); the status
  // checks that settle it start with the other services below.
  // On the team ledger only this laptop's, and again at every reconnect (team-backend.ts).
  await (team ? team.begin(payments) : payments.markInterrupted());
  // A send turning "left open" by the clock alone tells the screens at that moment (one timer, by
  // the ledger's clock: SQLite's, or the team database's now()); docs/ledger.md.
  const leftOpenWake = wakeWhenLeftOpen({ next: team ? () => team.screens?.reads.nextLeftOpen() : () => nextLeftOpen(db), events, logger });

  // Bulk links go through the single-link create path, one row at a time (docs/screens-getting-paid.md);
  // on the team ledger their batches are the team's, run by one laptop at a time (docs/team-ledger.md).
  const bulk = createBulkService({
    store: team?.bulk ?? createSqliteBulkStore(db), orders: payments.store, logger, events,
    active: () => payments.active(),
    defaultCurrency: async () => (await profiles.activeConnection()).profile.defaultCurrency,
    requireConfirmation: requireProductionConfirmation,
    today: () => payments.today(),
    createLink: (input, ctx) => payments.createLink(input, ctx),
    // Rows with VAT are invoices, numbered by the ledger in use (the team's counter on the team ledger).
    createInvoice: (input, ctx) => invoices.create(input, ctx).then((r) => r.payment),
  });
  // 3-D Secure returns of virtual-terminal sales land on main's own loopback page.
  const challengeWindows = new Map<string, { close(): void }>();
  const onChallengeReturn = (view: ChallengeView) => {
    challengeWindows.get(view.id)?.close();
    void payments.refresh(view.paymentId, 'webhook').catch(() => undefined);
  };
  const challenges = options.challenges
    ? (options.challenges.onReturn(onChallengeReturn), options.challenges.server)
    : await startChallengeServer({ logger, onReturn: onChallengeReturn, language: () => language.get() });

  // Backups, restore, updates and diagnostics; updates never install while money is moving.
  const maintenance = createMaintenance({
    db, dataDir: options.dataDir, logger, logFile, app: { name: 'Paydesk', version: options.version, runtime: options.runtime },
    profiles: () => profiles.list(), updater: options.updater?.(logger), relaunch: options.relaunch,
    checkWorker: typeof __dirname === 'string' ? join(__dirname, 'ledger-check-worker.cjs') : undefined,
  });
  // The gateway check-up runs on the profile it was started for, through the same payments flows.
  const checkup = createCheckupService({
    payments, client, events, logger,
    app: { name: 'Paydesk', version: options.version, runtime: options.runtime, platform: process.platform },
    async gatewayFor(profileId) {
      await later.ready();
      const found = await profiles.connectionOf(profileId);
      return { ...gatewayOf(found), currency: found.profile.defaultCurrency as CurrencyCode };
    },
    environmentOf: (profileId) => profiles.list().profiles.find((p) => p.id === profileId)?.environment,
    lastRunFile: createLastRunFile(join(options.dataDir, 'checkup-last-run.json')),
  });

  const teamLedgerCopy = createTeamLedgerCopy({ db, dataDir: options.dataDir, settings: teamLedger, logger });
  // The CSVs name each payment's profile as this computer names it (profile_name, walk37).
  const profileNames = () => Object.fromEntries(profiles.list().profiles.map((p) => [p.id, p.name]));
  const overview = createOverview({ db, reader: overviewReader, profileNames });
  // The list's positions for deep jumps are walked once these services start (after the first screen).
  const reads = createLedgerReads({ db, events, exportDir: options.exportDir ?? defaultExportDir(options.dataDir), workerDir: typeof __dirname === 'string' ? __dirname : undefined, walksAfter: servicesStarted, profileNames });
  // Earlier customers are offered from the environment the active profile's forms make payments in.
  const activeEnvironment = () => profiles.active().environment;
  const impl: Implementations = {
    // The team ledger's role comes with the session's first call: screens never draw before it (docs/team-ledger.md).
    ...appHandlers({ name: 'Paydesk', version: options.version, runtime: options.runtime }, language, () => {
      windowShown();
      later.soon(afterFirstScreenMs);
    }, () => (team ? { role: team.session().role, login: team.session().login, reconnecting: team.reconnecting() } : null)),
    ...profileHandlers({ profiles, audit: (ctx, entry) => appendAudit(db, { osUser: ctx.osUser, ...entry }, new Date().toISOString()), team: team?.profiles }),
    ...paymentHandlers({ service: payments }),
    // The list, audit and export reads (keyset windows, counts, the audit chain checked once).
    ...ledgerHandlers({ reads, activeEnvironment }),
    ...overviewHandlers({ overview }),
    ...bulkHandlers({ bulk }),
    ...checkupHandlers({ checkup }),
    ...invoiceHandlers({ invoices }),
    ...challengeHandlers({ server: challenges, chargeCard: payments.chargeCard, openWindow: options.openChallengeWindow, windows: challengeWindows }),
    ...maintenanceHandlers(maintenance),
    // Settings → Team ledger (pg loads only when a connection is tested, the ledger copied, or the team ledger is in use).
    ...teamLedgerHandlers({ teamLedger }),
    ...teamLedgerCopyHandlers({ copy: teamLedgerCopy }),
    ...teamPeopleHandlers({ people: createTeamPeople({ settings: teamLedger, logger }) }),
    // "Change my password": this Paydesk's team ledger, when it is that login's, connects with the new one from then on.
    ...teamPasswordHandlers({ password: createTeamPassword({ settings: teamLedger, vault, logger, changed: (login, password) => team?.passwordChanged(login, password), notify: (level, why) => events.emit({ type: 'notification', level, message: englishText(why), reason: why }) }) }),
    // On the team ledger, the screens' reads, exports and chain check are the team database's.
    ...(team?.screens ? teamLedgerScreenHandlers(team.screens, activeEnvironment) : {}),
  };

  let closed = false;
  const handlers = createHandlers(impl, logger);
  // On the team ledger the screens' reads are the team database's: only the checks are warmed.
  if (options.warmFirstScreens) void runInIdleSteps(firstScreensWarmUp(team ? { session: handlers } : { reads, overview, session: handlers }), () => closed);
  return {
    handlers,
    events,
    logger,
    language,
    gatewayOrigins: () => profiles.origins(),
    holdsPaymentPage: (url) => payments.store.holdsPaymentPage([url]),
    challengeOrigin: challenges.origin,
    wake: () => void team?.wake(),
    async close() {
      closed = true;
      later.cancel();
      leftOpenWake.close();
      await teamLedgerCopy.close();
      if (later.started) await later.ready().catch(() => undefined);
      clearInterval(reconcileTimer);
      await maintenance.close();
      await bulk.close();
      await challenges.close();
      await webhooks?.close();
      await team?.close();
      await practice.close();
      await overviewReader.close();
      await positionsThread(db)?.stop();
      db.close();
    },
  };
}
