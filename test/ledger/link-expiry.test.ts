// A payment link's expiry date is kept in the ledger when the link is made (SQLite migration 20, team
// schema step 27), so the links list can say "Expires 3 Dec": the date sent to the gateway, or the
// documented default when only the issue date was sent (issueDate plus 7 days, gateway-interface.md
// 4.4), or nothing known when neither was. On a laptop's SQLite ledger and on the team ledger.
import { expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { describeLedgerApp } from '../support/ledger-apps';
import { customer } from './support';

// A year ahead: main refuses an expiry already past (main/payments/offer-dates.ts).
const next = new Date().getFullYear() + 1;

describeLedgerApp('a payment link\'s expiry date', (app) => {
  type Window = { total: number; rows: PaymentView[] };
  const listed = async (id: string) => (await app().value<Window>('listPaymentLinks', { limit: 100 })).rows.find((r) => r.id === id);
  const make = (dates: { issueDate?: string; expireDate?: string }) =>
    app().value<PaymentView>('createPaymentLink', { amount: '40.00', currency: 'SAR', description: 'Expiry kept', customer, ...dates });

  it('keeps the expiry date sent, and the list reads it back', async () => {
    const link = await make({ issueDate: `${next}-11-29`, expireDate: `${next}-12-03` });
    expect(link.expiresOn).toBe(`${next}-12-03`);
    expect((await listed(link.id))?.expiresOn).toBe(`${next}-12-03`);
  });

  it('keeps the documented default when only the issue date was sent: 7 days after it', async () => {
    const link = await make({ issueDate: `${next}-12-28` });
    expect((await listed(link.id))?.expiresOn).toBe(`${next + 1}-01-04`);
  });

  it('knows no expiry when neither date was sent (the gateway\'s own issue date is not documented)', async () => {
    const link = await make({});
    expect((await listed(link.id))?.expiresOn).toBeNull();
  });
});
