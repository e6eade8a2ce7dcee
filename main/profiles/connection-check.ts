// "Test the connection": a status query for an order id that cannot exist. Any answer in the
// gateway's envelope that is not a key refusal means the key works; a refusal means it does
// not; no answer means the gateway is unreachable. Nothing is created or charged.
import { randomUUID } from 'node:crypto';
import type { ConnectionCheck } from '../../contract/methods/profiles';
import { AppFailure } from '../../contract/result';
import type { GatewayConnection } from '../gateway/operations';

/** The gateway client's status call (main/gateway/client.ts), or a stand-in with its shape. */
export type StatusProbe = (
  conn: GatewayConnection,
  request: { orderId: string },
  options: { timeoutMs?: number; retry?: boolean },
) => Promise<{ ok: true } | { ok: false; error: { kind: string; message: string; httpStatus?: number } }>;

export const probeOrderPrefix = 'paydesk-connection-check-';

export async function checkConnection(probe: StatusProbe, conn: GatewayConnection, timeoutMs = 10_000): Promise<ConnectionCheck> {
  const result = await probe(conn, { orderId: probeOrderPrefix + randomUUID() }, { timeoutMs, retry: false });
  if (result.ok) return accepted;
  const { kind, httpStatus } = result.error;
  switch (kind) {
    case 'key_rejected':
      return { outcome: 'key_rejected', message: 'The gateway refused this API key. Check that it is the key of this environment (test keys for sandbox, live keys for production) and that it was copied whole.' };
    case 'timeout':
      return { outcome: 'timeout', message: 'The gateway did not answer in time. Check the base URL and your connection, then try again.' };
    case 'network':
    case 'cancelled':
      return { outcome: 'unreachable', message: `The gateway could not be reached (${result.error.message.replace(/\.$/, '')}). Check the base URL and your connection; the key itself was not checked.` };
    case 'malformed_response':
      return { outcome: 'unreachable', message: 'Something answered at that address, but not like the gateway does. Check the base URL (it ends in the version segment, such as /v1); the key itself was not checked.' };
    default:
      // A server error says nothing about the key; any other answer in the envelope means it was accepted.
      if ((httpStatus ?? 0) >= 500 || kind === 'outcome_unknown') {
        return { outcome: 'unreachable', message: `The gateway reported a server error${httpStatus ? ` (HTTP ${httpStatus})` : ''}, so the key could not be checked. Try again later.` };
      }
      return accepted;
  }
}

const accepted: ConnectionCheck = { outcome: 'accepted', message: 'The gateway answered and accepted the API key.' };

/** For the "test connection" button: anything but acceptance is an error value with its own code. */
export function failureOf(check: ConnectionCheck): AppFailure | undefined {
  if (check.outcome === 'accepted') return undefined;
  const code = check.outcome === 'key_rejected' ? 'key_rejected' : check.outcome === 'timeout' ? 'timeout' : 'network';
  return new AppFailure(code, check.message, code === 'key_rejected' ? { fields: { key: check.message } } : {});
}
