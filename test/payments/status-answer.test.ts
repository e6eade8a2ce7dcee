// What a gateway answer about a payment changes in the ledger (a status answer, a sale's own
// answer), and whether a capture, refund or void answered 200 was in fact declined.
import { describe, expect, it } from 'vitest';
import type { StatusOutcome } from '../../main/gateway/requests';
import type { PaymentRow } from '../../main/ledger/payment-rows';
import { declinedIn, evidenceOf, statusChanges } from '../../main/payments/status-answer';

const row = (over: Partial<PaymentRow> = {}): PaymentRow => ({
  id: 'p-1', profile_id: 'practice', environment: 'practice', kind: 'sale', order_id: 'PD-1', amount_minor: 10_000, currency: 'SAR',
  description: null, customer_name: null, customer_email: null, customer_phone: null, card_bin: null, card_last4: null,
  transaction_id: null, session_id: null, link_url: null, recurring_token: null, recurring_init: 0, parent_payment_id: null, auth_only: 0,
  state: 'pending', status_word: null, captured_minor: 0, refunded_minor: 0, created_by: 'sam', created_at: '2026-12-01T00:00:00.000Z',
  updated_at: '2026-12-01T00:00:00.000Z', last_checked_at: null, next_check_at: null, check_attempts: 0, needs_attention: 0, attention_reason: null,
  watched: 0, last_error: null,
  ...over,
} as PaymentRow);

const answer = (over: Partial<StatusOutcome> = {}): StatusOutcome => ({ state: 'unknown', ...over });

describe('an answer read as evidence', () => {
  it('reads "Approved" with no type as authorised for an authorisation, paid for a sale', () => {
    expect(evidenceOf(row({ auth_only: 1 }), answer({ statusWord: 'Approved' })).state).toBe('authorised');
    expect(evidenceOf(row({ auth_only: 0 }), answer({ statusWord: 'Approved' })).state).toBe('paid');
  });

  it('takes the state the answer itself gives when it carries no status word', () => {
    expect(evidenceOf(row(), answer({ state: 'expired' })).state).toBe('expired');
  });

  it('reads an answer that still holds a 3-D Secure page as pending, whatever its word', () => {
    expect(evidenceOf(row(), answer({ statusWord: 'Approved', state: 'paid', html: '<form></form>' })).state).toBe('pending');
  });

  it('keeps totals in the payment\'s currency, or in an answer naming none', () => {
    expect(evidenceOf(row(), answer({ statusWord: 'Settled', currency: 'SAR', capturedMinor: 10_000, refundedMinor: 2_500 }))).toMatchObject({ capturedMinor: 10_000, refundedMinor: 2_500 });
    expect(evidenceOf(row(), answer({ statusWord: 'Settled', capturedMinor: 10_000, refundedMinor: 2_500 }))).toMatchObject({ capturedMinor: 10_000, refundedMinor: 2_500 });
  });

  it('never takes totals in another currency as the payment\'s', () => {
    const evidence = evidenceOf(row({ currency: 'SAR' }), answer({ statusWord: 'Settled', currency: 'KWD', capturedMinor: 10_000, refundedMinor: 2_500 }));
    expect(evidence.capturedMinor).toBeUndefined();
    expect(evidence.refundedMinor).toBeUndefined();
  });

  it('names the transaction and the operation a failure word is about', () => {
    expect(evidenceOf(row(), answer({ statusWord: 'Declined', type: 'Refund', transactionId: 'tx-9' }))).toMatchObject({ state: 'unknown', failedOperation: 'refund', transactionId: 'tx-9' });
  });
});

describe('what a status answer changes', () => {
  it('moves a sale forward with the totals it implies, keeps the word and clears the last error', () => {
    const changes = statusChanges(row({ transaction_id: 'tx-1', last_error: '{"key":"gateway.timeout"}' }), answer({ statusWord: 'Settled' }));
    expect(changes).toEqual({ state: 'paid', captured_minor: 10_000, refunded_minor: 0, status_word: 'Settled', transaction_id: 'tx-1', recurring_token: null, last_error: null });
  });

  it('takes a refund total the answer gives in the payment\'s currency', () => {
    expect(statusChanges(row({ state: 'paid', captured_minor: 10_000 }), answer({ statusWord: 'Settled', currency: 'SAR', refundedMinor: 4_000 }))).toMatchObject({ state: 'partially_refunded', captured_minor: 10_000, refunded_minor: 4_000 });
  });

  it('ignores a refund total in another currency: nothing was refunded as far as the ledger knows', () => {
    expect(statusChanges(row({ state: 'paid', captured_minor: 10_000 }), answer({ statusWord: 'Settled', currency: 'KWD', refundedMinor: 4_000 }))).toMatchObject({ state: 'paid', captured_minor: 10_000, refunded_minor: 0 });
  });

  it('keeps the word and the saved card\'s token the ledger has when the answer has none', () => {
    expect(statusChanges(row({ status_word: 'Approved', recurring_token: 'tok-1' }), answer({ state: 'pending' }))).toMatchObject({ status_word: 'Approved', recurring_token: 'tok-1' });
    expect(statusChanges(row({ recurring_token: 'tok-1' }), answer({ statusWord: 'Approved', recurringToken: 'tok-2' }))).toMatchObject({ recurring_token: 'tok-2' });
  });

  it('gives a paid link or checkout session the transaction the answer names, a later one replacing it', () => {
    for (const kind of ['link', 'checkout'] as const) {
      expect(statusChanges(row({ kind }), answer({ statusWord: 'Settled', transactionId: 'tx-7' })).transaction_id).toBe('tx-7');
      expect(statusChanges(row({ kind, transaction_id: 'tx-7' }), answer({ statusWord: 'Settled', transactionId: 'tx-8' })).transaction_id).toBe('tx-8');
      expect(statusChanges(row({ kind, transaction_id: 'tx-7' }), answer({ statusWord: 'Settled' })).transaction_id).toBe('tx-7');
    }
  });

  it('keeps a sale\'s own transaction, named by its own answer, whatever a later answer names', () => {
    expect(statusChanges(row({ kind: 'sale', transaction_id: 'tx-1' }), answer({ statusWord: 'Settled', transactionId: 'tx-2' })).transaction_id).toBe('tx-1');
    expect(statusChanges(row({ kind: 'sale' }), answer({ statusWord: 'Settled', transactionId: 'tx-2' })).transaction_id).toBe('tx-2');
    expect(statusChanges(row({ kind: 'sale' }), answer({ statusWord: 'Settled' })).transaction_id).toBeNull();
  });
});

describe('a capture, refund or void answered 200', () => {
  it('went through when the answer approves it', () => {
    expect(declinedIn(row({ state: 'paid' }), 'refund', answer({ statusWord: 'Approved', type: 'Refund' }))).toBeUndefined();
    expect(declinedIn(row({ state: 'authorised', auth_only: 1 }), 'capture', answer({ statusWord: 'Approved', type: 'Capture' }))).toBeUndefined();
  });

  it('was declined when the answer says that operation failed, in the gateway\'s own words first', () => {
    expect(declinedIn(row(), 'refund', answer({ statusWord: 'Declined', type: 'Refund', reason: 'Insufficient balance' }))).toBe('Insufficient balance');
    expect(declinedIn(row(), 'refund', answer({ statusWord: 'Declined', type: 'Refund' }))).toBe('Declined');
  });

  it('is not called declined for another operation\'s failure', () => {
    expect(declinedIn(row(), 'capture', answer({ statusWord: 'Declined', type: 'Refund' }))).toBeUndefined();
  });

  it('was declined when the answer\'s state is declined, with "declined" when it gives no words', () => {
    expect(declinedIn(row(), 'void', answer({ state: 'declined' }))).toBe('declined');
    expect(declinedIn(row(), 'void', answer({ statusWord: 'Rejected' }))).toBe('Rejected');
  });
});
