// What follows the first screen (the other screens' code, main's services the first screen did not
// need: reconciliation, the webhook receiver) waits until the first screen's own data is drawn, so
// it never competes with it for main, the network or the CPU; at most `limitMs` (Home's overview
// at 1,000,000 payments on a loaded machine, docs/overview.md).
let waitingFor: Promise<unknown> | undefined;

/** The first screen's data is on its way: what follows the first screen waits for it. */
export function firstScreenWaitsFor(work: Promise<unknown>): void {
  waitingFor ??= work;
}

/** Runs `then` once the first screen's data has come (or failed), or after `limitMs`. */
export function afterFirstScreenData(then: () => void, limitMs = 2_000): void {
  const limit = new Promise<void>((resolve) => setTimeout(resolve, limitMs));
  void Promise.race([(waitingFor ?? Promise.resolve()).catch(() => undefined), limit]).then(then);
}
