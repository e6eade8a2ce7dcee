// "Verify the whole chain": every entry checked again from the first, in a worker thread when
// its bundle is there (the app), else in slices on main's event loop (tests, scripts), with
// progress and the result as audit.verify events. One check at a time; a person may stop it
// (cancel): its last event says cancelled, and nothing is recorded of it.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { AppEvent } from '../../contract/events';
import type { LedgerDb } from './database';
import { auditGenesis, verifyAuditRange } from './audit-log';
import { recordFullCheck } from './audit-chain';

// About 10 ms of hashing per turn of the event loop.
const slice = 1_000;

type Progress = { checked: number; total: number; done: boolean; seq?: number; hash?: string; brokenAt?: number };
type Running = { done: Promise<void>; cancel: () => void };

export function createAuditVerifier(deps: { db: LedgerDb; emit: (event: AppEvent) => void; workerFile?: string }) {
  let running: Running | undefined;
  const report = (p: Progress) => {
    if (p.done && p.seq !== undefined && p.hash !== undefined) recordFullCheck(deps.db, { seq: p.seq, hash: p.hash, brokenAt: p.brokenAt });
    deps.emit({ type: 'audit.verify', checked: p.checked, total: p.total, done: p.done, intact: p.brokenAt === undefined, ...(p.brokenAt !== undefined ? { brokenAt: p.brokenAt } : {}) });
  };

  const cancelled = (checked: number, total: number) => deps.db.open && deps.emit({ type: 'audit.verify', checked, total: Math.max(total, checked), done: true, intact: false, cancelled: true });

  function inWorker(file: string, total: number): Running {
    const worker = new Worker(file, { workerData: { file: deps.db.name, total } });
    let checked = 0;
    let stopped = false;
    let finished = false; // its result is in: too late to stop
    const done = new Promise<void>((resolve) => {
      worker.on('message', (p: Progress) => {
        if (stopped || !deps.db.open) return;
        checked = p.checked;
        finished = p.done;
        report(p);
      });
      // A worker that fails has proven nothing: reported as not intact, with no broken entry named.
      worker.on('error', () => !stopped && deps.db.open && deps.emit({ type: 'audit.verify', checked: 0, total, done: true, intact: false }));
      worker.on('exit', () => {
        if (stopped) cancelled(checked, total);
        resolve();
      });
    });
    return {
      done,
      cancel: () => {
        if (finished) return;
        stopped = true;
        void worker.terminate();
      },
    };
  }

  function inSlices(total: number): Running {
    let stopped = false;
    const done = new Promise<void>((resolve) => {
      let position = { seq: 0, hash: auditGenesis };
      let checked = 0;
      const step = () => {
        if (!deps.db.open) return resolve();
        if (stopped) {
          cancelled(checked, total);
          return resolve();
        }
        const range = verifyAuditRange(deps.db, position.seq, position.hash, slice);
        checked += range.rows;
        const done = range.brokenAt !== undefined || range.rows < slice;
        report({ checked, total: Math.max(total, checked), done, seq: range.seq, hash: range.hash, brokenAt: range.brokenAt });
        if (done) return resolve();
        position = { seq: range.seq, hash: range.hash };
        setImmediate(step);
      };
      setImmediate(step);
    });
    return { done, cancel: () => void (stopped = true) };
  }

  return {
    /** Starts a full check unless one is running; resolves with the number of entries to check. */
    start(): { started: boolean; entries: number } {
      const entries = (deps.db.prepare('SELECT ifnull(max(seq), 0) AS n FROM audit_log').get() as { n: number }).n;
      if (running) return { started: false, entries };
      const file = deps.workerFile && existsSync(deps.workerFile) ? deps.workerFile : undefined;
      const check = file ? inWorker(file, entries) : inSlices(entries);
      running = check;
      void check.done.finally(() => running === check && (running = undefined));
      return { started: true, entries };
    },
    /** Stops the running check, if any: its last event says cancelled. */
    cancel(): { stopped: boolean } {
      if (!running) return { stopped: false };
      running.cancel();
      return { stopped: true };
    },
    /** Resolves when the running check (if any) has finished. */
    idle: () => running?.done ?? Promise.resolve(),
  };
}

export type AuditVerifier = ReturnType<typeof createAuditVerifier>;
