// Worker thread: the list's positions (positions.ts) on a read-only connection of its own, so
// main's event loop never walks a list. Jobs in ({ id, filter, sort }; a newer id stops the one
// walking), positions out ({ id, version, at }), then { id, done, complete }. Bundled as
// dist/main/positions-worker.cjs.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { walkPositions } from './positions';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { PaymentSort } from './search';

type Job = { id: number; filter?: PaymentFilter; sort?: PaymentSort };
const db = new Database((workerData as { ledgerFile: string }).ledgerFile, { readonly: true, fileMustExist: true });
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
let latest = 0;
let queue = Promise.resolve();

parentPort!.on('message', (job: Job) => {
  latest = job.id;
  if (!job.filter || !job.sort) return; // only a stop
  const { filter, sort } = job;
  // One walk at a time on this connection: the one before stops at its next turn.
  queue = queue.then(async () => {
    if (latest !== job.id) return parentPort!.postMessage({ id: job.id, done: true, complete: false });
    let complete = false;
    try {
      complete = await walkPositions(db, { filter, sort }, (version, at) => parentPort!.postMessage({ id: job.id, version, at }), () => latest !== job.id, turn);
    } finally {
      parentPort!.postMessage({ id: job.id, done: true, complete });
    }
  }).catch(() => undefined);
});
