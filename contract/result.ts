// Every contract method answers a value, never a thrown error: the renderer cannot
// receive a stack trace, and callers must handle failure explicitly.
import { z } from 'zod';
import { shared } from './method-spec';

/** The closed set of error codes that may cross from main to the renderer. */
export const errorCodes = [
  'invalid_input', // the input failed the contract's schema or a business check; see fields
  'not_found',
  'conflict', // for example a duplicate order id
  'forbidden', // an untrusted caller
  'busy', // another money-moving operation on the same payment is under way
  'rule_violation', // for example a refund above what remains refundable
  'confirmation_required', // production: the user must confirm naming the environment
  'keychain_unavailable',
  'key_missing',
  'network',
  'timeout',
  'outcome_unknown', // the request may have reached the gateway: check status, never resend blindly
  'key_rejected',
  'hash_rejected',
  'request_rejected',
  'gateway_error',
  'malformed_response',
  'cancelled',
  'storage',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const gatewayDetailSchema = shared(() => z.object({
  code: z.number().int().nullable().optional(),
  message: z.string().nullable().optional(),
  errorCode: z.string().nullable().optional(),
}));
export type GatewayDetail = z.infer<ReturnType<typeof gatewayDetailSchema>>;

export const reasonSchema = shared(() => z.object({
  key: z.string().max(100),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
}));

export const appErrorSchema = shared(() => z.object({
  code: z.enum(errorCodes),
  /** English, for logs and tools; the renderer words `reason` in the user's language. */
  message: z.string(),
  /** Why, as a key of contract/reasons.ts and its values. */
  reason: reasonSchema().optional(),
  /** Field path to its reason, for errors shown next to a form field. */
  fieldReasons: z.record(z.string(), reasonSchema()).optional(),
  /** Field path (dot-separated) to a message, for errors that belong next to a form field. */
  fields: z.record(z.string(), z.string()).optional(),
  /** What the gateway said, when the error came from the gateway. */
  gateway: gatewayDetailSchema().optional(),
}));
export type AppError = z.infer<ReturnType<typeof appErrorSchema>>;

export type Ok<T> = { ok: true; value: T };
export type Err = { ok: false; error: AppError };
export type Result<T> = Ok<T> | Err;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = (
  code: ErrorCode,
  message: string,
  extra: Omit<AppError, 'code' | 'message'> = {},
): Err => ({ ok: false, error: { code, message, ...extra } });

/**
 * Thrown inside main's services to end a call with a specific error; the handler layer
 * turns it into an Err. Anything else thrown becomes a generic 'internal' error.
 */
export class AppFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Omit<AppError, 'code' | 'message'> = {},
  ) {
    super(message);
    this.name = 'AppFailure';
  }
  toError(): AppError {
    return { code: this.code, message: this.message, ...this.extra };
  }
}
