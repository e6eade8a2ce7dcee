// Restore in two halves. `prepareRestore` copies a backup into a fresh data folder
// (`restore-staging/`) with SQLite's backup API, opens it the way Paydesk opens a ledger
// (header checks, migrations to this version) and checks it (integrity, audit chain); only then
// does it write `restore-pending.json`. `applyPendingRestore` runs at the next start, before the
// ledger is opened: the current ledger moves to `before-restore/` (kept, never deleted) and the
// checked copy takes its place, by renames in the data folder. Every step can be repeated, so a
// start killed half way finishes the job the next time; the live ledger is never written to.
import Database from 'better-sqlite3';
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fail as failWith } from '../core/fail';
import { ledgerFileName } from '../ledger/database';
import type { Logger } from '../log/logger';
import { checkLedgerFile, type LedgerProblem } from './ledger-check';
import { checkOffMain } from './ledger-check-off-main';
import { writeFileAtomic } from './settings-file';
import { addStagedProfiles, stageBackupProfiles } from './backup-profiles';

const markerName = 'restore-pending.json';
const stagingName = 'restore-staging';
export type PendingRestore = { name: string; payments: number; auditRows: number; checkedAt: string };

export function pendingRestore(dataDir: string): PendingRestore | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, markerName), 'utf8')) as PendingRestore;
  } catch {
    return null;
  }
}

export function cancelRestore(dataDir: string): boolean {
  const had = pendingRestore(dataDir) !== null;
  rmSync(join(dataDir, markerName), { force: true });
  rmSync(join(dataDir, stagingName), { recursive: true, force: true });
  return had;
}

export async function prepareRestore(backupFile: string, name: string, dataDir: string, now = new Date(), checkWorker?: string): Promise<PendingRestore> {
  const staging = join(dataDir, stagingName);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const fail = (problem: LedgerProblem) => {
    rmSync(staging, { recursive: true, force: true });
    return failWith('storage', 'maintenance.restoreRefused', { name, ...problem });
  };
  let source: Database.Database;
  try {
    source = new Database(backupFile, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw fail({ problem: 'cannotOpen', code: (e as { code?: string }).code ?? 'unknown error' });
  }
  try {
    await source.backup(join(staging, ledgerFileName));
  } catch (e) {
    throw fail({ problem: 'cannotRead', code: (e as { code?: string }).code ?? 'unknown error' });
  } finally {
    source.close();
  }
  // Checked, migrated to this version's schema and checked again, off main's event loop.
  const { result: check } = await checkOffMain({ kind: 'staged', stagingDir: staging, file: join(staging, ledgerFileName) }, checkWorker);
  if (!check.ok) throw fail(check.problem);
  stageBackupProfiles(backupFile, staging);
  const pending = { name, payments: check.payments, auditRows: check.auditRows, checkedAt: now.toISOString() };
  writeFileAtomic(join(dataDir, markerName), JSON.stringify(pending) + '\n');
  return pending;
}

/** At start, before the ledger opens. Returns what was restored, if anything. */
export function applyPendingRestore(dataDir: string, logger: Logger, now = new Date()): PendingRestore | null {
  const pending = pendingRestore(dataDir);
  const staged = join(dataDir, stagingName, ledgerFileName);
  if (!pending) {
    // A prepare killed half way. Looked for first: a recursive rmSync of a missing folder still
    // runs Node's JS rimraf (~2 ms of a start's CPU, docs/performance.md, twelfth pass).
    const staging = join(dataDir, stagingName);
    if (lstatSync(staging, { throwIfNoEntry: false })) rmSync(staging, { recursive: true, force: true });
    return null;
  }
  const live = join(dataDir, ledgerFileName);
  if (existsSync(staged)) {
    if (existsSync(live)) {
      const check = checkLedgerFile(staged);
      if (!check.ok) {
        logger.warn('pending restore dropped: the checked copy no longer passes its check');
        cancelRestore(dataDir);
        return null;
      }
      moveLiveAside(dataDir, live, now);
    }
    for (const suffix of ['-wal', '-shm']) moveAside(dataDir, live + suffix, now); // never pair a stale WAL with the restored file
    renameSync(staged, live);
  }
  // Before the profile store reads its file (composition.ts): the payments' profiles, without keys.
  const profilesAdded = addStagedProfiles(dataDir, join(dataDir, stagingName), logger);
  cancelRestore(dataDir);
  logger.info('restore put in place', { name: pending.name, payments: pending.payments, profilesAdded });
  return pending;
}

function moveLiveAside(dataDir: string, live: string, now: Date): void {
  // Fold any WAL into the file first, so the kept copy is one complete file.
  try {
    const db = new Database(live);
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  } catch {
    // A damaged ledger (often why one restores) is kept as it is, WAL and all.
  }
  for (const suffix of ['-wal', '-shm', '']) moveAside(dataDir, live + suffix, now);
}

function moveAside(dataDir: string, file: string, now: Date): void {
  if (!existsSync(file)) return;
  const kept = join(dataDir, 'before-restore');
  mkdirSync(kept, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  renameSync(file, join(kept, `${stamp}-${file.slice(file.lastIndexOf(ledgerFileName))}`));
}
