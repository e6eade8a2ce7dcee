// A send turns "left open" (staleSendMinutes) by the clock alone: nothing in the ledger changes then,
// so an open Needs attention screen and the navigation's count said "Nothing needs attention" until
// something else changed (walk14, "Seen and left"). Main keeps one timer to the moment the oldest
// send still fresh turns, and then tells the screens `payments.changed` with its payment: the event
// they already re-read on. The timer is set again after each payments.changed (this laptop's
// changes, and on the team ledger another laptop's by LISTEN/NOTIFY and a connection back) and at
// start; with no send open there is none. Not a poll: one read of the sending index per burst of
// changes, one wake per send that turns (docs/ledger.md, "Needs attention, one definition").
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../log/logger';
import type { NextLeftOpen } from '../ledger/attention-queue';

/** Runs `wake` after `ms` by main's clock; answers how to cancel it. Tests hand a fake (no waiting). */
export type WakeTimer = (wake: () => void, ms: number) => () => void;

const mainClock: WakeTimer = (wake, ms) => {
  const timer = setTimeout(wake, Math.min(ms, 2 ** 31 - 1));
  timer.unref();
  return () => clearTimeout(timer);
};

export type LeftOpenWake = {
  /** Resolves once no read of the next send is under way or waiting (tests: the timer is then as it stays). */
  idle(): Promise<void>;
  close(): void;
};

export function wakeWhenLeftOpen(deps: {
  /** The ledger's next send to turn and in how long, by the ledger's own clock (SQLite's, or the team database's now()). */
  next(): NextLeftOpen | undefined | Promise<NextLeftOpen | undefined>;
  events: EventHub;
  logger: Logger;
  timer?: WakeTimer;
}): LeftOpenWake {
  const timer = deps.timer ?? mainClock;
  let cancel: (() => void) | undefined;
  let reading = false;
  let readAgain = false;
  let closed = false;
  let soon = false;
  const idleWaiters: Array<() => void> = [];
  const whenIdle = () => {
    if (!soon && !reading) for (const done of idleWaiters.splice(0)) done();
  };

  /** Reads the next send to turn and sets the one timer to it; `due`: the send the timer just woke for. */
  async function arm(due?: NextLeftOpen): Promise<void> {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    cancel?.();
    cancel = undefined;
    try {
      const next = await Promise.resolve(deps.next()).catch((error: unknown) => {
        // Out of reach (the team ledger): its connection back sends payments.changed, read again then.
        deps.logger.warn('left-open wake: next send not read', { code: (error as { code?: string }).code ?? 'unknown' });
        return undefined;
      });
      if (closed) return;
      // Turned: the screens read again; that event sets the timer to the next send. (Woken before
      // the ledger's clock says so, main's clock ahead of the database's, it is still the next: wait the rest.)
      if (due && next?.paymentId !== due.paymentId) return void deps.events.emit({ type: 'payments.changed', paymentIds: [due.paymentId] });
      if (readAgain || !next) return;
      // +1: the ledger lists a send once it is open longer than the minutes, not at them.
      cancel = timer(() => void arm(next), next.inMs + 1);
    } finally {
      reading = false;
      if (readAgain && !closed) {
        readAgain = false;
        void arm();
      }
      whenIdle();
    }
  }

  // A burst of changes (a bulk run, a create's two records) is read once, after the emitter's turn.
  const armSoon = () => {
    if (soon || closed) return;
    soon = true;
    setImmediate(() => {
      soon = false;
      if (closed) return whenIdle();
      void arm();
    });
  };
  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'payments.changed') armSoon();
  });
  armSoon();

  return {
    idle: () => new Promise<void>((done) => {
      idleWaiters.push(done);
      whenIdle();
    }),
    close() {
      closed = true;
      unsubscribe();
      cancel?.();
      cancel = undefined;
    },
  };
}
