// The gateway's status words differ between sources; each maps onto Paydesk's closed set, and
// a word nobody listed stays 'unknown' (non-final), never success or failure.
import { describe, expect, it } from 'vitest';
import { settledStates, stateFromWord } from '../../main/gateway/states';

describe('status words', () => {
  it.each([
    ['Approved', 'paid'], ['APPROVED', 'paid'], ['SUCCESS', 'paid'], ['SETTLED', 'paid'], ['PAID', 'paid'], ['captured', 'paid'],
    ['Declined', 'declined'], ['FAILED', 'declined'],
    ['Pending', 'pending'], ['Redirect', 'pending'], ['3DS', 'pending'], ['ACTIVE', 'pending'], ['UNPAID', 'pending'],
    ['AUTHORIZED', 'authorised'], ['partially captured', 'partially_captured'], ['Partially-Refunded', 'partially_refunded'],
    ['REFUND', 'refunded'], ['VOID', 'voided'], ['REVERSAL', 'voided'], ['EXPIRED', 'expired'],
  ])('%s is %s', (word, state) => {
    expect(stateFromWord(word)).toBe(state);
  });

  it.each(['CHARGEBACK', 'Processing-Later', '', '  ', undefined, 'APPROVED_MAYBE', 'toString', '__proto__'])('%j is unknown and not settled', (word) => {
    expect(stateFromWord(word)).toBe('unknown');
    expect(settledStates.has(stateFromWord(word))).toBe(false);
  });

  it('pending is not settled: it is re-checked', () => {
    expect(settledStates.has('pending')).toBe(false);
  });
});
