// The bulk file reader: CSV through csv-parse with the separator detected (comma, semicolon, tab)
// and each row's true line in the file (a quoted field over several lines does not shift later
// rows), the encoding detected (UTF-8 with or without BOM, UTF-16 with BOM, Windows-1256,
// Latin-1) or asked for, amounts kept as text, and every row checked with main's own rules.
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../main/bulk/csv-parse';
import { readBulkCsv, readBulkFile, templateCsv } from '../../main/bulk/bulk-rows';
import { fileText } from '../../main/bulk/file-text';
import { englishText } from '../../main/core/fail';
import type { Reason } from '../../contract/reasons';

const cells = (csv: string) => {
  const parsed = parseCsv(csv);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return parsed.records.map((r) => [r.line, ...r.cells]);
};

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    expect(cells('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n1,,3\n')).toEqual([[1, 'a', 'b', 'c'], [2, 'x, y', 'say "hi"', 'two\nlines'], [4, '1', '', '3']]);
  });

  it('keeps amounts as the exact text (no float rounding)', () => {
    expect(cells('amount\r\n0.10\r\n1234567890123.45\r\n').slice(1).map((r) => r[1])).toEqual(['0.10', '1234567890123.45']);
  });

  it('detects the separator from the header: semicolons (Excel in many locales), tabs, or an Excel sep= line', () => {
    expect(parseCsv('a;b;c\r\n1,5;2;3\r\n')).toMatchObject({ ok: true, delimiter: ';', records: [{ cells: ['a', 'b', 'c'] }, { cells: ['1,5', '2', '3'] }] });
    expect(parseCsv('a\tb\r\n1\t2\r\n')).toMatchObject({ ok: true, delimiter: '\t', records: [{ line: 1 }, { line: 2, cells: ['1', '2'] }] });
    expect(parseCsv('sep=;\r\na;b\r\n1;2\r\n')).toMatchObject({ ok: true, delimiter: ';', records: [{ line: 2, cells: ['a', 'b'] }, { line: 3, cells: ['1', '2'] }] });
  });

  it('gives every record the line it starts on, across multi-line fields, blank lines and mixed line ends', () => {
    const text = 'a,b\r\n"one\r\ntwo\r\nthree",x\r\n\r\nc,d\n"e\n\nf",g\rh,i';
    expect(cells(text).map((r) => r[0])).toEqual([1, 2, 6, 7, 10]);
  });

  it('refuses an unclosed quote and stray quotes, naming the line where the trouble starts', () => {
    expect(parseCsv('a\r\nb\r\n"open\r\nmore')).toMatchObject({ ok: false, line: 3, reason: { key: 'bulk.csvUnclosedQuote', values: { line: 3 } } });
    expect(parseCsv('a\r\nx"y"')).toMatchObject({ ok: false, line: 2, reason: { key: 'bulk.csvBadQuote' } });
  });

  it('skips blank lines and lines of separators only, and accepts a last line without a newline', () => {
    expect(cells('a,b\r\n\r\n,\r\n1,2')).toEqual([[1, 'a', 'b'], [4, '1', '2']]);
  });
});

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n';
const options = { defaultCurrency: 'SAR', orderExists: (id: string) => id === 'KNOWN-1' };
const words = (why: { key: string; values?: Record<string, string | number> } | undefined) => why && englishText(why as Reason);

describe('readBulkCsv', () => {
  it('accepts the template as it is', () => {
    expect(templateCsv()).toBe(`\uFEFF${header},125.50,SAR,Invoice 1001,Sara Ahmed,sara@example.com,+966501234567,,\r\n`); // the phone as typed, no apostrophe
    const read = readBulkCsv(templateCsv(), options);
    expect(read.fileError).toBeNull();
    expect(read.rows).toHaveLength(1);
    expect(read.rows[0]!.errors).toEqual({});
  });

  it('gives each bad row its problems by column, as reasons, and passes good rows', () => {
    const csv = header + [
      'A-1,10.50,SAR,Invoice,Sara,sara@example.com,+966501234567,,',
      'A-2,10.505,SAR,Invoice,Sara,sara@example.com,+966501234567,,',
      'A-1,5,,Invoice,Sara,not-an-email,0501234567,,',
      'KNOWN-1,1,JPY,Invoice,Sara,sara@example.com,+966501234567,2026-01-10,2026-01-01',
      ',100,KWD,,Sara,sara@example.com,+966501234567,,',
    ].join('\r\n');
    const rows = readBulkCsv(csv, options).rows;
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6]);
    expect(rows[0]!.errors).toEqual({});
    expect(rows[1]!.errors).toEqual({ amount: { key: 'amount.tooManyDecimals', values: { currency: 'SAR', decimals: 2 } } });
    expect(rows[2]!.currency).toBe('SAR'); // the profile's default fills an empty cell
    expect(Object.keys(rows[2]!.errors).sort()).toEqual(['customerEmail', 'customerPhone', 'orderId']);
    expect(rows[2]!.errors.orderId).toEqual({ key: 'bulk.orderIdRepeated', values: { line: 2 } });
    expect(Object.keys(rows[3]!.errors).sort()).toEqual(['expireDate', 'orderId']);
    expect(Object.keys(rows[4]!.errors)).toEqual(['description']);
  });

  it('reports the same bad amounts as the single-link form, each on its row’s true line', () => {
    const row = (id: string, amount: string, currency = 'SAR') => `${id},"${amount}",${currency},"Invoice\r\nsecond line",Sara,sara@example.com,+966501234567,,`;
    const csv = header + [row('M-1', '12.345'), row('M-2', '-5'), row('M-3', '1.5', 'JPY'), row('M-4', '12,50'), row('M-5', '1,234.50'), row('M-6', '0')].join('\r\n');
    const rows = readBulkCsv(csv, options).rows;
    expect(rows.map((r) => r.line)).toEqual([2, 4, 6, 8, 10, 12]); // each description spans two lines
    expect(rows.map((r) => words(r.errors.amount))).toEqual([
      'SAR allows at most 2 decimals.',
      'Enter the amount without a sign: it must be more than zero.',
      'JPY has no decimals.',
      'Use a dot for the decimals, as in 12.50; a comma only separates thousands (1,234.50).',
      undefined,
      'The amount must be more than zero.',
    ]);
    expect(rows[4]!.amount).toBe('1,234.50'); // kept as typed
  });

  it('refuses customer names with direction-changing or invisible characters, as the single-link form does', () => {
    const csv = header + ['N-1,10,SAR,Invoice,Sara\u202e,sara@example.com,+966501234567,,', 'N-2,10,SAR,Invoice,Sa\u200bra,sara@example.com,+966501234567,,'].join('\r\n');
    expect(readBulkCsv(csv, options).rows.map((r) => r.errors.customerName)).toEqual([{ key: 'input.bidiChars' }, { key: 'input.bidiChars' }]);
  });

  it('never shows a replacement character (a letter lost before Paydesk read the file) as OK', () => {
    const csv = header + 'R-1,10,SAR,Invoice,Jos\uFFFD,jose@example.com,+966501234567,,';
    expect(readBulkCsv(csv, options).rows[0]!.errors.customerName).toEqual({ key: 'bulk.replacementChar' });
  });

  it('refuses a file without the needed columns', () => {
    expect(words(readBulkCsv('name,price\r\nx,1\r\n', options).fileError!)).toMatch(/missing the columns amount/);
  });
});

describe('the file’s encoding', () => {
  const arabicNames = ['سارة أحمد', 'محمد العتيبي', 'نورة القحطاني'];
  const csvOf = (names: string[]) => header + names.map((n, i) => `E-${i},10,SAR,Invoice,${n},c${i}@example.com,+96650000100${i},,`).join('\r\n') + '\r\n';
  const encode = (text: string, encoding: 'windows-1256' | 'latin1') => {
    // The test's own encoder: each character's byte in the code page, found by decoding every byte once.
    const table = new Map([...Array(256).keys()].map((b) => [new TextDecoder(encoding).decode(new Uint8Array([b])), b]));
    return Uint8Array.from([...text].map((c) => table.get(c) ?? (() => { throw new Error(`no byte for ${c}`); })()));
  };
  const names = (read: ReturnType<typeof readBulkFile>) => read.rows.map((r) => r.customerName);

  it('reads UTF-8 with and without a BOM, and UTF-16 with a BOM', () => {
    const text = csvOf(arabicNames);
    expect(readBulkFile(Buffer.from(text, 'utf8'), undefined, options)).toMatchObject({ encoding: 'utf-8', fileError: null });
    expect(names(readBulkFile(Buffer.from('\uFEFF' + text, 'utf8'), undefined, options))).toEqual(arabicNames);
    expect(names(readBulkFile(Buffer.from('\uFEFF' + text, 'utf16le'), undefined, options))).toEqual(arabicNames);
    const be = Buffer.from('\uFEFF' + text, 'utf16le').swap16();
    expect(readBulkFile(be, undefined, options)).toMatchObject({ encoding: 'utf-16be', fileError: null });
    expect(names(readBulkFile(be, undefined, options))).toEqual(arabicNames);
  });

  it('reads an Arabic Excel file (Windows-1256) and a Western one (Latin-1) without asking', () => {
    const arabic = readBulkFile(encode(csvOf(arabicNames), 'windows-1256'), undefined, options);
    expect(arabic).toMatchObject({ encoding: 'windows-1256', fileError: null, choices: [] });
    expect(names(arabic)).toEqual(arabicNames);
    const western = readBulkFile(encode(csvOf(['José Müller', 'Zoë Dubois', 'Ana Peña']), 'latin1'), undefined, options);
    expect(western).toMatchObject({ encoding: 'latin1', fileError: null });
    expect(names(western)).toEqual(['José Müller', 'Zoë Dubois', 'Ana Peña']);
  });

  it('asks when it cannot tell, with names read each way, and reads the file as the person chooses', () => {
    // A short Arabic name beside a French one: neither reading is clearly right.
    const bytes = encode(csvOf(['لي', 'Zoé Martin']), 'windows-1256');
    const unsure = readBulkFile(bytes, undefined, options);
    expect(unsure).toMatchObject({ rows: [], encoding: null, fileError: { key: 'bulk.chooseEncoding' } });
    expect(unsure.choices).toEqual([{ encoding: 'windows-1256', names: ['لي', 'Zoé Martin'] }, { encoding: 'latin1', names: ['áí', 'Zoé Martin'] }]);
    expect(names(readBulkFile(bytes, 'windows-1256', options))).toEqual(['لي', 'Zoé Martin']);
  });

  it('refuses bytes that are not text in the encoding given, never replacing them silently', () => {
    expect(fileText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62]))).toEqual({ kind: 'unreadable', encoding: 'utf-8' });
    expect(readBulkFile(Uint8Array.from([0x61, 0xc3, 0x28]), 'utf-8', options).fileError).toEqual({ key: 'bulk.notText', values: { encoding: 'utf8' } });
  });

  it('refuses a file over the size limit by its size', () => {
    const read = readBulkFile(new Uint8Array(5 * 1024 * 1024), undefined, options);
    expect(words(read.fileError!)).toBe('The file is 5 MB; at most 4 MB can be read at once (about 5,000 rows). Split it into smaller files.');
  });
});
