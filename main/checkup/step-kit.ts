// What every check-up step shares: the pinned payments flows, the gateway client for the
// status readings, the run's amounts and order ids, and the helpers that send one call
// through the payments service (recorded before sending, exactly once) and note what came back.
import { checkupRefundReason } from '../../contract/app-written-reasons';
import type { CheckupCall, CheckupFinding, CheckupStep } from '../../contract/methods/checkup';
import { formatMinor, type CurrencyCode } from '../../contract/money';
import { AppFailure } from '../../contract/result';
import type { CallContext } from '../core/call-context';
import type { GatewayClient } from '../gateway/client';
import { stateFromWord } from '../gateway/states';
import type { OperationRow, PaymentRow } from '../ledger/payment-rows';
import type { ActiveGateway, PaymentsService } from '../payments/payments-service';
import { describeAnswer, lookedIn, usedReading } from './answer-shape';

export type Flows = ReturnType<PaymentsService['pinned']>;

export type StepKit = {
  payments: PaymentsService;
  flows: Flows;
  client: GatewayClient;
  gateway: ActiveGateway;
  ctx: CallContext;
  currency: CurrencyCode;
  amounts: { base: number; capture: number; refund: number };
  today: string;
  orderId(tag: string): string;
  /** Payments this run made, by role, and every one of them in order (for the clean-up). */
  made: Partial<Record<'sale' | 'auth' | 'auth2' | 'enrol' | 'recurring', PaymentRow>>;
  created: string[];
  step: CheckupStep;
};

export const testCard = { number: '5123450000000008', holder: 'PAYDESK CHECKUP', expiryMonth: '01', expiryYear: '2039', cvv: '100' };
export const testCustomer = { name: 'Paydesk check-up', email: 'checkup@example.com', phone: '+966500000000' };

export const amountText = (kit: StepKit, minor: number) => formatMinor(minor, kit.currency);

export function note(step: CheckupStep, code: CheckupFinding['code'], severity: CheckupFinding['severity'], params: Record<string, string> = {}) {
  step.findings.push({ code, severity, params });
}

/** The step's outcome from its findings, unless it was skipped or cancelled. */
export function settle(step: CheckupStep) {
  if (step.state === 'skipped' || step.state === 'cancelled') return;
  const worst = step.findings.some((f) => f.severity === 'failed') ? 'failed' : step.findings.some((f) => f.severity === 'different') ? 'different' : 'passed';
  step.state = worst;
}

async function attempt(send: () => Promise<unknown>): Promise<AppFailure | undefined> {
  try {
    await send();
    return undefined;
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
}

const lastOf = (ops: OperationRow[], kind: OperationRow['kind']) => ops.filter((op) => op.kind === kind).at(-1);

/** A status check through the payments service, as Paydesk makes one on its schedule. */
export async function checkByStatus(kit: StepKit, payment: PaymentRow): Promise<PaymentRow> {
  await kit.payments.refresh(payment.id, 'status', kit.gateway.conn).catch(() => undefined);
  return (await kit.payments.store.get(payment.id))!;
}

/** Notes what an answer carried and what Paydesk made of it; an unclear outcome is checked by status. */
async function afterAnswer(kit: StepKit, call: CheckupCall, paymentId: string, op: OperationRow | undefined, failure: AppFailure | undefined): Promise<PaymentRow | undefined> {
  const { step } = kit;
  let payment = (await kit.payments.store.get(paymentId))!;
  const answer = describeAnswer(call, op?.gateway_answer, null);
  step.answers.push(answer);
  if (op?.outcome === 'unknown') {
    const url = answer.readable && (call === 'initiateCheckout' || call === 'createPaymentLink') && !usedReading(answer, 'url');
    if (url) note(step, 'missing_reading', 'different', { call, reading: 'url', looked: lookedIn(call, 'url') });
    else note(step, answer.readable || !op.gateway_answer ? 'outcome_unknown' : 'unreadable_answer', 'different', { call });
    payment = await checkByStatus(kit, payment);
    answer.state = payment.state;
    return payment;
  }
  if (failure) {
    if (op?.error_code === 'declined') note(step, 'declined', 'failed', { call, word: answer.statusWord ?? '' });
    else note(step, 'call_failed', 'failed', { call, error: failure.code, gatewayCode: failure.extra.gateway?.errorCode ?? '', said: failure.extra.gateway?.message ?? '' });
    return undefined;
  }
  answer.state = payment.state;
  if (answer.statusWord && stateFromWord(answer.statusWord) === 'unknown') note(step, 'unknown_word', 'different', { call, word: answer.statusWord });
  return payment;
}

/** A create (sale, authorisation, session, link, recurring charge) through the pinned flows. */
export async function create(kit: StepKit, call: CheckupCall, tag: string, send: (orderId: string) => Promise<unknown>): Promise<PaymentRow | undefined> {
  const orderId = kit.orderId(tag);
  kit.step.orderIds.push(orderId);
  const failure = await attempt(() => send(orderId));
  const payment = await kit.payments.store.byOrderId(kit.gateway.profile.id, orderId);
  if (!payment) {
    // Refused before anything was recorded or sent (a check of the input).
    note(kit.step, 'call_failed', 'failed', { call, error: failure?.code ?? 'internal', gatewayCode: '' });
    return undefined;
  }
  kit.created.push(payment.id);
  return afterAnswer(kit, call, payment.id, lastOf(await kit.payments.store.operationsOf(payment.id), 'create'), failure);
}

/** A capture, void or refund through the pinned flows. */
export async function move(kit: StepKit, kind: 'capture' | 'void' | 'refund', payment: PaymentRow, amountMinor?: number): Promise<PaymentRow | undefined> {
  if (!kit.step.orderIds.includes(payment.order_id)) kit.step.orderIds.push(payment.order_id);
  const before = (await kit.payments.store.operationsOf(payment.id)).length;
  const failure = await attempt(() =>
    kit.flows.moneyOperation(kit.ctx, { paymentId: payment.id, kind, amount: amountMinor === undefined ? undefined : amountText(kit, amountMinor), reason: kind === 'refund' ? checkupRefundReason : undefined }),
  );
  const ops = await kit.payments.store.operationsOf(payment.id);
  const op = ops.length > before ? lastOf(ops, kind) : undefined;
  if (!op) {
    note(kit.step, 'call_failed', 'failed', { call: kind, error: failure?.code ?? 'internal', gatewayCode: '' });
    return undefined;
  }
  return afterAnswer(kit, kind, payment.id, op, failure);
}

/**
 * After a sale, an authorisation or a recurring charge: the transaction must be named (else
 * Paydesk learns it by status, as it would), and the payment in the state the step expects.
 */
export async function expectTaken(kit: StepKit, call: CheckupCall, payment: PaymentRow, expected: PaymentRow['state']): Promise<PaymentRow | undefined> {
  const { step } = kit;
  if (payment.state === 'pending' && payment.kind === 'sale') {
    note(step, 'challenge_required', 'different', { call });
    return undefined;
  }
  if (payment.state === 'declined') {
    note(step, 'declined', 'failed', { call, word: payment.status_word ?? '' });
    return undefined;
  }
  let current = payment;
  const answer = step.answers.at(-1);
  if (answer?.readable && !usedReading(answer, 'statusWord')) note(step, 'missing_reading', 'different', { call, reading: 'statusWord', looked: lookedIn(call, 'statusWord') });
  if (!current.transaction_id || current.state !== expected) current = await checkByStatus(kit, current);
  if (answer?.readable && !usedReading(answer, 'transactionId')) {
    note(step, 'missing_reading', 'different', { call, reading: 'transactionId', looked: lookedIn(call, 'transactionId') });
    if (current.transaction_id) note(step, 'learned_by_status', 'info', { call, reading: 'transactionId' });
  }
  if (!current.transaction_id) return undefined;
  return expectState(kit, call, current, expected) ? current : undefined;
}

/** Notes a state other than the expected one, unless a finding already says why. */
export function expectState(kit: StepKit, call: CheckupCall, payment: PaymentRow, expected: PaymentRow['state']): boolean {
  if (payment.state === expected) return true;
  if (!kit.step.findings.some((f) => f.severity !== 'info')) note(kit.step, 'state_differs', 'different', { call, expected, got: payment.state });
  return false;
}
