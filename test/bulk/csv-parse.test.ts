// The bulk file reader: RFC 4180 CSV (quotes, CRLF, BOM), amounts kept as text, and every row
// checked with main's own rules before anything is sent.
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../main/bulk/csv-parse';
import { readBulkCsv, templateCsv } from '../../main/bulk/bulk-rows';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    const parsed = parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n1,,3\n');
    expect(parsed).toEqual({ ok: true, records: [['a', 'b', 'c'], ['x, y', 'say "hi"', 'two\r\nlines'], ['1', '', '3']] });
  });

  it('keeps amounts as the exact text (no float rounding)', () => {
    const parsed = parseCsv('amount\r\n0.10\r\n1234567890123.45\r\n');
    expect(parsed.ok && parsed.records.slice(1).map((r) => r[0])).toEqual(['0.10', '1234567890123.45']);
  });

  it('refuses an unclosed quote and stray quotes, naming the line', () => {
    expect(parseCsv('a\r\n"open')).toMatchObject({ ok: false, line: 2 });
    expect(parseCsv('a\r\nx"y"')).toMatchObject({ ok: false, line: 2 });
  });

  it('skips blank lines and accepts a last line without a newline', () => {
    expect(parseCsv('a,b\r\n\r\n1,2')).toEqual({ ok: true, records: [['a', 'b'], ['1', '2']] });
  });
});

describe('readBulkCsv', () => {
  const options = { defaultCurrency: 'SAR', orderExists: (id: string) => id === 'KNOWN-1' };
  const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n';

  it('accepts the template as it is', () => {
    const read = readBulkCsv(templateCsv(), options);
    expect(read.fileError).toBeNull();
    expect(read.rows).toHaveLength(1);
    expect(read.rows[0]!.errors).toEqual({});
  });

  it('gives each bad row its problems by column, and passes good rows', () => {
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
    expect(Object.keys(rows[1]!.errors)).toEqual(['amount']);
    expect(rows[2]!.currency).toBe('SAR'); // the profile's default fills an empty cell
    expect(Object.keys(rows[2]!.errors).sort()).toEqual(['customerEmail', 'orderId']);
    expect(rows[2]!.errors.orderId).toContain('line 2');
    expect(Object.keys(rows[3]!.errors).sort()).toEqual(['expireDate', 'orderId']);
    expect(Object.keys(rows[4]!.errors)).toEqual(['description']);
  });

  it('refuses a file without the needed columns', () => {
    expect(readBulkCsv('name,price\r\nx,1\r\n', options).fileError).toMatch(/missing the columns amount/);
  });
});
