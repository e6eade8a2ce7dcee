// Main's change events come in bursts: a bulk run sends hundreds a minute, a create two (its intent
// and its answer). A read of main's on each one kept main busy for nothing (the Needs attention
// window of 500 rows and its total: ~50 ms of main each on a 1,000,000-payment ledger). Here the
// first event starts a short wait the rest ride on, and events during a read ask for exactly one
// more read after it: what they changed is read, never lost, and at most two reads per burst.

/** Long enough to take a create's intent and its answer together, short enough to feel at once. */
export const burstWaitMs = 250;

export type Burst = {
  /** An event came: read after the wait (or once more after the read under way). */
  soon: () => void;
  /** Read now, no wait (a first read; during a read: once more after it); events meanwhile ask for one more after it. */
  now: () => void;
  /** No more reads (the screen left): a wait under way is dropped. */
  stop: () => void;
};

export function oncePerBurst(read: () => Promise<unknown>, waitMs = burstWaitMs): Burst {
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let reading = false;
  let again = false;
  let stopped = false;
  const run = async () => {
    clearTimeout(waiting);
    waiting = undefined;
    reading = true;
    again = false;
    try {
      await read();
    } catch {
      // A failed read keeps what is shown; the next event reads again.
    } finally {
      reading = false;
    }
    if (again) soon();
  };
  const soon = () => {
    if (stopped) return;
    if (reading) again = true;
    else waiting ??= setTimeout(() => void run(), waitMs);
  };
  return {
    soon,
    now: () => {
      if (stopped) return;
      if (reading) again = true;
      else void run();
    },
    stop: () => {
      stopped = true;
      clearTimeout(waiting);
      waiting = undefined;
    },
  };
}
