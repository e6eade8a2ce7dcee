// The gateway's status words differ between sources; each maps onto Paydesk's closed set, read
// together with the operation type where the answer names one, and a word nobody listed stays
// 'unknown' (non-final), never success or failure.
import { describe, expect, it } from 'vitest';
import { failedOperationOf, operationTypeOf, settledStates, stateFromAnswer, stateFromWord } from '../../main/gateway/states';

describe('status words alone', () => {
  it.each([
    ['Approved', 'paid'], ['APPROVED', 'paid'], ['SUCCESS', 'paid'], ['successful', 'paid'], ['Completed', 'paid'], ['ok', 'paid'],
    ['SETTLED', 'paid'], ['PAID', 'paid'], ['captured', 'paid'], ['Capture', 'paid'], ['purchase', 'paid'],
    ['Declined', 'declined'], ['decline', 'declined'], ['FAILED', 'declined'], ['failure', 'declined'], ['Rejected', 'declined'], ['denied', 'declined'], ['ERROR', 'declined'],
    ['Pending', 'pending'], ['Redirect', 'pending'], ['3DS', 'pending'], ['ACTIVE', 'pending'], ['UNPAID', 'pending'], ['initiated', 'pending'],
    ['created', 'pending'], ['Processing', 'pending'], ['in progress', 'pending'], ['in-progress', 'pending'], ['NEW', 'pending'], ['open', 'pending'],
    ['AUTHORIZED', 'authorised'], ['authorised', 'authorised'], ['Authorization', 'authorised'], ['AUTH', 'authorised'], ['hold', 'authorised'],
    ['partially captured', 'partially_captured'], ['PARTIAL_CAPTURE', 'partially_captured'],
    ['Partially-Refunded', 'partially_refunded'], ['partial refund', 'partially_refunded'],
    ['REFUND', 'refunded'], ['Refunded', 'refunded'],
    ['VOID', 'voided'], ['voided', 'voided'], ['REVERSAL', 'voided'], ['reversed', 'voided'], ['Cancelled', 'voided'], ['canceled', 'voided'],
    ['EXPIRED', 'expired'], ['  Approved  ', 'paid'], ['partially  captured', 'partially_captured'], ['partially - refunded', 'partially_refunded'],
  ])('%s is %s', (word, state) => {
    expect(stateFromWord(word)).toBe(state);
  });

  it.each(['CHARGEBACK', 'Processing-Later', '', '  ', undefined, 'APPROVED_MAYBE', 'toString', '__proto__', 'constructor'])('%j is unknown and not settled', (word) => {
    expect(stateFromWord(word)).toBe('unknown');
    expect(settledStates.has(stateFromWord(word))).toBe(false);
  });

  it('pending is not settled: it is re-checked', () => {
    expect(settledStates.has('pending')).toBe(false);
  });
});

describe('a word read with the operation type', () => {
  it.each([
    ['Approved', 'Purchase', 'paid'],
    ['Approved', 'Authorization', 'authorised'],
    ['APPROVED', 'authorisation', 'authorised'],
    ['approved', 'auth', 'authorised'],
    ['Approved', 'Sale', 'paid'],
    // A capture or refund went through: how much, the answer does not say.
    ['Approved', 'Capture', 'partially_captured'],
    ['Approved', 'Refund', 'partially_refunded'],
    ['Approved', 'Void', 'voided'],
    ['Approved', 'Reversal', 'voided'],
    ['SUCCESS', 'Refund', 'partially_refunded'],
    // Words that say the state themselves keep it, whatever the type.
    ['REFUND', 'Refund', 'refunded'],
    ['VOID', 'Void', 'voided'],
    ['PAID', 'Purchase', 'paid'],
    ['Pending', 'Purchase', 'pending'],
    ['Declined', 'Purchase', 'declined'],
    ['Declined', 'Authorization', 'declined'],
    // A declined capture, refund or void says nothing about the payment itself.
    ['Declined', 'Capture', 'unknown'],
    ['FAILED', 'Refund', 'unknown'],
    ['Declined', 'Void', 'unknown'],
    // About an operation nobody listed: nothing sure.
    ['Approved', 'Chargeback', 'unknown'],
    ['Declined', 'Chargeback', 'unknown'],
    ['REFUND', 'Chargeback', 'refunded'],
    ['Approved', '  ', 'paid'],
    ['Mystery', 'Purchase', 'unknown'],
  ])('%s with type %s is %s', (word, type, state) => {
    expect(stateFromAnswer(word, type)).toBe(state);
  });

  it('"Approved" without a type is an authorisation on an authorisation-only payment, a sale otherwise', () => {
    expect(stateFromAnswer('Approved', undefined, true)).toBe('authorised');
    expect(stateFromAnswer('Approved', undefined, false)).toBe('paid');
    expect(stateFromAnswer('Approved', undefined)).toBe('paid');
    expect(stateFromAnswer('Approved', 'Purchase', true)).toBe('paid');
    expect(stateFromAnswer('SETTLED', undefined, true)).toBe('paid');
  });

  it('names the operation a failure word is about', () => {
    expect(failedOperationOf('Declined', 'Capture')).toBe('capture');
    expect(failedOperationOf('failed', 'refund')).toBe('refund');
    expect(failedOperationOf('DECLINED', 'VOID')).toBe('void');
    expect(failedOperationOf('Declined', 'Purchase')).toBeUndefined();
    expect(failedOperationOf('Declined', undefined)).toBeUndefined();
    expect(failedOperationOf('Approved', 'Refund')).toBeUndefined();
    expect(failedOperationOf(undefined, 'Refund')).toBeUndefined();
  });

  it('reads operation types case-insensitively and leaves unknown ones out', () => {
    expect(operationTypeOf(' purchase ')).toBe('purchase');
    expect(operationTypeOf('CAPTURE')).toBe('capture');
    expect(operationTypeOf('Chargeback')).toBeUndefined();
    expect(operationTypeOf(undefined)).toBeUndefined();
    expect(operationTypeOf('')).toBeUndefined();
  });
});
