// The money rules, enforced in main whatever the renderer sends: capture at most what is left
// of the authorisation, void only an authorisation with nothing captured, refund at most what
// was captured and not yet refunded (counting refunds whose outcome is still open), a reason
// for every refund, the payment's own currency, a transaction id the gateway named, and one
// money-moving operation per payment at a time.
import { moneyValues } from '../../contract/amount-words';
import { parseAmount, type CurrencyCode } from '../../contract/money';
import { capturedAmountUnknown, refundedAmountUnknown, type LedgerState } from '../../contract/payment-states';
import { fail, failField } from '../core/fail';

/** `db_user`: the team ledger's login that recorded it (PostgreSQL only): the refusal names that person. */
export type RuleOperation = { kind: 'create' | 'capture' | 'void' | 'refund'; outcome: string; amount_minor: number | null; db_user?: string | null };
export type RulePayment = {
  state: LedgerState;
  currency: CurrencyCode;
  amount_minor: number;
  captured_minor: number;
  refunded_minor: number;
  transaction_id: string | null;
  order_id: string;
};

export function parseAmountField(text: string, currency: CurrencyCode, field = 'amount'): number {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw failField('invalid_input', field, parsed.why.key, parsed.why.values);
  if (parsed.minor <= 0) throw failField('invalid_input', field, 'amount.zero');
  return parsed.minor;
}

/** What is left, as money the reader's language words (contract/amount-words.ts). */
const left = (minor: number, currency: CurrencyCode) => moneyValues(Math.max(minor, 0), currency);

export function requireSameCurrency(payment: RulePayment, currency: string): void {
  if (currency !== payment.currency) throw failField('rule_violation', 'currency', 'rule.currency', { expected: payment.currency, given: currency });
}

export function requireNoOpenOperation(open: RuleOperation[]): void {
  const first = open[0];
  if (!first) return;
  const unknown = first.outcome === 'unknown';
  if (first.db_user) throw fail('busy', unknown ? 'teamLedger.busyUnknown' : 'teamLedger.busySending', { operation: first.kind, person: first.db_user });
  throw fail('busy', unknown ? 'rule.busyUnknown' : 'rule.busySending', { operation: first.kind });
}

/** Capture, void, refund and recurring name the transaction; a session's or link's own id is not one. */
export function requireTransactionId(payment: RulePayment): string {
  if (!payment.transaction_id) throw fail('rule_violation', 'rule.noTransaction');
  return payment.transaction_id;
}

export function checkCapture(payment: RulePayment, amountMinor: number): void {
  if (payment.state !== 'authorised' && payment.state !== 'partially_captured') {
    throw fail('rule_violation', 'rule.captureState', { state: payment.state });
  }
  // Captured at the gateway's dashboard, how much not said: any amount could be more than is left (walk35).
  if (capturedAmountUnknown({ state: payment.state, capturedMinor: payment.captured_minor })) throw fail('rule_violation', 'rule.captureLeftNotKnown', { orderId: payment.order_id });
  const rest = payment.amount_minor - payment.captured_minor;
  if (amountMinor > rest) throw failField('rule_violation', 'amount', 'rule.captureTooMuch', left(rest, payment.currency));
}

export function checkVoid(payment: RulePayment): void {
  if (payment.state !== 'authorised' || payment.captured_minor > 0) {
    throw fail('rule_violation', 'rule.voidState', { state: payment.state });
  }
}

/** `open`: the payment's operations still open (a refund among them is money that may already be gone): never left out. */
export function checkRefund(payment: RulePayment, amountMinor: number, reason: string, open: RuleOperation[]): void {
  if (!reason.trim()) throw failField('invalid_input', 'reason', 'rule.refundReason');
  if (!['paid', 'partially_captured', 'partially_refunded'].includes(payment.state)) {
    throw fail('rule_violation', 'rule.refundState', { state: payment.state });
  }
  // Refunded (or captured) at the gateway's dashboard, how much not said: what is left is not known,
  // so no refund is sent that could be more (walk35; it was sent, the gateway trusted to refuse).
  const money = { state: payment.state, capturedMinor: payment.captured_minor, refundedMinor: payment.refunded_minor };
  if (refundedAmountUnknown(money) || capturedAmountUnknown(money)) throw fail('rule_violation', 'rule.refundLeftNotKnown', { orderId: payment.order_id });
  const pending = open.filter((op) => op.kind === 'refund').reduce((sum, op) => sum + (op.amount_minor ?? 0), 0);
  const rest = payment.captured_minor - payment.refunded_minor - pending;
  if (amountMinor > rest) throw failField('rule_violation', 'amount', 'rule.refundTooMuch', left(rest, payment.currency));
}

/**
 * What a capture, void or refund's row records: a capture or refund the amount typed and the total
 * it is made against (money-state.ts adds the one to the other once the gateway confirms, never
 * counting twice); a void sends no amount but releases what is authorised and not captured.
 */
export function operationMoney(payment: RulePayment, kind: 'capture' | 'void' | 'refund', typedMinor: number | undefined): { amountMinor: number | undefined; baseMinor: number | null } {
  if (kind === 'void') return { amountMinor: payment.amount_minor - payment.captured_minor, baseMinor: null };
  return { amountMinor: typedMinor, baseMinor: kind === 'capture' ? payment.captured_minor : payment.refunded_minor };
}
