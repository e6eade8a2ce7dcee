// Runs a ledger check (or a diagnostics bundle's counts) off main's event loop: in the worker bundle when there is one (the app,
// the preview), else in this thread after a turn of the loop (unit tests of the source).
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { checkAndMigrateStaged, checkLedgerFile, type LedgerCheck } from './ledger-check';
import { ledgerFileCounts, type LedgerCounts } from './ledger-counts';

export type LedgerCheckTask = { kind: 'file'; file: string } | { kind: 'staged'; stagingDir: string; file: string };
export type CheckRun = { result: LedgerCheck; threadId: number };
/** The worker's other task: a diagnostics bundle's counts (ledger-counts.ts). */
export type CountsTask = { kind: 'counts'; file: string };
export type CountsRun = { result: LedgerCounts; threadId: number };

/** The counts of a ledger file off main's event loop, in the same worker bundle as the checks. */
export function countsOffMain(file: string, workerFile?: string): Promise<CountsRun> {
  if (!workerFile || !existsSync(workerFile)) return new Promise((resolve) => setImmediate(() => resolve({ result: ledgerFileCounts(file), threadId: 0 })));
  return inWorker<CountsRun>(workerFile, { kind: 'counts', file } satisfies CountsTask, 'the ledger count');
}

export function checkOffMain(task: LedgerCheckTask, workerFile?: string): Promise<CheckRun> {
  if (!workerFile || !existsSync(workerFile)) {
    return new Promise((resolve) =>
      setImmediate(() => resolve({ result: task.kind === 'file' ? checkLedgerFile(task.file) : checkAndMigrateStaged(task.stagingDir, task.file), threadId: 0 })),
    );
  }
  return inWorker<CheckRun>(workerFile, task, 'the ledger check');
}

function inWorker<Run>(workerFile: string, task: LedgerCheckTask | CountsTask, what: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: task });
    let answered = false;
    worker.once('message', (run: Run) => {
      answered = true;
      resolve(run);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`${what} stopped (exit ${code})`));
    });
  });
}
