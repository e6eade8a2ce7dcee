// CSV for spreadsheets: RFC 4180 (CRLF, quotes doubled, fields with separators quoted), UTF-8
// with a byte-order mark so Excel reads Arabic correctly, and cells that a spreadsheet would
// run as a formula (starting with = + - @, tab or CR) neutralised with a leading apostrophe.
export type Cell = string | number | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: Cell[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

export function toCsv(header: string[], rows: Iterable<Cell[]>): { csv: string; rows: number } {
  let csv = '\uFEFF' + csvLine(header);
  let count = 0;
  for (const row of rows) {
    csv += csvLine(row);
    count++;
  }
  return { csv, rows: count };
}
