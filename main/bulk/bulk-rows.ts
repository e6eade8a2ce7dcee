// Reads the rows of a bulk-links file and checks each one with the same rules main applies to a
// single link, so the preview shows every problem (as a reason the renderer words) before
// anything is sent. Each row keeps the line it starts on in the file.
import { exponentOf, formatMinor, isCurrencyCode, parseAmount } from '../../contract/money';
import type { BulkEncoding, BulkPreviewRow } from '../../contract/methods/bulk';
import { maxBulkFileBytes } from '../../contract/methods/bulk';
import type { Reason } from '../../contract/reasons';
import { parseRatePercent } from '../../contract/vat';
import { phoneSuggestion } from '../../contract/phone';
import { AppFailure } from '../../contract/result';
import { reason } from '../core/fail';
import { cleanDate, cleanEmail, cleanOrderId, cleanPhone, cleanText, refuseCardNumber } from '../payments/validate-input';
import { csvLine } from '../ledger/csv';
import { parseCsv, type CsvRecord, type Delimiter } from './csv-parse';
import { fileText } from './file-text';
import { slashDateReason } from './slash-dates';
import { checkOfferDates } from '../payments/offer-dates';

export const bulkColumns = ['orderId', 'amount', 'currency', 'description', 'customerName', 'customerEmail', 'customerPhone', 'issueDate', 'expireDate'] as const;
/** Optional: a row with a VAT rate becomes an invoice of one line whose price (the amount) includes VAT (docs/invoices.md). */
export const vatColumns = ['vat_rate', 'vat_reason'] as const;
/**
 * Written by Paydesk beside the amount in the files it gives back (the error report, the links file):
 * the amount as an integer of minor units, which a spreadsheet reads alike in every locale. German
 * Calc read KWD "12.500" as 12500 and saved it so (walk38): where the two disagree the row is refused,
 * never sent a thousand times over. A person's own file need not have it.
 */
export const amountMinorColumn = 'amount_minor';
type Column = (typeof bulkColumns)[number];
type VatColumn = (typeof vatColumns)[number];
/** Every row needs these (the screen's "what the file needs" line names them: gp.bulk.needs). */
export const requiredBulkColumns: readonly Column[] = ['amount', 'description', 'customerName', 'customerEmail', 'customerPhone'];
export const maxBulkRows = 5000;

export function templateCsv(): string {
  // The phone is written as is: csvLine gives a plain phone number no formula apostrophe.
  return '\uFEFF' + csvLine([...bulkColumns]) + csvLine(['', '125.50', 'SAR', 'Invoice 1001', 'Sara Ahmed', 'sara@example.com', '+966501234567', '', '']);
}

export type ReadRows = {
  rows: BulkPreviewRow[];
  fileError: Reason | null;
  encoding: BulkEncoding | null;
  delimiter: Delimiter | null;
  /** When the encoding is unsure: each reading with its first few customer names. */
  choices: Array<{ encoding: BulkEncoding; names: string[] }>;
};
/** `orderExists`: whether the ledger already has an order id (a row with it would be a duplicate); without it, `markOrdersInLedger` afterwards. */
/** `today`: the business's day (YYYY-MM-DD) a row's expiry is judged by, as a single link's; none given (a test of other rules), only the dates' order is judged. */
/** `holdsKey`: whether a cell holds an API key Paydesk keeps (the logger's secrets), refused as a single link's fields are. */
type Options = { defaultCurrency: string; orderExists?(orderId: string): boolean; today?: string; holdsKey?(text: string): boolean };

const fileProblem = (why: Reason, encoding: BulkEncoding | null = null): ReadRows => ({ rows: [], fileError: why, encoding, delimiter: null, choices: [] });
/** One decimal, none when it is 0: 4, 4.5. */
const megabytes = (bytes: number) => String(Number((bytes / (1024 * 1024)).toFixed(1)));

/** Reads the file's bytes (detecting the encoding unless the person chose one), then its rows. */
export function readBulkFile(bytes: Uint8Array, encoding: BulkEncoding | undefined, options: Options): ReadRows {
  if (bytes.length > maxBulkFileBytes) return fileProblem(reason('bulk.fileTooLarge', { size: megabytes(bytes.length), max: megabytes(maxBulkFileBytes) }));
  const read = fileText(bytes, encoding);
  if (read.kind === 'unreadable') return fileProblem(reason('bulk.notText', { encoding: read.encoding.replace(/-|le$|be$/g, '') }), read.encoding);
  if (read.kind === 'unsure') {
    const choices = read.candidates.map((c) => ({ encoding: c.encoding, names: sampleNames(c.text) }));
    return { rows: [], fileError: reason('bulk.chooseEncoding'), encoding: null, delimiter: null, choices };
  }
  return { ...readBulkCsv(read.text, options), encoding: read.encoding };
}

/** The first few customer names as a reading shows them, for the person to judge. */
function sampleNames(text: string): string[] {
  const parsed = parseCsv(text);
  const [header, ...records] = parsed.ok ? parsed.records : [];
  if (!header) return [];
  const column = header.cells.findIndex((h) => h.trim() === 'customerName');
  const names = records.map((r) => (column >= 0 ? r.cells[column] ?? '' : r.cells.join(' '))).map((n) => n.trim()).filter(Boolean);
  return names.filter((n) => /[^\u0000-\u007f]/.test(n)).concat(names).filter((n, i, all) => all.indexOf(n) === i).slice(0, 4).map((n) => n.slice(0, 60));
}

/**
 * Parses and checks the text. `defaultCurrency` fills an empty currency cell; `orderExists`
 * says whether the ledger already has an order id (then that row would be a duplicate).
 */
export function readBulkCsv(csv: string, options: Options): ReadRows {
  const none = { encoding: null, choices: [] };
  const parsed = parseCsv(csv);
  if (!parsed.ok) return { rows: [], fileError: parsed.reason, delimiter: null, ...none };
  const [header, ...records] = parsed.records;
  if (!header) return { rows: [], fileError: reason('bulk.fileEmpty'), delimiter: parsed.delimiter, ...none };
  const names = header.cells.map((h) => h.trim());
  const missing = requiredBulkColumns.filter((c) => !names.includes(c));
  if (missing.length) return { rows: [], fileError: reason('bulk.missingColumns', { count: missing.length, columns: missing.join(', ') }), delimiter: parsed.delimiter, ...none };
  if (records.length > maxBulkRows) return { rows: [], fileError: reason('bulk.tooManyRows', { rows: records.length, max: maxBulkRows }), delimiter: parsed.delimiter, ...none };
  const index = Object.fromEntries([...bulkColumns, ...vatColumns].map((c) => [c, names.indexOf(c)])) as Record<Column | VatColumn, number>;
  const seen = new Map<string, number>();
  const minorAt = names.indexOf(amountMinorColumn);
  const rows = records.map((record) => rowOf(record, index, options, seen, parsed.delimiter, record.cells[minorAt]?.trim() ?? ''));
  return { rows, fileError: null, delimiter: parsed.delimiter, ...none };
}

function rowOf(record: CsvRecord, index: Record<Column | VatColumn, number>, options: Options, seen: Map<string, number>, delimiter: Delimiter, minorCell: string): BulkPreviewRow {
  // A leading apostrophe before + = - @ is how spreadsheets (and Paydesk's exports) keep a cell from running as a formula.
  // A column the header does not have (index -1) reads as empty, as a cell the row leaves out.
  const cell = (c: Column | VatColumn) => (record.cells[index[c]] ?? '').trim().replace(/^'(?=[=+\-@])/, '');
  const row: BulkPreviewRow = {
    line: record.line,
    orderId: cell('orderId'), amount: cell('amount'), currency: (cell('currency') || options.defaultCurrency).toUpperCase(), description: cell('description'),
    customerName: cell('customerName'), customerEmail: cell('customerEmail'), customerPhone: cell('customerPhone'), issueDate: cell('issueDate'), expireDate: cell('expireDate'),
    vatRate: cell('vat_rate'), vatReason: cell('vat_reason'),
    errors: {},
  };
  if (delimiter === ';') {
    const twoWays = dotGroupReadings(row.amount, row.currency);
    if (twoWays) row.errors.amount = twoWays;
    else row.amount = decimalCommaAmount(row.amount, row.currency);
  }
  checkRow(row, options, seen);
  const disagrees = amountDisagreement(row, minorCell);
  if (disagrees) row.errors.amount = disagrees;
  return row;
}

/** The amount against Paydesk's own `amount_minor` beside it (digits only; an empty cell is not checked). */
function amountDisagreement(row: BulkPreviewRow, minorCell: string): Reason | undefined {
  if (!/^\d{1,15}$/.test(minorCell) || row.errors.amount || !isCurrencyCode(row.currency)) return undefined;
  const amount = parseAmount(row.amount, row.currency);
  if (!amount.ok || String(amount.minor) === minorCell.replace(/^0+(?=\d)/, '')) return undefined;
  return reason('bulk.amountMinorDisagrees', { typed: row.amount, currency: row.currency, minor: minorCell, meant: formatMinor(Number(minorCell), row.currency) });
}

/**
 * A file whose columns are separated by semicolons was saved by a spreadsheet whose locale writes
 * decimals with a comma (its list separator is a semicolon because the comma is taken): there
 * "1.250,50" is 1250.50 and "75,5" is 75.5, and every row of such a file was refused. An amount
 * with a comma is read that way (as the dot form, so the preview, the batch and the link read the
 * same text); one without a comma ("1250", "1.250") as written, the dot a decimal point. "12,500"
 * in a currency of three decimals stays as written: it may still be twelve thousand five hundred,
 * and the usual reading names both (parseAmount). In SAR it reads 12.500, refused for its third
 * decimal, where it was taken as 12,500.00.
 */
export function decimalCommaAmount(text: string, currency: string): string {
  const compact = text.replace(/[\u00A0\u202F ]/g, '');
  if (isCurrencyCode(currency) && exponentOf(currency) === 3 && /^\d{1,3},\d{3}$/.test(compact)) return text;
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d+)$/.exec(compact);
  return match ? `${match[1]!.replaceAll('.', '')}.${match[2]}` : text;
}

/**
 * "1.250" in a currency of three decimals, in a semicolon file: its spreadsheet groups thousands with
 * the dot (1250), but a file from elsewhere may mean 1.250. Taking either would be a thousandfold
 * guess, so both readings are named, as "12,500" KWD is in a comma file (parseAmount). In SAR the
 * dot reading has a decimal too many and is refused as such. "0.500" is no thousands group: 0.500.
 */
export function dotGroupReadings(text: string, currency: string): Reason | undefined {
  const typed = text.replace(/[\u00A0\u202F ]/g, '');
  if (!isCurrencyCode(currency) || exponentOf(currency) !== 3 || !/^[1-9]\d{0,2}\.\d{3}$/.test(typed)) return undefined;
  return reason('amount.dotTwoReadings', { typed, whole: typed.replace('.', ''), decimal: typed, comma: typed.replace('.', ','), currency });
}

/** The cells a person types text into (a column's name in the file, the row's field), each checked for a key. */
const keyCells = [...bulkColumns.map((c) => [c, c] as const), ['vat_reason', 'vatReason'] as const];

/** The row with every key Paydesk holds taken out of its cells (`redact`: the logger's), so neither the preview's answer nor the batch's stored rows carry one. */
export function withoutKeys<T extends BulkPreviewRow>(row: T, holdsKey: (text: string) => boolean, redact: (text: string) => string): T {
  const out = { ...row };
  for (const [, field] of keyCells) if (holdsKey(out[field] ?? '')) out[field] = redact(out[field] ?? '');
  return out;
}

function checkRow(row: BulkPreviewRow, { orderExists, today, holdsKey }: Options, seen: Map<string, number>) {
  // A column's first problem: the one a check returns, or the single link's rule it breaks (main's
  // own checks, given the column as their field, so each is named once).
  const problem = (column: Column, check: (field: Column) => Reason | void) => {
    try {
      const why = check(column);
      if (why) row.errors[column] ??= why;
    } catch (e) {
      if (!(e instanceof AppFailure)) throw e;
      row.errors[column] ??= e.extra.reason!; // core/fail.ts gives every failure its reason
    }
  };
  // A character lost before Paydesk read the file (an earlier wrong conversion) is never shown as OK.
  for (const column of bulkColumns) if ((row[column] as string).includes('\uFFFD')) row.errors[column] = reason('bulk.replacementChar');
  // A key pasted into a cell would go to the gateway and stay in the batch's rows: refused first.
  if (holdsKey) for (const [column, field] of keyCells) if (holdsKey(row[field] ?? '')) row.errors[column] = reason('input.apiKey');
  problem('orderId', () => {
    const id = cleanOrderId(row.orderId);
    if (!id) return;
    const earlier = seen.get(id);
    if (earlier !== undefined) return reason('bulk.orderIdRepeated', { line: earlier });
    seen.set(id, row.line);
    if (orderExists?.(id)) return reason('bulk.orderIdInLedger');
  });
  if (!isCurrencyCode(row.currency)) row.errors.currency ??= reason('bulk.currencyUnknown', { code: row.currency });
  else {
    const amount = parseAmount(row.amount, row.currency);
    if (!amount.ok) row.errors.amount ??= amount.why;
    else if (amount.minor <= 0) row.errors.amount ??= reason('amount.zero');
  }
  problem('description', (field) => {
    refuseCardNumber(cleanText(row.description, field, { max: 500 }), field);
  });
  // Each of the customer's columns said apart, as the link form says them: one at a time hid the rest.
  problem('customerName', (field) => {
    cleanText(row.customerName, field);
  });
  problem('customerEmail', (field) => {
    cleanEmail(row.customerEmail, field);
  });
  problem('customerPhone', (field) => {
    // A phone written the local way is refused with the international form to write instead.
    const suggestion = isCurrencyCode(row.currency) ? phoneSuggestion(row.customerPhone, row.currency) : undefined;
    if (suggestion) return reason('bulk.phoneLocal', { phone: suggestion });
    cleanPhone(row.customerPhone, field);
  });
  // A date as the spreadsheet wrote it (30/11/2026) is refused with the year-month-day to write.
  for (const column of ['issueDate', 'expireDate'] as const) {
    const slashed = slashDateReason(row[column]);
    if (slashed) row.errors[column] ??= slashed;
    else problem(column, (field) => {
      cleanDate(row[column], field);
    });
  }
  // The single link's rules (before its issue date, already past), in its words.
  // No `today` ('' is before every day): only the order of the dates is judged.
  if (!row.errors.issueDate && !row.errors.expireDate) problem('expireDate', () => checkOfferDates(row.issueDate || undefined, row.expireDate || undefined, today ?? ''));
  // rowOf reads both (trimmed, '' when the file has no such column).
  const vat = vatOfRow(row.vatRate!);
  if (vat === 'invalid') row.errors.vat_rate = reason('bulk.vatRate');
  else if (vat && vat.vat !== 'standard' && !row.vatReason) row.errors.vat_reason = reason('bulk.vatReason');
}

/** The order ids of rows that could be sent (the ledger is asked about them all at once, on the team ledger one query). */
export function orderIdsToCheck(rows: BulkPreviewRow[]): string[] {
  return rows.filter((r) => !r.errors.orderId).map((r) => cleanOrderId(r.orderId)).filter((id): id is string => !!id);
}

/** Marks the rows whose order id the ledger already has, as `orderExists` does while reading. */
export function markOrdersInLedger(rows: BulkPreviewRow[], known: Set<string>): void {
  for (const row of rows) {
    if (row.errors.orderId) continue;
    const id = cleanOrderId(row.orderId);
    if (id && known.has(id)) row.errors = { orderId: reason('bulk.orderIdInLedger'), ...row.errors };
  }
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
