// A creation whose answer was lost, settled later by a status check (a person's, or the laptop's
// own automatic one), is written into the audit log once, with the state the gateway's answer
// settled the payment in (Paid, Declined, Unpaid, Not created), by whoever's check settled it: on a
// laptop's SQLite ledger (status-checks.ts writes it) and on the team ledger (the database writes
// it at the settling transaction's end: step 39, team-people-audit.sql). Before, the laptop wrote
// nothing for it (an automatic check left the log at "Outcome unknown" for good) and the team
// ledger wrote `succeeded` ("Done", «تم»), a declined sale's and a not-created one's too
// ("failed: not_found").
import { beforeAll, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { auditResult } from '../../renderer/src/features/transactions/audit-words';
import { translate, type MessageKey } from '../../renderer/src/i18n';
import { declineCard } from '../support/practice';
import { describeLedgerApp } from '../support/ledger-apps';
import { teamServer } from '../support/postgres-tests';
import { customer, goodCard } from './support';

type Entry = { seq: number; action: string; orderId: string | null; result: string; osUser: string };

describeLedgerApp('a lost creation settled by a status check, in the audit log', (app, backend) => {
  const made: Record<string, PaymentView> = {};
  let entries: Entry[];
  /**
   * The entries about one order, oldest first, as action and result: not the team database's own
   * record of the row and the intent (`recorded: …`, `sending`), which a laptop does not write.
   */
  const of = (orderId: string) => entries.filter((e) => e.orderId === orderId && e.result !== 'sending' && !e.result.startsWith('recorded: ')).map((e) => `${e.action} ${e.result}`);

  beforeAll(async () => {
    const lost = async (orderId: string, card = goodCard) => {
      app().practice.gateway.faults.set('sale', { failure: 'reset_after_processing', times: 1 });
      return (await app().value<{ payment: PaymentView }>('chargeCard', { orderId, amount: '3.00', currency: 'SAR', card, customer, authOnly: false })).payment;
    };
    made.checked = await lost('CS-CHECKED');
    made.automatic = await lost('CS-AUTOMATIC');
    made.declined = await lost('CS-DECLINED', declineCard);
    app().practice.gateway.faults.set('sale', { failure: 'http_500', times: 1 });
    made.never = (await app().value<{ payment: PaymentView }>('chargeCard', { orderId: 'CS-NEVER', amount: '4.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;
    for (const p of Object.values(made)) expect(p).toMatchObject({ state: 'unknown', operationInFlight: true });
    // A person's check of two of them; the laptop's own schedule finds the others.
    await app().value('checkPaymentStatus', { paymentId: made.checked!.id });
    await app().value('checkPaymentStatus', { paymentId: made.never!.id });
    await app().store.transaction(async (tx) => {
      for (const p of [made.automatic!, made.declined!]) await tx.update(p.id, { next_check_at: new Date(Date.now() - 1_000).toISOString() }, 'schedule', new Date().toISOString());
    });
    expect(await app().service.reconcileDue()).toBeGreaterThanOrEqual(2);
    await app().settled();
    entries = (await app().value<{ rows: Entry[] }>('listAuditLog', { limit: 500 })).rows.reverse();
  });

  it('writes the state a person\'s check settled it in, once, after its unclear answer', () => {
    expect(of('CS-CHECKED')).toEqual(['create_sale outcome_unknown', 'create_sale paid', 'status_check paid']);
  });

  it('writes the state the laptop\'s own check settled it in: no entry left at "Outcome unknown"', () => {
    expect(of('CS-AUTOMATIC')).toEqual(['create_sale outcome_unknown', 'create_sale paid']);
  });

  it('writes a declined sale as Declined («مرفوضة»), never as done', () => {
    expect(of('CS-DECLINED')).toEqual(['create_sale outcome_unknown', 'create_sale declined']);
    const settled = entries.filter((e) => e.orderId === 'CS-DECLINED').at(-1)!;
    const words = (language: 'en' | 'ar') => auditResult(settled.action, settled.result, (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values), language);
    expect([words('en'), words('ar')]).toEqual([translate('en', 'state.declined'), translate('ar', 'state.declined')]);
  });

  it('writes a sale the gateway never received as Not created', () => {
    expect(of('CS-NEVER')).toEqual(['create_sale outcome_unknown', 'create_sale not_created', 'status_check not_created']);
  });

  it('says by whom: the person whose check settled it (on the team ledger their login)', async () => {
    const settled = (orderId: string) => entries.filter((e) => e.orderId === orderId && e.action === 'create_sale').at(-1)!;
    expect(settled('CS-CHECKED').osUser).toBe(app().ctx.osUser);
    if (backend === 'postgres') {
      const rows = await teamServer().sql(app().database!, `SELECT order_id, db_user FROM paydesk.audit_log WHERE action = 'create_sale' AND result IN ('paid', 'declined', 'not_created') ORDER BY order_id`);
      const login = teamServer().person('support').login;
      expect(rows.rows).toEqual(['CS-AUTOMATIC', 'CS-CHECKED', 'CS-DECLINED', 'CS-NEVER'].map((order_id) => ({ order_id, db_user: login })));
    }
  });
});
