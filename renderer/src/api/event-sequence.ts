// Tells subscribers to reload when events were missed: a gap in main's sequence numbers, main
// restarting (the numbers start again), or the event stream reconnecting after a drop. The
// "changed" events it delivers make every screen fetch what it shows again.
import type { AppEvent } from '../../../contract/events';

export const resyncEvents: AppEvent[] = [{ type: 'payments.changed', paymentIds: [] }, { type: 'profiles.changed' }, { type: 'bulk.changed' }, { type: 'checkups.changed' }, { type: 'teamProfiles.changed' }];

export function eventSequence(deliver: (event: AppEvent) => void) {
  let last: number | undefined;
  const resync = () => resyncEvents.forEach(deliver);
  return {
    event(event: AppEvent) {
      if (event.seq !== undefined) {
        if (last !== undefined && (event.seq > last + 1 || event.seq <= last)) resync();
        last = event.seq;
      }
      deliver(event);
    },
    /** The stream came back after a drop: whatever happened meanwhile is unknown. */
    reconnected: resync,
  };
}
