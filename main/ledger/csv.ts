// CSV for spreadsheets: RFC 4180 (CRLF, quotes doubled, fields with separators quoted), UTF-8
// with a byte-order mark so Excel reads Arabic correctly, and cells that a spreadsheet would
// run as a formula (starting with = + - @, tab or CR) neutralised with a leading apostrophe.
export type Cell = string | number | null | undefined;

const needsQuotes = /[",\r\n]/;

export function csvCell(value: Cell): string {
  // Numbers are data, never a formula; text starting with = + - @, tab or CR gets an apostrophe.
  if (typeof value !== 'string') return value === null || value === undefined ? '' : String(value);
  const first = value.charCodeAt(0);
  const text = first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13 ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: Cell[]): string {
  let line = csvCell(cells[0]);
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i])}`;
  return `${line}\r\n`;
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
