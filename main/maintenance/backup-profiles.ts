// The gateway profiles beside each backup (`paydesk-backup-<time>.<laptop>.profiles.json`): their names,
// addresses, currencies and seller details, never a key (keys stay in the OS keychain; not even
// their last four). Without them a ledger restored on a new laptop named its payments' profiles
// "a removed profile", and a refund had no gateway to go to (docs/maintenance.md, "Restore").
// A restore adds the profiles this computer does not have yet, by id; it changes none it has.
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Logger } from '../log/logger';
import { profilesFileName, readProfilesFile, writeProfilesFile } from '../profiles/profile-file';

/** The profiles file of a backup, named after it (not a backup's name: never listed or offered). */
export const profilesOfBackup = (backupName: string) => backupName.replace(/\.sqlite$/, '.profiles.json');

/** Writes the data folder's profiles beside the backup `name`, keys' last four left out; a profiles file that cannot be read writes none. */
export function writeBackupProfiles(dataDir: string, folder: string, name: string): boolean {
  const current = readProfilesFile(dataDir);
  if (!current.ok) return false;
  writeProfilesFile(folder, { ...current.file, profiles: current.file.profiles.map((p) => ({ ...p, keyLastFour: null })) }, profilesOfBackup(name));
  return true;
}

/** Copies a backup's profiles, if it has readable ones, into the restore's staging folder. */
export function stageBackupProfiles(backupFile: string, staging: string, logger?: Logger): void {
  const source = join(dirname(backupFile), profilesOfBackup(basename(backupFile)));
  if (!existsSync(source)) return; // a backup made before profiles were kept beside it
  copyFileSync(source, join(staging, profilesFileName));
  if (!readProfilesFile(staging).ok) {
    logger?.warn('backup profiles not readable; the ledger is restored without them');
    rmSync(join(staging, profilesFileName), { force: true });
  }
}

/** Adds the staged profiles this data folder lacks (by id); a fresh folder also takes the practice profile's settings. Can be repeated. */
export function addStagedProfiles(dataDir: string, staging: string, logger: Logger): number {
  const staged = readProfilesFile(staging);
  if (!staged.ok || !staged.existed) return 0;
  const current = readProfilesFile(dataDir);
  if (!current.ok) {
    logger.warn('profiles file not readable; the restored profiles were not added');
    return 0;
  }
  const have = new Set(current.file.profiles.map((p) => p.id));
  const added = staged.file.profiles.filter((p) => !have.has(p.id));
  if (added.length === 0 && current.existed) return 0;
  writeProfilesFile(dataDir, {
    ...current.file,
    practice: current.existed ? current.file.practice : staged.file.practice,
    profiles: [...current.file.profiles, ...added],
  });
  return added.length;
}
