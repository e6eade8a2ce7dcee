// The exports a backend has under way (SQLite's export-jobs.ts, the team ledger's pg-export.ts):
// each with its cancel and the promise of its last progress; one that ends is forgotten, then
// its caller's onDone and that last progress (as the export.progress event) follow.
import type { ExportProgress } from './export-file';

export type RunningExport = { cancel(): void; done: Promise<ExportProgress> };

export function runningExports() {
  const running = new Map<string, RunningExport>();
  return {
    add(exportId: string, job: RunningExport, ended: (p: ExportProgress) => void): void {
      running.set(exportId, job);
      void job.done.then((p) => {
        running.delete(exportId);
        ended(p);
      });
    },
    cancel(exportId: string): boolean {
      const job = running.get(exportId);
      job?.cancel();
      return Boolean(job);
    },
    /** Resolves when every running export has ended (tests, shutdown). */
    idle: () => Promise.all([...running.values()].map((r) => r.done)).then(() => undefined),
  };
}
