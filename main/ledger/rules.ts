// The money rules, enforced in main whatever the renderer sends: capture at most what is left
// of the authorisation, void only before any capture, refund at most what was captured and not
// yet refunded (counting refunds whose outcome is still open), a reason for every refund, the
// payment's own currency, and one money-moving operation per payment at a time.
import { formatMinor, parseAmount, type CurrencyCode } from '../../contract/money';
import { AppFailure } from '../../contract/result';
import type { OperationRow, PaymentRow } from './payment-rows';

export function parseAmountField(text: string, currency: CurrencyCode, field = 'amount'): number {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw new AppFailure('invalid_input', parsed.reason, { fields: { [field]: parsed.reason } });
  if (parsed.minor <= 0) throw new AppFailure('invalid_input', 'The amount must be more than zero.', { fields: { [field]: 'The amount must be more than zero.' } });
  return parsed.minor;
}

const violation = (message: string, field?: string) => new AppFailure('rule_violation', message, field ? { fields: { [field]: message } } : {});

export function requireSameCurrency(payment: PaymentRow, currency: string): void {
  if (currency !== payment.currency) throw violation(`This payment is in ${payment.currency}; the amount must be in ${payment.currency} too, not ${currency}.`, 'currency');
}

export function requireNoOpenOperation(open: OperationRow[]): void {
  const first = open[0];
  if (!first) return;
  throw new AppFailure(
    'busy',
    first.outcome === 'unknown'
      ? `The outcome of an earlier ${first.kind} on this payment is not known yet. Check its status before doing anything else.`
      : `A ${first.kind} on this payment is in progress. Wait for it to finish.`,
  );
}

export function checkCapture(payment: PaymentRow, amountMinor: number): void {
  if (payment.state !== 'authorised' && payment.state !== 'partially_captured') {
    throw violation(`Only an authorised payment can be captured; this one is ${payment.state.replace('_', ' ')}.`);
  }
  const left = payment.amount_minor - payment.captured_minor;
  if (amountMinor > left) throw violation(`At most ${formatMinor(left, payment.currency)} ${payment.currency} is left to capture.`, 'amount');
}

export function checkVoid(payment: PaymentRow): void {
  if (payment.state !== 'authorised' || payment.captured_minor > 0) {
    throw violation(`Only an authorisation with nothing captured can be voided; this one is ${payment.state.replace('_', ' ')}.`);
  }
}

export function checkRefund(payment: PaymentRow, amountMinor: number, reason: string, pendingRefundsMinor: number): void {
  if (!reason.trim()) throw new AppFailure('invalid_input', 'Give a reason for the refund.', { fields: { reason: 'Give a reason for the refund.' } });
  if (!['paid', 'partially_captured', 'partially_refunded'].includes(payment.state)) {
    throw violation(`Only a paid or captured payment can be refunded; this one is ${payment.state.replace('_', ' ')}.`);
  }
  const left = payment.captured_minor - payment.refunded_minor - pendingRefundsMinor;
  if (amountMinor > left) throw violation(`At most ${formatMinor(Math.max(left, 0), payment.currency)} ${payment.currency} is left to refund.`, 'amount');
}
