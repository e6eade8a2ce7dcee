// Runs the ledger's migrations (migrations.ts) as committed steps with progress: all at once
// (openLedgerDb: tests, scripts, a new ledger), or, for the app at start, in a worker thread
// with its own connection when its bundle is there, else in slices on main's event loop, so a
// large ledger's migration never blocks main for long and the window can show how far it got.
// A migration stopped midway (the app closed or killed) resumes at the next start.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { LedgerDb } from './database';
import { latestVersion, migrations, type Migration } from './migrations';

export type MigrationProgress = { version: number; percent: number };
export type MigrateOptions = { to?: number; sliceRows?: number };

export const schemaVersion = (db: LedgerDb) => db.pragma('user_version', { simple: true }) as number;

/** Each yield follows a committed step. */
export function* migrationSteps(db: LedgerDb, options: MigrateOptions = {}): Generator<MigrationProgress> {
  const from = schemaVersion(db);
  const pending = migrations.filter((m) => m.version > from && m.version <= (options.to ?? latestVersion));
  // Each migration fills the bar as it fills the wait (migrations.ts, `weight`).
  const weightOf = (m: Migration) => ('weight' in m ? m.weight : 1);
  const total = pending.reduce((sum, m) => sum + weightOf(m), 0);
  let before = 0;
  for (const m of pending) {
    const start = before;
    const at = (fraction: number) => ({ version: m.version, percent: Math.min(100, Math.floor(((start + fraction * weightOf(m)) / total) * 100)) });
    before += weightOf(m);
    if ('sql' in m) {
      db.transaction(() => {
        db.exec(m.sql);
        db.pragma(`user_version = ${m.version}`);
      }).immediate();
      yield at(1);
    } else {
      for (const p of m.steps(db, options.sliceRows)) yield at(p.total > 0 ? p.done / p.total : 1);
    }
  }
}

export function migrateNow(db: LedgerDb, options: MigrateOptions = {}): void {
  for (const step of migrationSteps(db, options)) void step;
}

/**
 * Brings the ledger in `dataDir` to the latest version before the app opens it, with progress.
 * `open` opens it without migrating (and refuses a damaged or foreign file in words). With
 * `keepOpen`, a ledger that needed no migration (or was new) is answered with that connection, still
 * open; after a migration (which closes its own), undefined: the caller opens the file itself.
 */
export async function migrateLedger(deps: { open: () => LedgerDb; workerFile?: string; onProgress?: (p: MigrationProgress) => void; keepOpen?: boolean }): Promise<LedgerDb | undefined> {
  const db = deps.open();
  const version = schemaVersion(db);
  // A new ledger has nothing to copy: made at once, without progress to show.
  if (version === 0) migrateNow(db);
  if (version === 0 || version >= latestVersion) {
    // `keepOpen`: the connection is handed back (the app's start opens the file once, not twice).
    if (deps.keepOpen) return db;
    return void db.close();
  }
  const file = deps.workerFile && existsSync(deps.workerFile) ? deps.workerFile : undefined;
  if (file) {
    const dataFile = db.name;
    db.close();
    await inWorker(file, dataFile, deps.onProgress);
  } else {
    await inSlices(db, deps.onProgress);
  }
  return undefined;
}

function inSlices(db: LedgerDb, onProgress?: (p: MigrationProgress) => void): Promise<void> {
  // Small slices: each turn of the event loop copies a few thousand rows.
  const steps = migrationSteps(db, { sliceRows: 2_000 });
  return new Promise((resolve, reject) => {
    const step = () => {
      try {
        const next = steps.next();
        if (next.done) {
          db.close();
          return resolve();
        }
        onProgress?.(next.value);
        setImmediate(step);
      } catch (e) {
        db.close();
        reject(e);
      }
    };
    setImmediate(step);
  });
}

function inWorker(file: string, dataFile: string, onProgress?: (p: MigrationProgress) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { file: dataFile } });
    let failure: Error | undefined;
    worker.on('message', (m: MigrationProgress | { error: string }) => {
      if ('error' in m) failure = new Error(m.error);
      else onProgress?.(m);
    });
    worker.on('error', (e) => (failure = e));
    worker.on('exit', () => (failure ? reject(failure) : resolve()));
  });
}
