// The API over the preview's loopback bridge. The page gets its per-launch token in the URL
// fragment (never sent to any server), keeps it for this tab only, and removes it from the
// address bar.
import { eventSequence } from './event-sequence';
import type { AppEvent } from '../../../contract/events';
import type { PaydeskApi } from '../../../contract/methods';
import type { ErrorCode, Result } from '../../../contract/result';

const tokenKey = 'paydesk.previewToken';

function takeToken(): string {
  const token = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash)?.[1];
  if (!token) return sessionStorage.getItem(tokenKey) ?? '';
  // Kept for a reload and taken out of the address bar just after the page's first calls are
  // sent, not before: sessionStorage's first use and replaceState each wait on the browser
  // (1-5 ms, up to 50 while it loads the page), and the first calls waited for them. Until then
  // the address still holds the token, so a reload meanwhile finds it there.
  setTimeout(() => {
    sessionStorage.setItem(tokenKey, token);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }, 0);
  return token;
}

export function createBridgeApi(): PaydeskApi {
  const token = takeToken();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  async function call(name: string, input: unknown): Promise<Result<unknown>> {
    let response: Response;
    try {
      response = await fetch(`/api/call/${name}`, { method: 'POST', headers, body: JSON.stringify(input ?? {}) });
    } catch {
      return err('network', 'Paydesk preview is not reachable. Is `npm run preview` still running?', { reason: { key: 'bridge.unreachable' } });
    }
    if (response.status === 401) return err('forbidden', 'This page has no valid preview token. Open the address the preview printed.', { reason: { key: 'bridge.noToken' } });
    if (response.status === 413) return err('invalid_input', 'This is too large to send to Paydesk.', { reason: { key: 'bridge.tooLarge' } });
    if (!response.ok) return err('internal', `The preview answered ${response.status}.`, { reason: { key: 'bridge.failed', values: { status: response.status } } });
    return (await response.json()) as Result<unknown>;
  }

  // Every method by name, without the contract's list: that list comes with its schemas (zod),
  // which the first screen need not load. Main answers an unknown name with 404.
  return methodsBy((name) => (input: unknown) => call(name, input), sharedEventStream(headers));
}

/** An API object whose every method name maps to `method(name)` (once made, kept). */
export function methodsBy(method: (name: string) => (input: unknown) => Promise<Result<unknown>>, subscribe: PaydeskApi['subscribe']): PaydeskApi {
  const made = new Map<string, unknown>([['subscribe', subscribe]]);
  return new Proxy({} as PaydeskApi, {
    get(_, name) {
      // Not a thenable, and no symbols: only method names are methods.
      if (typeof name !== 'string' || name === 'then') return undefined;
      if (!made.has(name)) made.set(name, method(name));
      return made.get(name);
    },
  });
}

function err(code: ErrorCode, message: string, extra: { reason: { key: string; values?: Record<string, string | number> } }): Result<unknown> {
  return { ok: false, error: { code, message, ...extra } };
}

/**
 * One event stream per page, shared by every subscriber: a browser allows only six open
 * connections to a host, and each subscriber holding its own stream would starve the API calls.
 * The stream opens with the first subscriber and closes with the last.
 */
function sharedEventStream(headers: Record<string, string>) {
  const listeners = new Set<(event: AppEvent) => void>();
  let controller: AbortController | undefined;

  const sequence = eventSequence((event) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch {
        // One broken subscriber must not cut the others off.
      }
    }
  });

  let eventSchema: typeof import('../../../contract/events').appEventSchema | undefined;
  function open() {
    const own = new AbortController();
    controller = own;
    void (async () => {
      let connections = 0;
      // Reconnect with a short pause if the stream drops, until nobody listens.
      while (!own.signal.aborted) {
        try {
          const response = await fetch('/api/events', { method: 'POST', headers, signal: own.signal });
          if (!response.ok || !response.body) throw new Error('no stream');
          if (connections++ > 0) sequence.reconnected();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffered = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffered += value;
            const lines = buffered.split('\n');
            buffered = lines.pop() ?? '';
            for (const line of lines) {
              if (!line.trim()) continue;
              // The events' schema comes with zod: fetched with the first event, not with the first
              // screen (the stream opens as the page starts; at start it usually carries nothing).
              eventSchema ??= (await import('../../../contract/events')).appEventSchema;
              const parsed = eventSchema.safeParse(JSON.parse(line));
              if (parsed.success) sequence.event(parsed.data);
            }
          }
        } catch {
          if (own.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
  }

  return (listener: (event: AppEvent) => void): (() => void) => {
    listeners.add(listener);
    if (listeners.size === 1) open();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        controller?.abort();
        controller = undefined;
      }
    };
  };
}
