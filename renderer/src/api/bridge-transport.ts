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

  async function callOne(name: string, body: string): Promise<Result<unknown>> {
    let response: Response;
    try {
      response = await fetch(`/api/call/${name}`, { method: 'POST', headers, body });
    } catch {
      return unreachable();
    }
    return failed(response) ?? ((await response.json()) as Result<unknown>);
  }

  /** Several calls in one request (main's `/api/calls`): each settles as its answer's line arrives. */
  async function callMany(calls: Queued[]): Promise<void> {
    const unsettled = new Map(calls.map((c, i) => [i, c.settle]));
    const settle = (i: number, result: Result<unknown>) => {
      unsettled.get(i)?.(result);
      unsettled.delete(i);
    };
    // A stream cut short: what was sent may have been done or not, as with a single call's lost answer.
    const settleRest = (result: Result<unknown>) => [...unsettled.keys()].forEach((i) => settle(i, result));
    try {
      const body = `{"calls":[${calls.map((c) => `{"method":${JSON.stringify(c.name)},"input":${c.body}}`).join(',')}]}`;
      const response = await fetch('/api/calls', { method: 'POST', headers, body });
      const failure = failed(response);
      if (failure || !response.body) return settleRest(failure ?? unreachable());
      await readLines(response.body, (line) => {
        const { i, result } = JSON.parse(line) as { i: number; result: Result<unknown> };
        settle(i, result);
      });
    } catch {
      // fetch failed, or the stream broke: settled below
    }
    settleRest(unreachable());
  }

  // Calls made in the same turn (a start asks for the session and the first screen's data at
  // once) go to main in one request: each request costs the browser and main a few ms at start
  // on a busy machine (docs/performance.md, thirteenth pass). A call alone, or a large one (a CSV
  // upload), goes alone; nothing is ever sent twice.
  type Queued = { name: string; body: string; settle(result: Result<unknown>): void; fail(reason: unknown): void };
  let queued: Queued[] | undefined;
  function call(name: string, input: unknown): Promise<Result<unknown>> {
    const body = JSON.stringify(input ?? {});
    if (body.length > batchedBodyLimit) return callOne(name, body);
    return new Promise((settle, fail) => {
      if (!queued) {
        queued = [];
        queueMicrotask(() => {
          const calls = queued!;
          queued = undefined;
          // Main takes at most `maxBatch` calls a request: more go in several.
          for (let at = 0; at < calls.length; at += maxBatch) {
            const batch = calls.slice(at, at + maxBatch);
            if (batch.length === 1) void callOne(batch[0]!.name, batch[0]!.body).then(batch[0]!.settle, batch[0]!.fail);
            else void callMany(batch);
          }
        });
      }
      queued.push({ name, body, settle, fail });
    });
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

/** Inputs up to this size are sent with the other calls of their turn. */
const batchedBodyLimit = 64 * 1024;
/** Main's `/api/calls` takes 1 to 8 calls (main/bridge/preview-server.ts). */
const maxBatch = 8;

const unreachable = () => err('network', 'Paydesk preview is not reachable. Is `npm run preview` still running?', { reason: { key: 'bridge.unreachable' } });

/** What a call's caller is told when main refused the request, or undefined when it answered. */
function failed(response: Response): Result<unknown> | undefined {
  if (response.status === 401) return err('forbidden', 'This page has no valid preview token. Open the address the preview printed.', { reason: { key: 'bridge.noToken' } });
  if (response.status === 413) return err('invalid_input', 'This is too large to send to Paydesk.', { reason: { key: 'bridge.tooLarge' } });
  if (!response.ok) return err('internal', `The preview answered ${response.status}.`, { reason: { key: 'bridge.failed', values: { status: response.status } } });
  return undefined;
}

/** Reads newline-delimited text from `body`, one call of `line` per non-empty line, until it ends. */
async function readLines(body: NonNullable<Response['body']>, line: (text: string) => void | Promise<void>): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const text of lines) if (text.trim()) await line(text);
  }
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
          await readLines(response.body, async (line) => {
            // The events' schema comes with zod: fetched with the first event, not with the first
            // screen (the stream opens as the page starts; at start it usually carries nothing).
            eventSchema ??= (await import('../../../contract/events')).appEventSchema;
            const parsed = eventSchema.safeParse(JSON.parse(line));
            if (parsed.success) sequence.event(parsed.data);
          });
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
