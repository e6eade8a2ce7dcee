// Builds the maintenance services (backups, restore, updates, diagnostics) for the composition
// root, with the money-in-flight check they share, and the view the Settings screen shows.
import { fail } from '../core/fail';
import { knownReason } from '../core/known-reason';
import type { MaintenanceView } from '../../contract/methods/maintenance';
import type { ProfileView } from '../../contract/methods/profiles';
import type { LedgerDb } from '../ledger/database';
import type { Logger } from '../log/logger';
import { createBackupService } from './backup-service';
import { saveDiagnostics } from './diagnostics';
import { createMoneyInFlight } from './money-in-flight';
import { cancelRestore, pendingRestore, prepareRestore } from './restore';
import { takenAt } from './backup-files';
import { countCommon } from '../ledger/count-tables';
import { createUpdateService, type Updater } from './update-service';

export type MaintenanceOptions = {
  db: LedgerDb;
  dataDir: string;
  logger: Logger;
  logFile: string;
  app: { name: string; version: string; runtime: string };
  profiles(): { profiles: ProfileView[]; activeId: string };
  updater?: Updater;
  /** Restarts the app (Electron); absent in the preview, where the user restarts it. */
  relaunch?: () => void;
  moneyInFlight?: () => boolean;
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  pagesPerStep?: number;
  /** dist/main/ledger-check-worker.cjs: backups and restores are checked, and diagnostics' counts made, off main's event loop. */
  checkWorker?: string;
};

export function createMaintenance(options: MaintenanceOptions) {
  const { dataDir } = options;
  const moneyInFlight = options.moneyInFlight ?? createMoneyInFlight(options.db);
  const backups = createBackupService({ db: options.db, dataDir, logger: options.logger, now: options.now, pagesPerStep: options.pagesPerStep, checkWorker: options.checkWorker });
  const updates = createUpdateService({ updater: options.updater, currentVersion: options.app.version, dataDir, logger: options.logger, moneyInFlight, env: options.env, now: options.now });

  const view = (): MaintenanceView => {
    const s = backups.settings();
    const pending = pendingRestore(dataDir);
    return {
      backup: { folder: s.backupFolder, schedule: s.schedule, keep: s.keep, running: backups.running, lastGood: s.lastBackup, lastError: s.lastBackupError && { at: s.lastBackupError.at, message: s.lastBackupError.message, reason: knownReason(s.lastBackupError.reason) ?? null }, files: backups.files() },
      // The backup's time and the ledger's payments now: the screen says what the restore leaves out.
      pendingRestore: pending && { name: pending.name, at: takenAt(pending.name) ?? pending.checkedAt, payments: pending.payments, auditRows: pending.auditRows, ledgerPayments: countCommon(options.db, {}) },
      canRestart: options.relaunch !== undefined,
      updates: updates.status(),
    };
  };

  return {
    backups, updates, moneyInFlight, view,
    async restore(name: string) {
      const pending = await prepareRestore(backups.backupPath(name), name, dataDir, (options.now ?? (() => new Date()))(), options.checkWorker);
      options.logger.info('restore checked, waiting for restart', { name, payments: pending.payments });
      return pending;
    },
    cancelRestore: () => cancelRestore(dataDir),
    restart(): boolean {
      if (!options.relaunch) return false;
      if (moneyInFlight()) throw fail('busy', 'maintenance.moneyInFlight');
      options.relaunch();
      return true;
    },
    saveDiagnostics: () => saveDiagnostics({ db: options.db, dataDir, app: options.app, profiles: options.profiles, updates: updates.status, logFile: options.logFile, now: options.now }, options.checkWorker),
    start() {
      backups.startSchedule();
      updates.startSchedule();
    },
    async close() {
      updates.close();
      await backups.close();
    },
  };
}
export type Maintenance = ReturnType<typeof createMaintenance>;
