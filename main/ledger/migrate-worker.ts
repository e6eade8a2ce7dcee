// Worker thread: migrates the ledger on its own connection, so main's event loop stays free
// while a large ledger is rewritten, and posts its progress. Bundled as
// dist/main/ledger-migrate-worker.cjs; main waits for it before opening the ledger.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { migrationSteps } from './migrate';

const { file } = workerData as { file: string };
const db = new Database(file, { fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  let last = -1;
  for (const step of migrationSteps(db)) {
    if (step.percent !== last) parentPort!.postMessage(step);
    last = step.percent;
  }
} catch (e) {
  parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
} finally {
  db.close();
}
