// Whether a failed request certainly never left this machine (not one byte of it written), so a
// money call that failed so was "not sent" (safe to try again), not "outcome unknown" (which sends
// support to check its status). The one place that decides it (docs/gateway.md, "Not sent").
//
// Node's fetch (undici) writes a request only on a connection that is open: TCP connected and, for
// https, the TLS handshake finished ('secureConnect'). So a failure is before sending when it is:
// - fetch refusing the address before connecting (a port it never connects to, a URL it cannot read);
// - a failed name lookup or TCP connect (the system call is getaddrinfo or connect);
// - Node's check of the server's certificate, made once as the handshake ends, before 'secureConnect'
//   (every code of the certExpired, certUntrusted and certName causes, main/core/network-failure.ts);
// - any failure undici reports as one to connect (its diagnostics channel), the handshake included:
//   an https:// address answered in plain HTTP (ERR_SSL_WRONG_VERSION_NUMBER), a cut mid-handshake.
// Not by its code alone: a TLS record error (the notTls codes: OpenSSL raises them for any record,
// also one after the request), a reset or time-out, and a refusal or no route read from a socket
// that was open (Linux reports an ICMP error from an open connection as EHOSTUNREACH or
// ECONNREFUSED when it gives up on it).
import { subscribe } from 'node:diagnostics_channel';
import { fetchFailureCode, networkCause, type NetworkCause } from '../core/network-failure';

/** The causes whose every code arises before a request is written (fetch's own refusals, name lookups, the certificate check). */
const beforeSendingCauses: ReadonlySet<NetworkCause> = new Set(['dns', 'unsafePort', 'certExpired', 'certUntrusted', 'certName']);
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
