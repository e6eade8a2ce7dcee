// The computer's time zone, named where a screen's times are its wall time (walk27). Asking Intl
// for it is Intl's first use (12–20 ms, format.ts), which a start on the list must not pay before
// its rows show (test/dom/intl-at-start.test.tsx): the headings that name it wait for the
// formatters' warm-up (or a screen that uses Intl anyway), then read it at each draw (a laptop
// moved to another zone while open names the new one, as its times show it).
import { useSyncExternalStore } from 'react';

let warm = false;
const listeners = new Set<() => void>();

/** The zone's name now; the first read tells the headings waiting for Intl. */
export function readLocalZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!warm) {
    warm = true;
    queueMicrotask(() => listeners.forEach((heard) => heard())); // not inside a render that read it
  }
  return zone;
}

/** The zone's name once Intl has been used, else undefined (the heading keeps its line for it). */
export function useLocalZone(): string | undefined {
  const ready = useSyncExternalStore(subscribe, () => warm);
  return ready ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
}

function subscribe(heard: () => void): () => void {
  listeners.add(heard);
  return () => listeners.delete(heard);
}
