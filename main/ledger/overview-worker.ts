// Worker thread: Home's overview (overview.ts) on its own read-only connection, so main's event
// loop serves files and other calls while the sums are read. Long-lived: main keeps it for the
// app's life, so its prepared statements and page cache stay warm. Messages in: { id, query };
// out: { id, answer } or { id, error }. Bundled as dist/main/overview-worker.cjs.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { readOverview, type OverviewQuery } from './overview';
import { warmUpQuery } from './overview-warm-up';

const db = new Database((workerData as { ledgerFile: string }).ledgerFile, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
// A larger page cache than the default 2 MB: the money index's pages read for one answer are
// there for the next (the charts' 90 days at 1,000,000 payments touch about 20 MB).
db.pragma('cache_size = -32000');

parentPort!.on('message', (message: { id: number; query: OverviewQuery }) => {
  try {
    parentPort!.postMessage({ id: message.id, answer: readOverview(db, message.query) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
// Home's first questions come while the page is drawn: asked once here, empty, before Home asks,
// their statements are prepared by then (overview-warm-up.ts; docs/overview.md, Speed). A failure
// here is not the caller's: the real call reports its own.
try {
  readOverview(db, warmUpQuery());
} catch {
  // the real call will say what is wrong
}
parentPort!.postMessage({ ready: true });
