// Electron's entry: app lifecycle only. Registers the app:// scheme before ready, keeps one
// instance (two would share one ledger file), starts the shell, and closes the app's
// services before quitting.
import { app } from 'electron';
import { join } from 'node:path';
import type { PaydeskApp } from '../composition';
import { registerAppScheme } from './app-protocol';
import { startShell } from './shell';
import { showStartupError } from './startup-error';

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.enableSandbox();
  let running: PaydeskApp | undefined;
  app
    .whenReady()
    .then(async () => {
      running = await startShell(join(__dirname, '..'));
    })
    .catch((error: unknown) => {
      // A damaged ledger or an unwritable data folder says so here, in words, before quitting.
      showStartupError(error);
      app.exit(1);
    });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('will-quit', (event) => {
    if (!running || closing) return;
    closing = true;
    event.preventDefault();
    void running.close().finally(() => app.quit());
  });
}
