// Backup file names and the folder's listing. A backup is written as `<name>.partial`, checked,
// then renamed: only complete, checked copies ever carry the final name, so a half-written
// one (the app killed, the drive pulled) is never listed or offered for restore.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupFile } from '../../contract/methods/maintenance';

const finalName = /^paydesk-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.sqlite$/;

export const backupNameAt = (at: Date) => `paydesk-backup-${at.toISOString().replace(/[:.]/g, '-')}.sqlite`;
export const partialName = (name: string) => `${name}.partial`;
export const isBackupName = (name: string) => finalName.test(name);

/** When a backup was taken, read from its name (ISO); undefined for a name that is not a backup's. */
export function takenAt(name: string): string | undefined {
  const m = finalName.exec(name);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : undefined;
}

/** Complete backups in the folder, newest first; an unreadable folder lists none. */
export function listBackups(folder: string | null): BackupFile[] {
  if (!folder) return [];
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    const at = takenAt(name);
    if (!at) continue;
    try {
      files.push({ name, at, sizeBytes: statSync(join(folder, name)).size });
    } catch {
      // Removed while listing.
    }
  }
  return files.sort((a, b) => (a.name < b.name ? 1 : -1));
}

/** Keeps the newest `keep` backups and removes leftovers of interrupted ones. */
export function pruneBackups(folder: string, keep: number): string[] {
  const removed: string[] = [];
  for (const old of listBackups(folder).slice(keep)) {
    rmSync(join(folder, old.name), { force: true });
    rmSync(join(folder, old.name.replace(/\.sqlite$/, '.profiles.json')), { force: true }); // its profiles (backup-profiles.ts)
    removed.push(old.name);
  }
  for (const name of readdirSync(folder)) {
    if (name.startsWith('paydesk-backup-') && name.endsWith('.partial')) rmSync(join(folder, name), { force: true });
  }
  return removed;
}
