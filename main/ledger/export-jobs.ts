// Main's side of file exports: names the file in the export folder, runs the export in a
// worker thread when its bundle is there (else a window per turn of main's event loop), and
// reports progress, the end, a cancel or a failure as export.progress events.
import { existsSync, mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { AppEvent } from '../../contract/events';
import type { LedgerDb } from './database';
import { exportFileName, exportKindOf, type ProfileNames } from './export';
import { claimExportPath } from './export-path';
import { runExport, type ExportJob, type ExportProgress, type ExportRequest } from './export-file';
import { exportTimeZone } from './local-time';
import { buildWhere } from './search';
import { runningExports, type RunningExport as Running } from './running-exports';

export function createExportJobs(deps: { db: LedgerDb; emit: (event: AppEvent) => void; exportDir: string; workerFile?: string; now?: () => Date; profileNames?: () => ProfileNames }) {
  const now = deps.now ?? (() => new Date());
  const running = runningExports();
  // Main's automatic WAL checkpoint is paused while a worker export holds its snapshot: the
  // worker checkpoints when it ends (export-worker.ts). Resumed when the last one ends.
  let inWorkers = 0;
  const pauseCheckpoints = (paused: boolean) => {
    inWorkers += paused ? 1 : -1;
    if (deps.db.open && (inWorkers === 0 || (paused && inWorkers === 1))) deps.db.pragma(`wal_autocheckpoint = ${inWorkers ? 0 : 1000}`);
  };

  function run(job: ExportJob, onProgress: (p: ExportProgress) => void): Running {
    const file = deps.workerFile && existsSync(deps.workerFile) ? deps.workerFile : undefined;
    if (file) {
      const worker = new Worker(file, { workerData: job });
      pauseCheckpoints(true);
      let last: ExportProgress = { rows: 0, total: 0, done: true, failed: true };
      worker.on('message', (p: ExportProgress) => {
        last = p;
        if (!p.done) onProgress(p);
      });
      worker.on('error', () => undefined); // ends the thread, never the app: `last` says it failed
      const done = new Promise<ExportProgress>((resolve) =>
        worker.once('exit', () => {
          pauseCheckpoints(false);
          resolve(last);
        }),
      );
      return { cancel: () => worker.postMessage('cancel'), done };
    }
    let cancelled = false;
    const done = runExport(job, onProgress, () => cancelled, () => new Promise((resolve) => setImmediate(resolve)));
    return { cancel: () => (cancelled = true), done };
  }

  return {
    /** timeZone: the renderer's, for the local columns (else main's own); onDone gets the file's name and the zone used. */
    start(request: ExportRequest & { timeZone?: string }, onDone?: (p: ExportProgress, file: { fileName: string; timeZone: string }) => void) {
      // A filter the list refuses (an amount without its currency) is refused here too, in words and
      // next to its field, as the team ledger does: it failed in the worker, "The export failed… Try again."
      if (request.kind === 'payments') buildWhere(request.filter);
      mkdirSync(deps.exportDir, { recursive: true });
      const exportId = randomUUID();
      const timeZone = exportTimeZone(request.timeZone);
      const { fileName, path, release } = claimExportPath(deps.exportDir, exportFileName(exportKindOf(request), now(), timeZone));
      const emit = (p: ExportProgress) => deps.emit({ type: 'export.progress', exportId, ...p });
      const job = run({ ...request, timeZone, ledgerFile: deps.db.name, path, profileNames: deps.profileNames?.() }, emit);
      running.add(exportId, job, (p) => {
        release();
        onDone?.(p, { fileName, timeZone });
        emit(p);
      });
      return { exportId, fileName, path };
    },
    cancel: running.cancel,
    /** Resolves when every running export has ended (tests, shutdown). */
    idle: running.idle,
  };
}

export type ExportJobs = ReturnType<typeof createExportJobs>;
