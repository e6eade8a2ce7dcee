// Starts the shell once Electron is ready: hardens every webContents and the session, serves the
// renderer, binds IPC, opens the window, and builds the app with the composition root meanwhile.
// main.ts runs it; the shell's tests run it against a fake `electron`.
import { app, powerMonitor, session } from 'electron';
import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { createApp, type PaydeskApp } from '../composition';
import { createAppEvents } from '../core/sequenced-events';
import { createLogger } from '../log/logger';
import { serveRenderer } from './app-protocol';
import { bindIpc, forwardEvents } from './ipc-binding';
import { createExternalLinkPolicy } from './external-links';
import { hardenSession, hardenWebContents, type AppWindows } from './security-hooks';
import { askBeforeReplacing } from './downloads';
import { createTrustedWindows } from './trusted-sender';
import { createMainWindow } from './window';
import { showOsNotifications } from './os-notifications';
import { osLanguage, savedUiLanguage } from '../core/ui-language';
import { openChallengeWindow } from './challenge-window';
import { createElectronUpdater } from './updater';
import { openPath, renderDocumentPdf } from './document-pdf';
import { setAppMenu } from './app-menu';
import { createWindowZoom } from './window-zoom';
import { englishText, reason } from '../core/fail';

export async function startShell(distDir: string): Promise<PaydeskApp> {
  const development = !app.isPackaged;
  const windows = createTrustedWindows();
  const dataDir = app.getPath('userData');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const logger = createLogger({ file: join(dataDir, 'paydesk.log') });
  // The window opens at once and hears main's events while the app starts: updating a large
  // ledger from an older Paydesk takes a while and the window says how far it got; its calls
  // wait for the app meanwhile.
  const events = createAppEvents();
  let started: PaydeskApp | undefined;
  const starting = createApp({
    dataDir,
    exportDir: app.getPath('downloads'),
    runtime: 'electron',
    logger,
    events,
    osLanguage: osLanguage(app.getPreferredSystemLanguages()),
    version: app.getVersion(),
    openChallengeWindow: (url, onClosed) => openChallengeWindow(url, onClosed, started?.language.get()),
    renderDocument: renderDocumentPdf,
    openPath,
    updater: (log) => createElectronUpdater(log),
    warmFirstScreens: true,
    relaunch: () => {
      app.relaunch();
      app.quit();
    },
  }).then((paydesk) => (started = paydesk));
  const handlers = starting.then((paydesk) => paydesk.handlers);
  handlers.catch(() => undefined); // the caller reports a failed start (main.ts's start-up error box)
  const links = createExternalLinkPolicy({
    gatewayOrigins: () => started?.gatewayOrigins() ?? [],
    holdsPaymentPage: async (url) => (started ? started.holdsPaymentPage(url) : false),
  });
  // A press in the app's own window that opened nothing is said there, in the person's words (walk34:
  // "Open" on a gateway's page at another host did nothing, without a word). Another page's (the
  // 3-D Secure window's) refusals are only logged, and never asked of the ledger.
  const appWindows: AppWindows = {
    has: (contents) => windows.has(contents),
    refused: (_contents, url) => {
      const why = reason('links.notOpened', { host: hostOf(url) });
      events.emit({ type: 'notification', level: 'warning', message: englishText(why), reason: why });
    },
  };
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, links, logger, appWindows));
  hardenSession(session.defaultSession);
  askBeforeReplacing(session.defaultSession);
  serveRenderer(join(distDir, 'renderer'));
  bindIpc({ handlers, windows, logger, osUser: safeUserName() });
  forwardEvents(events, windows);

  // The menu bar before the window, in the language last chosen (the OS's before any choice).
  const zoom = createWindowZoom(dataDir);
  const menuLanguage = savedUiLanguage(dataDir) ?? osLanguage(app.getPreferredSystemLanguages());
  setAppMenu(menuLanguage, zoom, windows.all, development);
  const open = () => createMainWindow({ distDir, development, windows, zoom });
  open();
  app.on('activate', () => {
    if (windows.all().length === 0) open();
  });
  app.on('second-instance', () => {
    if (windows.all().length === 0) open();
  });
  const paydesk = await starting;
  showOsNotifications(events, paydesk.language.get);
  paydesk.language.onChange((language) => setAppMenu(language, zoom, windows.all, development));
  // Timers do not run while the laptop sleeps: a send that turned "left open" meanwhile was shown
  // only once main's timer and the screens' had waited out the rest. After sleep the screens read
  // again and main's left-open timer is set again from the ledger's clock (left-open-wake.ts).
  // The team ledger's connections may lead nowhere after sleep (a NAT or Wi-Fi that changed): the
  // live one is asked at once rather than at its next heartbeat, the pool's idle ones are cut.
  powerMonitor.on('resume', () => {
    events.emit({ type: 'payments.changed', paymentIds: [] });
    paydesk.wake();
  });
  return paydesk;
}

/** The address's host as a person reads it (its scheme for one without: mailto:, file:), never its path or query. */
function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.host || parsed.protocol;
  } catch {
    return url.slice(0, 40);
  }
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
