// electron-updater, the electron-builder ecosystem's own updater, for the update service
// (main/maintenance/update-service.ts). Only a packaged app updates: its feed is the `publish`
// provider in electron-builder.yml, which electron-builder writes into resources/app-update.yml.
import { app } from 'electron';
import { autoUpdater, type AppUpdater } from 'electron-updater';
import type { Logger } from '../log/logger';
import type { Updater } from '../maintenance/update-service';

export function createElectronUpdater(logger: Logger, make: () => AppUpdater = defaultUpdater): Updater | undefined {
  if (!app.isPackaged) return undefined; // a development run has nothing to update
  const updater = make();
  updater.logger = {
    info: (message?: unknown) => logger.info(`updater: ${String(message)}`),
    warn: (message?: unknown) => logger.warn(`updater: ${String(message)}`),
    error: (message?: unknown) => logger.error(`updater: ${String(message).split('\n')[0]}`),
  };
  return updater;
}

// electron-updater picks the platform's updater (AppImage, deb, rpm, NSIS, macOS) on first use.
const defaultUpdater = (): AppUpdater => autoUpdater;
