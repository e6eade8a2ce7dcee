// The bulk file's checks of a row's customer: each of its three columns is said apart, as the link
// form says them, so a person fixing the file sees every problem of a row at once (one at a time,
// a bad e-mail hid a short phone until the next try).
import { describe, expect, it } from 'vitest';
import { readBulkCsv } from '../../main/bulk/bulk-rows';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate';
const errorsOf = (line: string) => readBulkCsv(`${header}\n${line}\n`, { defaultCurrency: 'SAR' }).rows[0]!.errors;

describe('a bulk row\'s customer', () => {
  it('names every bad customer column of the row, not only the first', () => {
    expect(errorsOf('B-1,10.00,SAR,Invoice,Bad Row,not-an-email,0501234,,')).toEqual({
      customerEmail: { key: 'input.email' },
      customerPhone: { key: 'input.phone' },
    });
    expect(errorsOf('B-2,10.00,SAR,Invoice,,,,,')).toEqual({
      customerName: { key: 'input.required' },
      customerEmail: { key: 'input.required' },
      customerPhone: { key: 'input.required' }, // missing, not "in international format"
    });
  });

  it('takes a phone typed in Arabic-Indic digits, as the link form does', () => {
    expect(errorsOf('B-3,10.00,SAR,Invoice,ليلى حداد,layla@example.com,+٩٦٦٥٠١٢٣٤٥٦٧,,')).toEqual({});
  });
});
