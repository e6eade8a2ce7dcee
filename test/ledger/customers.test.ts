// Earlier customers, to pick one in a form instead of typing them again: each once, the most
// recent first, only those with a name, an e-mail and a phone, only those of the active profile's
// environment (a form makes its payment there: no test customer on a production form) and never
// the gateway check-up's. On a laptop's SQLite ledger and on the team ledger
// (test/support/ledger-apps.ts, whose active profile is the practice one).
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeLedgerApp } from '../support/ledger-apps';

describeLedgerApp('earlier customers', (app) => {
  const layla = { customer_name: 'Layla Haddad', customer_email: 'layla@example.com', customer_phone: '+966500000001' };
  const omar = { customer_name: 'Omar Saleh', customer_email: 'omar@example.com', customer_phone: '+966500000002' };
  const maryam = { customer_name: 'مريم القحطاني', customer_email: 'maryam@example.com', customer_phone: '+96550000000' };

  beforeAll(async () => {
    const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T10:00:00.000Z`;
    await app().seedHistory([
      { order_id: 'C-1', ...layla, created_at: day(1) },
      { order_id: 'C-2', ...omar, created_at: day(2) },
      { order_id: 'C-3', ...maryam, created_at: day(3) },
      // Omar again, the newest; a payment without a phone, and one without a customer.
      { order_id: 'C-4', ...omar, created_at: day(4) },
      { order_id: 'C-5', ...layla, customer_phone: null, created_at: day(5) },
      { order_id: 'C-6', created_at: day(6) },
      // Newer still, but not for a practice form: a production profile's real customer, a sandbox
      // profile's test one, and the check-up's made-up one on the practice profile itself.
      { order_id: 'C-7', profile_id: 'production-shop', environment: 'production', customer_name: 'Real Customer', customer_email: 'real@shop.example', customer_phone: '+966500000009', created_at: day(7) },
      { order_id: 'C-8', profile_id: 'sandbox-shop', environment: 'sandbox', customer_name: 'Test Person', customer_email: 'test@shop.example', customer_phone: '+966500000008', created_at: day(8) },
      { order_id: 'CHK-1', customer_name: 'Paydesk check-up', customer_email: 'checkup@paydesk.invalid', customer_phone: '+966500000000', checkup_run: randomUUID(), created_at: day(9) },
      // Another profile of the same environment (on the team ledger, a teammate's laptop has profile ids of its own): offered.
      { order_id: 'C-10', profile_id: 'another-laptops-practice', customer_name: 'Huda Nasser', customer_email: 'huda@example.com', customer_phone: '+966500000010', created_at: day(10) },
    ]);
  });

  it('lists each customer of the active profile\'s environment once, the most recent first, only whole ones, never the check-up\'s', async () => {
    const { customers } = await app().value<{ customers: Array<{ name: string; email: string; phone: string }> }>('listCustomers', {});
    expect(customers).toEqual([
      { name: 'Huda Nasser', email: 'huda@example.com', phone: '+966500000010' },
      { name: omar.customer_name, email: omar.customer_email, phone: omar.customer_phone },
      { name: maryam.customer_name, email: maryam.customer_email, phone: maryam.customer_phone },
      { name: layla.customer_name, email: layla.customer_email, phone: layla.customer_phone },
    ]);
    expect((await app().value<{ customers: unknown[] }>('listCustomers', { limit: 2 })).customers).toHaveLength(2);
  });
});
