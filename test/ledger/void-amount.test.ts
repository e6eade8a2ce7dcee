// A void sends no amount, but releases what the authorisation holds (nothing is captured before a
// void: ../shared/gateway-decisions.md). Its audit entries and the payment's history say that amount
// in the payment's currency, instead of "—", on a laptop's ledger and on the team ledger (where the
// database's own trigger writes the audit entry from the operation's row).
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';

type Audit = { rows: Array<{ action: string; result: string; amountMinor: number | null; currency: string | null; orderId: string | null }> };
type Detail = { operations: Array<{ kind: string; amountMinor: number | null; outcome: string }> };

describeLedgerApp('a void says the amount it released', (app) => {
  it('records the authorised amount on the void, in the audit log and the history', async () => {
    const held = (await app().value<{ payment: PaymentView }>('chargeCard', { amount: '12.345', currency: 'KWD', card: goodCard, customer, authOnly: true })).payment;
    expect(held.state).toBe('authorised');
    const voided = await app().value<PaymentView>('voidPayment', { paymentId: held.id });
    expect(voided.state).toBe('voided');

    const entries = (await app().value<Audit>('listAuditLog', { limit: 10 })).rows.filter((r) => r.orderId === held.orderId && r.action === 'void');
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry).toMatchObject({ amountMinor: 12_345, currency: 'KWD' });
    expect(entries.map((e) => e.result)).toContain('succeeded');

    const detail = await app().value<Detail>('getPayment', { paymentId: held.id });
    expect(detail.operations.filter((o) => o.kind === 'void')).toEqual([expect.objectContaining({ amountMinor: 12_345, outcome: 'succeeded' })]);
  });
});
