// Finance's register of a period for the accountant: one CSV row per invoice and per credit note
// issued in it, in number order per profile, with the amounts the documents print (integer minor
// units formatted by the currency's exponent, never a float) and the taxable amount split by VAT
// category, as a VAT return asks for it. Credit notes keep their printed (positive) amounts; the
// `document` column tells them apart (docs/invoices.md, "Finance: the register").
import { formatMinor, type CurrencyCode } from '../../contract/money';
import type { VatGroup } from '../../contract/vat';
import { minorUnitsHeader, toCsv, type Cell } from '../ledger/csv';
import { localHeader } from '../ledger/export';
import type { IssuedDocuments } from '../ledger/invoice-ledger';
import type { InvoiceLineRow } from '../ledger/invoice-rows';
import { localColumns } from '../ledger/local-time';

/** The register's money columns, printed in the currency's decimals and again, last, in minor units. */
const moneyColumns = ['net', 'vat', 'total', 'standard_rated_net', 'zero_rated_net', 'exempt_net'];

export const registerHeader = [
  'document', 'number', 'invoice_number', 'state', 'issued_at', 'profile_id', 'numbered_on_laptop', 'order_id', 'customer_name', 'buyer_vat_number', 'currency',
  'net', 'vat', 'total', 'standard_rated_net', 'zero_rated_net', 'exempt_net', 'refund_reason', ...localHeader,
  // Added last (2026-12-01), so a sheet reading the columns by position still reads them: numbers are
  // per profile, and a file of every profile held the practice INV-000001 beside the live one, told
  // apart by a profile id alone.
  'environment', 'profile_name',
  // The money again as integers of minor units (walk38's rule for every file finance sums: a
  // comma-decimal spreadsheet read KWD "10.500" as 10500 and SAR "200.00" as text a SUM skips).
  ...minorUnitsHeader(moneyColumns),
];

/** What the register reads of an invoice's payment: its order, customer, the invoice's state (issued, reserved, not_issued), its environment and profile's name. */
export type RegisterPayment = { orderId: string; customerName: string | null; state: string; environment?: string; profileName?: string };

type Split = Pick<VatGroup, 'category' | 'netMinor'>;

/** The taxable amount per category: standard (any rate), zero-rated, exempt. */
function netByCategory(groups: Split[]): [number, number, number] {
  const sum = (category: Split['category']) => groups.reduce((s, g) => s + (g.category === category ? g.netMinor : 0), 0);
  return [sum('standard'), sum('zero'), sum('exempt')];
}

/**
 * The period's sums per currency, for the line beside the export (finance checks the file's total
 * against it, and reads it without opening the file): issued invoices only (a reserved or not issued
 * number is a gap, not money), credit notes apart, each in integer minor units.
 */
export type RegisterTotal = { currency: string; invoices: number; invoicesTotalMinor: number; invoicesVatMinor: number; creditNotes: number; creditNotesTotalMinor: number; creditNotesVatMinor: number };

export function registerCsv(documents: IssuedDocuments, paymentOf: (paymentId: string) => RegisterPayment | undefined, zone: string): { csv: string; invoices: number; creditNotes: number; totals: RegisterTotal[] } {
  const local = localColumns(zone);
  const linesOf = new Map<string, InvoiceLineRow[]>();
  for (const line of documents.lines) linesOf.set(line.invoice_id, [...(linesOf.get(line.invoice_id) ?? []), line]);
  const money = (currency: string) => (minor: number) => formatMinor(minor, currency as CurrencyCode);

  const rows: Cell[][] = [];
  const totals = new Map<string, RegisterTotal>();
  const totalOf = (currency: string) => {
    let total = totals.get(currency);
    if (!total) totals.set(currency, (total = { currency, invoices: 0, invoicesTotalMinor: 0, invoicesVatMinor: 0, creditNotes: 0, creditNotesTotalMinor: 0, creditNotesVatMinor: 0 }));
    return total;
  };
  for (const invoice of documents.invoices) {
    const m = money(invoice.currency);
    const payment = paymentOf(invoice.payment_id);
    if ((payment?.state ?? 'issued') === 'issued') {
      const total = totalOf(invoice.currency);
      total.invoices += 1;
      total.invoicesTotalMinor += invoice.total_minor;
      total.invoicesVatMinor += invoice.vat_minor;
    }
    const split = (linesOf.get(invoice.id) ?? []).map((l) => ({ category: l.category, netMinor: l.net_minor }));
    const amounts = [invoice.net_minor, invoice.vat_minor, invoice.total_minor, ...netByCategory(split)];
    rows.push([
      'invoice', invoice.number, invoice.number, payment?.state ?? 'issued', invoice.issued_at, invoice.profile_id, invoice.issued_on_laptop ?? null,
      payment?.orderId ?? null, payment?.customerName ?? null, invoice.buyer_vat_number, invoice.currency,
      ...amounts.map(m), null, ...local(invoice.issued_at),
      payment?.environment ?? null, payment?.profileName ?? null, ...amounts,
    ]);
  }
  for (const note of documents.creditNotes) {
    const m = money(note.currency);
    const payment = paymentOf(note.payment_id);
    const total = totalOf(note.currency);
    total.creditNotes += 1;
    total.creditNotesTotalMinor += note.amount_minor;
    total.creditNotesVatMinor += note.vat_minor;
    const amounts = [note.net_minor, note.vat_minor, note.amount_minor, ...netByCategory(JSON.parse(note.breakdown_json) as VatGroup[])];
    rows.push([
      'credit_note', note.number, note.invoice_number, 'issued', note.issued_at, note.profile_id, note.issued_on_laptop ?? null,
      payment?.orderId ?? null, payment?.customerName ?? null, null, note.currency,
      ...amounts.map(m), note.reason, ...local(note.issued_at),
      payment?.environment ?? null, payment?.profileName ?? null, ...amounts,
    ]);
  }
  // Code-unit order (ISO codes are capitals); the codes are the map's keys, so never equal.
  const byCode = [...totals.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
  return { csv: toCsv(registerHeader, rows).csv, invoices: documents.invoices.length, creditNotes: documents.creditNotes.length, totals: byCode };
}
