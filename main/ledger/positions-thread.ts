// Main's side of the list's worker thread (positions-worker.ts): one per ledger connection,
// started at its first job and kept (unref'd: it never keeps the app alive). Two kinds of job,
// each in its own lane: the positions for deep jumps (positions.ts) and the exact count of a
// filter (count-tables.ts). In each lane a new job stops the one before (the list shows one
// search at a time); what a job finds for a ledger version that is no longer current is
// dropped, and the job is stopped once main's ledger has moved on. While main answers a page of
// the list (`whileServingList`) the thread holds still at its next turn: on a busy 2-core machine
// the page then never waits for a core behind the thread's count or walk.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import { paymentsVersion } from './count-tables';
import type { Positions } from './positions';
import type { PaymentSort } from './search';

type Job = { version: number; ended(complete: boolean): void; stale?(): boolean };
export type PositionsJob = Job & { filter: PaymentFilter; sort: PaymentSort; found(at: Positions): void };
export type CountJob = Job & { filter: PaymentFilter; found(total: number, exact: boolean): void };
export type Lane = 'walk' | 'count';
/** From the worker: positions (`at`), a count (`total`, `exact`), or the job's end (`done`). */
export type LaneMessage = { lane: Lane; id: number; version?: number; at?: Positions; total?: number; exact?: boolean; done?: boolean; complete?: boolean };
type Thread = { walk(job: PositionsJob): void; count(job: CountJob): void; cancel(job: PositionsJob | CountJob): void; idle(): Promise<void>; stop(): Promise<void>; serving: Int32Array };
const threads = new WeakMap<LedgerDb, Thread>();
const running = new Set<Thread>();

/** Positions and counts of `db`'s lists are made in `workerFile` (dist/main/positions-worker.cjs) from now on, when it exists. */
export function usePositionsWorker(db: LedgerDb, workerFile: string | undefined): void {
  if (!workerFile || !existsSync(workerFile) || db.memory) return;
  let worker: Worker | undefined;
  let ids = 0;
  const current: Partial<Record<Lane, { id: number; job: PositionsJob | CountJob }>> = {};
  let waiting: Array<() => void> = [];
  // How many of main's list pages are being answered now; the worker waits while it is not 0.
  const serving = new Int32Array(new SharedArrayBuffer(4));
  const end = (lane: Lane, complete: boolean) => {
    const ended = current[lane];
    delete current[lane];
    ended?.job.ended(complete);
    if (!current.walk && !current.count) {
      running.delete(thread);
      waiting.forEach((resolve) => resolve());
      waiting = [];
    }
  };
  const start = () => {
    const started = new Worker(workerFile, { workerData: { ledgerFile: db.name, serving: serving.buffer } });
    started.unref();
    started.on('message', (m: LaneMessage) => {
      const now = current[m.lane];
      if (m.id !== now?.id) return;
      if (m.done) return end(m.lane, Boolean(m.complete));
      if (!db.open || paymentsVersion(db) !== now.job.version || now.job.stale?.()) {
        started.postMessage({ lane: m.lane, id: ++ids }); // stale: stop it
        return end(m.lane, false);
      }
      if (m.version !== now.job.version) return;
      if (m.lane === 'walk') (now.job as PositionsJob).found(m.at!);
      else (now.job as CountJob).found(m.total!, Boolean(m.exact));
    });
    // A thread that fails leaves positions and counts to main, in steps (search.ts, count-tables.ts).
    started.on('error', () => {
      threads.delete(db);
      worker = undefined;
      end('walk', false);
      end('count', false);
    });
    return started;
  };
  // The thread is started after the turn that first needs it: creating a Worker holds main's thread
  // (10-20 ms quiet, 70 under load: worker_threads' first use), and the list's first page, whose
  // answer asks for the first walk and count, is sent before that (docs/performance.md, "Cold
  // start, seventh pass"). What is posted meanwhile waits in `unsent`.
  let unsent: object[] | undefined;
  let stopped = false;
  const send = (message: object) => {
    if (worker) return worker.postMessage(message);
    if (!unsent) {
      unsent = [];
      setImmediate(() => {
        const waiting = unsent ?? [];
        unsent = undefined;
        if (stopped || waiting.length === 0) return;
        worker = start();
        for (const queued of waiting) worker.postMessage(queued);
      });
    }
    unsent.push(message);
  };
  const post = (lane: Lane, job: PositionsJob | CountJob, message: object) => {
    const previous = current[lane];
    current[lane] = { id: ++ids, job };
    previous?.job.ended(false);
    running.add(thread);
    send({ lane, id: current[lane]!.id, ...message });
  };
  const thread: Thread = {
    serving,
    walk: (job) => post('walk', job, { filter: job.filter, sort: job.sort }),
    count: (job) => post('count', job, { filter: job.filter, version: job.version }),
    // Stops `job` now if it is its lane's current one (the worker drops it at its next turn).
    cancel(job) {
      const lane = (['walk', 'count'] as const).find((l) => current[l]?.job === job);
      if (!lane) return;
      send({ lane, id: ++ids });
      end(lane, false);
    },
    idle: () => (current.walk || current.count ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
    async stop() {
      stopped = true;
      unsent = undefined;
      threads.delete(db);
      end('walk', false);
      end('count', false);
      await worker?.terminate();
      worker = undefined;
    },
  };
  threads.set(db, thread);
}

export const positionsThread = (db: LedgerDb): Thread | undefined => threads.get(db);

/**
 * The positions for deep jumps are walked no sooner than `until` (the app: once the services its
 * first screen did not need start, a second after it shows; composition.ts): a person cannot jump
 * deep into a list they have not seen, and the walk (the thread's start, then a core for a while)
 * ran right after the list's first page was answered, while the page drew its rows on the same
 * two cores (docs/performance.md, "Cold start, fifteenth pass"). Counts are not held: they are
 * shown as soon as they come.
 */
const walksHeld = new WeakMap<LedgerDb, Promise<void>>();
export function holdWalks(db: LedgerDb, until: Promise<void>): void {
  walksHeld.set(db, until);
  void until.finally(() => walksHeld.get(db) === until && walksHeld.delete(db));
}
/** What the next walk on `db` waits for, if anything. */
export const walksHeldBy = (db: LedgerDb): Promise<void> | undefined => walksHeld.get(db);

/** Answers a page of `db`'s list with the list's worker holding still meanwhile (positions-worker.ts). */
export function whileServingList<T>(db: LedgerDb, answer: () => T): T {
  const serving = threads.get(db)?.serving;
  if (!serving) return answer();
  Atomics.add(serving, 0, 1);
  try {
    return answer();
  } finally {
    if (Atomics.sub(serving, 0, 1) === 1) Atomics.notify(serving, 0);
  }
}

/** The quiet moment a restarted walk or count waits for (after-quiet.ts), here for the list's SQLite modules. */
export { afterQuiet, quietWaiting, restartQuietMs } from './after-quiet';

/** Whether a job (positions or a count) is running, and resolves when none is (tests and benchmarks). */
export const positionsBusy = () => running.size > 0;
export const positionsIdle = () => Promise.all([...running].map((t) => t.idle())).then(() => undefined);
