// Runs a ledger check off main's event loop: in the worker bundle when there is one (the app,
// the preview), else in this thread after a turn of the loop (unit tests of the source).
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { checkAndMigrateStaged, checkLedgerFile, type LedgerCheck } from './ledger-check';

export type LedgerCheckTask = { kind: 'file'; file: string } | { kind: 'staged'; stagingDir: string; file: string };
export type CheckRun = { result: LedgerCheck; threadId: number };

export function checkOffMain(task: LedgerCheckTask, workerFile?: string): Promise<CheckRun> {
  if (!workerFile || !existsSync(workerFile)) {
    return new Promise((resolve) =>
      setImmediate(() => resolve({ result: task.kind === 'file' ? checkLedgerFile(task.file) : checkAndMigrateStaged(task.stagingDir, task.file), threadId: 0 })),
    );
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: task });
    let answered = false;
    worker.once('message', (run: CheckRun) => {
      answered = true;
      resolve(run);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the ledger check stopped (exit ${code})`));
    });
  });
}
