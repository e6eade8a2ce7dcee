// The seed on both cores (docs/performance.md, "The seed on two threads"): a second thread writes
// the payments into a scratch file of their own and then builds their trigram index there,
// while main writes the child tables and audit chain, then copies the payments in whole (SQLite's
// transfer of a table: its pages' records as they are, no row decoded), builds the indexes and
// the derived tables, and last copies the finished search index's own tables. Both threads run
// the same generator with the same seed (seed-ledger.ts), each writing only its share, so the
// ledger is the one seedLedger makes on one thread, row for row.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ledgerFileName, openLedgerDb } from '../main/ledger/database';
import { practiceStateFileName } from '../main/practice/store';
import { rebuildLedgerDerived, rebuildSearchIndex } from '../main/ledger/derived';
import { searchTableSql } from '../main/ledger/migration-23';
import { analyze, bulkPragmas, checkEmpty, dropDerived, markChainVerified, phaseTimer, writeSeedRows, type SeedCounts, type SeedOptions } from './seed-ledger';

/** What the payments thread is given (no functions cross threads). */
export type PaymentsJob = { role: 'seed-payments'; file: string; paymentsSql: string; indexesSql: string[]; options: Omit<SeedOptions, 'onProgress' | 'onPhase'> & { idTail: string } };
type Done = { done: 'rows' | 'search'; seconds: number } | { failed: string };

// The search index's own tables (FTS5 shadow tables: detail=none and columnsize=0 keep no others).
const searchTables = ['payments_search_data', 'payments_search_idx', 'payments_search_config'];

/** Seeds the empty ledger in `dataDir`; `workerFile` is a script that runs seedPaymentsThread in a worker (seed.ts, bundled). */
export async function seedFolder(dataDir: string, options: SeedOptions, workerFile: string | URL): Promise<SeedCounts> {
  const file = join(dataDir, ledgerFileName);
  const scratch = join(dataDir, 'paydesk-seed-payments.tmp.sqlite');
  const removeScratch = () => ['', '-wal', '-shm', '-journal'].forEach((end) => rmSync(scratch + end, { force: true }));
  const phase = phaseTimer(options.onPhase);
  const db = openLedgerDb(dataDir);
  let worker: Worker | undefined;
  try {
    checkEmpty(db);
    removeScratch();
    const sqlOf = db.prepare("SELECT sql FROM sqlite_master WHERE type = ? AND tbl_name = 'payments' AND sql IS NOT NULL").pluck();
    const [paymentsSql, indexesSql] = [sqlOf.get('table') as string, sqlOf.all('index') as string[]];
    const { onProgress: _progress, onPhase: _phase, ...plain } = options;
    const job: PaymentsJob = { role: 'seed-payments', file: scratch, paymentsSql, indexesSql, options: { ...plain, idTail: options.idTail ?? randomUUID().replace(/-/g, '').slice(17, 20) } };
    worker = new Worker(workerFile, { workerData: job });
    const heard = new Map<string, (seconds: number) => void>();
    let searchHeard = false;
    let failure: Error | undefined;
    const fail = (e: Error) => {
      failure ??= e;
      for (const resolve of heard.values()) resolve(NaN);
    };
    const when = (done: 'rows' | 'search') =>
      new Promise<number>((resolve) => heard.set(done, resolve)).then((seconds) => {
        if (failure) throw failure;
        return seconds;
      });
    const rowsDone = when('rows');
    const searchDone = when('search');
    worker.on('message', (m: Done) => {
      if ('failed' in m) return fail(new Error(m.failed));
      searchHeard ||= m.done === 'search';
      heard.get(m.done)!(m.seconds);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => searchHeard || fail(new Error(`The payments thread stopped (exit code ${code}) before it was done.`)));
    rowsDone.catch(() => {});
    searchDone.catch(() => {});

    const restorePragmas = bulkPragmas(db);
    // SQLite copies a table whole, with its indexes' entries in order, only into an empty one with
    // no triggers, the same indexes, and no foreign keys enforced: the payments keep their
    // (empty) indexes here, the payments thread builds the same, and the seed makes no payment
    // with a parent (the only foreign key here).
    db.pragma('foreign_keys = OFF');
    const dropped = dropDerived(db, ['payments']);
    const rows = db.transaction(() => {
      const written = writeSeedRows(db, { ...options, idTail: job.options.idTail, practiceStateFile: join(dataDir, practiceStateFileName) }, 'children');
      phase('rows (child tables and audit chain; the payments in a second thread)');
      dropped.indexes();
      return written;
    }).immediate();
    phase('their indexes');
    const paymentSeconds = await rowsDone;
    phase(`waiting for the payments (their thread's rows and indexes: ${paymentSeconds.toFixed(1)} s)`);
    db.prepare('ATTACH DATABASE ? AS scratch').run(scratch);
    db.transaction(() => {
      db.exec('INSERT INTO payments SELECT * FROM scratch.payments');
      phase('payments and their indexes copied');
      rebuildLedgerDerived(db);
      phase('derived');
      dropped.triggers();
      markChainVerified(db, rows);
    })(); // deferred: IMMEDIATE would take the scratch file's write lock too, which its thread needs
    db.exec('DETACH DATABASE scratch');
    phase('commit');
    restorePragmas();
    db.close();

    const searchSeconds = await searchDone;
    phase(`waiting for the search index (its thread: ${searchSeconds.toFixed(1)} s)`);
    // A connection of its own: main's may hold the empty index's structure in FTS5's cache. The
    // index's tables are written directly, which SQLite's defensive mode forbids (unsafe mode).
    const last = new Database(file);
    try {
      last.unsafeMode(true);
      last.pragma('synchronous = OFF');
      last.prepare('ATTACH DATABASE ? AS scratch').run(scratch);
      last.transaction(() => {
        for (const table of searchTables) last.exec(`DELETE FROM main.${table}; INSERT INTO main.${table} SELECT * FROM scratch.${table};`);
      })();
      last.exec('DETACH DATABASE scratch');
      phase('search index copied');
      last.unsafeMode(false);
      last.pragma('journal_mode = WAL');
      analyze(last);
      phase('analyze');
    } finally {
      last.close();
    }
    return rows.counts;
  } finally {
    if (db.open) db.close();
    await worker?.terminate();
    removeScratch();
  }
}

/** The second thread's share: the payments and their indexes into the scratch file, then their search index there. */
export function seedPaymentsThread(job: PaymentsJob, post: (m: Done) => void): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(job.file);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    db.exec(job.paymentsSql);
    let t = performance.now();
    db.transaction(() => {
      writeSeedRows(db!, job.options, 'payments');
      for (const sql of job.indexesSql) db!.exec(sql);
    }).immediate();
    // Main reads the payments while the index is written, and the index while this connection
    // closes (its checkpoint does not block readers): WAL lets both.
    db.pragma('journal_mode = WAL');
    post({ done: 'rows', seconds: (performance.now() - t) / 1000 });
    t = performance.now();
    db.transaction(() => {
      db!.exec(searchTableSql('payments_search', false));
      rebuildSearchIndex(db!);
    }).immediate();
    post({ done: 'search', seconds: (performance.now() - t) / 1000 });
  } catch (e) {
    post({ failed: e instanceof Error ? e.message : String(e) });
  } finally {
    db?.close();
  }
}
