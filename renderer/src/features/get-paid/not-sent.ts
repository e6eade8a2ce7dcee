// Whether a refused create left nothing with the gateway: main refused it before sending (a field,
// the order id, the key, the production confirmation...), the connection failed before the
// request left the machine (main/gateway/before-sending.ts, docs/gateway.md "Not sent"), or the team ledger failed
// before the intent was recorded. The virtual terminal keeps
// the card's fields then, for a retry with one press; anything else may have reached the gateway.
import type { AppError, ErrorCode } from '../../../../contract/result';

const refusedInMain: ReadonlySet<ErrorCode> = new Set(['invalid_input', 'conflict', 'busy', 'rule_violation', 'confirmation_required', 'keychain_unavailable', 'key_missing', 'forbidden']);
// The team ledger stopped it before its intent was recorded (main/payments/not-sent.ts).
const failedBeforeSending: ReadonlySet<string> = new Set(['gateway.unreachable', 'gateway.badAddress', 'teamLedger.notSent', 'teamLedger.notSentServer']);

/** The request left but its answer was not recorded: whether it charged is not known (never "charged nothing"). */
export const outcomeNotKnown = (error: AppError): boolean => error.reason?.key === 'teamLedger.answerNotRecorded';

export function nothingSent(error: AppError): boolean {
  const key = error.reason?.key ?? '';
  // A gateway's own refusal shares some codes (conflict: a duplicate order there): its reason is "gateway.…".
  return (refusedInMain.has(error.code) && !key.startsWith('gateway.')) || failedBeforeSending.has(key);
}
