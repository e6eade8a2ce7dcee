// How many payments wait in Needs attention, for the navigation: a support agent on another screen
// learns that a refund's answer was just lost. The number is main's count of the queue itself
// (countNeedsAttention: listNeedsAttention's total, the one the screen shows), asked once the first
// screen is drawn (never before it: the start stays as fast) and again on main's events that may
// move it. No polling: a change (payments.changed, also sent for missed events and a lost stream
// come back, event-sequence.ts), a profile switch and the team ledger's connection back (team.changed).
// A burst of events (a bulk run, a create's two records) is counted once: the first event starts a
// short wait that the rest ride on, and events during a count ask for one more after it
// (once-per-burst.ts, shared with the Needs attention screen's own re-read). While that screen is
// open its re-read on payments.changed carries the queue's total (listNeedsAttention's), and the
// screen hands it here (showAttentionTotal): the navigation asks no count of its own for those
// events, so a burst costs main one read, not two (docs/screens-after-sale.md).
import { create } from 'zustand';
import type { AppEvent } from '../../../contract/events';
import { api } from '../api';
import { burstWaitMs, oncePerBurst } from './once-per-burst';

/** `total`: undefined until main first answered; a failed count keeps the last one known. */
export const useAttentionCount = create<{ total?: number }>(() => ({}));

/** The wait a burst rides on (once-per-burst.ts): a create's intent and answer together, no "1" that flashes at every sale. */
export const countAfterMs = burstWaitMs;
const moves: ReadonlySet<AppEvent['type']> = new Set(['payments.changed', 'profiles.changed', 'team.changed']);

let started = false;
/** The navigation's own count, once started: after the first event's wait. */
let countSoon: (() => void) | undefined;
/** Needs attention's screens open now (0 or 1): while one is, its re-reads bring the total. */
let screensReading = 0;
/** A payments.changed was left to the screen: counted once when it closes (its last re-read may be dropped then). */
let leftToScreen = false;

/**
 * The Needs attention screen opened: until the returned function is called, the navigation leaves
 * payments.changed to the screen's re-read, which hands its total to showAttentionTotal.
 */
export function attentionScreenReads(): () => void {
  screensReading += 1;
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    screensReading -= 1;
    if (screensReading > 0 || !leftToScreen) return;
    leftToScreen = false;
    countSoon?.();
  };
}

/** The queue's total as a read of the screen's found it: the navigation shows the same number. */
export function showAttentionTotal(total: number): void {
  useAttentionCount.setState({ total });
}

/** Counts now and keeps the count live from then on (once: the frame calls it after the first screen). */
export function startAttentionCount(): void {
  if (started) return;
  started = true;
  const burst = oncePerBurst(count, countAfterMs);
  countSoon = burst.soon;
  api.subscribe((event) => {
    if (!moves.has(event.type)) return;
    // The screen's own re-read counts these (above); a switch of profile or the team ledger back it does not read again for.
    if (event.type === 'payments.changed' && screensReading > 0) {
      leftToScreen = true;
      return;
    }
    burst.soon();
  });
  burst.now();
}

async function count() {
  const answer = await api.countNeedsAttention({}).catch(() => undefined);
  if (answer?.ok) useAttentionCount.setState({ total: answer.value.total });
}
