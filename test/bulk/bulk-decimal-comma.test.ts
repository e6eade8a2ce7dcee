// A bulk file as a spreadsheet in a decimal-comma locale exports it: columns separated by semicolons,
// amounts written "1.250,50". The walk of 2026-11-30 (docs/screens-walks.md) found every such row
// refused ("use the dot for decimals"): 38 of 40 customers to correct by hand in the spreadsheet.
import { describe, expect, it } from 'vitest';
import { readBulkCsv } from '../../main/bulk/bulk-rows';

const columns = ['orderId', 'amount', 'currency', 'description', 'customerName', 'customerEmail', 'customerPhone', 'issueDate', 'expireDate'];
const file = (separator: string, amounts: Array<[string, string]>) => '\uFEFF' + [columns.join(separator)]
  .concat(amounts.map(([amount, currency], i) => [`DC-${i + 1}`, amount, currency, 'Invoice', 'محمد العتيبي', 'c@example.com', '+966501234567', '', ''].join(separator)))
  .join('\r\n') + '\r\n';
const read = (text: string) => readBulkCsv(text.replace(/^\uFEFF/, ''), { defaultCurrency: 'SAR' }).rows;

describe('a semicolon file\'s amounts', () => {
  it('reads "1.250,50" and "75,5" as the decimal-comma locale wrote them', () => {
    const rows = read(file(';', [['1.250,50', 'SAR'], ['75,5', 'SAR'], ['1.234.567,25', 'SAR'], ['12.500,250', 'KWD'], ['1 250,50', 'SAR']]));
    expect(rows.map((r) => [r.amount, r.errors])).toEqual([
      ['1250.50', {}], ['75.5', {}], ['1234567.25', {}], ['12500.250', {}], ['1250.50', {}],
    ]);
  });

  it('never takes "12,500" as a thousand times less, nor more, without saying so', () => {
    const [kwd, sar] = read(file(';', [['12,500', 'KWD'], ['12,500', 'SAR']]));
    // KWD: still twelve thousand five hundred or twelve and a half; both readings named, as the link form does.
    expect(kwd!.errors.amount).toMatchObject({ key: 'amount.twoReadings' });
    // SAR: read with the file's decimal comma, 12.500 has a decimal too many (it was taken as 12,500.00).
    expect(sar!.amount).toBe('12.500');
    expect(sar!.errors.amount).toBeDefined();
  });

  it('names both readings of "1.250" KWD (1250 grouped, or 1.250) and takes neither', () => {
    const [kwd, grouped, jod] = read(file(';', [['1.250', 'KWD'], ['1.250.000', 'KWD'], ['0.500', 'JOD']]));
    expect(kwd!.errors.amount).toEqual({ key: 'amount.dotTwoReadings', values: { typed: '1.250', whole: '1250', decimal: '1.250', comma: '1,250', currency: 'KWD' } });
    expect(grouped!.errors.amount).toBeDefined(); // never read as 1.250 nor silently as 1,250,000
    expect(jod).toStrictEqual(expect.objectContaining({ amount: '0.500', errors: {} })); // no thousands group starts with 0
  });

  it('keeps an amount without a comma as written, and still says what is wrong with a bad one', () => {
    const rows = read(file(';', [['1250.50', 'SAR'], ['', 'SAR'], ['1.25,50', 'SAR'], ['1.250,505', 'SAR']]));
    expect(rows[0]).toStrictEqual(expect.objectContaining({ amount: '1250.50', errors: {} }));
    expect(rows[1]!.errors.amount).toEqual({ key: 'amount.empty' });
    expect(rows[2]!.errors.amount).toBeDefined(); // a dot group of two digits is no thousands group
    expect(rows[3]!.errors.amount).toBeDefined(); // three decimals in SAR
  });

  it('leaves a comma-separated file\'s amounts to the usual reading ("1,250.50" is 1250.50)', () => {
    const rows = read(file(',', [['"1,250.50"', 'SAR'], ['"1.250,50"', 'SAR']]));
    expect(rows[0]).toStrictEqual(expect.objectContaining({ amount: '1,250.50', errors: {} }));
    expect(rows[1]!.errors.amount).toBeDefined();
  });
});
