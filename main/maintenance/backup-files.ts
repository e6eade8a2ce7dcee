// Backup file names and the folder's listing. A backup is written as `<name>.partial`, checked,
// then renamed: only complete, checked copies ever carry the final name, so a half-written
// one (the app killed, the drive pulled) is never listed or offered for restore.
//
// One folder is often shared by two laptops (synced, or on a NAS): each backup's name carries the
// laptop that made it (`paydesk-backup-<UTC time>.<laptop>.sqlite`), so each laptop prunes only its
// own. A name without one was made before 2026-11-30: it is this laptop's only if this laptop's
// maintenance.json says it wrote it (its last good backup); any other is never deleted.
import { copyFileSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupFile } from '../../contract/methods/maintenance';

const finalName = /^paydesk-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:\.([A-Za-z0-9-]{1,64}))?\.sqlite$/;
/** A leftover no laptop can be told to own (no laptop in its name) is removed only when this old: no backup takes a day. */
const unownedLeftoverAge = 24 * 60 * 60 * 1000;

/** The laptop's id as a file name may carry it: letters, digits and hyphens. */
export const laptopInName = (laptop: string) => laptop.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64) || 'laptop';

export const backupNameAt = (at: Date, laptop: string) => `paydesk-backup-${at.toISOString().replace(/[:.]/g, '-')}.${laptopInName(laptop)}.sqlite`;
export const partialName = (name: string) => `${name}.partial`;
export const isBackupName = (name: string) => finalName.test(name);

/** When a backup was taken, read from its name (ISO); undefined for a name that is not a backup's. */
export function takenAt(name: string): string | undefined {
  const m = finalName.exec(name);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : undefined;
}

/** The laptop a backup's name says made it; null for one made before names carried it. */
export function laptopOf(name: string): string | null {
  return finalName.exec(name)?.[6] ?? null;
}

/** Who made the backups: this laptop (its id), and the one name without a laptop it knows it wrote. */
export type BackupOwner = { laptop: string; lastWritten?: string | null };

function ownerOf(name: string, owner: BackupOwner | undefined): BackupFile['laptop'] {
  if (!owner) return 'unknown';
  const laptop = laptopOf(name);
  if (laptop === null) return name === owner.lastWritten ? 'this' : 'unknown';
  return laptop === laptopInName(owner.laptop) ? 'this' : 'other';
}

/** Complete backups in the folder, newest first; an unreadable folder lists none. */
export function listBackups(folder: string | null, owner?: BackupOwner): BackupFile[] {
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
      files.push({ name, at, sizeBytes: statSync(join(folder, name)).size, laptop: ownerOf(name, owner), laptopName: laptopOf(name) });
    } catch {
      // Removed while listing.
    }
  }
  return files.sort((a, b) => (a.at === b.at ? (a.name < b.name ? 1 : -1) : a.at < b.at ? 1 : -1));
}

/**
 * Keeps this laptop's newest `keep` backups (another laptop's, and any it cannot tell is its own,
 * are never touched), and removes its own leftovers of interrupted backups: a `.partial`, or a
 * `.profiles.json` with no backup beside it (the app killed between the two). Runs only after this
 * laptop's backup is complete (one at a time), so none of its own is being written.
 */
export function pruneBackups(folder: string, keep: number, owner: BackupOwner, now = Date.now()): string[] {
  const removed: string[] = [];
  const all = listBackups(folder, owner);
  for (const old of all.filter((f) => f.laptop === 'this').slice(keep)) {
    rmSync(join(folder, old.name), { force: true });
    rmSync(join(folder, old.name.replace(/\.sqlite$/, '.profiles.json')), { force: true }); // its profiles (backup-profiles.ts)
    removed.push(old.name);
  }
  const me = laptopInName(owner.laptop);
  const listed = new Set(all.map((f) => f.name));
  for (const name of readdirSync(folder)) {
    const backup = leftoverOf(name);
    if (!backup || (name.endsWith('.profiles.json') && listed.has(backup))) continue;
    const laptop = laptopOf(backup);
    if (laptop === me || (laptop === null && olderThan(join(folder, name), unownedLeftoverAge, now))) rmSync(join(folder, name), { force: true });
  }
  return removed;
}

/**
 * A backup this laptop wrote before names carried the laptop (its maintenance.json's last one) is
 * renamed to carry it, so "keep" can prune it later. Profiles copied first, then the backup renamed:
 * killed between, the folder holds a leftover, never a backup without its profiles.
 */
export function adoptOwnBackup(folder: string, name: string | undefined, laptop: string): void {
  if (!name || !isBackupName(name) || laptopOf(name) !== null || !existsSync(join(folder, name))) return;
  const adopted = name.replace(/\.sqlite$/, `.${laptopInName(laptop)}.sqlite`);
  const profiles = (n: string) => join(folder, n.replace(/\.sqlite$/, '.profiles.json'));
  try {
    if (existsSync(profiles(name))) copyFileSync(profiles(name), profiles(adopted));
    renameSync(join(folder, name), join(folder, adopted));
    rmSync(profiles(name), { force: true });
  } catch {
    // Open elsewhere (Windows), or the folder went away: it stays as it was, restorable.
  }
}

/** The backup a leftover (`.partial`, `.profiles.json`) belongs to; undefined for any other file. */
function leftoverOf(name: string): string | undefined {
  const backup = name.endsWith('.sqlite.partial') ? name.slice(0, -'.partial'.length) : name.endsWith('.profiles.json') ? name.replace(/\.profiles\.json$/, '.sqlite') : undefined;
  return backup && isBackupName(backup) ? backup : undefined;
}

function olderThan(path: string, ms: number, now: number): boolean {
  try {
    return now - statSync(path).mtimeMs > ms;
  } catch {
    return false;
  }
}
