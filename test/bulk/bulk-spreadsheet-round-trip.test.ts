// Paydesk's bulk error report, opened and saved by LibreOffice Calc, chosen again (walk38). German
// Calc read "12.500" KWD as twelve thousand five hundred and saved "12500"; the file came back a
// link a thousand times too large, with no error. The report now carries amount_minor (the amount as
// an integer of minor units, read alike in every locale): where the two disagree the row is refused.
// The files below are the bytes Calc 7.4 wrote (`--convert-to csv`, import language de-DE / en-US).
import { describe, expect, it } from 'vitest';
import { readBulkCsv } from '../../main/bulk/bulk-rows';
import { englishText } from '../../main/core/fail';
import type { Reason } from '../../contract/reasons';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate,amount_minor,error';
const read = (lines: string[]) => readBulkCsv([header, ...lines].join('\n') + '\n', { defaultCurrency: 'SAR' }).rows;

describe('an error report saved by a spreadsheet', () => {
  it('refuses a KWD amount German Calc read as a thousand times more, naming both', () => {
    // Saved by Calc in de-DE: 12.500 and 0.005 KWD became 12500 and 5; SAR 125.50 stayed text.
    const rows = read([
      'RENT-7,12500,KWD,Rent,مريم القحطاني,maryam@example.com,+96550001002,,,12500,Customer e-mail (customerEmail): not an e-mail address',
      'FEE-1,125.50,SAR,Fee,Sara Ahmed,sara@example.com,+966501234567,,,12550,Customer e-mail (customerEmail): not an e-mail address',
      'TINY-1,5,KWD,Tiny,Omar,omar@example.com,+96550001003,,,5,Customer e-mail (customerEmail): not an e-mail address',
    ]);
    expect(rows[0]!.errors).toEqual({ amount: { key: 'bulk.amountMinorDisagrees', values: { typed: '12500', currency: 'KWD', minor: '12500', meant: '12.500' } } });
    expect(englishText(rows[0]!.errors.amount as Reason)).toBe('12500 KWD is not what amount_minor says (12500, that is 12.500 KWD): a spreadsheet may have read the decimal point as a thousands separator. Write the amount again, and empty amount_minor when you change the amount.');
    expect(rows[1]!.errors).toEqual({});
    expect(rows[2]!.errors.amount).toMatchObject({ key: 'bulk.amountMinorDisagrees', values: { typed: '5', meant: '0.005' } });
  });

  it('reads the same rows as English Calc saved them ("12.5"), and a person\'s file without amount_minor as before', () => {
    const rows = read([
      'RENT-7,12.5,KWD,Rent,مريم القحطاني,maryam@example.com,+96550001002,,,12500,',
      'FEE-1,125.5,SAR,Fee,Sara Ahmed,sara@example.com,+966501234567,,,12550,',
      'EMPTIED-1,13,KWD,Rent,Omar,omar@example.com,+96550001003,,,,', // amount changed, amount_minor emptied
    ]);
    expect(rows.map((r) => r.errors)).toEqual([{}, {}, {}]);
    const own = readBulkCsv('orderId,amount,currency,description,customerName,customerEmail,customerPhone\nOWN-1,12500,KWD,Rent,Omar,omar@example.com,+96550001003\n', { defaultCurrency: 'SAR' }).rows;
    expect(own[0]!.errors).toEqual({});
  });
});
