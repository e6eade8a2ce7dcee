// The closed set of ways a gateway call can fail, and what each means for the user. The
// kinds are named like the contract's error codes so the mapping is one to one.
import type { Reason, ReasonKey, ReasonValues } from '../../contract/reasons';
import type { AppFailure, GatewayDetail } from '../../contract/result';
import { fail, reason } from '../core/fail';

export const gatewayErrorKinds = [
  'network', // never reached the gateway: nothing happened
  'timeout', // status only: no answer in time (a money call that times out is outcome_unknown)
  'outcome_unknown', // the request may have been processed: check status before trying again
  'key_rejected',
  'hash_rejected',
  'request_rejected',
  'not_found',
  'conflict',
  'gateway_error',
  'malformed_response',
  'cancelled', // cancelled before it was sent, or a status query cancelled
] as const;
export type GatewayErrorKind = (typeof gatewayErrorKinds)[number];

export type GatewayError = {
  kind: GatewayErrorKind;
  /** Plain words for a person, without the key, a card number or a stack. */
  message: string;
  /** What the gateway said, when it said something. */
  gateway?: GatewayDetail;
  /** True when the gateway may have acted on the request; the ledger keeps it open until a status query settles it. */
  mayHaveHappened: boolean;
  httpStatus?: number;
  /** A more precise reason than the kind's own, for the renderer to word, with its values. */
  reasonKey?: ReasonKey;
  reasonValues?: ReasonValues;
};

export function gatewayError(kind: GatewayErrorKind, message: string, extra: Partial<GatewayError> = {}): GatewayError {
  return { kind, message, mayHaveHappened: kind === 'outcome_unknown', ...extra };
}

/**
 * The error as the renderer sees it: the contract's code and a reason it words in the user's
 * language (what happened and what to do next), with what the gateway said as a quotation.
 */
export function toAppFailure(error: GatewayError): AppFailure {
  const why = gatewayReason(error);
  return fail(error.kind, why.key, why.values, error.gateway ? { gateway: error.gateway } : {});
}

/** Why a gateway call failed, as a reason (a payment's last error keeps it too: main/ledger/last-error.ts). */
export function gatewayReason(error: GatewayError): Reason {
  const said = error.gateway?.message && error.kind !== 'outcome_unknown' ? error.gateway.message : undefined;
  const values = error.reasonValues || said ? { ...error.reasonValues, ...(said ? { said } : {}) } : undefined;
  return reason(error.reasonKey ?? `gateway.${error.kind}`, values);
}
