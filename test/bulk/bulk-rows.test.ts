// The bulk file's checks of a row's customer: each of its three columns is said apart, as the link
// form says them, so a person fixing the file sees every problem of a row at once (one at a time,
// a bad e-mail hid a short phone until the next try).
import { describe, expect, it } from 'vitest';
import { readBulkCsv } from '../../main/bulk/bulk-rows';
import { wordReason } from '../../renderer/src/i18n';

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

  it('says what to write instead of a phone written the way people say it at home', () => {
    expect(errorsOf('B-4,10.00,SAR,Invoice,Sara,sara@example.com,050 123 4567,,')).toEqual({
      customerPhone: { key: 'bulk.phoneLocal', values: { phone: '+966 501234567' } },
    });
    expect(errorsOf('B-5,10.000,KWD,Invoice,Sara,sara@example.com,50123456,,').customerPhone).toEqual({ key: 'bulk.phoneLocal', values: { phone: '+965 50123456' } });
    // Worded in both languages, the number kept left to right inside the Arabic sentence.
    const why = errorsOf('B-4,10.00,SAR,Invoice,Sara,sara@example.com,050 123 4567,,').customerPhone!;
    expect(wordReason('en', why)).toBe('Write the phone in international format, as +966 501234567: the gateway takes only + and the country code.');
    expect(wordReason('ar', why)).toBe('اكتب الهاتف بالصيغة الدولية، هكذا: \u2066+966 501234567\u2069؛ فالبوابة لا تقبل إلا + ورمز الدولة.');
    // A euro says nothing of the customer's country: refused as before, with no number made up.
    expect(errorsOf('B-6,10.00,EUR,Invoice,Sara,sara@example.com,0501234567,,').customerPhone).toEqual({ key: 'input.phone' });
  });

  it('takes a phone typed in Arabic-Indic digits, as the link form does', () => {
    expect(errorsOf('B-3,10.00,SAR,Invoice,ليلى حداد,layla@example.com,+٩٦٦٥٠١٢٣٤٥٦٧,,')).toEqual({});
  });
});
