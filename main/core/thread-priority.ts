// Background worker threads (the list's positions and counts) run at the lowest scheduling
// priority, so that on a busy machine the kernel gives the CPU to main's thread (which answers
// the user) before them: measured on 2 shared cores, a page that waited behind its own
// process's walk on the run queue took 10-45 ms instead of 1-6 ms (docs/performance.md, "The
// list, fourth pass"). Linux only: there a thread has its own id and its own nice value; on
// macOS and Windows setpriority names a whole process, which must not be lowered, so nothing is done.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The calling thread's kernel id on Linux (/proc/thread-self is "PID/task/TID"), else undefined. */
export function threadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** Lowers the calling worker thread to nice 19 (the least urgent); whether it was. Never throws. */
export function lowerThisThread(): boolean {
  const tid = threadId();
  if (tid === undefined || tid === process.pid) return false; // never the process's main thread
  try {
    setPriority(tid, 19);
    return true;
  } catch {
    return false;
  }
}
