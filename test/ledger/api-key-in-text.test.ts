// An API key pasted into text the ledger keeps and the gateway receives (a refund's reason, a
// payment link's description or customer name) is refused next to its field, in English and
// Arabic, before anything is recorded or sent (walk22). The key here is the practice profile's,
// which main holds; the real practice gateway over HTTP, on SQLite and on the team ledger.
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';
import { localizeError } from '../../renderer/src/i18n';

describeLedgerApp('an API key in text the ledger keeps', (app) => {
  const key = () => app().practice.conn.apiKey;
  const audited = async () => (await app().value<{ rows: unknown[] }>('listAuditLog', { limit: 500 })).rows.length;

  it('refuses a refund whose reason holds the key, in both languages, before recording or sending it', async () => {
    const { payment } = await app().value<{ payment: PaymentView }>('chargeCard', { amount: '60.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
    const before = await audited();
    const answer = await app().call('refundPayment', { paymentId: payment.id, amount: '10.00', currency: 'SAR', reason: `key ${key()}` });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error).toMatchObject({ code: 'invalid_input', fieldReasons: { reason: { key: 'input.apiKey' } } });
    const error = answer.error as Parameters<typeof localizeError>[1];
    expect(localizeError('en', error).fields?.reason).toMatch(/^This looks like an API key\./);
    expect(localizeError('ar', error).fields?.reason).toMatch(/^يبدو أن هذا مفتاح API/);
    expect(await audited()).toBe(before);
  });

  it('refuses a payment link whose customer name or description holds the key, and creates nothing', async () => {
    const before = (await app().value<{ total: number }>('searchPayments', {})).total;
    const named = await app().call('createPaymentLink', { amount: '25.00', currency: 'SAR', description: 'Oud gift box', customer: { ...customer, name: ` ${key()}\n` } });
    expect(named).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { 'customer.name': { key: 'input.apiKey' } } } });
    const described = await app().call('createPaymentLink', { amount: '25.00', currency: 'SAR', description: `Paid with ${key()}`, customer });
    expect(described).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { description: { key: 'input.apiKey' } } } });
    expect((await app().value<{ total: number }>('searchPayments', {})).total).toBe(before);
  });
});
