// A card number pasted into free text the ledger keeps (a refund's reason, a settlement's reason,
// a link's description) is refused next to its field, in English and Arabic, before anything is
// recorded or sent: it would have stayed in the ledger, and in the audit log under the chain's hash,
// for good. Refused rather than cut, so what was typed is never changed silently. Ids and tax
// numbers are not checked (their long digit runs pass the Luhn check one time in ten). The real
// practice gateway over HTTP, on a laptop's SQLite ledger and on the team ledger.
import { describe, expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';
import { localizeError } from '../../renderer/src/i18n';
import { holdsCardNumber } from '../../contract/card';

describe('holdsCardNumber', () => {
  it.each([
    ['card 4111 1111 1111 1111 read out by the caller', true],
    ['4111-1111-1111-1111', true],
    ['5123450000000008', true],
    ['Order 202611290000123 was late', false], // 15 digits, fails the Luhn check
    ['call +966 50 123 4567', false],
    ['4111 1111 1111 1112', false], // one digit off: not a card number
    ['refund of 1,250.00 SAR', false],
  ])('%s → %s', (text, card) => expect(holdsCardNumber(text)).toBe(card));
});

describeLedgerApp('a card number in text the ledger keeps', (app) => {
  const audited = async () => (await app().value<{ rows: unknown[] }>('listAuditLog', { limit: 500 })).rows.length;

  it('refuses a refund whose reason holds one, in both languages, before recording or sending it', async () => {
    const { payment } = await app().value<{ payment: PaymentView }>('chargeCard', { amount: '60.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
    const before = await audited();
    const answer = await app().call('refundPayment', { paymentId: payment.id, amount: '10.00', currency: 'SAR', reason: 'Customer card 4111 1111 1111 1111 charged twice' });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error).toMatchObject({ code: 'invalid_input', fieldReasons: { reason: { key: 'input.cardNumber' } } });
    const error = answer.error as Parameters<typeof localizeError>[1];
    expect(localizeError('en', error).fields?.reason).toBe('This looks like a card number. Paydesk never keeps card numbers: write it without the number.');
    expect(localizeError('ar', error).fields?.reason).toMatch(/^يبدو أن هذا رقم بطاقة/);
    expect(await audited()).toBe(before);
    expect(await app().value<PaymentView>('getPayment', { paymentId: payment.id }).then((d: unknown) => (d as { payment: PaymentView }).payment)).toMatchObject({ refundedMinor: 0, operationInFlight: false });
    // Without the number it goes through.
    expect(await app().value<PaymentView>('refundPayment', { paymentId: payment.id, amount: '10.00', currency: 'SAR', reason: 'Customer charged twice' })).toMatchObject({ refundedMinor: 1_000 });
  });

  it('refuses a payment link whose description holds one, and creates nothing', async () => {
    const before = (await app().value<{ total: number }>('searchPayments', {})).total;
    const answer = await app().call('createPaymentLink', { amount: '25.00', currency: 'SAR', description: 'Balance for card 5123450000000008', customer });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error).toMatchObject({ code: 'invalid_input', fieldReasons: { description: { key: 'input.cardNumber' } } });
    expect((await app().value<{ total: number }>('searchPayments', {})).total).toBe(before);
  });
});
