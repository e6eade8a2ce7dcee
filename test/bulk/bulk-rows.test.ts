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

// A date as a spreadsheet writes it (Paydesk's own screens write day/month/year) was refused with
// "Enter the date as YYYY-MM-DD." only: the row now says what to write, never reading it as a date.
describe('a bulk row\'s dates', () => {
  it('says the year-month-day to write for a day-first or month-first date, and both when either could be meant', () => {
    expect(errorsOf('D-1,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,30/11/2026,15.12.2026')).toEqual({
      issueDate: { key: 'bulk.dateOneReading', values: { typed: '30/11/2026', isoDate: '2026-11-30' } },
      expireDate: { key: 'bulk.dateOneReading', values: { typed: '15.12.2026', isoDate: '2026-12-15' } },
    });
    expect(errorsOf('D-2,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,,11/30/2026').expireDate).toEqual({ key: 'bulk.dateOneReading', values: { typed: '11/30/2026', isoDate: '2026-11-30' } });
    expect(errorsOf('D-3,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,,03/04/2027').expireDate).toEqual({ key: 'bulk.dateTwoReadings', values: { typed: '03/04/2027', dayFirst: '2027-04-03', monthFirst: '2027-03-04' } });
    // The same day either way is one reading; Arabic-Indic digits are read too.
    expect(errorsOf('D-4,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,,05/05/2027').expireDate).toEqual({ key: 'bulk.dateOneReading', values: { typed: '05/05/2027', isoDate: '2027-05-05' } });
    expect(errorsOf('D-5,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,,٣٠/١١/٢٠٢٦').expireDate).toEqual({ key: 'bulk.dateOneReading', values: { typed: '٣٠/١١/٢٠٢٦', isoDate: '2026-11-30' } });
    // Not a date either way (no 31st of November, no 13th month): the usual words, no date made up.
    expect(errorsOf('D-6,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,,31/11/2026').expireDate).toEqual({ key: 'input.date' });
    expect(errorsOf('D-7,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,,13/13/2026').expireDate).toEqual({ key: 'input.date' });
    expect(errorsOf('D-8,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,2026-11-30,2026-12-15')).toEqual({});
  });

  it('words them in English and Arabic, each date kept left to right inside the Arabic sentence', () => {
    const one = errorsOf('D-1,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,,30/11/2026').expireDate!;
    expect(wordReason('en', one)).toBe('Write 30/11/2026 as 2026-11-30: year, month, day.');
    expect(wordReason('ar', one)).toBe('اكتب \u206630/11/2026\u2069 هكذا: \u20662026-11-30\u2069، بالسنة ثم الشهر ثم اليوم.');
    const two = errorsOf('D-3,10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,,03/04/2027').expireDate!;
    expect(wordReason('en', two)).toBe('03/04/2027 could be 2027-04-03 or 2027-03-04: write the one you mean as year-month-day.');
    expect(wordReason('ar', two)).toBe('يحتمل التاريخ \u206603/04/2027\u2069 قراءتين: \u20662027-04-03\u2069 أو \u20662027-03-04\u2069. اكتب الذي تقصده بالسنة ثم الشهر ثم اليوم.');
    expect(wordReason('en', { key: 'input.date' })).toBe('Write the date as year-month-day, as 2026-12-31.');
  });
});

// "Use a currency code Paydesk offers, like SAR." beside "150.00 SR": which code was wrong, and which to write.
it('names a currency it does not know, and the codes to write instead, in English and Arabic', () => {
  const why = errorsOf('C-1,150.00,SR,Invoice,Sara,sara@example.com,+966501234567,,').currency!;
  expect(why).toEqual({ key: 'bulk.currencyUnknown', values: { code: 'SR' } });
  expect(wordReason('en', why)).toBe('SR is not a currency code Paydesk offers: write its three-letter code, as SAR, KWD or USD.');
  expect(wordReason('ar', why)).toBe('\u2066SR\u2069 ليس رمز عملة يدعمه بايدسك: اكتب رمزها ذا الأحرف الثلاثة، مثل SAR أو KWD أو USD.');
  // A batch stored before keeps its words.
  expect(wordReason('en', { key: 'bulk.currency' })).toBe('Use a currency code Paydesk offers, like SAR.');
});
