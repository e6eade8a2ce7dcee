// Restore in two halves. `prepareRestore` copies a backup into a fresh data folder
// (`restore-staging/`) with SQLite's backup API, opens it the way Paydesk opens a ledger
// (header checks, migrations to this version) and checks it (integrity, audit chain); only then
// does it write `restore-pending.json`. `applyPendingRestore` runs at the next start, before the
// ledger is opened: the current ledger moves to `before-restore/` (kept, never deleted) and the
// checked copy takes its place, by renames in the data folder. Every step can be repeated, so a
// start killed half way finishes the job the next time; the live ledger is never written to.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../../contract/result';
import { fail as failWith } from '../core/fail';
import { ledgerFileName, openLedgerDb } from '../ledger/database';
import { migrateLedger } from '../ledger/migrate';
import type { Logger } from '../log/logger';
import { checkLedger, checkLedgerFile } from './ledger-check';
import { writeFileAtomic } from './settings-file';

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

export async function prepareRestore(backupFile: string, name: string, dataDir: string, now = new Date()): Promise<PendingRestore> {
  cancelRestore(dataDir);
  const staging = join(dataDir, stagingName);
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const fail = (problem: string) => {
    rmSync(staging, { recursive: true, force: true });
    return failWith('storage', 'maintenance.restoreRefused', { name, problem });
  };
  let source: Database.Database;
  try {
    source = new Database(backupFile, { readonly: true, fileMustExist: true });
  } catch {
    throw fail('it cannot be opened');
  }
  try {
    await source.backup(join(staging, ledgerFileName));
  } catch (e) {
    throw fail(`it cannot be read (${(e as { code?: string }).code ?? 'unknown error'})`);
  } finally {
    source.close();
  }
  const before = checkLedgerFile(join(staging, ledgerFileName));
  if (!before.ok) throw fail(before.problem);
  let staged;
  try {
    // An older backup is migrated to this version's schema, in slices: main keeps answering.
    await migrateLedger({ open: () => openLedgerDb(staging, { migrate: false }) });
    staged = openLedgerDb(staging);
  } catch (e) {
    throw fail(e instanceof AppFailure ? e.message : 'it cannot be opened as a ledger');
  }
  const check = checkLedger(staged);
  staged.close(); // the last connection: SQLite folds the WAL back into the file
  if (!check.ok) throw fail(check.problem);
  const pending = { name, payments: check.payments, auditRows: check.auditRows, checkedAt: now.toISOString() };
  writeFileAtomic(join(dataDir, markerName), JSON.stringify(pending) + '\n');
  return pending;
}

/** At start, before the ledger opens. Returns what was restored, if anything. */
export function applyPendingRestore(dataDir: string, logger: Logger, now = new Date()): PendingRestore | null {
  const pending = pendingRestore(dataDir);
  const staged = join(dataDir, stagingName, ledgerFileName);
  if (!pending) {
    rmSync(join(dataDir, stagingName), { recursive: true, force: true }); // a prepare killed half way
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
  cancelRestore(dataDir);
  logger.info('restore put in place', { name: pending.name, payments: pending.payments });
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
