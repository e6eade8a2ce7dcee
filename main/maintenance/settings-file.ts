// maintenance.json in the data folder: backup folder, schedule and count, the update setting,
// and the last backup's outcome (a failure as main's reason, worded by the screen, beside its
// English words; a file an earlier Paydesk wrote has the words only). Written atomically (temp file + rename); a file that cannot be
// read falls back to the defaults (backups off, updates on) and is replaced on the next save.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { shared } from '../../contract/method-spec';
import { backupScheduleSchema } from '../../contract/methods/maintenance';
import { reasonSchema } from '../../contract/result';

export const maintenanceFileName = 'maintenance.json';

const settingsSchema = shared(() => z.object({
  backupFolder: z.string().nullable(),
  schedule: backupScheduleSchema(),
  keep: z.number().int().min(1).max(100),
  updatesEnabled: z.boolean(),
  lastBackup: z.object({ at: z.string(), name: z.string(), payments: z.number().int() }).nullable(),
  // A reason that does not read is dropped, never the whole file (which would lose the folder).
  lastBackupError: z.object({ at: z.string(), message: z.string(), reason: reasonSchema().optional().catch(undefined) }).nullable(),
}));
export type MaintenanceSettings = z.infer<ReturnType<typeof settingsSchema>>;

export const defaultMaintenanceSettings = (): MaintenanceSettings => ({
  backupFolder: null, schedule: 'daily', keep: 7, updatesEnabled: true, lastBackup: null, lastBackupError: null,
});

export function readMaintenanceSettings(dataDir: string): MaintenanceSettings {
  try {
    const parsed = settingsSchema().safeParse({ ...defaultMaintenanceSettings(), ...JSON.parse(readFileSync(join(dataDir, maintenanceFileName), 'utf8')) });
    return parsed.success ? parsed.data : defaultMaintenanceSettings();
  } catch {
    return defaultMaintenanceSettings();
  }
}

export function writeMaintenanceSettings(dataDir: string, settings: MaintenanceSettings): void {
  writeFileAtomic(join(dataDir, maintenanceFileName), JSON.stringify(settingsSchema().parse(settings), null, 2) + '\n');
}

/** Temp file, fsync, rename: a reader sees the old file or the new one, never half of one. */
export function writeFileAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true }); // a full disk left an empty temp file beside the settings
    throw e;
  }
}
