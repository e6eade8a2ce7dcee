// RFC 4180 CSV: fields separated by commas, records by CRLF (a bare LF or CR is accepted too,
// as spreadsheets on every OS write them), quoted fields may hold commas, line breaks and
// doubled quotes. A leading UTF-8 byte-order mark is dropped. Everything stays text: amounts
// are never turned into numbers here.
export type CsvParse = { ok: true; records: string[][] } | { ok: false; line: number; reason: string };

export function parseCsv(input: string): CsvParse {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false; // whether the current field had any content or quote
  let line = 1;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A line with nothing on it is skipped (a trailing newline, a blank line).
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') return { ok: false, line, reason: 'A quoted field must end at a comma or the end of the line.' };
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (fieldStarted) return { ok: false, line, reason: 'A quote may only start a field; write "" inside a quoted field.' };
      quoted = true;
      fieldStarted = true;
      i++;
      continue;
    }
    if (c === ',') {
      endField();
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      continue;
    }
    field += c;
    fieldStarted = true;
    i++;
  }
  if (quoted) return { ok: false, line, reason: 'A quoted field is not closed.' };
  if (field !== '' || fieldStarted || record.length > 0) endRecord();
  return { ok: true, records };
}
