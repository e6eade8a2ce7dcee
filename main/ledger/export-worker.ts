// Worker thread: one export (export-file.ts) on its own read-only connection, so main's event
// loop stays free; progress out, "cancel" in. Bundled as dist/main/export-worker.cjs.
// While the export's snapshot is open the WAL cannot be checkpointed and grows with every write
// main makes; main pauses its automatic checkpoint meanwhile (export-jobs.ts) and this thread
// copies the WAL back once the snapshot ends, so that work (100+ ms at 1M) never lands on main.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { runExport, type ExportJob } from './export-file';

let cancelled = false;
parentPort!.on('message', (message) => {
  if (message === 'cancel') cancelled = true;
});
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function checkpoint(file: string): void {
  try {
    const db = new Database(file, { fileMustExist: true });
    try {
      db.pragma('wal_checkpoint(PASSIVE)'); // never waits for main's writes
    } finally {
      db.close();
    }
  } catch {
    // Main's own checkpoint, resumed after the export, does it then.
  }
}

const job = workerData as ExportJob;
void runExport(job, (p) => parentPort!.postMessage(p), () => cancelled, turn).then((result) => {
  checkpoint(job.ledgerFile);
  parentPort!.postMessage(result);
  parentPort!.close();
});
