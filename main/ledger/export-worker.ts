// Worker thread: one export (export-file.ts) on its own read-only connection, so main's event
// loop stays free; progress out, "cancel" in. Bundled as dist/main/export-worker.cjs.
import { parentPort, workerData } from 'node:worker_threads';
import { runExport, type ExportJob } from './export-file';

let cancelled = false;
parentPort!.on('message', (message) => {
  if (message === 'cancel') cancelled = true;
});
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
void runExport(workerData as ExportJob, (p) => parentPort!.postMessage(p), () => cancelled, turn).then((result) => {
  parentPort!.postMessage(result);
  parentPort!.close();
});
