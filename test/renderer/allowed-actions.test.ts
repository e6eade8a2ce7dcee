// What a payment's detail offers (capture, void, refund, charge again) and what it says is left to
// capture or refund: the renderer's side of main's money rules (main/payments/rules.ts).
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { allowedActions, chargedCardOf } from '../../renderer/src/features/transactions/allowed-actions';
import { paymentView } from '../support/payment-view';

const payment = (over: Partial<PaymentView> = {}) => paymentView({ amountMinor: 10_000, capturedMinor: 10_000, refundedMinor: 0, ...over });
const offered = (actions: ReturnType<typeof allowedActions>) => (['capture', 'void', 'refund', 'recurring'] as const).filter((k) => actions[k]);

describe('what is left', () => {
  it('to capture: the authorised amount less what was captured', () => {
    expect(allowedActions(payment({ state: 'partially_captured', capturedMinor: 3_500 })).captureLeft).toBe(6_500);
  });

  it('to refund: what was captured less what was refunded', () => {
    expect(allowedActions(payment({ state: 'partially_refunded', capturedMinor: 8_000, refundedMinor: 2_500 })).refundLeft).toBe(5_500);
  });
});

describe('what the state allows', () => {
  it('an authorisation: capture and void', () => {
    expect(offered(allowedActions(payment({ state: 'authorised', capturedMinor: 0 })))).toEqual(['capture', 'void']);
  });

  it('a partly captured authorisation: capture the rest and refund what was captured, never void', () => {
    expect(offered(allowedActions(payment({ state: 'partially_captured', capturedMinor: 4_000 })))).toEqual(['capture', 'refund']);
  });

  it('a capture of the whole authorisation leaves nothing to capture', () => {
    expect(offered(allowedActions(payment({ state: 'partially_captured', capturedMinor: 10_000 })))).toEqual(['refund']);
  });

  it('an authorisation the ledger knows something was captured of is not voided', () => {
    expect(offered(allowedActions(payment({ state: 'authorised', capturedMinor: 1 })))).toEqual(['capture']);
  });

  it('a paid or partly refunded payment: refund while something is left, then nothing', () => {
    expect(offered(allowedActions(payment({ state: 'paid' })))).toEqual(['refund']);
    expect(offered(allowedActions(payment({ state: 'partially_refunded', refundedMinor: 9_999 })))).toEqual(['refund']);
    expect(offered(allowedActions(payment({ state: 'partially_refunded', refundedMinor: 10_000 })))).toEqual([]);
    expect(offered(allowedActions(payment({ state: 'paid', capturedMinor: 0 })))).toEqual([]);
  });

  // walk35: money moved at the gateway's dashboard, its amount not known: nothing that could be more than is left.
  it('refunded at the gateway, how much not known: no refund; captured there: no capture, no refund', () => {
    expect(offered(allowedActions(payment({ state: 'partially_refunded', refundedMinor: 0 })))).toEqual([]);
    expect(offered(allowedActions(payment({ state: 'partially_captured', capturedMinor: 0 })))).toEqual([]);
    // Refunds of its own counted: offered up to what is left, as before.
    expect(offered(allowedActions(payment({ state: 'partially_refunded', refundedMinor: 1 })))).toEqual(['refund']);
  });

  it.each(['pending', 'declined', 'expired', 'refunded', 'voided', 'unknown', 'creating', 'not_created'] as const)('a %s payment: nothing', (state) => {
    expect(offered(allowedActions(payment({ state, capturedMinor: state === 'refunded' ? 10_000 : 0, refundedMinor: state === 'refunded' ? 5_000 : 0 })))).toEqual([]);
  });

  it('nothing while an operation is on its way, nor without the gateway\'s transaction id', () => {
    expect(offered(allowedActions(payment({ state: 'authorised', capturedMinor: 0, operationInFlight: true })))).toEqual([]);
    expect(offered(allowedActions(payment({ state: 'paid', transactionId: null })))).toEqual([]);
  });

  it('nothing for a team ledger role that may not move money', () => {
    expect(offered(allowedActions(payment({ state: 'authorised', capturedMinor: 0, recurringAvailable: true }), false))).toEqual([]);
    expect(offered(allowedActions(payment({ state: 'paid', recurringAvailable: true }), false))).toEqual([]);
  });
});

describe('charging a saved card again', () => {
  it('is offered when the card\'s token is in, whatever the payment\'s own state', () => {
    expect(offered(allowedActions(payment({ state: 'refunded', refundedMinor: 10_000, recurringAvailable: true })))).toEqual(['recurring']);
    expect(offered(allowedActions(payment({ state: 'paid', transactionId: null, recurringAvailable: true })))).toEqual(['recurring']);
    expect(allowedActions(payment({ recurringAvailable: false })).recurring).toBe(false);
  });

  it('not while an operation is on its way', () => {
    expect(allowedActions(payment({ recurringAvailable: true, operationInFlight: true })).recurring).toBe(false);
  });

  it('charges a repeat charge\'s first payment\'s card, not the repeat\'s own', () => {
    const first = payment({ orderId: 'FIRST', recurringAvailable: true });
    const repeat = payment({ kind: 'recurring', orderId: 'REPEAT', recurringAvailable: false });
    expect(chargedCardOf(repeat, first as never)).toBe(first);
    expect(chargedCardOf(first, null)).toBe(first);
    expect(allowedActions(repeat, true, chargedCardOf(repeat, first as never)).recurring).toBe(true);
    expect(allowedActions(repeat, true, chargedCardOf(repeat, null)).recurring).toBe(false);
    // Not told the card: a repeat charge's own token is never the one charged.
    expect(allowedActions(payment({ kind: 'recurring', recurringAvailable: true })).recurring).toBe(false);
  });
});
