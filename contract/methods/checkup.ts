// The gateway check-up (docs/check-up.md): on a sandbox (or the practice) profile it runs every
// operation a back office needs with small amounts and the published test cards, reports what
// each answer carried (field names and types, never values) against what Paydesk reads, and
// returns the test money at the end. Refused on production profiles.
import { z } from 'zod';
import { method, shared } from '../method-spec';
import { environmentSchema } from './app';
import { ledgerStates } from '../payment-states';

export const checkupStepKeys = [
  'sale', 'authorisation', 'partial_capture', 'void', 'partial_refund',
  'status_by_order', 'status_by_transaction', 'checkout', 'payment_link', 'recurring', 'cleanup',
] as const;
export type CheckupStepKey = (typeof checkupStepKeys)[number];

export const checkupStepStates = ['waiting', 'running', 'passed', 'different', 'failed', 'skipped', 'cancelled'] as const;
export type CheckupStepState = (typeof checkupStepStates)[number];

/** The gateway operations a step calls (the gateway client's names). */
export const checkupCalls = ['sale', 'capture', 'void', 'refund', 'recurring', 'status', 'initiateCheckout', 'createPaymentLink'] as const;
export type CheckupCall = (typeof checkupCalls)[number];

/** What Paydesk reads from answers (docs/gateway.md, Reading answers). */
export const checkupReadings = ['transactionId', 'statusWord', 'type', 'url', 'sessionId', 'linkId', 'recurringToken', 'orderId', 'amount'] as const;

/**
 * Each finding is a code with its facts; the renderer words it (English and Arabic).
 * info: worth knowing, as documented; different: the answer is not what Paydesk expects,
 * with what Paydesk does about it; failed: the step did not do what it should.
 */
export const checkupFindingCodes = [
  'call_failed', 'unreadable_answer', 'outcome_unknown', 'missing_reading', 'no_transaction_yet', 'learned_by_status',
  'unknown_word', 'state_differs', 'declined', 'challenge_required', 'no_recurring_token', 'needs_step',
  'cleaned', 'cleanup_failed', 'left_open', 'insecure_pay_page',
] as const;
export type CheckupFindingCode = (typeof checkupFindingCodes)[number];

const fieldSchema = shared(() => z.object({ name: z.string(), type: z.enum(['string', 'number', 'boolean', 'null', 'object', 'array']) }));

/** One answer of the gateway, redacted: where each value was, never the value (except the status word and type). */
export const checkupAnswerSchema = shared(() => z.object({
  call: z.enum(checkupCalls),
  /** false: the answer was not JSON in the gateway's envelope. */
  readable: z.boolean(),
  fields: z.array(fieldSchema()),
  statusWord: z.string().nullable(),
  type: z.string().nullable(),
  /** The state Paydesk read from it, if any. */
  state: z.enum(ledgerStates).nullable(),
  readings: z.array(z.object({ reading: z.enum(checkupReadings), field: z.string().nullable(), outcome: z.enum(['used', 'missed']) })),
}));
export type CheckupAnswer = z.infer<ReturnType<typeof checkupAnswerSchema>>;

export const checkupFindingSchema = shared(() => z.object({
  code: z.enum(checkupFindingCodes),
  severity: z.enum(['info', 'different', 'failed']),
  params: z.record(z.string(), z.string()),
}));
export type CheckupFinding = z.infer<ReturnType<typeof checkupFindingSchema>>;

export const checkupStepSchema = shared(() => z.object({
  key: z.enum(checkupStepKeys),
  state: z.enum(checkupStepStates),
  /** The check-up's own order ids used by this step (they name the payments in Transactions). */
  orderIds: z.array(z.string()),
  answers: z.array(checkupAnswerSchema()),
  findings: z.array(checkupFindingSchema()),
}));
export type CheckupStep = z.infer<ReturnType<typeof checkupStepSchema>>;

export const checkupRunSchema = shared(() => z.object({
  id: z.string(),
  profileId: z.string(),
  environment: environmentSchema(),
  currency: z.string(),
  /** interrupted: on the team ledger, a run its laptop stopped in the middle of (Paydesk closed or killed); its clean-up did not run. */
  state: z.enum(['running', 'cancelling', 'finished', 'cancelled', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  steps: z.array(checkupStepSchema()),
  /** On the team ledger, who started it and whether on this computer (null on a laptop's own ledger). */
  startedBy: z.object({ login: z.string(), osUser: z.string().nullable(), thisLaptop: z.boolean() }).nullable().optional(),
}));
export type CheckupRun = z.infer<ReturnType<typeof checkupRunSchema>>;

/** A run in the list of recent check-ups of a profile: its outcome counts, not its steps. */
export const checkupRunSummarySchema = shared(() => checkupRunSchema().omit({ steps: true }).extend({
  counts: z.object({ passed: z.number().int(), different: z.number().int(), failed: z.number().int(), skipped: z.number().int(), cancelled: z.number().int() }),
}));
export type CheckupRunSummary = z.infer<ReturnType<typeof checkupRunSummarySchema>>;

const id = shared(() => z.string().min(1).max(200));

export const checkupMethods = {
  startCheckup: method({
    summary: 'Starts a gateway check-up on a sandbox or the practice profile (refused on production); progress comes as checkup.progress events.',
    input: () => z.object({ profileId: id() }).strict(),
    output: () => checkupRunSchema(),
  }),
  cancelCheckup: method({
    summary: 'Stops a running check-up after the step under way; the test money moved so far is still returned.',
    input: () => z.object({ runId: id() }).strict(),
    output: () => checkupRunSchema(),
  }),
  getCheckup: method({
    summary: 'A check-up run by id, or the latest run of a profile (on the team ledger any laptop\'s, kept there; on a laptop\'s own ledger null when there is none since Paydesk started).',
    input: () => z.object({ runId: id().optional(), profileId: id().optional() }).strict(),
    output: () => z.object({ run: checkupRunSchema().nullable() }),
  }),
  listCheckups: method({
    summary: 'The recent check-ups of a profile, newest first: on the team ledger every laptop\'s (support and admin read them), on a laptop\'s own ledger this run of Paydesk\'s only (`kept` says which).',
    input: () => z.object({ profileId: id() }).strict(),
    output: () => z.object({ runs: z.array(checkupRunSummarySchema()), kept: z.enum(['team', 'thisRun']) }),
  }),
  saveCheckupReport: method({
    summary: 'The report of a finished check-up as JSON (versions, environment, each step redacted: never a key, card number or CVV); recorded in the audit log.',
    input: () => z.object({ runId: id() }).strict(),
    output: () => z.object({ fileName: z.string(), json: z.string(), app: z.object({ name: z.string(), version: z.string(), runtime: z.string(), platform: z.string() }), gatewayHost: z.string() }),
  }),
};
