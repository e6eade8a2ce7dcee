// electron-updater, the electron-builder ecosystem's own updater, for the update service
// (main/maintenance/update-service.ts). Only a packaged app updates: its feed is the `publish`
// provider in electron-builder.yml, which electron-builder writes into resources/app-update.yml.
import { app } from 'electron';
import { autoUpdater, type AppUpdater } from 'electron-updater';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../log/logger';
import type { Updater } from '../maintenance/update-service';
import type { UpdateServer } from '../maintenance/update-failure';

/** `configPath`: another feed file than the package's own (tests serve one of their own). */
export function createElectronUpdater(logger: Logger, make: () => AppUpdater = defaultUpdater, configPath?: string): Updater | undefined {
  if (!app.isPackaged) return undefined; // a development run has nothing to update
  const updater = make();
  if (configPath) updater.updateConfigPath = configPath;
  updater.logger = {
    info: (message?: unknown) => logger.info(`updater: ${String(message)}`),
    warn: (message?: unknown) => logger.warn(`updater: ${String(message)}`),
    error: (message?: unknown) => logger.error(`updater: ${String(message).split('\n')[0]}`),
  };
  // Read when a connection fails, to name the server in the words of the failure.
  const feedServer = () => feedServerOf(configPath ?? join(process.resourcesPath, 'app-update.yml'));
  return Object.assign(updater, { feedServer });
}

/** The server of the feed's `url:` (the generic provider electron-builder.yml publishes to); undefined without one. */
export function feedServerOf(configPath: string): UpdateServer | undefined {
  try {
    const url = /^url:\s*['"]?([^'"\s]+)/m.exec(readFileSync(configPath, 'utf8'))?.[1];
    if (!url) return undefined;
    const { hostname, host } = new URL(url);
    return { name: hostname, address: host };
  } catch {
    return undefined;
  }
}

// electron-updater picks the platform's updater (AppImage, deb, rpm, NSIS, macOS) on first use.
const defaultUpdater = (): AppUpdater => autoUpdater;
