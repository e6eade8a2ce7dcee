// The money rules, enforced in main whatever the renderer sends: capture at most what is left
// of the authorisation, void only an authorisation with nothing captured, refund at most what
// was captured and not yet refunded (counting refunds whose outcome is still open), a reason
// for every refund, the payment's own currency, a transaction id the gateway named, and one
// money-moving operation per payment at a time.
import { formatMinor, parseAmount, type CurrencyCode } from '../../contract/money';
import type { LedgerState } from '../../contract/payment-states';
import { AppFailure } from '../../contract/result';

export type RuleOperation = { kind: 'create' | 'capture' | 'void' | 'refund'; outcome: string; amount_minor: number | null };
export type RulePayment = {
  state: LedgerState;
  currency: CurrencyCode;
  amount_minor: number;
  captured_minor: number;
  refunded_minor: number;
  transaction_id: string | null;
};

export function parseAmountField(text: string, currency: CurrencyCode, field = 'amount'): number {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw new AppFailure('invalid_input', parsed.reason, { fields: { [field]: parsed.reason } });
  if (parsed.minor <= 0) throw new AppFailure('invalid_input', 'The amount must be more than zero.', { fields: { [field]: 'The amount must be more than zero.' } });
  return parsed.minor;
}

const violation = (message: string, field?: string) => new AppFailure('rule_violation', message, field ? { fields: { [field]: message } } : {});
const named = (state: LedgerState) => state.replace(/_/g, ' ');

export function requireSameCurrency(payment: RulePayment, currency: string): void {
  if (currency !== payment.currency) throw violation(`This payment is in ${payment.currency}; the amount must be in ${payment.currency} too, not ${currency}.`, 'currency');
}

export function requireNoOpenOperation(open: RuleOperation[]): void {
  const first = open[0];
  if (!first) return;
  throw new AppFailure(
    'busy',
    first.outcome === 'unknown'
      ? `The outcome of an earlier ${first.kind} on this payment is not known yet. Check its status before doing anything else.`
      : `A ${first.kind} on this payment is in progress. Wait for it to finish.`,
  );
}

/** Capture, void, refund and recurring name the transaction; a session's or link's own id is not one. */
export function requireTransactionId(payment: RulePayment): string {
  if (!payment.transaction_id) throw violation('The gateway has not named this payment’s transaction yet. Check status first.');
  return payment.transaction_id;
}

export function checkCapture(payment: RulePayment, amountMinor: number): void {
  if (payment.state !== 'authorised' && payment.state !== 'partially_captured') {
    throw violation(`Only an authorised payment can be captured; this one is ${named(payment.state)}.`);
  }
  const left = payment.amount_minor - payment.captured_minor;
  if (amountMinor > left) throw violation(`At most ${formatMinor(left, payment.currency)} ${payment.currency} is left to capture.`, 'amount');
}

export function checkVoid(payment: RulePayment): void {
  if (payment.state !== 'authorised' || payment.captured_minor > 0) {
    throw violation(`Only an authorisation with nothing captured can be voided; this one is ${named(payment.state)}.`);
  }
}

export function checkRefund(payment: RulePayment, amountMinor: number, reason: string, open: RuleOperation[] = []): void {
  if (!reason.trim()) throw new AppFailure('invalid_input', 'Give a reason for the refund.', { fields: { reason: 'Give a reason for the refund.' } });
  if (!['paid', 'partially_captured', 'partially_refunded'].includes(payment.state)) {
    throw violation(`Only a paid or captured payment can be refunded; this one is ${named(payment.state)}.`);
  }
  const pending = open.filter((op) => op.kind === 'refund').reduce((sum, op) => sum + (op.amount_minor ?? 0), 0);
  const left = payment.captured_minor - payment.refunded_minor - pending;
  if (amountMinor > left) throw violation(`At most ${formatMinor(Math.max(left, 0), payment.currency)} ${payment.currency} is left to refund.`, 'amount');
}
