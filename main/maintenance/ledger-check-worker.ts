// Worker thread: checks a ledger file (a backup just written, a restore's staged copy) on its own
// connection, so main's event loop stays free for the many seconds a large ledger takes.
// Bundled as dist/main/ledger-check-worker.cjs.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { checkAndMigrateStaged, checkLedgerFile } from './ledger-check';
import type { LedgerCheckTask } from './ledger-check-off-main';

const task = workerData as LedgerCheckTask;
const result = task.kind === 'file' ? checkLedgerFile(task.file) : checkAndMigrateStaged(task.stagingDir, task.file);
parentPort!.postMessage({ result, threadId });
