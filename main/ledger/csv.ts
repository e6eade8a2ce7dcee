// CSV for spreadsheets: RFC 4180 (CRLF, quotes doubled, fields with separators quoted), UTF-8
// with a byte-order mark so Excel reads Arabic correctly, and cells that a spreadsheet would
// run as a formula (starting with = + - @, tab or CR) neutralised with a leading apostrophe,
// except a plain phone number or signed number, which cannot hold a formula (docs/ledger.md).
export type Cell = string | number | null | undefined;
/** Between cells: a comma, or the separator a person's own file used (a bulk file's reports go back as it came). */
export type Separator = ',' | ';' | '\t';

const needsQuotes: Record<Separator, RegExp> = { ',': /[",\r\n]/, ';': /[";\r\n]/, '\t': /["\t\r\n]/ };
// "+966 50 123 4567", "-10.50": digits, spaces and one point call no function and reach no
// other cell. Written with an apostrophe, a mail merge or an SMS tool took it as part of the number.
const plainPhone = /^\+[0-9 ]{6,20}$/;
const plainSignedNumber = /^[+-][0-9]+(\.[0-9]+)?$/;

/** Whether a text cell gets the leading apostrophe; its first character read first (a million-row export). */
function mightRunAsFormula(text: string): boolean {
  const first = text.charCodeAt(0); // = + - @ tab CR
  if (first !== 61 && first !== 43 && first !== 45 && first !== 64 && first !== 9 && first !== 13) return false;
  return !plainPhone.test(text) && !plainSignedNumber.test(text);
}

/**
 * The money columns again as integers of the currency's minor units (walk38): "1250" for KWD 1.250.
 * A spreadsheet reads an amount by its own locale: German Calc read KWD "1.250" as 1250 and "0.005"
 * as 5, and SAR "125.50" as text a SUM leaves out; French read every decimal as text. Digits alone
 * read as the same number in every locale, and sum exactly (docs/decisions.md, "Amounts a
 * spreadsheet can sum"). Added last in each file, so sheets reading by position still read what they read.
 */
export const minorUnitsHeader = (columns: string[]) => columns.map((c) => `${c}_minor`);

export function csvCell(value: Cell, separator: Separator = ','): string {
  // Numbers are data, never a formula.
  if (typeof value !== 'string') return value === null || value === undefined ? '' : String(value);
  const text = mightRunAsFormula(value) ? `'${value}` : value;
  return needsQuotes[separator].test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: Cell[], separator: Separator = ','): string {
  let line = csvCell(cells[0], separator);
  for (let i = 1; i < cells.length; i++) line += separator + csvCell(cells[i], separator);
  return `${line}\r\n`;
}

export function toCsv(header: string[], rows: Iterable<Cell[]>, separator: Separator = ','): { csv: string; rows: number } {
  let csv = '\uFEFF' + csvLine(header, separator);
  let count = 0;
  for (const row of rows) {
    csv += csvLine(row, separator);
    count++;
  }
  return { csv, rows: count };
}
