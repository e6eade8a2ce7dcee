// Finance's register of invoices and credit notes for the accountant, through the app's handlers on
// a laptop's file and on the team ledger (where finance, who may not issue them, reads it): the
// documents of the period only, in number order, each amount the ledger's minor units in the
// currency's exponent, net + VAT = total on every row, a credit note naming its invoice and never
// more than was refunded (docs/invoices.md, "Finance: the register"). And support's way in from a
// document a customer holds: its number, however typed, names the payment's order.
import { expect, it } from 'vitest';
import { payLink } from '../invoices/support';
import { describeLedgerApp } from '../support/ledger-apps';
import { customer, threeLines, type Line } from '../support/seller';

const kwdLines: Line[] = [
  { description: 'Consulting hours', quantity: '3', unitPrice: '3.333', vat: 'standard' },
  { description: 'ورق طباعة', quantity: '1.5', unitPrice: '1.255', vat: 'standard' },
];
const hour = 3_600_000;
const rowsOf = (csv: string) => csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));

describeLedgerApp('the register of invoices and credit notes', (app, backend) => {
  it('lists the period’s invoices and credit notes with exact amounts, VAT split by category, and nothing outside it', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked by the assertions
    const sar = await app().value<any>('createInvoice', { orderId: 'REG-SAR', currency: 'SAR', lines: threeLines, pricesIncludeVat: false, customer, language: 'both' });
    await app().value('createInvoice', { orderId: 'REG-KWD', currency: 'KWD', lines: kwdLines, pricesIncludeVat: true, customer, language: 'both' });
    await payLink(sar.payment.url);
    await expect.poll(async () => (await app().service.refresh(sar.payment.id, 'status')).state, { timeout: 10_000 }).toBe('paid');
    await app().value('refundPayment', { paymentId: sar.payment.id, amount: '50', currency: 'SAR', reason: 'Two hours not used' });

    const now = Date.now();
    const reader = backend === 'postgres' ? await app().open({ role: 'finance' }) : app();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked by the assertions
    const register = await reader.value<{ fileName: string; csv: string; invoices: number; creditNotes: number; testDocuments: number; totals: any[] }>('invoiceRegister', {
      from: new Date(now - hour).toISOString(), to: new Date(now + hour).toISOString(), timeZone: 'Asia/Riyadh',
    });
    expect([register.invoices, register.creditNotes]).toEqual([2, 1]);
    // All three are the practice profile's: counted, so the screen can say a file that mixes them with production's.
    expect(register).toMatchObject({ testDocuments: 3 });
    expect(register.fileName).toMatch(/^paydesk-invoices-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    const [header, ...rows] = rowsOf(register.csv);
    const cells = (row: string[]) => Object.fromEntries(header!.map((name, i) => [name, row[i]]));
    const [sarRow, kwdRow, noteRow] = rows.map(cells);
    expect(sarRow).toMatchObject({ document: 'invoice', number: 'INV-000001', state: 'issued', order_id: 'REG-SAR', customer_name: customer.name, currency: 'SAR',
      net: '215.07', vat: '17.26', total: '232.33', standard_rated_net: '115.07', zero_rated_net: '100.00', exempt_net: '0.00' });
    expect(kwdRow).toMatchObject({ document: 'invoice', number: 'INV-000002', order_id: 'REG-KWD', currency: 'KWD',
      net: '10.332', vat: '1.550', total: '11.882', standard_rated_net: '10.332', zero_rated_net: '0.000' });
    expect(noteRow).toMatchObject({ document: 'credit_note', number: 'CN-000001', invoice_number: 'INV-000001', order_id: 'REG-SAR', currency: 'SAR',
      net: '46.29', vat: '3.71', total: '50.00', standard_rated_net: '24.77', zero_rated_net: '21.52', refund_reason: 'Two hours not used' });
    // Numbers are per profile: each row says its environment and its profile by name, last (a file of
    // every profile held the practice INV-000001 beside a live one, told apart by a profile id alone).
    expect(header!.slice(-8, -6)).toEqual(['environment', 'profile_name']);
    for (const row of [sarRow, kwdRow, noteRow]) expect(row).toMatchObject({ profile_id: 'practice', environment: 'practice', profile_name: 'Practice' });
    // Every row adds up in whole minor units, and the credit note is what was refunded.
    const minor = (text: string) => Number(text.replace('.', ''));
    for (const row of [sarRow, kwdRow, noteRow]) expect(minor(row!.net!) + minor(row!.vat!)).toBe(minor(row!.total!));
    expect((await app().value('getPayment', { paymentId: sar.payment.id })).payment.refundedMinor).toBe(minor(noteRow!.total!));
    // The line beside the export: each currency's sums, the same minor units as the rows (walk6).
    expect(register.totals).toEqual([
      { currency: 'KWD', invoices: 1, invoicesTotalMinor: minor(kwdRow!.total!), invoicesVatMinor: minor(kwdRow!.vat!), creditNotes: 0, creditNotesTotalMinor: 0, creditNotesVatMinor: 0 },
      { currency: 'SAR', invoices: 1, invoicesTotalMinor: 23_233, invoicesVatMinor: 1_726, creditNotes: 1, creditNotesTotalMinor: 5_000, creditNotesVatMinor: 371 },
    ]);

    // Last month's register holds none of today's documents.
    const earlier = await reader.value<{ csv: string; invoices: number; creditNotes: number }>('invoiceRegister', { from: new Date(now - 40 * 24 * hour).toISOString(), to: new Date(now - hour).toISOString() });
    expect([earlier.invoices, earlier.creditNotes, rowsOf(earlier.csv).length]).toEqual([0, 0, 1]);
    expect(await reader.call('invoiceRegister', { from: 'last month' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('finds the payment of an invoice or credit note number, typed as a person types it', async () => {
    const sar = (await app().store.byOrderId('practice', 'REG-SAR'))!;
    const invoice = { document: 'invoice', number: 'INV-000001', paymentId: sar.id, orderId: 'REG-SAR', profileId: 'practice' };
    for (const typed of ['INV-000001', 'inv 1', 'Inv-٠٠٠٠٠١']) expect(await app().value('findDocumentNumber', { number: typed })).toEqual({ matches: [invoice] });
    expect(await app().value('findDocumentNumber', { number: 'cn-1' })).toEqual({ matches: [{ ...invoice, document: 'credit_note', number: 'CN-000001' }] });
    for (const typed of ['INV-000009', 'INV-0', 'REG-SAR']) expect(await app().value('findDocumentNumber', { number: typed })).toEqual({ matches: [] });
  });
});
