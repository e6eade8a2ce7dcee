// The money rules, checked in main whatever the renderer sends.
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../contract/result';
import { checkCapture, checkRefund, checkVoid, operationMoney, parseAmountField, requireNoOpenOperation, requireSameCurrency, requireTransactionId, type RulePayment } from '../../main/payments/rules';

const p = (over: Partial<RulePayment> = {}): RulePayment => ({ state: 'paid', currency: 'SAR', amount_minor: 10_000, captured_minor: 10_000, refunded_minor: 0, transaction_id: 'tx-1', order_id: 'ORD-1', ...over });

function failure(run: () => unknown): { code: string; message: string; fields?: Record<string, string> } {
  try {
    run();
  } catch (e) {
    if (e instanceof AppFailure) return e.toError();
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('amounts', () => {
  it('reads what was typed in the currency’s decimals', () => {
    expect(parseAmountField('12.50', 'SAR')).toBe(1_250);
    expect(parseAmountField('1.005', 'KWD')).toBe(1_005);
    expect(parseAmountField('1500', 'JPY')).toBe(1_500);
    expect(parseAmountField('0.01', 'SAR')).toBe(1);
  });

  it('refuses zero, too many decimals and nonsense, on the named field', () => {
    expect(failure(() => parseAmountField('0', 'SAR'))).toMatchObject({ code: 'invalid_input', message: 'The amount must be more than zero.', fields: { amount: 'The amount must be more than zero.' } });
    expect(failure(() => parseAmountField('0.00', 'SAR', 'refund'))).toMatchObject({ code: 'invalid_input', fields: { refund: expect.any(String) } });
    expect(failure(() => parseAmountField('1.5', 'JPY'))).toMatchObject({ code: 'invalid_input', fields: { amount: 'JPY has no decimals.' } });
    expect(failure(() => parseAmountField('abc', 'SAR'))).toMatchObject({ code: 'invalid_input', fields: { amount: expect.any(String) } });
  });
});

describe('currency, open operations and the transaction id', () => {
  it('refuses another currency than the payment’s', () => {
    expect(() => requireSameCurrency(p(), 'SAR')).not.toThrow();
    expect(failure(() => requireSameCurrency(p(), 'KWD'))).toMatchObject({ code: 'rule_violation', message: 'This payment is in SAR; the amount must be in SAR too, not KWD.', fields: { currency: 'This payment is in SAR; the amount must be in SAR too, not KWD.' } });
  });

  it('allows one money operation at a time, and says what to do', () => {
    expect(() => requireNoOpenOperation([])).not.toThrow();
    expect(failure(() => requireNoOpenOperation([{ kind: 'refund', outcome: 'unknown', amount_minor: 1 }]))).toMatchObject({ code: 'busy', message: 'The outcome of an earlier refund on this payment is not known yet. Check its status before doing anything else.' });
    expect(failure(() => requireNoOpenOperation([{ kind: 'capture', outcome: 'sending', amount_minor: 1 }]))).toMatchObject({ code: 'busy', message: 'A capture on this payment is in progress. Wait for it to finish.' });
  });

  it('in the team ledger, names the person whose operation is open', () => {
    expect(failure(() => requireNoOpenOperation([{ kind: 'refund', outcome: 'sending', amount_minor: 1, db_user: 'sue' }]))).toMatchObject({ code: 'busy', message: 'sue is already doing a refund on this payment in the team ledger. Wait for it to finish, then look at the payment again.' });
    expect(failure(() => requireNoOpenOperation([{ kind: 'void', outcome: 'unknown', amount_minor: null, db_user: 'ada' }]))).toMatchObject({ code: 'busy', message: 'The outcome of the void that ada did on this payment is not known yet. Check its status before doing anything else.' });
  });

  it('needs the transaction the gateway named; a session or link id is not one', () => {
    expect(requireTransactionId(p())).toBe('tx-1');
    expect(failure(() => requireTransactionId(p({ transaction_id: null })))).toMatchObject({ code: 'rule_violation', message: 'The gateway has not named this payment’s transaction yet. Check status first.' });
  });
});

describe('capture', () => {
  it('takes at most what is left of the authorisation, saying what is left as money, not text', () => {
    expect(() => checkCapture(p({ state: 'authorised', captured_minor: 0 }), 10_000)).not.toThrow();
    expect(() => checkCapture(p({ state: 'partially_captured', captured_minor: 4_000 }), 6_000)).not.toThrow();
    expect(failure(() => checkCapture(p({ state: 'partially_captured', captured_minor: 4_000 }), 6_001))).toMatchObject({
      code: 'rule_violation', message: 'At most SAR\u00A060.00 is left to capture.', fields: { amount: 'At most SAR\u00A060.00 is left to capture.' },
      // Minor units and the currency: each language words them as the app words amounts.
      reason: { key: 'rule.captureTooMuch', values: { amountMinor: 6_000, currency: 'SAR' } }, fieldReasons: { amount: { key: 'rule.captureTooMuch', values: { amountMinor: 6_000, currency: 'SAR' } } },
    });
  });

  it('sends no capture of an authorisation captured at the gateway, its amount not known (walk35)', () => {
    expect(failure(() => checkCapture(p({ state: 'partially_captured', captured_minor: 0 }), 1))).toMatchObject({ code: 'rule_violation', reason: { key: 'rule.captureLeftNotKnown', values: { orderId: 'ORD-1' } } });
  });

  it.each(['paid', 'voided', 'refunded', 'pending', 'declined', 'partially_refunded', 'unknown'] as const)('refuses a %s payment', (state) => {
    expect(failure(() => checkCapture(p({ state, captured_minor: 0 }), 1))).toMatchObject({ code: 'rule_violation', message: `Only an authorised payment can be captured; this one is ${state.replace(/_/g, ' ')}.` });
  });
});

describe('void', () => {
  it('only an authorisation with nothing captured', () => {
    expect(() => checkVoid(p({ state: 'authorised', captured_minor: 0 }))).not.toThrow();
    expect(failure(() => checkVoid(p({ state: 'authorised', captured_minor: 1 })))).toMatchObject({ code: 'rule_violation', message: 'Only an authorisation with nothing captured can be voided; this one is authorised.' });
    expect(failure(() => checkVoid(p({ state: 'partially_captured', captured_minor: 1 })))).toMatchObject({ message: expect.stringContaining('this one is partially captured') });
    expect(failure(() => checkVoid(p({ state: 'voided', captured_minor: 0 })))).toMatchObject({ code: 'rule_violation' });
    expect(failure(() => checkVoid(p({ state: 'paid' })))).toMatchObject({ code: 'rule_violation' });
  });
});

describe('refund', () => {
  it('needs a reason', () => {
    expect(failure(() => checkRefund(p(), 100, '  ', []))).toMatchObject({ code: 'invalid_input', message: 'Give a reason for the refund.', fields: { reason: 'Give a reason for the refund.' } });
  });

  it.each(['paid', 'partially_captured', 'partially_refunded'] as const)('refunds a %s payment up to what is left', (state) => {
    const payment = p({ state, captured_minor: 6_000, refunded_minor: 1_000 });
    expect(() => checkRefund(payment, 5_000, 'Damaged', [])).not.toThrow();
    expect(failure(() => checkRefund(payment, 5_001, 'Damaged', []))).toMatchObject({ code: 'rule_violation', message: 'At most SAR\u00A050.00 is left to refund.', fields: { amount: 'At most SAR\u00A050.00 is left to refund.' }, reason: { values: { amountMinor: 5_000, currency: 'SAR' } } });
  });

  it.each(['authorised', 'refunded', 'voided', 'pending', 'declined', 'expired', 'unknown', 'creating'] as const)('refuses a %s payment', (state) => {
    expect(failure(() => checkRefund(p({ state }), 1, 'x', []))).toMatchObject({ code: 'rule_violation', message: `Only a paid or captured payment can be refunded; this one is ${state.replace(/_/g, ' ')}.` });
  });

  it('counts refunds whose outcome is still open, and only refunds', () => {
    const open = [{ kind: 'refund' as const, outcome: 'unknown', amount_minor: 3_000 }, { kind: 'capture' as const, outcome: 'unknown', amount_minor: 5_000 }, { kind: 'refund' as const, outcome: 'sending', amount_minor: null }];
    expect(() => checkRefund(p(), 7_000, 'x', open)).not.toThrow();
    expect(failure(() => checkRefund(p(), 7_001, 'x', open))).toMatchObject({ message: 'At most SAR\u00A070.00 is left to refund.' });
  });

  // walk35: refunded or captured at the gateway's dashboard, how much no answer says: any amount could be more than is left.
  it.each([
    ['refunded at the gateway', { state: 'partially_refunded' as const, refunded_minor: 0 }],
    ['captured at the gateway', { state: 'partially_captured' as const, captured_minor: 0 }],
  ])('sends no refund of a payment %s, its amount not known', (_what, over) => {
    expect(failure(() => checkRefund(p(over), 1, 'x', []))).toMatchObject({
      code: 'rule_violation', reason: { key: 'rule.refundLeftNotKnown', values: { orderId: 'ORD-1' } },
      message: 'Money of this payment was refunded or captured at the gateway (on its dashboard, or by another tool), and no answer says how much, so Paydesk cannot know what is left to refund and sends no refund that could be more. Look up order reference ORD-1 on the gateway’s dashboard and refund there.',
    });
  });

  it('never says a negative amount is left', () => {
    const open = [{ kind: 'refund' as const, outcome: 'unknown', amount_minor: 12_000 }];
    expect(failure(() => checkRefund(p(), 1, 'x', open))).toMatchObject({ message: 'At most SAR\u00A00.00 is left to refund.', reason: { values: { amountMinor: 0, currency: 'SAR' } } });
  });
});

describe('what a capture, void or refund records before it is sent', () => {
  it('a capture: the amount typed, on top of what was captured before', () => {
    expect(operationMoney(p({ state: 'partially_captured', captured_minor: 4_000, refunded_minor: 0 }), 'capture', 2_500)).toEqual({ amountMinor: 2_500, baseMinor: 4_000 });
  });

  it('a refund: the amount typed, on top of what was refunded before (not what was captured)', () => {
    expect(operationMoney(p({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 1_500 }), 'refund', 700)).toEqual({ amountMinor: 700, baseMinor: 1_500 });
  });

  it('a void: what it releases, the authorised amount not captured, whatever was typed', () => {
    expect(operationMoney(p({ state: 'authorised', amount_minor: 10_000, captured_minor: 0 }), 'void', undefined)).toEqual({ amountMinor: 10_000, baseMinor: null });
    expect(operationMoney(p({ state: 'authorised', amount_minor: 10_000, captured_minor: 3_000 }), 'void', 1)).toEqual({ amountMinor: 7_000, baseMinor: null });
  });
});
