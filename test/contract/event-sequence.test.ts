// A renderer that missed events (a gap in main's numbers, main restarted, the stream dropped
// and came back) is told to reload what it shows, instead of polling just in case.
import { describe, expect, it } from 'vitest';
import { eventSequence, resyncEvents } from '../../renderer/src/api/event-sequence';
import type { AppEvent } from '../../contract/events';

const changed = (seq: number): AppEvent => ({ type: 'payments.changed', paymentIds: ['p'], seq });

describe('event sequence numbers', () => {
  it('passes events in order through, and resyncs on a gap, a restart or a reconnect', () => {
    const seen: AppEvent[] = [];
    const sequence = eventSequence((e) => seen.push(e));
    sequence.event(changed(1));
    sequence.event(changed(2));
    expect(seen).toEqual([changed(1), changed(2)]);
    seen.length = 0;
    sequence.event(changed(5));
    expect(seen).toEqual([...resyncEvents, changed(5)]);
    seen.length = 0;
    sequence.event(changed(1));
    expect(seen).toEqual([...resyncEvents, changed(1)]);
    seen.length = 0;
    sequence.reconnected();
    expect(seen).toEqual(resyncEvents);
  });
});
