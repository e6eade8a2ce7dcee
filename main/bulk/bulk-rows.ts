// Reads the rows of a bulk-links CSV and checks each one with the same rules main applies to a
// single link, so the preview shows every problem before anything is sent.
import { isCurrencyCode, parseAmount } from '../../contract/money';
import { parseRatePercent } from '../../contract/vat';
import { AppFailure } from '../../contract/result';
import type { BulkPreviewRow } from '../../contract/methods/bulk';
import { cleanCustomer, cleanDate, cleanOrderId, cleanText } from '../payments/validate-input';
import { csvLine } from '../ledger/csv';
import { parseCsv } from './csv-parse';

export const bulkColumns = ['orderId', 'amount', 'currency', 'description', 'customerName', 'customerEmail', 'customerPhone', 'issueDate', 'expireDate'] as const;
/** Optional: a row with a VAT rate becomes an invoice of one line whose price (the amount) includes VAT (docs/invoices.md). */
export const vatColumns = ['vat_rate', 'vat_reason'] as const;
type Column = (typeof bulkColumns)[number];
type VatColumn = (typeof vatColumns)[number];
const required: Column[] = ['amount', 'description', 'customerName', 'customerEmail', 'customerPhone'];
export const maxBulkRows = 5000;

export function templateCsv(): string {
  // Written as is: the phone's "+" must not get the spreadsheet-formula apostrophe of csvLine.
  return '\uFEFF' + csvLine([...bulkColumns]) + ',125.50,SAR,Invoice 1001,Sara Ahmed,sara@example.com,+966501234567,,\r\n';
}

export type ReadRows = { rows: BulkPreviewRow[]; fileError: string | null };

/**
 * Parses and checks the file. `defaultCurrency` fills an empty currency cell; `orderExists`
 * says whether the ledger already has an order id (then that row would be a duplicate).
 */
export function readBulkCsv(csv: string, options: { defaultCurrency: string; orderExists(orderId: string): boolean }): ReadRows {
  const parsed = parseCsv(csv);
  if (!parsed.ok) return { rows: [], fileError: `Line ${parsed.line}: ${parsed.reason}` };
  const [header, ...records] = parsed.records;
  if (!header) return { rows: [], fileError: 'The file is empty. Start from the template.' };
  const names = header.map((h) => h.trim());
  const missing = required.filter((c) => !names.includes(c));
  if (missing.length) return { rows: [], fileError: `The header is missing the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Start from the template.` };
  if (records.length > maxBulkRows) return { rows: [], fileError: `The file has ${records.length} rows; at most ${maxBulkRows} can be sent in one batch.` };
  const index = Object.fromEntries([...bulkColumns, ...vatColumns].map((c) => [c, names.indexOf(c)])) as Record<Column | VatColumn, number>;
  const seen = new Map<string, number>();
  const rows = records.map((record, n) => {
    // A leading apostrophe before + = - @ is how spreadsheets (and Paydesk's exports) keep a cell from running as a formula.
    const cell = (c: Column | VatColumn) => (index[c] >= 0 ? (record[index[c]] ?? '').trim().replace(/^'(?=[=+\-@])/, '') : '');
    const row: BulkPreviewRow = {
      line: n + 2,
      orderId: cell('orderId'), amount: cell('amount'), currency: (cell('currency') || options.defaultCurrency).toUpperCase(), description: cell('description'),
      customerName: cell('customerName'), customerEmail: cell('customerEmail'), customerPhone: cell('customerPhone'), issueDate: cell('issueDate'), expireDate: cell('expireDate'),
      vatRate: cell('vat_rate'), vatReason: cell('vat_reason'),
      errors: {},
    };
    checkRow(row, options.orderExists, seen);
    return row;
  });
  return { rows, fileError: null };
}

function checkRow(row: BulkPreviewRow, orderExists: (orderId: string) => boolean, seen: Map<string, number>) {
  const problem = (column: string, run: () => void) => {
    try {
      run();
    } catch (e) {
      if (!(e instanceof AppFailure)) throw e;
      for (const [field, message] of Object.entries(e.extra.fields ?? { [column]: e.message })) {
        const name = field === 'customer.name' ? 'customerName' : field === 'customer.email' ? 'customerEmail' : field === 'customer.phone' ? 'customerPhone' : column;
        row.errors[name] ??= message;
      }
    }
  };
  problem('orderId', () => {
    const id = cleanOrderId(row.orderId);
    if (!id) return;
    if (seen.has(id)) throw new AppFailure('invalid_input', `This order id is also on line ${seen.get(id)}.`);
    seen.set(id, row.line);
    if (orderExists(id)) throw new AppFailure('invalid_input', 'This order id is already in the ledger.');
  });
  if (!isCurrencyCode(row.currency)) row.errors.currency = 'Use a currency code Paydesk offers, like SAR.';
  else {
    const amount = parseAmount(row.amount, row.currency);
    if (!amount.ok) row.errors.amount = amount.reason;
    else if (amount.minor <= 0) row.errors.amount = 'The amount must be more than zero.';
  }
  problem('description', () => cleanText(row.description, 'description', 'a description', { max: 500 }));
  problem('customer', () => cleanCustomer({ name: row.customerName, email: row.customerEmail, phone: row.customerPhone }));
  problem('issueDate', () => cleanDate(row.issueDate, 'issueDate'));
  problem('expireDate', () => cleanDate(row.expireDate, 'expireDate'));
  if (!row.errors.issueDate && !row.errors.expireDate && row.issueDate && row.expireDate && row.expireDate < row.issueDate) row.errors.expireDate = 'The expiry date is before the issue date.';
  const vat = vatOfRow(row.vatRate ?? '');
  if (vat === 'invalid') row.errors.vat_rate = 'Write the VAT rate in percent (15, 5, 0) or "exempt".';
  else if (vat && vat.vat !== 'standard' && !row.vatReason?.trim()) row.errors.vat_reason = 'Say why the row is zero-rated or exempt.';
}

/** A row's VAT column as an invoice line's VAT: undefined when empty (a plain link). */
export function vatOfRow(text: string): { vat: 'standard' | 'zero' | 'exempt'; rate?: string } | 'invalid' | undefined {
  const value = text.trim().replace(/%$/, '').toLowerCase();
  if (!value) return undefined;
  if (value === 'exempt') return { vat: 'exempt' };
  const bp = parseRatePercent(value);
  if (bp === undefined) return 'invalid';
  return bp === 0 ? { vat: 'zero' } : { vat: 'standard', rate: value };
}
