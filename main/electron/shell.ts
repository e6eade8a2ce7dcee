// Starts the shell once Electron is ready: builds the app with the composition root, hardens
// every webContents and the session, serves the renderer, binds IPC and opens the window.
// main.ts runs it; the shell's tests run it against a fake `electron`.
import { app, session } from 'electron';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { createApp, type PaydeskApp } from '../composition';
import { serveRenderer } from './app-protocol';
import { bindIpc, forwardEvents } from './ipc-binding';
import { createExternalLinkPolicy } from './external-links';
import { hardenSession, hardenWebContents } from './security-hooks';
import { createTrustedWindows } from './trusted-sender';
import { createMainWindow } from './window';
import { showOsNotifications } from './os-notifications';
import { osLanguage } from '../core/ui-language';
import { openChallengeWindow } from './challenge-window';
import { createElectronUpdater } from './updater';
import { openPath, renderDocumentPdf } from './document-pdf';

export async function startShell(distDir: string): Promise<PaydeskApp> {
  const development = !app.isPackaged;
  const windows = createTrustedWindows();
  const paydesk = await createApp({
    dataDir: app.getPath('userData'),
    exportDir: app.getPath('downloads'),
    runtime: 'electron',
    osLanguage: osLanguage(app.getPreferredSystemLanguages()),
    version: app.getVersion(),
    openChallengeWindow: (url, onClosed) => openChallengeWindow(url, onClosed, paydesk.language.get()),
    renderDocument: renderDocumentPdf,
    openPath,
    updater: (logger) => createElectronUpdater(logger),
    relaunch: () => {
      app.relaunch();
      app.quit();
    },
  });
  const links = createExternalLinkPolicy({ gatewayOrigins: () => paydesk.gatewayOrigins() });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, links, paydesk.logger));
  hardenSession(session.defaultSession);
  serveRenderer(join(distDir, 'renderer'));
  bindIpc({ handlers: paydesk.handlers, windows, logger: paydesk.logger, osUser: safeUserName() });
  forwardEvents(paydesk.events, windows);
  showOsNotifications(paydesk.events, paydesk.language.get);

  const open = () => createMainWindow({ distDir, development, windows });
  open();
  app.on('activate', () => {
    if (windows.all().length === 0) open();
  });
  app.on('second-instance', () => {
    if (windows.all().length === 0) open();
  });
  return paydesk;
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
