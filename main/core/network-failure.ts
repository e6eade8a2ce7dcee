// A connection that failed before any answer came (a name not found, a refusal, no answer, a cut,
// a certificate), sorted from Node's error code into the causes the reasons word apart, each with
// what to check (contract/reasons.ts, `networkWhat` and `networkCheck`). The code itself goes along
// once, as a detail for support.
import type { ReasonValues } from '../../contract/reasons';

export const networkCauses = ['dns', 'refused', 'timedOut', 'reset', 'noRoute', 'certExpired', 'certUntrusted', 'certName', 'other'] as const;
export type NetworkCause = (typeof networkCauses)[number];

const causeOfCode: Record<string, NetworkCause> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns', // the name server did not answer: to a person, the name was not found either
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timedOut',
  UND_ERR_CONNECT_TIMEOUT: 'timedOut',
  timeout: 'timedOut', // pg's own connection time-out, which has no code
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  EHOSTUNREACH: 'noRoute',
  ENETUNREACH: 'noRoute',
  ENETDOWN: 'noRoute',
  EADDRNOTAVAIL: 'noRoute',
  CERT_HAS_EXPIRED: 'certExpired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certUntrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'certUntrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certUntrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certUntrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'certUntrusted',
  CERT_SIGNATURE_FAILURE: 'certUntrusted',
  CERT_UNTRUSTED: 'certUntrusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certName',
};

export const networkCause = (code: string): NetworkCause => (Object.hasOwn(causeOfCode, code) ? causeOfCode[code]! : 'other');

/**
 * A network reason's values: the cause, the server's name (`serverName`, what DNS looks up) and
 * address (`server`, with its port when it has one), and the code for support. Never a key or
 * a password: only what the person typed as the address.
 */
export function networkValues(code: string, server: { name: string; address: string }): ReasonValues {
  return { cause: networkCause(code), serverName: server.name, server: server.address, code };
}
