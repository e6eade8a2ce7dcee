// Exports open in a spreadsheet: RFC 4180 (CRLF, quotes doubled, fields with separators quoted),
// a byte-order mark so Excel reads Arabic, and no cell a spreadsheet would run as a formula.
// Both backends write their files through these functions; the files themselves, formulas and
// quotes included, are checked on both in export-bytes.test.ts.
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, toCsv } from '../../main/ledger/csv';
import { parseCsv } from '../../main/bulk/csv-parse';

describe('a cell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['two words', 'two words'],
    ['semi;colon', 'semi;colon'],
    ["it's", "it's"],
    ['tab\tinside', 'tab\tinside'],
    ['مريم أحمد', 'مريم أحمد'],
    ['a=b', 'a=b'],
    ['5-3', '5-3'],
    ['me@example.com', 'me@example.com'],
  ])('%j is written as is', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['end,', '"end,"'],
  ])('%j is quoted, its quotes doubled', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1+1', "'+1+1"],
    ['-10.50+A1', "'-10.50+A1"],
    ['+966 CALL', "'+966 CALL"],
    ['+966501234567)', "'+966501234567)"],
    ['-2+3+cmd|\' /C calc\'!A0', "'-2+3+cmd|' /C calc'!A0"],
    ['-', "'-"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['=1,2', '"\'=1,2"'],
    // A formula that merely ends like a phone number or a signed number is still a formula.
    ['=HYPERLINK("http://x")+966501234567', '"\'=HYPERLINK(""http://x"")+966501234567"'],
    ['@SUM(A1)+966 50 123 4567', "'@SUM(A1)+966 50 123 4567"],
    ['=A1-10.50', "'=A1-10.50"],
  ])('%j, which a spreadsheet would run, starts with an apostrophe', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  // A mail merge or an SMS tool took the apostrophe as part of the number: digits, spaces and one
  // point after a sign call no function and reach no other cell, so they are written as they are.
  it.each([
    ['+966501234567'],
    ['+966 50 123 4567'],
    ['-10.50'],
    ['-5'],
    ['+12.5'],
  ])('%j, a plain phone or signed number, is written as it is', (value) => {
    expect(csvCell(value)).toBe(value);
  });

  it.each([
    [0, '0'],
    [1050, '1050'],
    [-5, '-5'], // a number from the ledger is data, never a formula
    [null, ''],
    [undefined, ''],
  ])('%j is written as %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

describe('a line and a file', () => {
  it('joins cells with commas and ends each line with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c', undefined])).toBe('a,1,,"b,c",\r\n');
    expect(csvLine([])).toBe('\r\n');
  });

  it('starts with a byte-order mark and the header, and counts the rows', () => {
    function* rows() {
      yield ['P-1', 1050];
      yield ['=cmd', null];
    }
    expect(toCsv(['order, id', 'amount'], rows())).toEqual({ csv: '\uFEFF"order, id",amount\r\nP-1,1050\r\n\'=cmd,\r\n', rows: 2 });
    expect(toCsv(['a'], [])).toEqual({ csv: '\uFEFFa\r\n', rows: 0 });
  });

  it('reads back cell for cell with an RFC 4180 reader', () => {
    const header = ['الاسم', 'note', 'amount'];
    const table = [
      ['سارة "س"', 'line one\r\nline two', 1050],
      ['a,b', '', -3],
      ['=SUM(A1:A2)', '@x', 0],
    ];
    const { csv } = toCsv(header, table);
    const parsed = parseCsv(csv); // csv-parse, which reads line ends inside a quoted field as one \n
    expect(parsed.ok && parsed.records.map((r) => r.cells)).toEqual([header, ['سارة "س"', 'line one\nline two', '1050'], ['a,b', '', '-3'], ["'=SUM(A1:A2)", "'@x", '0']]);
  });

  // A bulk file's reports go back with the file's own separator (Excel writes semicolons in many
  // locales): a cell is quoted when it holds that separator, and read back cell for cell.
  it.each([
    [';', 'a;1;;"b;c";d,e\r\n'],
    ['\t', 'a\t1\t\tb;c\td,e\r\n'],
  ] as const)('joins cells with %j, quoting only a cell that holds it', (separator, line) => {
    expect(csvLine(['a', 1, null, 'b;c', 'd,e'], separator)).toBe(line);
    const table = [['name', 'note'], ['Rent; March', 'tab\there'], ['1,5', '"quoted"']];
    const { csv } = toCsv(table[0]!, table.slice(1), separator);
    const parsed = parseCsv(csv);
    expect(parsed).toMatchObject({ ok: true, delimiter: separator });
    expect(parsed.ok && parsed.records.map((r) => r.cells)).toEqual(table);
  });
});
