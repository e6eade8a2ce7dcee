// DOM tests' window.paydesk: main's real handlers called in-process (the "direct" transport).
// The renderer binds its `api` once, at import, so the backend behind it is read on every call:
// a test can give each case fresh services.
import { methodNames, type PaydeskApi } from '../../contract/methods';
import type { createHandlers } from '../../main/api/create-handlers';
import type { createEventHub } from '../../main/core/event-hub';
import { answersInFlight } from './answers-in-flight';

type DirectBackend = { handlers: ReturnType<typeof createHandlers>; events: ReturnType<typeof createEventHub> };
const ctx = { transport: 'direct' as const, osUser: 'tester' };

/** Sets window.paydesk (as Electron's preload does) to call `current()`'s handlers; before the renderer is imported. `settled()`: answers-in-flight.ts. */
export function installDirectApi(current: () => DirectBackend): { settled(): Promise<void> } {
  const api: Record<string, unknown> = { subscribe: (listener: Parameters<PaydeskApi['subscribe']>[0]) => current().events.subscribe(listener) };
  const inFlight = answersInFlight();
  for (const name of methodNames) api[name] = (input: unknown) => inFlight.track(Promise.resolve(current().handlers[name](input, ctx)));
  window.paydesk = api as PaydeskApi;
  return { settled: inFlight.settled };
}
