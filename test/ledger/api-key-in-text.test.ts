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

  it('refuses a bulk CSV row holding the key, sends the other rows, and keeps the key in no answer or table', async () => {
    const csv = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone\r\n'
      + 'KEY-BULK-1,25.00,SAR,Oud gift box,Sara Ahmed,sara@example.com,+966501234567\r\n'
      + `KEY-BULK-2,30.00,SAR,Oud gift box,${key()},omar@example.com,+966501234568\r\n`;
    const file = Buffer.from(csv, 'utf8').toString('base64');
    const preview = await app().value<{ valid: number; invalid: number; rows: Array<{ errors: object }> }>('bulkPreview', { file });
    expect(preview).toMatchObject({ valid: 1, invalid: 1 });
    expect(preview.rows[1]!.errors).toEqual({ customerName: { key: 'input.apiKey' } });
    expect(JSON.stringify(preview)).not.toContain(key());
    const batch = await app().value<{ id: string }>('bulkCreateBatch', { file, fileName: 'keys.csv' });
    await app().value('bulkRun', { batchId: batch.id });
    await app().bulk.idle(batch.id);
    const sent = app().practice.gateway.records().filter((r) => r.orderId?.startsWith('KEY-BULK-')).map((r) => r.orderId);
    expect(sent).toEqual(['KEY-BULK-1']);
    const report = await app().value<{ csv: string }>('bulkErrorReport', { batchId: batch.id });
    expect(report.csv).toContain('KEY-BULK-2');
    expect(report.csv).not.toContain(key());
    expect(JSON.stringify(await app().value('getBulkBatch', { batchId: batch.id }))).not.toContain(key());
    expect(await app().everything()).not.toContain(key());
  });
});
