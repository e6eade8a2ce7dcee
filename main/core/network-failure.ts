// A connection that failed before any answer came (a name not found, a refusal, no answer, a cut,
// a certificate), sorted from Node's (or Chromium's) error code into the causes the reasons word
// apart, each with what to check (contract/reasons.ts, `networkWhat` and `networkCheck`). The code
// itself goes along once, as a detail for support. Which of them mean a request never left: main/gateway/before-sending.ts.
import type { ReasonValues } from '../../contract/reasons';

export const networkCauses = ['dns', 'refused', 'timedOut', 'connectTimedOut', 'reset', 'noRoute', 'certExpired', 'certDate', 'certUntrusted', 'certName', 'notTls', 'unsafePort', 'other'] as const;
export type NetworkCause = (typeof networkCauses)[number];

const causeOfCode: Record<string, NetworkCause> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns', // the name server did not answer: to a person, the name was not found either
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timedOut',
  UND_ERR_CONNECT_TIMEOUT: 'connectTimedOut', // undici's time limit on TCP connect and TLS handshake
  timeout: 'timedOut', // pg's own connection time-out, which has no code
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  EHOSTUNREACH: 'noRoute',
  ENETUNREACH: 'noRoute',
  ENETDOWN: 'noRoute',
  EADDRNOTAVAIL: 'noRoute',
  CERT_HAS_EXPIRED: 'certExpired',
  // A certificate from after this computer's date: its clock is behind (a dead battery), not the server wrong.
  CERT_NOT_YET_VALID: 'certDate',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certUntrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'certUntrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certUntrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certUntrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'certUntrusted',
  CERT_SIGNATURE_FAILURE: 'certUntrusted',
  CERT_UNTRUSTED: 'certUntrusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certName',
  // https:// to a server that answers plain HTTP on that port: TLS's first bytes got no TLS answer.
  ERR_SSL_WRONG_VERSION_NUMBER: 'notTls',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'notTls',
  // A port the fetch standard never connects to (9, 25, 6000…): Node's fetch says only "bad port".
  ERR_UNSAFE_PORT: 'unsafePort',
  // Chromium's names, which Electron's net module (electron-updater's requests) fails with as "net::ERR_…".
  ERR_NAME_NOT_RESOLVED: 'dns',
  ERR_NAME_RESOLUTION_FAILED: 'dns',
  ERR_CONNECTION_REFUSED: 'refused',
  ERR_CONNECTION_TIMED_OUT: 'timedOut',
  ERR_TIMED_OUT: 'timedOut',
  ERR_CONNECTION_RESET: 'reset',
  ERR_CONNECTION_CLOSED: 'reset',
  ERR_CONNECTION_ABORTED: 'reset',
  ERR_EMPTY_RESPONSE: 'reset',
  ERR_NETWORK_CHANGED: 'reset',
  ERR_INTERNET_DISCONNECTED: 'noRoute',
  ERR_ADDRESS_UNREACHABLE: 'noRoute',
  ERR_CERT_DATE_INVALID: 'certDate', // Chromium's, expired or not yet valid alike
  ERR_CERT_AUTHORITY_INVALID: 'certUntrusted',
  ERR_CERT_COMMON_NAME_INVALID: 'certName',
  ERR_SSL_PROTOCOL_ERROR: 'notTls',
};

/**
 * Node's fetch (undici) words some failures without a code: named here by Chromium's code for the
 * same failure, so they are said as every other one (an address on port 9 said "could not be
 * reached" with no cause, docs/profiles-and-keys.md).
 */
const codeOfUncoded: Record<string, string> = { 'bad port': 'ERR_UNSAFE_PORT' };

/** The code of a failed request (Node's fetch puts it on the error's cause), or one for its words when it has none. */
export function fetchFailureCode(error: unknown): string | undefined {
  let words: string | undefined;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof message === 'string' && Object.hasOwn(codeOfUncoded, message)) words ??= codeOfUncoded[message];
  }
  return words;
}

export const networkCause = (code: string): NetworkCause => (Object.hasOwn(causeOfCode, code) ? causeOfCode[code]! : 'other');

/** Node's system calls that open a connection: another code from them is a connection failure too (a file's is not). */
const connectCalls = new Set(['connect', 'getaddrinfo']);

/**
 * The code of a connection that failed before any answer: Node's (a code above, or any from
 * connecting) or Chromium's from Electron's net module ("net::ERR_NAME_NOT_RESOLVED"); undefined
 * for any other failure.
 */
export function networkCodeOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, syscall, message } = error as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof code === 'string' && (Object.hasOwn(causeOfCode, code) || (typeof syscall === 'string' && connectCalls.has(syscall)))) return code;
  return typeof message === 'string' ? /^net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1] : undefined;
}

/**
 * A network reason's values: the cause, the server's name (`serverName`, what DNS looks up) and
 * address (`server`, with its port when it has one), and the code for support. Never a key or
 * a password: only what the person typed as the address.
 */
export function networkValues(code: string, server: { name: string; address: string }): ReasonValues {
  return { cause: networkCause(code), serverName: server.name, server: server.address, code };
}
