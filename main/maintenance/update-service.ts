// Updates: electron-updater (injected as `Updater`, so this file runs in plain Node) checks on
// start and daily, downloads a newer version in the background and verifies it (sha512 from
// the update metadata; code signatures on Windows and macOS). It installs only when the user
// says so, and never while money is moving: a request made then waits until the ledger has no
// operation in flight. Off by the setting, or by the environment (PAYDESK_UPDATES=off). A failed
// check or download keeps its reason for the screen and electron-updater's words for support.
import { fail } from '../core/fail';
import type { UpdateStatus } from '../../contract/methods/maintenance';
import type { Reason } from '../../contract/reasons';
import { updateFailureReason, type UpdateServer } from './update-failure';
import type { Logger } from '../log/logger';
import { readMaintenanceSettings, writeMaintenanceSettings } from './settings-file';

/** The part of electron-updater's AppUpdater that Paydesk uses. */
export type Updater = {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<{ isUpdateAvailable?: boolean; updateInfo: { version: string }; downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  /** The update feed's server, named when a connection to it fails (main/electron/updater.ts). */
  feedServer?(): UpdateServer | undefined;
};

export type UpdateServiceOptions = {
  updater?: Updater;
  currentVersion: string;
  dataDir: string;
  logger: Logger;
  moneyInFlight(): boolean;
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  /** How often a deferred install looks again whether money is still moving. */
  deferPollMs?: number;
};

const day = 24 * 60 * 60 * 1000;

export function createUpdateService(options: UpdateServiceOptions) {
  const { updater, logger, dataDir } = options;
  const now = options.now ?? (() => new Date());
  const offByPolicy = /^(off|0|false|no)$/i.test((options.env ?? process.env).PAYDESK_UPDATES ?? '');
  let state: UpdateStatus['state'] = 'idle';
  let version: string | null = null;
  let detail: string | null = null;
  let why: Reason | null = null;
  let deferred = false;
  let lastCheckAt: string | null = null;
  let checking: Promise<void> | undefined;
  const timers: NodeJS.Timeout[] = [];
  let deferTimer: NodeJS.Timeout | undefined;

  if (updater) {
    updater.autoDownload = true; // in the background, right after a check finds a newer version
    updater.autoInstallOnAppQuit = false; // only when the user agrees
  }
  const enabled = () => readMaintenanceSettings(dataDir).updatesEnabled;
  const active = () => updater !== undefined && !offByPolicy && enabled();

  function status(): UpdateStatus {
    const shown = !updater ? 'unsupported' : offByPolicy || !enabled() ? (state === 'ready' ? 'ready' : 'off') : state;
    return { enabled: enabled() && !offByPolicy, offByPolicy, state: shown, currentVersion: options.currentVersion, version, detail, reason: why, deferred, lastCheckAt };
  }

  async function runCheck(): Promise<void> {
    if (!updater) return;
    state = 'checking';
    detail = null;
    why = null;
    lastCheckAt = now().toISOString();
    try {
      const result = await updater.checkForUpdates();
      if (!result || result.isUpdateAvailable === false || !result.downloadPromise) {
        state = 'none';
        return;
      }
      version = result.updateInfo.version;
      state = 'downloading';
      logger.info('update found, downloading', { version });
      result.downloadPromise.then(
        () => {
          state = 'ready';
          logger.info('update downloaded and verified', { version });
        },
        (e: unknown) => failed(e, 'update download refused'),
      );
    } catch (e) {
      failed(e, 'update check failed');
    }
  }

  function failed(e: unknown, what: string): void {
    state = 'error';
    detail = messageOf(e);
    why = updateFailureReason(e, { server: updater?.feedServer?.(), version });
    logger.warn(what, { version, error: detail, reason: why?.key ?? null });
  }

  function installWhenQuiet(): void {
    if (options.moneyInFlight()) {
      deferTimer = setTimeout(installWhenQuiet, options.deferPollMs ?? 2_000);
      deferTimer.unref();
      return;
    }
    deferred = false;
    logger.info('installing update', { version });
    updater!.quitAndInstall(false, true);
  }

  const service = {
    status,
    /** Checks now (Settings), or from the schedule; a check already under way is shared. */
    async check(): Promise<UpdateStatus> {
      if (!active()) return status();
      if (state === 'downloading' || state === 'ready') return status();
      checking ??= runCheck().finally(() => (checking = undefined));
      await checking;
      return status();
    },
    install(): UpdateStatus {
      if (!updater || state !== 'ready') throw fail('invalid_input', 'maintenance.noUpdate');
      if (options.moneyInFlight()) {
        deferred = true;
        logger.info('update install deferred: a money operation is in flight', { version });
        if (!deferTimer) installWhenQuiet();
        return status();
      }
      installWhenQuiet();
      return status();
    },
    setEnabled(on: boolean): UpdateStatus {
      writeMaintenanceSettings(dataDir, { ...readMaintenanceSettings(dataDir), updatesEnabled: on });
      if (on && state === 'idle') void service.check();
      return status();
    },
    /** On start (after a short pause, so the window opens first) and then every day. */
    startSchedule(firstAfterMs = 15_000, everyMs = day) {
      const tick = () => void service.check();
      timers.push(setTimeout(tick, firstAfterMs), setInterval(tick, everyMs));
      timers.forEach((t) => t.unref());
    },
    close() {
      timers.forEach((t) => clearTimeout(t));
      if (deferTimer) clearTimeout(deferTimer);
    },
  };
  return service;
}
export type UpdateService = ReturnType<typeof createUpdateService>;

function messageOf(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0]!.slice(0, 300);
}
