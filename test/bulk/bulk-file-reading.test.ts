// A bulk file read as a person's spreadsheet wrote it: the file's limits, which columns and cells are
// taken and how, the amounts of a decimal-comma file, each row judged by the single link's rules
// (VAT included), and the rows whose order references the ledger already has.
import { describe, expect, it } from 'vitest';
import { maxBulkFileBytes } from '../../contract/methods/bulk';
import { markOrdersInLedger, maxBulkRows, orderIdsToCheck, readBulkCsv, readBulkFile, vatOfRow } from '../../main/bulk/bulk-rows';
import type { BulkPreviewRow } from '../../contract/methods/bulk';

const options = { defaultCurrency: 'SAR' };
const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate';
const good = ['', '10.00', 'SAR', 'Invoice', 'Sara', 'sara@example.com', '+966501234567', '', ''];
/** A file of rows, each `good` with the cells given by column name over it. */
const fileOf = (rows: Array<Record<string, string>>, separator = ',', columns = header) => {
  const names = columns.split(',');
  return [names.join(separator), ...rows.map((over) => names.map((n, i) => over[n] ?? good[i] ?? '').join(separator))].join('\r\n') + '\r\n';
};
const rowsOf = (rows: Array<Record<string, string>>, more: Partial<Parameters<typeof readBulkCsv>[1]> = {}, separator = ',', columns = header) =>
  readBulkCsv(fileOf(rows, separator, columns), { ...options, ...more }).rows;
/** The columns a row is refused for (a key with no reason would refuse a good row too). */
const refusedFor = (row: BulkPreviewRow) => Object.keys(row.errors);

describe('the file', () => {
  it('reads a file of exactly the size limit, and refuses one byte more, naming both sizes in megabytes', () => {
    const atLimit = new Uint8Array(maxBulkFileBytes).fill(0x0a);
    expect(readBulkFile(atLimit, undefined, options).fileError).toEqual({ key: 'bulk.fileEmpty' });
    expect(readBulkFile(new Uint8Array(maxBulkFileBytes + 1), undefined, options)).toEqual({ rows: [], fileError: { key: 'bulk.fileTooLarge', values: { size: '4', max: '4' } }, encoding: null, delimiter: null, choices: [] });
    expect(readBulkFile(new Uint8Array(maxBulkFileBytes * 1.125), undefined, options).fileError).toEqual({ key: 'bulk.fileTooLarge', values: { size: '4.5', max: '4' } });
  });

  it('names UTF-16 when a file with a UTF-16 mark does not read as UTF-16, and shows no rows', () => {
    const lone = Uint8Array.from([0xff, 0xfe, 0x00, 0xd8, 0x61, 0x00]); // a high surrogate alone
    expect(readBulkFile(lone, undefined, options)).toEqual({ rows: [], fileError: { key: 'bulk.notText', values: { encoding: 'utf16' } }, encoding: 'utf-16le', delimiter: null, choices: [] });
    expect(readBulkFile(Uint8Array.from([0xfe, 0xff, 0xd8, 0x00, 0x00, 0x61]), undefined, options).fileError).toEqual({ key: 'bulk.notText', values: { encoding: 'utf16' } });
  });

  it('shows no rows for a file it cannot read as CSV, nor for an empty one', () => {
    expect(readBulkCsv('orderId,"amount\r\n1,2\r\n', options)).toEqual({ rows: [], fileError: { key: 'bulk.csvUnclosedQuote', values: { line: 1 } }, encoding: null, delimiter: null, choices: [] });
    expect(readBulkCsv('', options)).toEqual({ rows: [], fileError: { key: 'bulk.fileEmpty' }, encoding: null, delimiter: ',', choices: [] });
    expect(readBulkCsv('\r\n;;;\r\n', options).fileError).toEqual({ key: 'bulk.fileEmpty' });
  });

  it('names every column the header is missing, and shows no rows', () => {
    expect(readBulkCsv('orderId,description,customerName,customerEmail\r\nA,B,C,d@example.com\r\n', options)).toEqual({
      rows: [], fileError: { key: 'bulk.missingColumns', values: { count: 2, columns: 'amount, customerPhone' } }, encoding: null, delimiter: ',', choices: [],
    });
  });

  it('takes the header\'s names with spaces around them', () => {
    const rows = readBulkCsv(' amount , description,customerName ,customerEmail,customerPhone\r\n10.00,Invoice,Sara,sara@example.com,+966501234567\r\n', options).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '10.00', description: 'Invoice', customerName: 'Sara' });
    expect(refusedFor(rows[0]!)).toEqual([]);
  });

  it('reads 5,000 rows and refuses a file of more, naming how many', () => {
    const many = (n: number) => header + '\r\n' + `,1.00,SAR,Invoice,Sara,sara@example.com,+966501234567,,\r\n`.repeat(n);
    expect(readBulkCsv(many(maxBulkRows), options).rows).toHaveLength(5_000);
    expect(readBulkCsv(many(maxBulkRows + 1), options)).toEqual({ rows: [], fileError: { key: 'bulk.tooManyRows', values: { rows: 5_001, max: 5_000 } }, encoding: null, delimiter: ',', choices: [] });
  });
});

describe('a file whose encoding Paydesk cannot tell: the names offered to choose by', () => {
  // Each character's byte in the code page (the test's own encoder), as csv-parse.test.ts's.
  const encode = (text: string) => {
    const table = new Map([...Array(256).keys()].map((b) => [new TextDecoder('windows-1256').decode(new Uint8Array([b])), b]));
    return Uint8Array.from([...text].map((c) => table.get(c) ?? (() => { throw new Error(`no byte for ${c}`); })()));
  };
  const choices = (text: string) => readBulkFile(encode(text), undefined, options).choices.map((c) => c.names);
  const long = `Zoé ${'Abcdefghij'.repeat(7)}`;

  it('offers the customer names, those with letters beyond ASCII first, each once, four at most, each cut to 60 characters', () => {
    // Row 0 has an empty name and row 8 no name cell at all: neither is offered.
    const text = `orderId, customerName ,amount\r\n0,,1\r\n8\r\n1,Ann,1\r\n2, لي ,1\r\n3,Zoé Martin,1\r\n4,Ann,1\r\n5,Bob,1\r\n6,Zoé Martin,1\r\n7,${long},1\r\n`;
    expect(choices(text)).toEqual([
      ['لي', 'Zoé Martin', long.slice(0, 60), 'Ann'],
      ['áí', 'Zoé Martin', long.slice(0, 60), 'Ann'],
    ]);
  });

  it('takes the names from the first column too, and each whole line when no column is called customerName', () => {
    expect(choices('customerName,x\r\nلي,1\r\nZoé,2\r\n')).toEqual([['لي', 'Zoé'], ['áí', 'Zoé']]);
    expect(choices('a,b\r\nلي,Zoé\r\n')).toEqual([['لي Zoé'], ['áí Zoé']]);
  });

  it('offers no names when neither reading is a CSV file with rows', () => {
    expect(choices('"لي,Zoé\r\n')).toEqual([[], []]);
    expect(choices('\u00a0')).toEqual([[], []]);
  });
});

describe('a row\'s cells', () => {
  it('are taken without the spaces around them, the currency in capitals, the file\'s default when empty', () => {
    const [row] = rowsOf([{ amount: ' 10.00 ', currency: ' kwd ', customerName: '  Sara  ', orderId: ' A-1 ' }]);
    expect(row).toMatchObject({ orderId: 'A-1', amount: '10.00', currency: 'KWD', customerName: 'Sara' });
    expect(rowsOf([{ currency: '' }])[0]!.currency).toBe('SAR');
  });

  it('are empty where a row stops short of the header', () => {
    const [row] = readBulkCsv(`${header}\r\nA-1,10.00,SAR,Invoice,Sara\r\n`, options).rows;
    expect(row).toMatchObject({ orderId: 'A-1', customerName: 'Sara', customerEmail: '', customerPhone: '', issueDate: '', expireDate: '', vatRate: '', vatReason: '' });
    expect(row!.errors).toEqual({ customerEmail: { key: 'input.required' }, customerPhone: { key: 'input.required' } });
  });

  it('lose the apostrophe a spreadsheet keeps before = + - @, and only that one', () => {
    const [row] = rowsOf([{ customerPhone: '\'+966501234567', description: '\'=Invoice', customerName: '\'Sara', orderId: 'A\'-1' }]);
    expect(row).toMatchObject({ customerPhone: '+966501234567', description: '=Invoice', customerName: '\'Sara', orderId: 'A\'-1' });
    expect(row!.errors).toEqual({ orderId: { key: 'input.orderIdChars' } });
  });

  it('read the VAT rate and its reason from their own columns', () => {
    const [row] = rowsOf([{ vat_rate: '0', vat_reason: 'Export' }], {}, ',', `${header},vat_rate,vat_reason`);
    expect(row).toMatchObject({ vatRate: '0', vatReason: 'Export' });
    expect(refusedFor(row!)).toEqual([]);
  });
});

describe('a decimal-comma (semicolon) file\'s amounts', () => {
  const amounts = (...cells: Array<[string, string]>) => rowsOf(cells.map(([amount, currency]) => ({ amount, currency })), {}, ';');

  it('names both readings of a three-decimal amount with one dot group, however many digits lead it', () => {
    for (const typed of ['12.500', '125.000']) expect(amounts([typed, 'KWD'])[0]!.errors.amount).toMatchObject({ key: 'amount.dotTwoReadings', values: { typed } });
    // A space a spreadsheet put inside does not hide it.
    expect(amounts(['12\u00a0.500', 'KWD'])[0]!.errors.amount).toMatchObject({ key: 'amount.dotTwoReadings', values: { typed: '12.500', whole: '12500' } });
  });

  it('takes more than three digits before the dot as written: no thousands group is that long', () => {
    const [row] = amounts(['1234.500', 'KWD']);
    expect(row!.amount).toBe('1234.500');
    expect(refusedFor(row!)).toEqual([]);
  });

  it('names no two readings in a currency of two decimals or an unknown one: SAR\'s 1.250 has a decimal too many', () => {
    const [sar, unknown] = amounts(['1.250', 'SAR'], ['1.250', 'XYZ']);
    expect(sar!.errors.amount).toMatchObject({ key: 'amount.tooManyDecimals' });
    expect(unknown!.errors).toEqual({ currency: { key: 'bulk.currencyUnknown', values: { code: 'XYZ' } } });
  });

  it('refuses an amount with anything after its digits, never reading the digits alone', () => {
    for (const typed of ['1.250,50SAR', '75,5x']) expect(amounts([typed, 'SAR'])[0]!.errors.amount, typed).toBeDefined();
  });

  it('reads a comma with four decimals after it as a decimal comma in a three-decimal currency (one too many)', () => {
    const [row] = amounts(['12,5000', 'KWD']);
    expect(row!.amount).toBe('12.5000');
    expect(row!.errors.amount).toMatchObject({ key: 'amount.tooManyDecimals' });
  });
});

describe('a row judged by the single link\'s rules', () => {
  it('leaves a good row with no problem at all', () => {
    expect(refusedFor(rowsOf([{}])[0]!)).toEqual([]);
  });

  it('leaves the order reference to Paydesk on as many rows as leave it empty', () => {
    expect(rowsOf([{ orderId: '' }, { orderId: '' }, { orderId: ' ' }]).map(refusedFor)).toEqual([[], [], []]);
  });

  it('names the line of an order reference used twice, and one the ledger already has', () => {
    const rows = rowsOf([{ orderId: 'A-1' }, { orderId: 'A-2' }, { orderId: 'A-1' }], { orderExists: (id) => id === 'A-2' });
    expect(rows.map((r) => r.errors)).toEqual([{}, { orderId: { key: 'bulk.orderIdInLedger' } }, { orderId: { key: 'bulk.orderIdRepeated', values: { line: 2 } } }]);
  });

  it('takes a description of up to 500 characters without a card number in it', () => {
    expect(refusedFor(rowsOf([{ description: 'd'.repeat(500) }])[0]!)).toEqual([]);
    expect(rowsOf([{ description: 'd'.repeat(501) }])[0]!.errors).toEqual({ description: { key: 'input.tooLong', values: { max: 500 } } });
    expect(rowsOf([{ description: 'Card 5123 4500 0000 0008' }])[0]!.errors).toEqual({ description: { key: 'input.cardNumber' } });
  });

  it('refuses an amount of zero in the amount\'s column', () => {
    expect(rowsOf([{ amount: '0.00' }])[0]!.errors).toEqual({ amount: { key: 'amount.zero' } });
  });

  it('says only what is wrong with a badly written issue date, not that the expiry is before it', () => {
    expect(rowsOf([{ issueDate: '2026-13-01', expireDate: '2026-01-15' }])[0]!.errors).toEqual({ issueDate: { key: 'input.date' } });
  });

  it('refuses an expiry before today in the business\'s zone, and takes one of today', () => {
    expect(rowsOf([{ expireDate: '2026-11-30' }], { today: '2026-12-01' })[0]!.errors).toEqual({ expireDate: { key: 'input.expiryPassed', values: { expiryDay: '2026-11-30', today: '2026-12-01' } } });
    expect(refusedFor(rowsOf([{ expireDate: '2026-12-01' }], { today: '2026-12-01' })[0]!)).toEqual([]);
  });

  it('refuses a VAT rate it cannot read, and a zero or exempt rate without its reason', () => {
    const columns = `${header},vat_rate,vat_reason`;
    const errors = (vat_rate: string, vat_reason = '') => rowsOf([{ vat_rate, vat_reason }], {}, ',', columns)[0]!.errors;
    expect(errors('abc')).toEqual({ vat_rate: { key: 'bulk.vatRate' } });
    expect(errors('0')).toEqual({ vat_reason: { key: 'bulk.vatReason' } });
    expect(errors('exempt', '  ')).toEqual({ vat_reason: { key: 'bulk.vatReason' } });
    expect(errors('exempt', 'Financial service')).toEqual({});
    expect(errors('15')).toEqual({});
    expect(errors('')).toEqual({});
  });
});

describe('a row\'s VAT column', () => {
  it('is no invoice when empty', () => {
    expect(vatOfRow('')).toBeUndefined();
    expect(vatOfRow('   ')).toBeUndefined();
  });

  it('reads exempt in any case, with spaces or a percent sign around it', () => {
    for (const typed of ['exempt', ' Exempt ', 'EXEMPT%']) expect(vatOfRow(typed), typed).toEqual({ vat: 'exempt' });
  });

  it('reads a rate with or without its percent sign, zero as zero-rated', () => {
    expect(vatOfRow('15')).toEqual({ vat: 'standard', rate: '15' });
    expect(vatOfRow(' 15% ')).toEqual({ vat: 'standard', rate: '15' });
    expect(vatOfRow('12.5%')).toEqual({ vat: 'standard', rate: '12.5' });
    expect(vatOfRow('0%')).toEqual({ vat: 'zero' });
  });

  it('refuses what is not a rate, a percent sign inside it included', () => {
    for (const typed of ['abc', '1%5', '%15', 'exempt15']) expect(vatOfRow(typed), typed).toBe('invalid');
  });
});

describe('the order references asked of the ledger', () => {
  const rows = () => rowsOf([{ orderId: ' A-1 ' }, { orderId: '' }, { orderId: 'B 2' }, { orderId: 'C-3' }, { orderId: 'A-1' }, { orderId: 'D-4' }]);

  it('are those of rows that could be sent, as they will be sent', () => {
    expect(orderIdsToCheck(rows())).toEqual(['A-1', 'C-3', 'D-4']);
  });

  it('mark the rows the ledger has, that problem first, leaving rows with another order problem and empty ones', () => {
    const read = rows();
    read[3]!.errors.description = { key: 'input.required' };
    markOrdersInLedger(read, new Set(['A-1', 'C-3', 'B 2']));
    expect(read.map((r) => r.errors)).toEqual([
      { orderId: { key: 'bulk.orderIdInLedger' } },
      {},
      { orderId: { key: 'input.orderIdChars' } },
      { orderId: { key: 'bulk.orderIdInLedger' }, description: { key: 'input.required' } },
      { orderId: { key: 'bulk.orderIdRepeated', values: { line: 2 } } },
      {},
    ]);
    expect(Object.keys(read[3]!.errors)).toEqual(['orderId', 'description']);
  });
});
