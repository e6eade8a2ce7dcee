// Backups of the ledger: SQLite's online backup API (never a file copy of a live database) into
// the folder the user chose, on a schedule and on demand, each copy checked before it gets its
// final name; the last N are kept. The ledger holds no key (keys live in the OS keychain), so
// neither does a backup. Restore is prepared here and put in place at the next start
// (restore.ts). See docs/maintenance.md.
import Database from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync, accessSync, constants } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { AppFailure } from '../../contract/result';
import { englishText, fail, failField, reason } from '../core/fail';
import { isDiskFull } from '../core/disk-full';
import type { BackupSchedule } from '../../contract/methods/maintenance';
import type { LedgerDb } from '../ledger/database';
import type { Logger } from '../log/logger';
import { adoptOwnBackup, backupNameAt, isBackupName, listBackups, partialName, pruneBackups, type BackupOwner } from './backup-files';
import { laptopId } from '../team/team-backend';
import { checkOffMain } from './ledger-check-off-main';
import { profilesOfBackup, writeBackupProfiles } from './backup-profiles';
import { readMaintenanceSettings, writeMaintenanceSettings, type MaintenanceSettings } from './settings-file';

const day = 24 * 60 * 60 * 1000;
export const scheduleInterval: Record<BackupSchedule, number | null> = { off: null, daily: day, weekly: 7 * day };

export type BackupServiceOptions = {
  db: LedgerDb;
  dataDir: string;
  logger: Logger;
  now?: () => Date;
  /** Pages copied per step of the online backup (tests make it small to stretch a backup out). */
  pagesPerStep?: number;
  /** dist/main/ledger-check-worker.cjs: checks the copy off main's event loop. */
  checkWorker?: string;
};

export type BackupResult = { name: string; at: string; payments: number };

export function createBackupService(options: BackupServiceOptions) {
  const { db, dataDir, logger } = options;
  const now = options.now ?? (() => new Date());
  let running: Promise<BackupResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;

  const settings = () => readMaintenanceSettings(dataDir);
  /** This laptop (the id the team ledger also knows it by), and the last backup it wrote, for a name made before names carried it. */
  const owner = (): BackupOwner => ({ laptop: laptopId(dataDir), lastWritten: settings().lastBackup?.name ?? null });
  /** From payment_counts (kept by triggers): instant at any size. */
  const paymentsInLedger = () => (db.prepare('SELECT ifnull(sum(n), 0) AS n FROM payment_counts').get() as { n: number }).n;
  const update = (change: Partial<MaintenanceSettings>) => writeMaintenanceSettings(dataDir, { ...settings(), ...change });
  /** The last failure as its reason (the screen words it in the window's language) and its English words (tools, diagnostics). */
  const recordFailure = (failure: AppFailure) => {
    try {
      update({ lastBackupError: { at: now().toISOString(), message: failure.message, reason: failure.extra.reason } });
    } catch {
      // The data folder full too: the failure is still said to the person, only not kept for the screen.
    }
  };

  function usableFolder(folder: string | null): string {
    if (!folder) throw failField('invalid_input', 'folder', 'maintenance.chooseFolder');
    // A name alone ("backups") is a folder inside wherever Paydesk was started from: another one at
    // another start, or the app's own folder. It was taken, and the first copy written there.
    if (!isAbsolute(folder)) throw failField('invalid_input', 'folder', 'maintenance.folderNotFull', { folder });
    try {
      if (!statSync(folder).isDirectory()) throw new Error('not a folder');
      accessSync(folder, constants.W_OK);
    } catch {
      const why = reason('maintenance.folderUnavailable', { folder });
      throw new AppFailure('storage', englishText(why), { reason: why, fields: { folder: englishText(reason('maintenance.folderField')) }, fieldReasons: { folder: reason('maintenance.folderField') } });
    }
    return folder;
  }

  async function backup(): Promise<BackupResult> {
    const current = settings();
    let folder: string;
    try {
      folder = usableFolder(current.backupFolder);
    } catch (e) {
      // A drive that is not connected is the likeliest failure: the screen shows it as the last error.
      if (current.backupFolder) recordFailure(e as AppFailure);
      throw e;
    }
    const at = now();
    const name = backupNameAt(at, laptopId(dataDir));
    const partial = join(folder, partialName(name));
    try {
      // Pages written to the ledger during the backup are carried into the copy by SQLite.
      await db.backup(partial, { progress: () => options.pagesPerStep ?? 1000 });
      const copy = new Database(partial);
      copy.pragma('journal_mode = DELETE'); // one self-contained file
      copy.close();
      const { result: check } = await checkOffMain({ kind: 'file', file: partial }, options.checkWorker);
      if (!check.ok) throw fail('storage', 'maintenance.backupCheckFailed', check.problem);
      syncFile(partial);
      // The profiles beside it first: a listed backup always has them (a restore on a new laptop).
      writeBackupProfiles(dataDir, folder, name);
      renameSync(partial, join(folder, name));
      syncFile(folder);
      const result = { name, at: at.toISOString(), payments: check.payments };
      update({ lastBackup: result, lastBackupError: null });
      adoptOwnBackup(folder, current.lastBackup?.name, laptopId(dataDir));
      const removed = pruneBackups(folder, current.keep, owner()); // leftovers aged by the wall clock, as file times are
      logger.info('backup written', { name, payments: check.payments, removedOld: removed.length });
      return result;
    } catch (e) {
      rmSync(partial, { force: true });
      if (!existsSync(join(folder, name))) rmSync(join(folder, profilesOfBackup(name)), { force: true });
      const failure = e instanceof AppFailure ? e
        : isDiskFull(e) ? fail('storage', 'maintenance.backupDiskFull', { folder })
        : fail('storage', 'maintenance.backupWriteFailed', { folder, code: (e as { code?: string }).code ?? 'unknown error' });
      recordFailure(failure);
      logger.warn('backup failed', { error: (e as { code?: string }).code ?? (e instanceof Error ? e.name : 'unknown') });
      throw failure;
    }
  }

  return {
    /** One backup at a time: a second request while one runs gets the same result. */
    backupNow(): Promise<BackupResult> {
      running ??= backup().finally(() => (running = undefined));
      return running;
    },
    get running() {
      return running !== undefined;
    },
    settings,
    files: () => listBackups(settings().backupFolder, owner()),
    setSettings(input: { folder: string | null; schedule: BackupSchedule; keep: number }) {
      if (input.folder !== null) usableFolder(input.folder);
      update({ backupFolder: input.folder, schedule: input.schedule, keep: input.keep });
    },
    /** Runs a scheduled backup when one is due; failures are recorded, not thrown. */
    async runDue(): Promise<BackupResult | undefined> {
      const { schedule, backupFolder, lastBackup } = settings();
      const interval = scheduleInterval[schedule];
      if (!interval || !backupFolder) return undefined;
      // A last backup "in the future" was stamped by a clock that was ahead and has since been set
      // right (or a laptop that boots a year behind): it is due now, not when the clock catches up
      // with that stamp (a day, or a year, with no backup). The new stamp ends it: no loop.
      const since = lastBackup ? now().getTime() - Date.parse(lastBackup.at) : Infinity;
      if (since >= 0 && since < interval) return undefined;
      // A ledger with no payments has nothing to keep, and a new laptop pointed at the old one's
      // folder (to restore from it) wrote its empty copy there, listed above the one to restore,
      // and each day another, until "keep" pruned the real ones. On demand, it is the person's call.
      if (paymentsInLedger() === 0) return undefined;
      return this.backupNow().catch(() => undefined);
    },
    startSchedule(everyMs = 10 * 60 * 1000) {
      const tick = () => void this.runDue();
      timer = setInterval(tick, everyMs);
      timer.unref();
      first = setTimeout(tick, 30_000);
      first.unref();
    },
    /** The path of a listed backup; anything else (another folder, a partial file) is refused. */
    backupPath(name: string): string {
      const folder = settings().backupFolder;
      if (!folder || !isBackupName(name) || !listBackups(folder).some((f) => f.name === name)) {
        throw fail('not_found', 'maintenance.backupGone');
      }
      return join(folder, name);
    },
    async close() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      await running?.catch(() => undefined);
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;

function syncFile(path: string): void {
  try {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some file systems (and Windows folders) cannot be fsynced; the rename still orders the write.
  }
}
