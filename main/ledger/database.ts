// Opens the ledger: one SQLite file in the data folder, WAL, a busy timeout, foreign keys, and
// the schema migrated to the latest version. Problems come back as one clear AppFailure; a
// file that is not a Paydesk ledger, or one from a newer Paydesk, is left untouched.
import Database from 'better-sqlite3';
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppFailure } from '../../contract/result';
import { latestVersion, migrations } from './migrations';

export type LedgerDb = Database.Database;
export const ledgerFileName = 'paydesk.sqlite';

export function openLedgerDb(dataDir: string): LedgerDb {
  const file = join(dataDir, ledgerFileName);
  try {
    accessSync(existsSync(file) ? file : dirname(file), constants.R_OK | constants.W_OK);
  } catch {
    throw new AppFailure('storage', `Paydesk cannot write to its data folder (${dataDir}). Check the folder's permissions, or free disk space, and start Paydesk again. Nothing was changed.`);
  }
  let db: LedgerDb;
  try {
    db = new Database(file);
    db.pragma('busy_timeout = 5000');
    // Reading the schema version touches the file header: a corrupt file fails here.
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > latestVersion) {
      db.close();
      throw new AppFailure('storage', `The ledger (${file}) was written by a newer Paydesk (schema ${version}). Update Paydesk to open it; nothing was changed.`);
    }
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
    if (version === 0 && tables > 0) {
      db.close();
      throw new AppFailure('storage', `${file} is a database, but not a Paydesk ledger. Move it away and start Paydesk again; nothing was changed.`);
    }
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    migrate(db, version);
    return db;
  } catch (e) {
    if (e instanceof AppFailure) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new AppFailure('storage', `The ledger file ${file} is damaged or is not a database. Nothing was changed; restore it from a backup or move it away to start a new ledger.`);
    }
    if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') {
      throw new AppFailure('storage', `Paydesk cannot open its ledger for writing (${file}). Check the folder's permissions and start Paydesk again. Nothing was changed.`);
    }
    throw new AppFailure('storage', `Paydesk could not open its ledger (${file}): ${code || 'unknown error'}. Nothing was changed.`);
  }
}

function migrate(db: LedgerDb, from: number): void {
  for (const migration of migrations) {
    if (migration.version <= from) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
