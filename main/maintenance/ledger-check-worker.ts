// Worker thread: checks a ledger file (a backup just written, a restore's staged copy), or counts a
// ledger's rows for a diagnostics bundle, on its own connection, so main's event loop stays free for the many seconds a large ledger takes.
// Bundled as dist/main/ledger-check-worker.cjs.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { checkAndMigrateStaged, checkLedgerFile } from './ledger-check';
import { ledgerFileCounts } from './ledger-counts';
import type { CountsTask, LedgerCheckTask } from './ledger-check-off-main';

const task = workerData as LedgerCheckTask | CountsTask;
const result = task.kind === 'file' ? checkLedgerFile(task.file) : task.kind === 'counts' ? ledgerFileCounts(task.file) : checkAndMigrateStaged(task.stagingDir, task.file);
parentPort!.postMessage({ result, threadId });
