// The shared stand-in for main (test/support/stub-main.ts). A screen subscribes to main's events in
// an effect, and React runs the effects of a draw it did on its own (not inside act) in a later
// task: after drawing it yields to let the page paint. testing-library's wait checks on every DOM
// change and returns a timer later, which on a busy machine comes before React's task: an event
// main sends right then reached no one when a test delivered it straight to the listeners (CI
// failed that way once). `tell` runs React's pending effects first. The moment is made certain
// here twice: the event sent as the screen's element appears, in the DOM change's own turn; and
// sent after the wait returned, the machine kept busy for 3 ms as the element appeared.
import { afterEach, describe, expect, it } from 'vitest';
import { useEffect, useState } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { stubMain } from '../support/stub-main';

const main = stubMain({ getAppInfo: async () => ({ ok: false, error: { code: 'internal', message: 'later' } }) });
const event: AppEvent = { type: 'bulk.changed', batchId: 'b-1' };

/** A screen that listens to main from its effect. */
function Listening() {
  const [heard, setHeard] = useState(0);
  useEffect(() => main.api.subscribe(() => setHeard((n) => n + 1)), []);
  return <p data-testid="listening">{heard === 0 ? 'nothing heard' : `heard ${heard}`}</p>;
}
/** Draws the screen once main answered, as the app's screens wait for their first answer. */
function Screen() {
  const [answered, setAnswered] = useState(false);
  useEffect(() => void main.api.getAppInfo({}).then(() => setAnswered(true)), []);
  return answered ? <Listening /> : null;
}

/** Calls `send` the moment the screen's element appears (in the DOM change's own turn). */
function whenDrawn(send: () => void) {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="listening"]')) return;
    observer.disconnect();
    expect(main.listeners.size).toBe(0); // drawn, its effect not run yet
    send();
  });
  observer.observe(document.body, { subtree: true, childList: true });
}

describe('main\'s events told to a screen that has just appeared', () => {
  afterEach(() => cleanup());

  it('are lost when delivered straight to the listeners (the old way)', async () => {
    whenDrawn(() => act(() => [...main.listeners].forEach((listener) => listener(event))));
    render(<Screen />);
    await screen.findByTestId('listening');
    await waitFor(() => expect(main.listeners.size).toBe(1));
    await act(async () => {});
    expect(screen.getByTestId('listening').textContent).toBe('nothing heard');
  });

  it('are heard when told through main.tell, which runs the screen\'s pending effects first', async () => {
    whenDrawn(() => main.tell(event));
    render(<Screen />);
    await screen.findByTestId('listening');
    await waitFor(() => expect(screen.getByTestId('listening').textContent).toBe('heard 1'));
  });
});

/** The machine is busy for a few ms as the screen's element appears, after testing-library's wait saw it. */
function busyWhenDrawn() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="listening"]')) return;
    observer.disconnect();
    // After this turn's promises (the wait's own included, which sets a timer to return): the
    // timer is due before React comes back to run the screen's effects.
    process.nextTick(() => {
      const start = performance.now();
      while (performance.now() - start < 3);
    });
  });
  observer.observe(document.body, { subtree: true, childList: true });
}

describe('main\'s events told right after a wait saw the screen, on a busy machine (how CI failed)', () => {
  afterEach(() => cleanup());

  it('are lost when delivered straight to the listeners (the old way)', async () => {
    busyWhenDrawn();
    render(<Screen />);
    await screen.findByTestId('listening');
    expect(main.listeners.size).toBe(0);
    act(() => [...main.listeners].forEach((listener) => listener(event)));
    await waitFor(() => expect(main.listeners.size).toBe(1));
    await act(async () => {});
    expect(screen.getByTestId('listening').textContent).toBe('nothing heard');
  });

  it('are heard when told through main.tell', async () => {
    busyWhenDrawn();
    render(<Screen />);
    await screen.findByTestId('listening');
    expect(main.listeners.size).toBe(0);
    main.tell(event);
    expect(screen.getByTestId('listening').textContent).toBe('heard 1');
  });
});

describe('the stand-in', () => {
  it('answers what it was given, says "not stubbed" otherwise, and records every call', async () => {
    main.calls.length = 0;
    expect(await main.api.getAppInfo({})).toEqual({ ok: false, error: { code: 'internal', message: 'later' } });
    expect(await main.api.listProfiles({})).toEqual({ ok: false, error: { code: 'internal', message: 'not stubbed' } });
    expect(main.calls.map((c) => c.name)).toEqual(['getAppInfo', 'listProfiles']);
    expect(main.asked('listProfiles')).toEqual([{}]);
  });
});
