// Opens the ledger: one SQLite file in the data folder, WAL, a busy timeout, foreign keys, and
// the schema migrated to the latest version. Problems come back as one clear AppFailure with a
// storage.* reason (the start-up dialog shows its English words: main does not know the
// renderer's language before a window has opened); a file that is not a Paydesk ledger, or one
// from a newer Paydesk, is left untouched.
import Database from 'better-sqlite3';
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppFailure } from '../../contract/result';
import { fail } from '../core/fail';
import { isDiskFull } from '../core/disk-full';
import { latestVersion } from './migrations';
import { migrateNow } from './migrate';

export type LedgerDb = Database.Database;
export const ledgerFileName = 'paydesk.sqlite';

/** `migrate: false` leaves the schema as it is (migrate.ts's migrateLedger migrates with progress first). */
export function openLedgerDb(dataDir: string, options: { migrate?: boolean } = {}): LedgerDb {
  const file = join(dataDir, ledgerFileName);
  try {
    accessSync(existsSync(file) ? file : dirname(file), constants.R_OK | constants.W_OK);
  } catch {
    throw fail('storage', 'storage.folderNotWritable', { folder: dataDir });
  }
  let db: LedgerDb;
  try {
    db = new Database(file);
    db.pragma('busy_timeout = 5000');
    // Reading the schema version touches the file header: a corrupt file fails here.
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > latestVersion) {
      db.close();
      throw fail('storage', 'storage.newerLedger', { file, version, known: latestVersion });
    }
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
    if (version === 0 && tables > 0) {
      db.close();
      throw fail('storage', 'storage.notLedger', { file });
    }
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    if (options.migrate !== false) migrateNow(db);
    return db;
  } catch (e) {
    if (e instanceof AppFailure) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw fail('storage', 'storage.damaged', { file });
    }
    if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') {
      throw fail('storage', 'storage.readOnly', { file });
    }
    if (isDiskFull(e)) throw fail('storage', 'storage.diskFull', { file });
    throw fail('storage', 'storage.openFailed', { file, code: code || 'unknown error' });
  }
}
