// Numbers every event main sends, in order, so a renderer can tell it missed some (a dropped
// event stream) and resync instead of polling. Wraps the hub; services emit as before.
import { createEventHub, type EventHub } from './event-hub';

export function withSequence(hub: EventHub): EventHub {
  let seq = 0;
  return {
    emit: (event) => hub.emit({ ...event, seq: ++seq }),
    subscribe: (listener) => hub.subscribe(listener),
  };
}

/** main's event hub, numbered: made before the app when a window listens while the app starts. */
export const createAppEvents = (): EventHub => withSequence(createEventHub());
