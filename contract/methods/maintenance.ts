// Looking after the app: ledger backups and restore, updates, and the diagnostics bundle
// (docs/maintenance.md). Paths are shown to the user as they are; nothing here carries a key.
import { z } from 'zod';
import { method, shared } from '../method-spec';
import { reasonSchema } from '../result';

export const backupScheduleSchema = shared(() => z.enum(['off', 'daily', 'weekly']));
export type BackupSchedule = z.infer<ReturnType<typeof backupScheduleSchema>>;

const backupFileSchema = shared(() => z.object({
  name: z.string(),
  at: z.string(),
  sizeBytes: z.number().int(),
  /**
   * Who made it: this laptop (it prunes it by "keep"), another one sharing the folder (never pruned
   * here; restoring it is what a new laptop does), or unknown (made before names carried the laptop).
   */
  laptop: z.enum(['this', 'other', 'unknown']),
  /** The laptop its name carries (host name and a short id), null for one made before. */
  laptopName: z.string().nullable(),
}));
export type BackupFile = z.infer<ReturnType<typeof backupFileSchema>>;

export const updateStateSchema = shared(() => z.enum(['off', 'unsupported', 'idle', 'checking', 'none', 'downloading', 'ready', 'error']));
export type UpdateState = z.infer<ReturnType<typeof updateStateSchema>>;

const updateStatusSchema = shared(() => z.object({
  enabled: z.boolean(),
  /** Turned off by the environment (PAYDESK_UPDATES=off): the setting cannot turn it on. */
  offByPolicy: z.boolean(),
  state: updateStateSchema(),
  currentVersion: z.string(),
  /** The offered version, when one is being downloaded or is ready. */
  version: z.string().nullable(),
  /** Why the last check or download failed, in electron-updater's words: for support and the log, never the screen's only words. */
  detail: z.string().nullable(),
  /** The same, as main's reason for the screen to word (no connection, the server's error, a download that failed its check); null when none fits. */
  reason: reasonSchema().nullable(),
  /** The user asked to install while money was moving: it installs when that is over. */
  deferred: z.boolean(),
  lastCheckAt: z.string().nullable(),
}));
export type UpdateStatus = z.infer<ReturnType<typeof updateStatusSchema>>;

const maintenanceSchema = shared(() => z.object({
  backup: z.object({
    folder: z.string().nullable(),
    schedule: backupScheduleSchema(),
    keep: z.number().int(),
    running: z.boolean(),
    lastGood: z.object({ at: z.string(), name: z.string(), payments: z.number().int() }).nullable(),
    /**
     * The last backup failed: why, as main's reason for the screen to word (null in a file an earlier
     * Paydesk wrote, or a key this Paydesk does not know), and in English (`message`, shown as it is then).
     */
    lastError: z.object({ at: z.string(), message: z.string(), reason: reasonSchema().nullable() }).nullable(),
    /** Complete, checked backups in the folder, newest first; half-written ones are never listed. */
    files: z.array(backupFileSchema()),
  }),
  /**
   * A restore checked and waiting for the restart that puts it in place: the backup's time (`at`),
   * its payments, and the ledger's payments now (`ledgerPayments`), so the person sees what goes.
   */
  pendingRestore: z.object({ name: z.string(), at: z.string(), payments: z.number().int(), auditRows: z.number().int(), ledgerPayments: z.number().int() }).nullable(),
  /** Whether this runtime can restart itself (Electron) or the user must restart it (preview). */
  canRestart: z.boolean(),
  updates: updateStatusSchema(),
}));
export type MaintenanceView = z.infer<ReturnType<typeof maintenanceSchema>>;

export const maintenanceMethods = {
  getMaintenance: method({
    summary: 'Backup settings and files, the last good backup, a pending restore and the update state.',
    input: () => z.object({}).strict(),
    output: () => maintenanceSchema(),
  }),
  setBackupSettings: method({
    summary: 'Sets the backup folder (an existing folder, such as a synced or external drive), schedule and how many to keep.',
    input: () => z.object({ folder: z.string().trim().min(1).max(1000).nullable(), schedule: backupScheduleSchema(), keep: z.number().int().min(1).max(100) }).strict(),
    output: () => maintenanceSchema(),
  }),
  backupNow: method({
    summary: 'Backs up the ledger now with SQLite’s online backup, checks the copy, then keeps the last N.',
    input: () => z.object({}).strict(),
    output: () => z.object({ name: z.string(), at: z.string(), payments: z.number().int() }),
  }),
  restoreBackup: method({
    summary: 'Checks a backup in a fresh data folder (integrity, audit chain); it replaces the ledger at the next start.',
    input: () => z.object({ name: z.string().min(1).max(200) }).strict(),
    output: () => z.object({ name: z.string(), payments: z.number().int(), auditRows: z.number().int() }),
  }),
  cancelRestore: method({
    summary: 'Drops a checked restore that has not been put in place yet.',
    input: () => z.object({}).strict(),
    output: () => z.object({ cancelled: z.boolean() }),
  }),
  restartApp: method({
    summary: 'Restarts Paydesk (Electron) to finish a restore; refused while money is moving.',
    input: () => z.object({}).strict(),
    output: () => z.object({ restarting: z.boolean() }),
  }),
  setUpdateSettings: method({
    summary: 'Turns automatic update checks on or off.',
    input: () => z.object({ enabled: z.boolean() }).strict(),
    output: () => updateStatusSchema(),
  }),
  checkForUpdates: method({
    summary: 'Checks for an update now; a newer version downloads in the background and is verified.',
    input: () => z.object({}).strict(),
    output: () => updateStatusSchema(),
  }),
  installUpdate: method({
    summary: 'Installs a downloaded update (restarts Paydesk); deferred while a money operation is in flight.',
    input: () => z.object({}).strict(),
    output: () => updateStatusSchema(),
  }),
  saveDiagnostics: method({
    summary: 'Writes a support bundle (versions, settings without secrets, last log lines, ledger statistics) and returns its path.',
    input: () => z.object({}).strict(),
    output: () => z.object({ file: z.string(), bytes: z.number().int() }),
  }),
};
