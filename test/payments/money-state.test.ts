// The money state follows from the payment's kind and the operations the gateway confirmed; a
// status answer moves it forward only, and totals in an answer only ever raise the ledger's.
import { describe, expect, it } from 'vitest';
import { afterConfirmed, afterStatus, isForward, stateFromTotals, type Money } from '../../main/payments/money-state';

const money = (over: Partial<Money> = {}): Money => ({ state: 'paid', amount_minor: 10_000, captured_minor: 10_000, refunded_minor: 0, ...over });

describe('state from totals', () => {
  it.each([
    [10_000, 0, 0, 'authorised'],
    [10_000, 1, 0, 'partially_captured'],
    [10_000, 9_999, 0, 'partially_captured'],
    [10_000, 10_000, 0, 'paid'],
    [10_000, 10_000, 1, 'partially_refunded'],
    [10_000, 10_000, 9_999, 'partially_refunded'],
    [10_000, 10_000, 10_000, 'refunded'],
    [10_000, 4_000, 4_000, 'refunded'],
    [10_000, 4_000, 1_000, 'partially_refunded'],
  ] as const)('amount %i, captured %i, refunded %i: %s', (amount, captured, refunded, state) => {
    expect(stateFromTotals(amount, captured, refunded)).toBe(state);
  });
});

describe('forward only', () => {
  it.each([
    ['creating', 'pending', true], ['unknown', 'pending', true], ['not_created', 'pending', true],
    ['pending', 'paid', true], ['pending', 'authorised', true], ['pending', 'declined', true], ['pending', 'expired', true],
    ['declined', 'paid', true], ['expired', 'authorised', true],
    ['authorised', 'partially_captured', true], ['authorised', 'paid', true], ['partially_captured', 'paid', true],
    ['paid', 'partially_refunded', true], ['paid', 'refunded', true], ['partially_refunded', 'refunded', true],
    ['pending', 'voided', true], ['authorised', 'voided', true], ['declined', 'voided', true],
    // Never back, never sideways out of an end.
    ['paid', 'authorised', false], ['paid', 'pending', false], ['paid', 'paid', false], ['refunded', 'partially_refunded', false],
    ['partially_refunded', 'paid', false], ['partially_captured', 'authorised', false], ['authorised', 'declined', false],
    ['partially_captured', 'voided', false], ['paid', 'voided', false], ['voided', 'refunded', false], ['refunded', 'voided', false],
    ['voided', 'paid', false], ['pending', 'unknown', false], ['paid', 'unknown', false], ['pending', 'pending', false],
  ] as const)('%s to %s: %s', (from, to, forward) => {
    expect(isForward(from, to)).toBe(forward);
  });
});

describe('a confirmed operation', () => {
  it('adds a capture to the total it was made against', () => {
    expect(afterConfirmed(money({ state: 'authorised', captured_minor: 0 }), 'capture', 4_000, 0)).toEqual({ state: 'partially_captured', captured_minor: 4_000, refunded_minor: 0 });
    expect(afterConfirmed(money({ state: 'partially_captured', captured_minor: 4_000 }), 'capture', 6_000, 4_000)).toEqual({ state: 'paid', captured_minor: 10_000, refunded_minor: 0 });
  });

  it('never counts twice what the ledger already holds', () => {
    // A generous answer already brought the new total: the confirmation adds nothing more.
    expect(afterConfirmed(money({ state: 'partially_captured', captured_minor: 4_000 }), 'capture', 4_000, 0)).toEqual({ state: 'partially_captured', captured_minor: 4_000, refunded_minor: 0 });
    expect(afterConfirmed(money({ refunded_minor: 3_000, state: 'partially_refunded' }), 'refund', 3_000, 0)).toEqual({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 3_000 });
  });

  it('uses the current total when the operation recorded none', () => {
    expect(afterConfirmed(money({ refunded_minor: 1_000, state: 'partially_refunded' }), 'refund', 2_000, null)).toEqual({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 3_000 });
    expect(afterConfirmed(money({ state: 'authorised', captured_minor: 500 }), 'capture', 500, null)).toEqual({ state: 'partially_captured', captured_minor: 1_000, refunded_minor: 0 });
  });

  it('refunds in part, then the rest', () => {
    const part = afterConfirmed(money(), 'refund', 2_500, 0);
    expect(part).toEqual({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 2_500 });
    expect(afterConfirmed({ ...money(), ...part }, 'refund', 7_500, 2_500)).toEqual({ state: 'refunded', captured_minor: 10_000, refunded_minor: 10_000 });
  });

  it('a refund of a partly captured authorisation is counted against what was captured', () => {
    expect(afterConfirmed(money({ state: 'partially_captured', captured_minor: 4_000 }), 'refund', 4_000, 0)).toEqual({ state: 'refunded', captured_minor: 4_000, refunded_minor: 4_000 });
  });

  it('a refund never changes what was captured, a capture never what was refunded', () => {
    expect(afterConfirmed(money({ state: 'partially_captured', captured_minor: 6_000 }), 'refund', 3_000, 5_000)).toEqual({ state: 'refunded', captured_minor: 6_000, refunded_minor: 8_000 });
    expect(afterConfirmed(money({ state: 'partially_refunded', captured_minor: 4_000, refunded_minor: 1_000 }), 'capture', 3_000, 1_000)).toEqual({ state: 'partially_refunded', captured_minor: 4_000, refunded_minor: 1_000 });
  });

  it('a void voids and moves no money', () => {
    expect(afterConfirmed(money({ state: 'authorised', captured_minor: 0 }), 'void', 0, null)).toEqual({ state: 'voided', captured_minor: 0, refunded_minor: 0 });
  });
});

describe('a status answer', () => {
  it('takes an approved sale, checkout or link as captured in full', () => {
    expect(afterStatus(money({ state: 'pending', captured_minor: 0 }), 'paid')).toEqual({ state: 'paid', captured_minor: 10_000, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'unknown', captured_minor: 0 }), 'paid')).toEqual({ state: 'paid', captured_minor: 10_000, refunded_minor: 0 });
  });

  it('takes an authorisation as capturing nothing', () => {
    expect(afterStatus(money({ state: 'pending', captured_minor: 0 }), 'authorised')).toEqual({ state: 'authorised', captured_minor: 0, refunded_minor: 0 });
  });

  // walk35: "REFUND" is a transaction "for which refund was made" (the gateway's SDKs), whole or part: no word says how much.
  it('takes a refund made elsewhere, said REFUND, as refunded with its amount not known, never all of it', () => {
    expect(afterStatus(money(), 'refunded')).toEqual({ state: 'refunded', captured_minor: 10_000, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'pending', captured_minor: 0 }), 'refunded')).toEqual({ state: 'refunded', captured_minor: 10_000, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'partially_captured', captured_minor: 4_000 }), 'refunded')).toEqual({ state: 'refunded', captured_minor: 4_000, refunded_minor: 0 });
  });

  it('reads REFUND after refunds of its own as nothing new: they stay what Paydesk counted', () => {
    expect(afterStatus(money({ state: 'partially_refunded', refunded_minor: 2_000 }), 'refunded')).toEqual({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 2_000 });
    // A total in the answer still says more than the word.
    expect(afterStatus(money({ state: 'partially_refunded', refunded_minor: 2_000 }), 'refunded', { refundedMinor: 10_000 })).toEqual({ state: 'refunded', captured_minor: 10_000, refunded_minor: 10_000 });
  });

  it('takes a void or reversal said of a paid payment as its money given back at the gateway, the amount not known', () => {
    expect(afterStatus(money(), 'voided')).toEqual({ state: 'refunded', captured_minor: 10_000, refunded_minor: 0 });
    // Of an authorisation it is a void; of a hold partly captured, or refunds counted, it changes nothing.
    expect(afterStatus(money({ state: 'authorised', captured_minor: 0 }), 'voided')).toEqual({ state: 'voided', captured_minor: 0, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'partially_captured', captured_minor: 4_000 }), 'voided')).toEqual({ state: 'partially_captured', captured_minor: 4_000, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'partially_refunded', refunded_minor: 2_000 }), 'voided')).toEqual({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 2_000 });
  });

  it('shows a refund of an unknown amount made elsewhere without inventing its amount', () => {
    expect(afterStatus(money(), 'partially_refunded')).toEqual({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'pending', captured_minor: 0 }), 'partially_refunded')).toEqual({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 0 });
  });

  it('never rolls back what the ledger recorded as confirmed', () => {
    const captured = money({ state: 'partially_captured', captured_minor: 4_000 });
    expect(afterStatus(captured, 'authorised')).toEqual({ state: 'partially_captured', captured_minor: 4_000, refunded_minor: 0 });
    expect(afterStatus(captured, 'authorised', { capturedMinor: 0, refundedMinor: 0 })).toEqual({ state: 'partially_captured', captured_minor: 4_000, refunded_minor: 0 });
    const refunded = money({ state: 'refunded', refunded_minor: 10_000 });
    expect(afterStatus(refunded, 'paid', { capturedMinor: 10_000, refundedMinor: 0 })).toEqual({ state: 'refunded', captured_minor: 10_000, refunded_minor: 10_000 });
    expect(afterStatus(money({ state: 'voided', captured_minor: 0 }), 'authorised')).toEqual({ state: 'voided', captured_minor: 0, refunded_minor: 0 });
  });

  it('changes nothing for a word it cannot read', () => {
    expect(afterStatus(money(), 'unknown')).toEqual({ state: 'paid', captured_minor: 10_000, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'pending', captured_minor: 0 }), 'unknown')).toEqual({ state: 'pending', captured_minor: 0, refunded_minor: 0 });
  });

  it('raises totals where the answer sends them, and the state follows', () => {
    expect(afterStatus(money({ state: 'authorised', captured_minor: 0 }), 'partially_captured', { capturedMinor: 4_000 })).toEqual({ state: 'partially_captured', captured_minor: 4_000, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'authorised', captured_minor: 0 }), 'partially_captured', { capturedMinor: 10_000 })).toEqual({ state: 'paid', captured_minor: 10_000, refunded_minor: 0 });
    expect(afterStatus(money(), 'paid', { capturedMinor: 10_000, refundedMinor: 2_000 })).toEqual({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 2_000 });
    expect(afterStatus(money({ state: 'partially_refunded', refunded_minor: 2_000 }), 'partially_refunded', { refundedMinor: 10_000 })).toEqual({ state: 'refunded', captured_minor: 10_000, refunded_minor: 10_000 });
  });

  it('follows totals even when the word says no more than the ledger knew', () => {
    expect(afterStatus(money({ state: 'authorised', captured_minor: 0 }), 'authorised', { capturedMinor: 4_000 })).toEqual({ state: 'partially_captured', captured_minor: 4_000, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'voided', captured_minor: 0 }), 'voided', { capturedMinor: 4_000 })).toEqual({ state: 'voided', captured_minor: 4_000, refunded_minor: 0 });
  });

  it('keeps a partial capture the ledger knows when the answer says paid', () => {
    expect(afterStatus(money({ state: 'partially_captured', captured_minor: 4_000 }), 'paid')).toEqual({ state: 'paid', captured_minor: 4_000, refunded_minor: 0 });
  });

  it('moves a declined or expired payment on when the gateway says money was taken after all', () => {
    expect(afterStatus(money({ state: 'declined', captured_minor: 0 }), 'paid')).toEqual({ state: 'paid', captured_minor: 10_000, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'pending', captured_minor: 0 }), 'declined')).toEqual({ state: 'declined', captured_minor: 0, refunded_minor: 0 });
    expect(afterStatus(money({ state: 'pending', captured_minor: 0 }), 'voided')).toEqual({ state: 'voided', captured_minor: 0, refunded_minor: 0 });
  });

  it('leaves totals of a payment that took no money alone', () => {
    expect(afterStatus(money({ state: 'pending', captured_minor: 0 }), 'pending', { capturedMinor: 500 })).toEqual({ state: 'pending', captured_minor: 500, refunded_minor: 0 });
  });
});
