// Finance's register of a period: one row per invoice and credit note with the amounts the
// documents print, the taxable amount split by VAT category, and the sums per currency shown
// beside the export (what finance checks the file against). No ledger needed: rows as it gives them.
import { describe, expect, it } from 'vitest';
import type { IssuedDocuments } from '../../main/ledger/invoice-ledger';
import type { InvoiceLineRow, InvoiceRow } from '../../main/ledger/invoice-rows';
import { registerCsv, registerHeader, type RegisterPayment } from '../../main/invoices/invoice-register';

const invoice = (over: Partial<InvoiceRow> & Pick<InvoiceRow, 'id' | 'number' | 'payment_id' | 'currency' | 'net_minor' | 'vat_minor' | 'total_minor'>): InvoiceRow => ({
  profile_id: 'practice', seq: 1, prices_include_vat: 1, seller_json: '{}', buyer_vat_number: null, language: 'both',
  issued_at: '2026-11-30T22:30:00.000Z', created_by: 'fay', ...over,
});
const line = (invoiceId: string, category: InvoiceLineRow['category'], net: number, lineNo = 1): InvoiceLineRow => ({
  invoice_id: invoiceId, line_no: lineNo, description: 'Item', quantity_milli: 1000, unit_minor: net, category, rate_bp: category === 'standard' ? 1500 : 0,
  reason: null, net_minor: net, vat_minor: 0, gross_minor: net,
});
type Note = IssuedDocuments['creditNotes'][number];
const note = (over: Partial<Note> & Pick<Note, 'id' | 'number' | 'invoice_id' | 'invoice_number' | 'payment_id' | 'currency' | 'amount_minor' | 'net_minor' | 'vat_minor'>): Note => ({
  profile_id: 'practice', seq: 1, operation_id: `op-${over.id}`, breakdown_json: '[]', reason: 'Returned', issued_at: '2026-12-01T09:00:00.000Z', ...over,
});

const payments = new Map<string, RegisterPayment>([
  ['p-sar', { orderId: 'ORD-1', customerName: 'Sara Ahmed', state: 'issued' }],
  ['p-kwd', { orderId: 'ORD-2', customerName: 'Omar', state: 'issued' }],
  ['p-gap', { orderId: 'ORD-3', customerName: null, state: 'reserved' }],
  ['p-aed', { orderId: 'ORD-4', customerName: 'Layla', state: 'issued' }],
]);

function register(documents: IssuedDocuments) {
  const made = registerCsv(documents, (id) => payments.get(id), 'Asia/Riyadh');
  const [header, ...rows] = made.csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((l) => l.split(','));
  const cells = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
  return { ...made, header, cells };
}

const sar = invoice({ id: 'i-1', number: 'INV-000001', payment_id: 'p-sar', currency: 'SAR', net_minor: 20_000, vat_minor: 2_250, total_minor: 22_250, buyer_vat_number: '300000000000003' });
const sarLines = [line('i-1', 'standard', 15_000), line('i-1', 'zero', 3_000, 2), line('i-1', 'exempt', 2_000, 3)];
const kwd = invoice({ id: 'i-2', number: 'INV-000002', payment_id: 'p-kwd', currency: 'KWD', net_minor: 10_500, vat_minor: 0, total_minor: 10_500, issued_on_laptop: 'front-desk' });
const reservedGap = invoice({ id: 'i-3', number: 'INV-000003', payment_id: 'p-gap', currency: 'SAR', net_minor: 1_000, vat_minor: 150, total_minor: 1_150 });
const aed = invoice({ id: 'i-4', number: 'INV-000004', payment_id: 'p-aed', currency: 'AED', net_minor: 100, vat_minor: 5, total_minor: 105 });
const sarNote = note({ id: 'c-1', number: 'CN-000001', invoice_id: 'i-1', invoice_number: 'INV-000001', payment_id: 'p-sar', currency: 'SAR', amount_minor: 5_750, net_minor: 5_000, vat_minor: 750,
  breakdown_json: JSON.stringify([{ category: 'standard', netMinor: 4_000 }, { category: 'zero', netMinor: 600 }, { category: 'exempt', netMinor: 400 }]) });
const sarNote2 = note({ id: 'c-2', number: 'CN-000002', invoice_id: 'i-1', invoice_number: 'INV-000001', payment_id: 'p-sar', currency: 'SAR', amount_minor: 1_150, net_minor: 1_000, vat_minor: 150, reason: null,
  breakdown_json: JSON.stringify([{ category: 'standard', netMinor: 1_000 }]) });

describe('the register of a period', () => {
  it('has one row per invoice with the amounts it prints in its currency\'s decimals and its net per VAT category', () => {
    const { header, cells, invoices, creditNotes } = register({ invoices: [sar, kwd], lines: [...sarLines, line('i-2', 'zero', 10_500)], creditNotes: [] });
    expect(header).toEqual(registerHeader);
    expect([invoices, creditNotes]).toEqual([2, 0]);
    expect(cells[0]).toMatchObject({
      document: 'invoice', number: 'INV-000001', invoice_number: 'INV-000001', state: 'issued', issued_at: '2026-11-30T22:30:00.000Z', profile_id: 'practice', numbered_on_laptop: '',
      order_id: 'ORD-1', customer_name: 'Sara Ahmed', buyer_vat_number: '300000000000003', currency: 'SAR',
      net: '200.00', vat: '22.50', total: '222.50', standard_rated_net: '150.00', zero_rated_net: '30.00', exempt_net: '20.00', refund_reason: '',
    });
    expect(cells[1]).toMatchObject({ document: 'invoice', numbered_on_laptop: 'front-desk', currency: 'KWD', net: '10.500', vat: '0.000', total: '10.500', standard_rated_net: '0.000', zero_rated_net: '10.500', exempt_net: '0.000' });
  });

  it('ends each row with its money as whole minor units, which a spreadsheet in any locale sums exactly', () => {
    // German Calc read KWD "10.500" as 10500 and SAR "200.00" as text (walk38): digits alone read the same everywhere.
    const { header, cells } = register({ invoices: [sar, kwd], lines: [...sarLines, line('i-2', 'zero', 10_500)], creditNotes: [sarNote] });
    expect(header!.slice(-6)).toEqual(['net_minor', 'vat_minor', 'total_minor', 'standard_rated_net_minor', 'zero_rated_net_minor', 'exempt_net_minor']);
    expect(cells[0]).toMatchObject({ net_minor: '20000', vat_minor: '2250', total_minor: '22250', standard_rated_net_minor: '15000', zero_rated_net_minor: '3000', exempt_net_minor: '2000' });
    expect(cells[1]).toMatchObject({ currency: 'KWD', total: '10.500', total_minor: '10500', zero_rated_net_minor: '10500' });
    expect(cells[2]).toMatchObject({ document: 'credit_note', total: '57.50', total_minor: '5750', vat_minor: '750', standard_rated_net_minor: '4000', zero_rated_net_minor: '600', exempt_net_minor: '400' });
  });

  it('dates each document in the business\'s zone as well as in UTC', () => {
    const { cells } = register({ invoices: [sar], lines: sarLines, creditNotes: [sarNote] });
    expect(cells[0]).toMatchObject({ local_time: '2026-12-01T01:30:00+03:00', local_day: '2026-12-01' });
    expect(cells[1]).toMatchObject({ issued_at: '2026-12-01T09:00:00.000Z', local_time: '2026-12-01T12:00:00+03:00', local_day: '2026-12-01' });
  });

  it('has one row per credit note with its printed (positive) amounts, its invoice, its split and the refund\'s reason', () => {
    const { cells, creditNotes } = register({ invoices: [sar], lines: sarLines, creditNotes: [sarNote, sarNote2] });
    expect(creditNotes).toBe(2);
    expect(cells[1]).toMatchObject({
      document: 'credit_note', number: 'CN-000001', invoice_number: 'INV-000001', state: 'issued', order_id: 'ORD-1', customer_name: 'Sara Ahmed', buyer_vat_number: '',
      currency: 'SAR', net: '50.00', vat: '7.50', total: '57.50', standard_rated_net: '40.00', zero_rated_net: '6.00', exempt_net: '4.00', refund_reason: 'Returned',
    });
    expect(cells[2]).toMatchObject({ document: 'credit_note', number: 'CN-000002', total: '11.50', standard_rated_net: '10.00', zero_rated_net: '0.00', exempt_net: '0.00', refund_reason: '' });
  });

  it('names the laptop whose series a copied credit note is numbered in, and lists one whose payment is not found', () => {
    const copied = note({ ...sarNote, id: 'c-3', number: 'CN-000007', issued_on_laptop: 'front-desk' });
    const orphan = note({ ...sarNote2, id: 'c-4', number: 'CN-000008', payment_id: 'p-gone' });
    const { cells } = register({ invoices: [], lines: [], creditNotes: [copied, orphan] });
    expect(cells[0]).toMatchObject({ number: 'CN-000007', numbered_on_laptop: 'front-desk', order_id: 'ORD-1' });
    expect(cells[1]).toMatchObject({ number: 'CN-000008', numbered_on_laptop: '', order_id: '', customer_name: '', total: '11.50' });
  });

  it('shows a reserved number as a row in its state, and an invoice whose payment is not found as issued', () => {
    const orphan = invoice({ id: 'i-9', number: 'INV-000009', payment_id: 'p-gone', currency: 'SAR', net_minor: 100, vat_minor: 15, total_minor: 115 });
    const { cells } = register({ invoices: [reservedGap, orphan], lines: [], creditNotes: [] });
    expect(cells[0]).toMatchObject({ number: 'INV-000003', state: 'reserved', order_id: 'ORD-3', customer_name: '', standard_rated_net: '0.00' });
    expect(cells[1]).toMatchObject({ number: 'INV-000009', state: 'issued', order_id: '', customer_name: '' });
  });
});

describe('the register\'s sums per currency', () => {
  it('add up the issued invoices\' totals and VAT and the credit notes apart, each currency on its own', () => {
    const { totals } = register({ invoices: [sar, kwd, reservedGap, aed], lines: sarLines, creditNotes: [sarNote, sarNote2] });
    expect(totals).toEqual([
      { currency: 'AED', invoices: 1, invoicesTotalMinor: 105, invoicesVatMinor: 5, creditNotes: 0, creditNotesTotalMinor: 0, creditNotesVatMinor: 0 },
      { currency: 'KWD', invoices: 1, invoicesTotalMinor: 10_500, invoicesVatMinor: 0, creditNotes: 0, creditNotesTotalMinor: 0, creditNotesVatMinor: 0 },
      // The reserved number is a gap, not money: SAR counts one invoice, not two.
      { currency: 'SAR', invoices: 1, invoicesTotalMinor: 22_250, invoicesVatMinor: 2_250, creditNotes: 2, creditNotesTotalMinor: 6_900, creditNotesVatMinor: 900 },
    ]);
  });

  it('count an invoice whose payment is not found (the number was issued)', () => {
    const orphan = invoice({ id: 'i-9', number: 'INV-000009', payment_id: 'p-gone', currency: 'SAR', net_minor: 100, vat_minor: 15, total_minor: 115 });
    expect(register({ invoices: [orphan, sar], lines: [], creditNotes: [] }).totals).toEqual([
      { currency: 'SAR', invoices: 2, invoicesTotalMinor: 22_365, invoicesVatMinor: 2_265, creditNotes: 0, creditNotesTotalMinor: 0, creditNotesVatMinor: 0 },
    ]);
  });

  it('list a currency with credit notes only (the invoice issued in an earlier period)', () => {
    expect(register({ invoices: [], lines: [], creditNotes: [sarNote] }).totals).toEqual([
      { currency: 'SAR', invoices: 0, invoicesTotalMinor: 0, invoicesVatMinor: 0, creditNotes: 1, creditNotesTotalMinor: 5_750, creditNotesVatMinor: 750 },
    ]);
  });

  it('are sorted by currency code whatever order the documents come in, and none for an empty period', () => {
    const codes = (docs: InvoiceRow[]) => register({ invoices: docs, lines: [], creditNotes: [] }).totals.map((t) => t.currency);
    expect(codes([sar, aed, kwd])).toEqual(['AED', 'KWD', 'SAR']);
    expect(codes([kwd, sar, aed])).toEqual(['AED', 'KWD', 'SAR']);
    expect(codes([aed, sar, kwd, sar])).toEqual(['AED', 'KWD', 'SAR']);
    expect(register({ invoices: [], lines: [], creditNotes: [] })).toMatchObject({ totals: [], invoices: 0, creditNotes: 0, cells: [] });
  });
});
