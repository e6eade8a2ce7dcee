// An unclear operation is settled only by proof: a wrong "failed" invites a second refund or
// capture, a wrong "succeeded" leaves a customer short. Whatever an answer cannot decide waits
// for a person.
import { describe, expect, it } from 'vitest';
import { judgeUnknown, type StatusEvidence } from '../../main/payments/settlement';

const payment = { amount_minor: 10_000, captured_minor: 10_000, refunded_minor: 0 };
const authorised = { amount_minor: 10_000, captured_minor: 0, refunded_minor: 0 };
const answer = (over: Partial<StatusEvidence>): StatusEvidence => ({ state: 'unknown', ...over });

describe('an unclear create', () => {
  it('is done when the gateway knows the order, in any state or by its transaction id', () => {
    expect(judgeUnknown({ kind: 'create', amount_minor: 10_000 }, payment, answer({ state: 'pending' }))).toBe('succeeded');
    expect(judgeUnknown({ kind: 'create', amount_minor: 10_000 }, payment, answer({ state: 'declined' }))).toBe('succeeded');
    expect(judgeUnknown({ kind: 'create', amount_minor: 10_000 }, payment, answer({ state: 'unknown', transactionId: 'tx' }))).toBe('succeeded');
  });

  it('is not decided by an answer that names nothing', () => {
    expect(judgeUnknown({ kind: 'create', amount_minor: 10_000 }, payment, answer({ state: 'unknown' }))).toBeUndefined();
  });
});

describe('an unclear refund', () => {
  const refund = (amount: number, base: number | null = 0) => ({ kind: 'refund' as const, amount_minor: amount, base_minor: base });

  it('in full is done when the payment is refunded in full', () => {
    expect(judgeUnknown(refund(10_000), payment, answer({ state: 'refunded' }))).toBe('succeeded');
    expect(judgeUnknown(refund(6_000, 4_000), payment, answer({ state: 'refunded' }))).toBe('succeeded');
  });

  it('in part is not decided by "refunded in full" or "a refund happened" without totals', () => {
    expect(judgeUnknown(refund(4_000), payment, answer({ state: 'refunded' }))).toBeUndefined();
    expect(judgeUnknown(refund(4_000), payment, answer({ state: 'partially_refunded' }))).toBeUndefined();
    expect(judgeUnknown(refund(10_000), payment, answer({ state: 'partially_refunded' }))).toBeUndefined();
  });

  it('is never settled as failed by an answer that merely does not mention it', () => {
    expect(judgeUnknown(refund(10_000), payment, answer({ state: 'paid' }))).toBeUndefined();
    expect(judgeUnknown(refund(4_000), payment, answer({ state: 'paid' }))).toBeUndefined();
    expect(judgeUnknown(refund(4_000), payment, answer({ state: 'unknown' }))).toBeUndefined();
  });

  it('failed when the answer says the refund was declined', () => {
    expect(judgeUnknown(refund(4_000), payment, answer({ failedOperation: 'refund' }))).toBe('failed');
    expect(judgeUnknown(refund(4_000), payment, answer({ failedOperation: 'capture' }))).toBeUndefined();
  });

  it('by totals: grown by its amount, done; unchanged, not done; anything else, undecided', () => {
    expect(judgeUnknown(refund(4_000, 1_000), payment, answer({ state: 'paid', refundedMinor: 5_000 }))).toBe('succeeded');
    expect(judgeUnknown(refund(4_000, 1_000), payment, answer({ state: 'paid', refundedMinor: 6_000 }))).toBe('succeeded');
    expect(judgeUnknown(refund(4_000, 1_000), payment, answer({ state: 'paid', refundedMinor: 1_000 }))).toBe('failed');
    expect(judgeUnknown(refund(4_000, 1_000), payment, answer({ state: 'paid', refundedMinor: 3_000 }))).toBeUndefined();
    expect(judgeUnknown(refund(4_000, 1_000), payment, answer({ state: 'paid', refundedMinor: 0 }))).toBeUndefined();
  });

  it('without a recorded base, counts from the ledger’s refunded total', () => {
    const partly = { ...payment, refunded_minor: 1_000 };
    expect(judgeUnknown(refund(4_000, null), partly, answer({ refundedMinor: 5_000 }))).toBe('succeeded');
    expect(judgeUnknown(refund(4_000, null), partly, answer({ refundedMinor: 1_000 }))).toBe('failed');
    expect(judgeUnknown(refund(9_000, null), partly, answer({ state: 'refunded' }))).toBe('succeeded');
    expect(judgeUnknown({ kind: 'refund', amount_minor: 9_000 }, partly, answer({ state: 'refunded' }))).toBe('succeeded');
  });

  it('with no amount recorded, counts it as nothing', () => {
    expect(judgeUnknown({ kind: 'refund', amount_minor: null, base_minor: 0 }, payment, answer({ refundedMinor: 0 }))).toBe('succeeded');
  });
});

describe('an unclear capture', () => {
  const capture = (amount: number, base: number | null = 0) => ({ kind: 'capture' as const, amount_minor: amount, base_minor: base });

  it('of all that was left is done when the payment is captured in full', () => {
    expect(judgeUnknown(capture(10_000), authorised, answer({ state: 'paid' }))).toBe('succeeded');
    expect(judgeUnknown(capture(6_000, 4_000), authorised, answer({ state: 'paid' }))).toBe('succeeded');
  });

  it('in part is not decided without totals', () => {
    expect(judgeUnknown(capture(4_000), authorised, answer({ state: 'paid' }))).toBeUndefined();
    expect(judgeUnknown(capture(4_000), authorised, answer({ state: 'partially_captured' }))).toBeUndefined();
    expect(judgeUnknown(capture(10_000), authorised, answer({ state: 'partially_captured' }))).toBeUndefined();
    expect(judgeUnknown(capture(4_000), authorised, answer({ state: 'authorised' }))).toBeUndefined();
    expect(judgeUnknown(capture(10_000), authorised, answer({ state: 'refunded' }))).toBeUndefined();
  });

  it('failed when the authorisation was voided, or the capture declined', () => {
    expect(judgeUnknown(capture(4_000), authorised, answer({ state: 'voided' }))).toBe('failed');
    expect(judgeUnknown(capture(4_000), authorised, answer({ state: 'authorised', failedOperation: 'capture' }))).toBe('failed');
    expect(judgeUnknown(capture(4_000), authorised, answer({ failedOperation: 'void' }))).toBeUndefined();
  });

  it('by totals', () => {
    expect(judgeUnknown(capture(4_000), authorised, answer({ state: 'partially_captured', capturedMinor: 4_000 }))).toBe('succeeded');
    expect(judgeUnknown(capture(4_000), authorised, answer({ state: 'authorised', capturedMinor: 0 }))).toBe('failed');
    expect(judgeUnknown(capture(4_000, 2_000), authorised, answer({ capturedMinor: 3_000 }))).toBeUndefined();
    expect(judgeUnknown(capture(4_000, null), { ...authorised, captured_minor: 2_000 }, answer({ capturedMinor: 6_000 }))).toBe('succeeded');
    expect(judgeUnknown(capture(4_000, null), { ...authorised, captured_minor: 2_000 }, answer({ capturedMinor: 2_000 }))).toBe('failed');
    expect(judgeUnknown(capture(8_000, null), { ...authorised, captured_minor: 2_000 }, answer({ state: 'paid' }))).toBe('succeeded');
  });
});

describe('an unclear void', () => {
  const voiding = { kind: 'void' as const, amount_minor: null };

  it('is done when the payment is voided', () => {
    expect(judgeUnknown(voiding, authorised, answer({ state: 'voided' }))).toBe('succeeded');
  });

  it('did not happen when the authorisation was captured since, or the void declined', () => {
    for (const state of ['partially_captured', 'paid', 'partially_refunded', 'refunded'] as const) expect(judgeUnknown(voiding, authorised, answer({ state }))).toBe('failed');
    expect(judgeUnknown(voiding, authorised, answer({ state: 'authorised', failedOperation: 'void' }))).toBe('failed');
  });

  it('is not decided by an authorisation still standing or a word it cannot read', () => {
    expect(judgeUnknown(voiding, authorised, answer({ state: 'authorised' }))).toBeUndefined();
    expect(judgeUnknown(voiding, authorised, answer({ state: 'unknown' }))).toBeUndefined();
    expect(judgeUnknown(voiding, authorised, answer({ state: 'pending' }))).toBeUndefined();
    expect(judgeUnknown(voiding, authorised, answer({ state: 'declined' }))).toBeUndefined();
  });
});
