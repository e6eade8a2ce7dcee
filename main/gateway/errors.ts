// The closed set of ways a gateway call can fail, and what each means for the user. The
// kinds are named like the contract's error codes so the mapping is one to one.
import { AppFailure, type GatewayDetail } from '../../contract/result';

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
};

const nextStep: Record<GatewayErrorKind, string> = {
  network: 'Nothing was sent. Check the connection and try again.',
  timeout: 'The gateway did not answer in time. Try again in a moment.',
  outcome_unknown: 'The gateway may have processed it. Check its status before trying again.',
  key_rejected: 'Check the API key of this profile in Settings.',
  hash_rejected: 'The request signature was refused. Check the API key and the customer e-mail.',
  request_rejected: 'Correct the request and try again.',
  not_found: 'Check the order or transaction ID.',
  conflict: 'It may already exist or already be done. Check its status.',
  gateway_error: 'The gateway reported an error. Try again later.',
  malformed_response: 'The answer could not be read. Check its status before trying again.',
  cancelled: 'Cancelled.',
};

export function gatewayError(kind: GatewayErrorKind, message: string, extra: Partial<GatewayError> = {}): GatewayError {
  return { kind, message, mayHaveHappened: kind === 'outcome_unknown', ...extra };
}

/** The error as the renderer sees it: the contract's code, the gateway's words, and what to do next. */
export function toAppFailure(error: GatewayError): AppFailure {
  const said = error.gateway?.message && error.kind !== 'outcome_unknown' ? ` The gateway said: "${error.gateway.message}".` : '';
  return new AppFailure(error.kind, `${error.message}${said} ${nextStep[error.kind]}`.trim(), error.gateway ? { gateway: error.gateway } : {});
}
