// A count or walk restarted because the ledger changed while the one before it was still under
// way waits until no newer version's page has come for `restartQuietMs`: a user scrolling while
// payments change, or a burst of changes re-read page by page, then counts and walks once, after,
// instead of at every page and beside the pages. Both ledgers' lists use it (search.ts and
// count-tables.ts on SQLite, postgres/pg-reads.ts on the team ledger).
export const restartQuietMs = 50;
const waitingForQuiet = new Set<ReturnType<typeof setTimeout>>();

/** Runs `run` after the quiet moment (`ms`, else restartQuietMs) unless the returned cancel is called first (a newer page). */
export function afterQuiet(run: () => void, ms?: number): () => void {
  const timer = setTimeout(() => {
    waitingForQuiet.delete(timer);
    run();
  }, ms ?? restartQuietMs);
  timer.unref?.();
  waitingForQuiet.add(timer);
  return () => {
    clearTimeout(timer);
    waitingForQuiet.delete(timer);
  };
}

/** Whether a restarted walk or count waits for its quiet moment (tests and benchmarks). */
export const quietWaiting = () => waitingForQuiet.size > 0;
