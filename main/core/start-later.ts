// Services the first screen does not need start after it shows: shortly after the renderer says
// it drew its first screen (`soon`), after `fallbackMs` if it never does, or at once when a call
// needs them first. `ready()` starts them if need be and waits, so an early call waits and never fails.

export type StartLater = {
  /** Starts the services now if not started yet; resolves when they are up. */
  ready(): Promise<void>;
  /** Starts them after `ms` (unless something needs them sooner): the first screen's own calls go first. */
  soon(ms: number): void;
  /** True once started (or starting). */
  readonly started: boolean;
  /** Stops the fallback timer (on close). */
  cancel(): void;
};

export function startLater(start: () => Promise<void>, options: { fallbackMs: number; onError(error: unknown): void }): StartLater {
  let running: Promise<void> | undefined;
  let timer = setTimeout(() => void ready().catch(() => undefined), options.fallbackMs);
  timer.unref?.();
  function ready(): Promise<void> {
    if (!running) {
      clearTimeout(timer);
      running = start();
      running.catch(options.onError);
    }
    return running;
  }
  return {
    ready,
    soon(ms) {
      if (running) return;
      clearTimeout(timer);
      timer = setTimeout(() => void ready().catch(() => undefined), ms);
      timer.unref?.();
    },
    get started() {
      return running !== undefined;
    },
    cancel: () => clearTimeout(timer),
  };
}
