// CSV through csv-parse (RFC 4180: quoted fields may hold separators, line breaks and doubled
// quotes). The separator is detected from the header line (comma, semicolon as Excel writes in
// many locales, or tab), or given by an Excel "sep=;" first line. Each record keeps the line of
// the file it starts on, so a quoted field over several lines does not shift later rows. Line
// ends are read as CR LF, LF or CR alike. Everything stays text: amounts never become numbers.
import { parse } from 'csv-parse/sync';
import type { Reason } from '../../contract/reasons';
import type { Separator } from '../ledger/csv';

export type Delimiter = Separator;
export type CsvRecord = { line: number; cells: string[] };
export type CsvParse = { ok: true; records: CsvRecord[]; delimiter: Delimiter } | { ok: false; line: number; reason: Reason };

const delimiters: Delimiter[] = [',', ';', '\t'];

/** The separator that occurs most often outside quotes on the header line (a comma when none does). */
export function detectDelimiter(headerLine: string): Delimiter {
  const outside = headerLine.replace(/"[^"]*"/g, '');
  const counts = delimiters.map((d) => outside.split(d).length - 1);
  const best = Math.max(...counts);
  return best === 0 ? ',' : delimiters[counts.indexOf(best)]!;
}

export function parseCsv(input: string): CsvParse {
  // One line-end for csv-parse (which counts lines by its record delimiter); inside quoted fields too.
  let text = (input.startsWith('\uFEFF') ? input.slice(1) : input).replace(/\r\n?/g, '\n');
  let firstLine = 1;
  let delimiter: Delimiter | undefined;
  const sep = /^"?sep=(.)"?,*\n/i.exec(text);
  if (sep && (delimiters as string[]).includes(sep[1]!)) {
    delimiter = sep[1] as Delimiter;
    text = text.slice(sep[0].length);
    firstLine = 2;
  }
  delimiter ??= detectDelimiter(/^[^\n]*/.exec(text.replace(/^\n+/, ''))![0]);
  try {
    const parsed = parse(text, { delimiter, record_delimiter: '\n', info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    const records: CsvRecord[] = [];
    for (const { record, info } of parsed) {
      if (record.every((cell) => cell.trim() === '')) continue; // a line of separators or spaces only
      // csv-parse counts the line a record ends on; line breaks inside its quoted fields are between.
      const inside = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
      records.push({ line: info.lines - inside + firstLine - 1, cells: record });
    }
    return { ok: true, records, delimiter };
  } catch (e) {
    const error = e as { code?: string; lines?: number };
    const line = (error.code === 'CSV_QUOTE_NOT_CLOSED' ? openingQuoteLine(text) : error.lines ?? 1) + firstLine - 1;
    const key = error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'bulk.csvUnclosedQuote' : /QUOTE/.test(error.code ?? '') ? 'bulk.csvBadQuote' : 'bulk.csvUnreadable';
    return { ok: false, line, reason: { key, values: { line } } };
  }
}

/** The line of the quote left open at the end of the text (doubled quotes open and close at once). */
function openingQuoteLine(text: string): number {
  let line = 1;
  let opened = 1;
  let quoted = false;
  for (const c of text) {
    if (c === '\n') line++;
    else if (c === '"') {
      quoted = !quoted;
      if (quoted) opened = line;
    }
  }
  return opened;
}
