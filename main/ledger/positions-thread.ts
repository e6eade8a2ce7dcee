// Main's side of the list's positions (positions.ts): one worker thread per ledger connection,
// started at the first walk and kept (unref'd: it never keeps the app alive). A new walk stops
// the one before (the list shows one search at a time); positions of a ledger version that is no
// longer current are dropped, and the walk is stopped once main's ledger has moved on.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import { ledgerMeta } from './count-tables';
import type { Positions } from './positions';
import type { PaymentSort } from './search';

export type PositionsJob = { filter: PaymentFilter; sort: PaymentSort; version: number; found(at: Positions): void; ended(complete: boolean): void };
type Thread = { walk(job: PositionsJob): void; idle(): Promise<void>; stop(): Promise<void> };
const threads = new WeakMap<LedgerDb, Thread>();
const running = new Set<Thread>();

/** Positions of `db`'s lists are walked in `workerFile` (dist/main/positions-worker.cjs) from now on, when it exists. */
export function usePositionsWorker(db: LedgerDb, workerFile: string | undefined): void {
  if (!workerFile || !existsSync(workerFile) || db.memory) return;
  let worker: Worker | undefined;
  let ids = 0;
  let current: { id: number; job: PositionsJob } | undefined;
  let waiting: Array<() => void> = [];
  const end = (complete: boolean) => {
    const ended = current;
    current = undefined;
    ended?.job.ended(complete);
    if (!current) {
      running.delete(thread);
      waiting.forEach((resolve) => resolve());
      waiting = [];
    }
  };
  const start = () => {
    const started = new Worker(workerFile, { workerData: { ledgerFile: db.name } });
    started.unref();
    started.on('message', (m: { id: number; version?: number; at?: Positions; done?: boolean; complete?: boolean }) => {
      if (m.id !== current?.id) return;
      if (m.done) return end(Boolean(m.complete));
      if (!db.open || ledgerMeta(db).paymentsVersion !== current.job.version) {
        started.postMessage({ id: ++ids }); // stale: stop walking
        return end(false);
      }
      if (m.version === current.job.version) current.job.found(m.at!);
    });
    // A thread that fails leaves the positions to main's walk in steps (search.ts).
    started.on('error', () => {
      threads.delete(db);
      worker = undefined;
      end(false);
    });
    return started;
  };
  const thread: Thread = {
    walk(job) {
      worker ??= start();
      const previous = current;
      current = { id: ++ids, job };
      previous?.job.ended(false);
      running.add(thread);
      worker.postMessage({ id: current.id, filter: job.filter, sort: job.sort });
    },
    idle: () => (current ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
    async stop() {
      threads.delete(db);
      end(false);
      await worker?.terminate();
      worker = undefined;
    },
  };
  threads.set(db, thread);
}

export const positionsThread = (db: LedgerDb): Thread | undefined => threads.get(db);

/** Whether a walk is running, and resolves when none is (tests and benchmarks). */
export const positionsBusy = () => running.size > 0;
export const positionsIdle = () => Promise.all([...running].map((t) => t.idle())).then(() => undefined);
