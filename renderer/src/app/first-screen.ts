// What follows the first screen (the other screens' code, main's services the first screen did not
// need: reconciliation, the webhook receiver) waits until the first screen's own data is drawn, so
// it never competes with it for main, the network or the CPU; at most `limitMs` (Home's overview
// at 1,000,000 payments on a loaded machine, docs/overview.md). A screen opened before that (a
// click on the list the moment Home shows) is waited for too: its first page then does not share
// main, the browser's connections and the CPU with the other screens' chunks.
const pending = new Set<Promise<unknown>>();
let followed = false;

/** A screen's first data is on its way: what follows the first screen waits for it (once that has run, nothing waits). */
export function firstScreenWaitsFor(work: Promise<unknown>): void {
  if (!followed) pending.add(work);
}

/** Runs `then` once every screen's data asked for before it has come (or failed), or after `limitMs`. */
export function afterFirstScreenData(then: () => void, limitMs = 2_000): void {
  const limit = new Promise<void>((resolve) => setTimeout(resolve, limitMs));
  const allSettled = async () => {
    // Data asked for while waiting (a screen opened meanwhile) is waited for as well.
    while (pending.size > 0) {
      const waiting = [...pending];
      await Promise.all(waiting.map((work) => work.catch(() => undefined)));
      waiting.forEach((work) => pending.delete(work));
    }
  };
  void Promise.race([allSettled(), limit]).then(() => {
    followed = true;
    pending.clear();
    then();
  });
}
