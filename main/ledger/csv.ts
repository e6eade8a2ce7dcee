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
