// Whether a failed request certainly never left this machine (not one byte of it written), so a
// money call that failed so was "not sent" (safe to try again), not "outcome unknown" (which sends
// support to check its status). The one place that decides it (docs/gateway.md, "Not sent").
//
// Node's fetch (undici) writes a request only on a connection that is open: TCP connected and, for
// https, the TLS handshake finished ('secureConnect'). So a failure is before sending when it is:
// - fetch refusing the address before connecting (a port it never connects to, a URL it cannot read);
// - a failed name lookup or TCP connect (the system call is getaddrinfo or connect);
// - Node's check of the server's certificate, made once as the handshake ends, before 'secureConnect'
//   (every code of the certExpired, certDate, certUntrusted and certName causes, main/core/network-failure.ts);
// - any failure undici reports as one to connect (its diagnostics channel), the handshake included:
//   an https:// address answered in plain HTTP (ERR_SSL_WRONG_VERSION_NUMBER), a cut mid-handshake.
// Not by its code alone: a TLS record error (the notTls codes: OpenSSL raises them for any record,
// also one after the request), a reset or time-out, and a refusal or no route read from a socket
// that was open (Linux reports an ICMP error from an open connection as EHOSTUNREACH or
// ECONNREFUSED when it gives up on it).
// A request Paydesk itself cut off (its time limit, a cancel) has no code to go by: watchSending
// tells it from undici's channels whether a byte of it was written (docs/gateway.md, "Not sent").
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { fetchFailureCode, networkCause, type NetworkCause } from '../core/network-failure';

/** The causes whose every code arises before a request is written (fetch's own refusals, name lookups, the certificate check). */
const beforeSendingCauses: ReadonlySet<NetworkCause> = new Set(['dns', 'unsafePort', 'certExpired', 'certDate', 'certUntrusted', 'certName']);
/** fetch could not read the address: it never connected. */
const beforeSendingCodes: ReadonlySet<string> = new Set(['ERR_INVALID_URL']);
/** The system calls that open a connection: a failure of theirs means it never opened. */
const connectCalls: ReadonlySet<string> = new Set(['connect', 'getaddrinfo']);

// The errors undici failed to connect with. Weak: an error goes with its request.
const connectErrors = new WeakSet<object>();
subscribe('undici:client:connectError', (message) => {
  const { error } = message as { error?: unknown };
  if (error && typeof error === 'object') connectErrors.add(error);
});

/** True only when the request certainly never left: any doubt is "it may have been sent". */
export function failedBeforeSending(error: unknown): boolean {
  const code = fetchFailureCode(error);
  if (code !== undefined && (beforeSendingCodes.has(code) || beforeSendingCauses.has(networkCause(code)))) return true;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { syscall } = e as { syscall?: unknown };
    if (connectErrors.has(e) || (typeof syscall === 'string' && connectCalls.has(syscall))) return true;
  }
  return false;
}

/** One call's requests, as undici made them (`undici:request:create`) and wrote their headers (`undici:client:sendHeaders`). */
type Watch = { origin: string; path: string; method: string; open: boolean; requests: object[]; written: boolean };

const watching = new AsyncLocalStorage<Watch>();
// The call each request undici made belongs to. Weak: it goes with the request.
const callOf = new WeakMap<object, Watch>();
// undici publishes no sendHeaders for an HTTP/2 request (writeH2): once it has made one such
// connection, the absence of sendHeaders proves nothing for the rest of this run.
let http2Seen = false;

subscribe('undici:request:create', (message) => {
  const { request } = message as { request?: object };
  const watch = watching.getStore();
  // Only while the call is dispatching (before any I/O): a request a pool dispatches later from
  // its queue runs in whatever call's context its connection was opened in.
  if (!request || !watch?.open) return;
  watch.requests.push(request);
  callOf.set(request, watch);
});
subscribe('undici:client:sendHeaders', (message) => {
  // Published before the first byte of the request is written (writeH1), on whichever connection.
  const watch = callOf.get((message as { request: object }).request);
  if (watch) watch.written = true;
});
subscribe('undici:client:connected', (message) => {
  const { connectParams } = message as { connectParams?: { version?: unknown } };
  if (connectParams?.version !== 'h1') http2Seen = true;
});

export type SendingWatch = {
  /** Calls `send` (Node's fetch of this method and URL) so the requests it makes are this call's. */
  run<T>(send: () => Promise<T>): Promise<T>;
  /**
   * True only when the call made exactly one request, for its own origin, path and method, over
   * HTTP/1.1, and undici never began writing it. Asked once fetch has failed because Paydesk
   * aborted it: an aborted request undici has not begun to write is never written (writeH1 asks
   * the request's abort first), so the answer cannot change afterwards.
   */
  neverWritten(): boolean;
};

export function watchSending(url: URL, method: string): SendingWatch {
  const watch: Watch = { origin: url.origin, path: url.pathname + url.search, method, open: false, requests: [], written: false };
  return {
    run(send) {
      return watching.run(watch, () => {
        watch.open = true;
        // Node's fetch dispatches within microtasks of its call; any I/O comes after this.
        setImmediate(() => (watch.open = false));
        return send();
      });
    },
    neverWritten() {
      if (http2Seen || watch.written || watch.requests.length !== 1) return false;
      const { origin, path, method: made } = watch.requests[0] as { origin?: unknown; path?: unknown; method?: unknown };
      return origin === watch.origin && path === watch.path && made === watch.method;
    },
  };
}
