// "Test the connection": a status query for an order id that cannot exist. Any answer in the
// gateway's envelope that is not a key refusal means the key works; a refusal means it does
// not; no answer means the gateway is unreachable. Nothing is created or charged.
import { randomUUID } from 'node:crypto';
import type { ConnectionCheck } from '../../contract/methods/profiles';
import type { Reason, ReasonKey, ReasonValues } from '../../contract/reasons';
import type { AppFailure } from '../../contract/result';
import { englishText, fail, failField, reason } from '../core/fail';
import type { GatewayConnection } from '../gateway/operations';

/** The gateway client's status call (main/gateway/client.ts), or a stand-in with its shape. */
export type StatusProbe = (
  conn: GatewayConnection,
  request: { orderId: string },
  options: { timeoutMs?: number; retry?: boolean },
) => Promise<{ ok: true } | { ok: false; error: { kind: string; message: string; httpStatus?: number; reasonValues?: ReasonValues } }>;

export const probeOrderPrefix = 'paydesk-connection-check-';

export async function checkConnection(probe: StatusProbe, conn: GatewayConnection, timeoutMs = 10_000): Promise<ConnectionCheck> {
  const result = await probe(conn, { orderId: probeOrderPrefix + randomUUID() }, { timeoutMs, retry: false });
  if (result.ok) return accepted();
  const { kind, httpStatus } = result.error;
  switch (kind) {
    case 'key_rejected':
      // Named as a refused key is everywhere else (gateway.keyRejectedOf): the profile and the key's last four, nothing more of it.
      return conn.profileName ? check('key_rejected', 'connection.keyRejectedOf', { profile: conn.profileName, lastFour: conn.apiKey.slice(-4) }) : check('key_rejected', 'connection.keyRejected');
    case 'timeout':
    case 'network':
    case 'cancelled': {
      // The transport's cause, server and code (main/core/network-failure.ts), worded for this check:
      // Paydesk's own time limit comes as the system's time-out is, ETIMEDOUT naming the server.
      const values = result.error.reasonValues;
      const outcome = kind === 'timeout' ? 'timeout' : 'unreachable';
      return values?.cause ? check(outcome, 'connection.unreachable', values) : check(outcome, 'connection.failed');
    }
    case 'malformed_response':
      return check('unreachable', 'connection.notGateway');
    default:
      // A server error says nothing about the key; any other answer in the envelope means it was accepted.
      if ((httpStatus ?? 0) >= 500 || kind === 'outcome_unknown') return check('unreachable', 'connection.serverError', { status: httpStatus ?? 'none' });
      return accepted();
  }
}

/** The outcome with its reason, and its English words for tools and logs. */
function check(outcome: ConnectionCheck['outcome'], key: ReasonKey, values?: ReasonValues): ConnectionCheck {
  const why = reason(key, values);
  return { outcome, message: englishText(why), reason: why };
}

// Worded at the first check, not when main's modules load: the first message formatted in a
// process loads ICU's locale data (tens of ms), which the preview's start should not wait for.
let acceptedCheck: ConnectionCheck | undefined;
const accepted = (): ConnectionCheck => (acceptedCheck ??= check('accepted', 'connection.accepted'));

/** For the "test connection" button: anything but acceptance is an error value with its own code. */
export function failureOf(check: ConnectionCheck): AppFailure | undefined {
  if (check.outcome === 'accepted') return undefined;
  const code = check.outcome === 'key_rejected' ? 'key_rejected' : check.outcome === 'timeout' ? 'timeout' : 'network';
  const why = (check.reason as Reason | undefined) ?? reason('connection.failed');
  return code === 'key_rejected' ? failField(code, 'key', why.key, why.values) : fail(code, why.key, why.values);
}
