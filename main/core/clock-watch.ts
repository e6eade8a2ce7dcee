// Whether this computer's clock looks wrong (walk40): each answer from a server that says its time
// (the gateway's HTTP Date header; the team ledger's now()) is compared with this computer's clock
// when it came. A laptop whose battery clock booted a year behind, or that was set a day ahead by
// hand, dates every payment, backup and "Today" by that clock and nothing said so. Off by more than
// `clockOffAfterMs` either way, the person is told once (a warning that stays until dismissed); when
// the clock agrees again, told so (which takes the warning away). Nothing is recorded or changed.
import type { Reason } from '../../contract/reasons';
import { reason } from './fail';

/** More than a few minutes: a Date header is to the second and an answer can take 30 s; NTP keeps clocks within a second. */
export const clockOffAfterMs = 5 * 60_000;

export type ClockSource = 'gateway' | 'teamLedger';
/** A server's time and this computer's clock before the question went and when the answer came (ms since 1970). */
export type ClockSample = { source: ClockSource; host: string; serverMs: number; sentMs: number; receivedMs: number };

/** A moment on this computer's clock, in its own zone, as digits: "2026-12-03 09:58". */
export function localMinute(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * How far this computer's clock is off from the server's (positive: ahead), or 0 when within the
 * sample's own uncertainty: the server's second (a Date header drops the milliseconds) lies between
 * the question leaving and the answer coming.
 */
export function clockOffset(sample: ClockSample): number {
  const ahead = sample.sentMs - (sample.serverMs + 1000);
  const behind = sample.serverMs - sample.receivedMs;
  return ahead > 0 ? ahead : behind > 0 ? -behind : 0;
}

export function createClockWatch(tell: (level: 'warning' | 'info', why: Reason) => void) {
  let wrong = false;
  return {
    /** One answer's time: says so when the clock turns wrong, or right again. A sample without a readable time is ignored. */
    heard(sample: ClockSample): void {
      if (!Number.isFinite(sample.serverMs)) return;
      const off = Math.abs(clockOffset(sample)) > clockOffAfterMs;
      if (off && !wrong) tell('warning', reason('clock.looksWrong', { source: sample.source, host: sample.host, clockHere: localMinute(sample.receivedMs), clockThere: localMinute(sample.serverMs) }));
      if (!off && wrong) tell('info', reason('clock.rightAgain', { source: sample.source, host: sample.host }));
      wrong = off;
    },
    get wrong() {
      return wrong;
    },
  };
}
export type ClockWatch = ReturnType<typeof createClockWatch>;
