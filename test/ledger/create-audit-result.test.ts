// Finance reads one audit log whichever ledger a laptop uses: a payment's creation is audited with
// what the gateway's answer made of the payment (Declined, Paid, Authorised, Unpaid), an unclear
// answer as unclear and a refusal as failed, on a laptop's SQLite ledger (record-create.ts writes
// it) and on the team ledger (the database writes it: create-audit.sql, version 37). Before version
// 37 the team's entry of a declined card sale read "succeeded", "Done" («تم») on the audit screen
// (walk 7, docs/screens-walks.md).
import { beforeAll, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { auditResult } from '../../renderer/src/features/transactions/audit-words';
import { translate, type Language, type MessageKey } from '../../renderer/src/i18n';
import { declineCard } from '../support/practice';
import { describeLedgerApp } from '../support/ledger-apps';
import { customer, goodCard } from './support';

type Entry = { action: string; orderId: string | null; result: string };

describeLedgerApp('a payment\'s creation in the audit log', (app) => {
  /** The entry of each creation's answer, by order reference: not its intent (`sending`) nor the row's `recorded: …`. */
  let answered: Map<string, Entry>;
  const made: Record<string, PaymentView> = {};
  const words = (language: Language, entry: Entry) => auditResult(entry.action, entry.result, (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values), language);

  beforeAll(async () => {
    const sale = (input: object) => app().call('chargeCard', { amount: '3.00', currency: 'SAR', card: goodCard, customer, authOnly: false, ...input });
    made.paid = (await app().value<{ payment: PaymentView }>('chargeCard', { orderId: 'CA-PAID', amount: '3.00', currency: 'SAR', card: goodCard, customer, authOnly: false, recurringInit: true })).payment;
    made.declined = ((await sale({ orderId: 'CA-DECLINED', card: declineCard })) as { ok: true; value: { payment: PaymentView } }).value.payment;
    made.authorised = (await app().value<{ payment: PaymentView }>('chargeCard', { orderId: 'CA-AUTH', amount: '4.00', currency: 'SAR', card: goodCard, customer, authOnly: true })).payment;
    made.link = await app().value<PaymentView>('createPaymentLink', { orderId: 'CA-LINK', amount: '5', currency: 'SAR', description: 'Audited', customer });
    made.session = await app().value<PaymentView>('createCheckoutSession', { orderId: 'CA-SESSION', amount: '6.00', currency: 'SAR', customer, authOnly: false, recurringInit: false });
    made.repeat = await app().value<PaymentView>('chargeRecurring', { paymentId: made.paid.id, amount: '7.00', currency: 'SAR', description: 'Monthly' });
    app().practice.gateway.faults.set('sale', { failure: 'error_envelope', times: 1 });
    expect((await sale({ orderId: 'CA-FAILED' })).ok).toBe(false);
    app().practice.gateway.faults.set('sale', { failure: 'reset_after_processing', times: 1 });
    await sale({ orderId: 'CA-UNCLEAR' });
    await app().settled();
    const rows = (await app().value<{ rows: Entry[] }>('listAuditLog', { limit: 500 })).rows.reverse();
    answered = new Map();
    for (const row of rows) {
      if (!/^create_/.test(row.action) || row.result === 'sending' || row.result.startsWith('recorded: ') || answered.has(row.orderId!)) continue;
      answered.set(row.orderId!, row);
    }
  });

  it('writes a declined card sale as Declined («مرفوضة»), never as done', () => {
    expect(made.declined!.state).toBe('declined');
    const entry = answered.get('CA-DECLINED')!;
    expect(entry).toMatchObject({ action: 'create_sale', result: 'declined' });
    expect(words('en', entry)).toBe(translate('en', 'state.declined'));
    expect(words('ar', entry)).toBe(translate('ar', 'state.declined'));
    expect(words('en', entry)).not.toBe(translate('en', 'audit.result.succeeded'));
  });

  it('writes every kind of creation with the state its answer gave the payment', () => {
    expect(Object.fromEntries(['CA-PAID', 'CA-AUTH', 'CA-LINK', 'CA-SESSION'].map((id) => [id, answered.get(id)?.result]))).toEqual({
      'CA-PAID': 'paid', 'CA-AUTH': 'authorised', 'CA-LINK': made.link!.state, 'CA-SESSION': made.session!.state,
    });
    expect([made.link!.state, made.session!.state]).toEqual(['pending', 'pending']);
    const repeat = answered.get(made.repeat!.orderId)!;
    expect(repeat).toMatchObject({ action: 'create_recurring', result: 'paid' });
  });

  it('writes a refused creation as failed and a lost answer as unclear', () => {
    expect(answered.get('CA-FAILED')?.result).toMatch(/^failed: \w+$/);
    expect(answered.get('CA-UNCLEAR')?.result).toBe('outcome_unknown');
  });
});
