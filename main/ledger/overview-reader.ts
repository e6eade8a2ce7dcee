// Main's side of Home's overview: the sums are read in long-lived worker threads, each with its
// own read-only connection (overview-worker.ts), so main's event loop serves files and other
// calls meanwhile. Home asks for its figures and its charts in two calls. With 4 cores or more
// each gets its own thread and they are read side by side; with fewer, one thread answers them in
// order, figures first: on 2 cores shared with the renderer, reading both at once made the figures
// wait for the CPU as long as the charts (docs/overview.md, Speed).
// Without the worker bundle (tests run from source) the sums are read on main's connection.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { LedgerDb } from './database';
import { readOverview, type OverviewAnswer, type OverviewQuery } from './overview';

type Pending = { resolve(answer: OverviewAnswer): void; reject(error: Error): void };
type Thread = { worker: Worker; pending: Map<number, Pending>; ready: boolean };

/**
 * `threadsLater`: the threads start at `startThreads()`, not now (the app starts them once the first
 * screen has shown: until then Home's first questions are read on main's connection anyway, and a
 * thread's start is CPU the first screen would wait for on 2 cores).
 */
export function createOverviewReader(deps: { db: LedgerDb; workerFile?: string; threads?: number; threadsLater?: boolean }) {
  const file = deps.workerFile && existsSync(deps.workerFile) ? deps.workerFile : undefined;
  const threads: Array<Thread | undefined> = [];
  let nextId = 1;
  let closed = false;
  const readyWaiters: Array<() => void> = [];

  function start(slot: number): Thread {
    const worker = new Worker(file!, { workerData: { ledgerFile: deps.db.name } });
    worker.unref(); // an idle thread never keeps the app alive; one reading does (ref below)
    const thread: Thread = { worker, pending: new Map(), ready: false };
    worker.on('message', (message: { id?: number; answer?: OverviewAnswer; error?: string; ready?: boolean }) => {
      if (message.ready) {
        thread.ready = true;
        readyWaiters.splice(0).forEach((resolve) => resolve());
      }
      const call = message.id === undefined ? undefined : thread.pending.get(message.id);
      if (!call) return;
      thread.pending.delete(message.id!);
      if (!thread.pending.size) worker.unref();
      if (message.error !== undefined) call.reject(new Error(message.error));
      else call.resolve(message.answer!);
    });
    // A thread that died fails its calls; the next call starts a new one.
    const ended = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = undefined;
      for (const call of thread.pending.values()) call.reject(error);
      thread.pending.clear();
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`the overview worker stopped (${code})`)));
    threads[slot] = thread;
    return thread;
  }

  // Started with the app (or once its first screen has shown), so the threads have loaded and
  // opened the ledger before Home asks (or Home's first questions are read on main's connection).
  const count = file ? Math.max(1, deps.threads ?? (availableParallelism() >= 4 ? 2 : 1)) : 0;
  const startThreads = () => {
    for (let slot = 0; slot < count; slot++) if (!closed && !threads[slot]) start(slot);
  };
  if (!deps.threadsLater) startThreads();

  /** The thread with the fewest calls waiting (a dead one is started again). */
  function leastBusy(): Thread {
    let best: Thread | undefined;
    for (let slot = 0; slot < count; slot++) {
      const thread = threads[slot] ?? start(slot);
      if (!best || thread.pending.size < best.pending.size) best = thread;
    }
    return best!;
  }

  return {
    /** True when the sums are read in worker threads (not on main's connection). */
    inWorkers: count > 0,
    /** Starts the threads not started yet (`threadsLater`); a no-op once they run. */
    startThreads,
    /** Whether a thread has said it is ready (until then calls are read on main's connection). */
    get threadReady() {
      return threads.some((t) => t?.ready);
    },
    /** Resolves once a thread is ready (tests; at once without threads). */
    whenReady: (): Promise<void> => (!count || threads.some((t) => t?.ready) ? Promise.resolve() : new Promise<void>((resolve) => readyWaiters.push(resolve))),
    read(query: OverviewQuery): Promise<OverviewAnswer> {
      // Until a thread has opened the ledger and prepared its statements (about 100-200 ms after
      // the app starts on 2 busy cores), Home's first questions are read on main's connection:
      // from the summary tables that is a few ms, less than waiting for the thread.
      if (!count || closed || !threads.some((t) => t?.ready)) return Promise.resolve().then(() => readOverview(deps.db, query));
      const thread = leastBusy();
      const id = nextId++;
      return new Promise<OverviewAnswer>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.ref();
        thread.worker.postMessage({ id, query });
      });
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(threads.map((t) => t?.worker.terminate()));
    },
  };
}

export type OverviewReader = ReturnType<typeof createOverviewReader>;
