// Money is integer minor units: what a person types, what the gateway answers and what the app
// shows all convert on text, never through binary floats, and a sign is never lost.
import { describe, expect, it } from 'vitest';
import { amountAsTyped, amountExample, asciiAmountText, currencyCodes, exponentOf, formatMinor, isCurrencyCode, maxMinorUnits, minorFromDecimalText, parseAmount, parseSearchAmount } from '../../contract/money';

describe('currencies', () => {
  it('knows each offered currency with its ISO 4217 decimals', () => {
    expect(currencyCodes).toHaveLength(25);
    expect([exponentOf('SAR'), exponentOf('JPY'), exponentOf('KWD'), exponentOf('KRW'), exponentOf('BHD')]).toEqual([2, 0, 3, 0, 3]);
  });

  it.each(['SAR', 'JPY', 'KWD', 'USD'])('%s is a currency', (code) => {
    expect(isCurrencyCode(code)).toBe(true);
  });

  it.each(['XXX', 'sar', '', 'toString', '__proto__', 'constructor'])('%j is not a currency', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });
});

describe('parseAmount: what a person types, to minor units', () => {
  it.each([
    ['10.50', 'SAR', 1050],
    ['10.5', 'SAR', 1050],
    ['10.', 'SAR', 1000],
    ['1,250.75', 'SAR', 125075],
    ['1,000,000', 'JPY', 1_000_000],
    ['0.01', 'SAR', 1],
    ['0', 'SAR', 0],
    ['007.5', 'SAR', 750],
    ['1000', 'JPY', 1000],
    ['1.250', 'KWD', 1250],
    ['1.005', 'KWD', 1005], // 1.005 * 1000 in floating point is 1004.9999999999999
    ['4.35', 'SAR', 435], // 4.35 * 100 in floating point is 434.99999999999994
    ['١٢٣٫٤٥', 'SAR', 12345], // Arabic-Indic digits and decimal separator
    ['٠١٢٣٤٥٦٧٨٩', 'JPY', 123456789], // every Arabic-Indic digit
    ['۰۱۲۳۴۵۶۷۸۹', 'JPY', 123456789], // every Eastern Arabic-Indic digit
    ['۱۰', 'JPY', 10],
    ['١٬٢٥٠٫٥', 'SAR', 125050], // Arabic thousands separator
    ['1\u00A0250', 'SAR', 125000], // no-break space between thousands
    ['1,234.50', 'SAR', 123450], // correctly grouped thousands
    ['12,500', 'SAR', 1250000],
    ['1,234,567.891', 'KWD', 1234567891],
    ['1 250', 'SAR', 125000],
    ['  7 ', 'USD', 700],
    ['\t7.25\n', 'USD', 725],
    ['9007199254740.99', 'USD', 900719925474099],
    ['10000000000000.00', 'USD', maxMinorUnits], // the largest amount Paydesk accepts
    ['1000000000000000', 'JPY', maxMinorUnits],
  ] as const)('%j %s is %i', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['10.505', 'SAR', 'SAR allows at most 2 decimals.'],
    ['1.5', 'JPY', 'JPY has no decimals.'],
    ['1.2345', 'KWD', 'KWD allows at most 3 decimals.'],
    ['15000.00', 'JPY', 'JPY has no decimals: write 15000.'],
    ['', 'SAR', 'Enter an amount.'],
    ['   ', 'SAR', 'Enter an amount.'],
    [',', 'SAR', 'Enter an amount.'],
    ['-5', 'SAR', 'Enter the amount without a sign: it must be more than zero.'],
    ['\u22125', 'SAR', 'Enter the amount without a sign: it must be more than zero.'],
    ['-0', 'SAR', 'Enter the amount without a sign: it must be more than zero.'],
    // A dash after the first digit is no sign: a range or a slip ("100-20"), not a negative amount.
    ['100-20', 'SAR', 'Enter the amount as digits, for example 125.50.'],
    // A decimal comma is never read as a thousands separator: 12,50 is not 1250.
    ['12,50', 'SAR', 'Use a dot for the decimals, as in 12.50; a comma only separates thousands (1,234.50).'],
    ['12,5', 'SAR', 'Use a dot for the decimals, as in 12.5; a comma only separates thousands (1,234.50).'],
    // An example of more decimals than the currency has is no example: the currency's own instead.
    ['1,2345', 'SAR', 'Use a dot for the decimals, as in 1234.50; a comma only separates thousands (1,234.50).'],
    ['12,50.5', 'SAR', 'Use a dot for the decimals, as in 1234.50; a comma only separates thousands (1,234.50).'],
    ['1234,567', 'SAR', 'Use a dot for the decimals, as in 1234.50; a comma only separates thousands (1,234.50).'],
    // Every example has the currency's ISO 4217 decimals: three in KWD, none in JPY.
    ['1.250,5', 'KWD', 'Use a dot for the decimals, as in 1234.500; a comma only separates thousands (1,234.500).'],
    ['1234,567', 'KWD', 'Use a dot for the decimals, as in 1234.567; a comma only separates thousands (1,234.500).'],
    ['1,2345', 'KWD', 'Use a dot for the decimals, as in 1234.500; a comma only separates thousands (1,234.500).'],
    ['12,5', 'KWD', 'Use a dot for the decimals, as in 12.5; a comma only separates thousands (1,234.500).'],
    ['abc', 'KWD', 'Enter the amount as digits, for example 125.500.'],
    ['1.250,5', 'JPY', 'JPY has no decimals, and a comma only separates thousands (1,234).'],
    ['12,50', 'JPY', 'JPY has no decimals, and a comma only separates thousands (1,234).'],
    ['abc', 'JPY', 'Enter the amount as digits, for example 125.'],
    ['1.234,50', 'SAR', 'Use a dot for the decimals, as in 1234.50; a comma only separates thousands (1,234.50).'],
    ['١٢٬٥٠', 'SAR', 'Use a dot for the decimals, as in 12.50; a comma only separates thousands (1,234.50).'],
    ['+5', 'SAR', 'Enter the amount as digits, for example 125.50.'],
    ['1e3', 'SAR', 'Enter the amount as digits, for example 125.50.'],
    ['.5', 'SAR', 'Enter the amount as digits, for example 125.50.'],
    ['1.2.3', 'SAR', 'Enter the amount as digits, for example 125.50.'],
    ['12abc', 'SAR', 'Enter the amount as digits, for example 125.50.'],
    ['abc12', 'SAR', 'Enter the amount as digits, for example 125.50.'],
    ['10000000000000.01', 'USD', 'The amount is too large.'], // one cent above the limit
    ['1000000000000001', 'JPY', 'The amount is too large.'],
    ['99999999999999999999', 'SAR', 'The amount is too large.'],
    ['9'.repeat(400), 'JPY', 'The amount is too large.'],
  ] as const)('refuses %j for %s', (text, currency, reason) => {
    expect(parseAmount(text, currency)).toMatchObject({ ok: false, reason, why: { key: expect.stringMatching(/^amount\./) } });
  });
});

describe('an amount with two readings is refused, naming both', () => {
  const kwd = '12,500 could be 12500 or 12.500 KWD: write it without the comma, or with a dot for the decimals.';

  it('"12,500" in KWD: twelve thousand five hundred, or 12.500 to someone who writes decimals with a comma', () => {
    expect(parseAmount('12,500', 'KWD')).toEqual({
      ok: false, reason: kwd,
      why: { key: 'amount.twoReadings', values: { typed: '12,500', whole: '12500', decimal: '12.500', currency: 'KWD' } },
    });
  });

  it('in every currency of three decimals (the ISO 4217 table), and only there', () => {
    for (const currency of currencyCodes) {
      const parsed = parseAmount('1,250', currency);
      if (exponentOf(currency) === 3) expect(parsed, currency).toMatchObject({ ok: false, why: { key: 'amount.twoReadings', values: { whole: '1250', decimal: '1.250', currency } } });
      // SAR: 1.250 has a decimal too many, so only thousands are possible; JPY has no decimals.
      else expect(parsed, currency).toEqual({ ok: true, minor: 1250 * 10 ** exponentOf(currency) });
    }
  });

  it.each([
    ['١٢,٥٠٠', 'OMR', '12,500', '12500', '12.500'], // Arabic-Indic digits with a Latin comma
    ['١٢٬٥٠٠', 'KWD', '12,500', '12500', '12.500'], // the Arabic thousands separator, drawn almost as the decimal one (٫): a key away from 12.500
    [' 1 ,250 ', 'BHD', '1,250', '1250', '1.250'],
    ['0,500', 'JOD', '0,500', '500', '0.500'],
    ['00,500', 'JOD', '00,500', '500', '00.500'], // every leading zero of the whole reading dropped
  ] as const)('%j in %s', (text, currency, typed, whole, decimal) => {
    expect(parseAmount(text, currency)).toMatchObject({ ok: false, why: { key: 'amount.twoReadings', values: { typed, whole, decimal, currency } } });
  });

  it.each([
    ['1,234,500', 'KWD', 1_234_500_000], // grouped twice: only thousands are
    ['12,500.000', 'KWD', 12_500_000], // the dot is the decimal
    ['12,500.', 'KWD', 12_500_000],
    ['١٬٢٣٤٬٥٠٠', 'KWD', 1_234_500_000], // the Arabic thousands separator, grouped twice
    ['١٢٫٥٠٠', 'KWD', 12_500], // the Arabic decimal separator
    ['12500', 'KWD', 12_500_000],
    ['12.500', 'KWD', 12_500],
  ] as const)('reads %j %s as %i: one reading only', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it('a search reads "12,500" as grouped thousands, as it reads "12500": it moves no money', () => {
    expect(parseSearchAmount('12,500', 'KWD')).toEqual({ ok: true, minor: 12_500_000 });
    expect(parseSearchAmount('12,50', 'KWD')).toMatchObject({ ok: false, why: { key: 'amount.decimalComma' } });
  });
});

describe('direction marks around a typed amount (copied from an Arabic sentence) are dropped like spaces', () => {
  it.each([
    ['\u2066١٢٫٥٠\u2069', 'SAR', 1250],
    ['\u2068 12.50 \u2069', 'SAR', 1250],
    ['\u200f12.50\u200f', 'SAR', 1250],
    ['\u200e1,234.50\u061c', 'SAR', 123_450],
  ] as const)('%j %s is %i', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it('an override, which reorders what the eye reads, is not dropped: refused', () => {
    expect(parseAmount('\u202e12.50', 'SAR')).toMatchObject({ ok: false, why: { key: 'amount.notDigits' } });
  });

  it('marks alone are no amount', () => {
    expect(parseAmount('\u2066\u2069', 'SAR')).toMatchObject({ ok: false, why: { key: 'amount.empty' } });
  });
});

describe('the example for a misplaced comma comes from what was typed where it is certain', () => {
  it.each([
    ['٬١٢٣', '123'], // a leading Arabic thousands separator: never a decimal
    ['١٢٣٬', '123'],
    ['٬١٢٣٫٥', '123.5'],
    ['123,', '123'], // nothing after the comma: 123 either way
    [',123', '1234.50'], // ",123" may be 0.123 to someone who writes decimals with a comma
    ['1.234,50', '1234.50'],
    ['٬١٢٣٫٤٥', '123.45'],
    ['٬٬١٢٣', '123'], // separators at either end, however many
    ['١٢٣٬٬', '123'],
    ['123,,', '123'],
    ['\u200f٬١٢٣', '123'], // a direction mark copied with it, before the separator
    [' ٬١٢٣', '123'], // a space before it
    ['١٬٢٣٤٬٥', '1234.50'], // separators inside are no example: only those at its ends go
    ['٬١٢٣٫٤٥٦', '1234.50'], // three decimals in SAR: no example; the currency's own
  ] as const)('%j: as in %s', (text, example) => {
    expect(parseAmount(text, 'SAR')).toMatchObject({ ok: false, why: { key: 'amount.decimalComma', values: { example } } });
  });
});

describe('an amount told from other digits in a search', () => {
  it('reads Arabic-Indic digits and the Arabic separators as ASCII, around spaces trimmed', () => {
    expect(asciiAmountText(' ١٢٬٥٠٠٫٢٥ ')).toBe('12,500.25');
    expect(asciiAmountText('۱۲٫۵ KWD')).toBe('12.5 KWD');
  });

  it.each(['200', '200.50', '1,250.50', '12,500', '1,250,000.50', '0', '0.5', '12.500'])('%s is an amount as typed', (text) => {
    expect(amountAsTyped.test(text)).toBe(true);
  });

  it.each(['0008', '-12', '12,50', '1,2500', '12 500', '.5', '12.', 'PD-2025', '', '1.2.3', '12a'])('%s is not', (text) => {
    expect(amountAsTyped.test(text)).toBe(false);
  });
});

describe('the reasons of a refused amount, for the renderer to word', () => {
  it.each([
    ['', 'SAR', { key: 'amount.empty' }],
    ['-5', 'SAR', { key: 'amount.negative' }],
    ['12,50', 'SAR', { key: 'amount.decimalComma', values: { example: '12.50', grouped: '1,234.50' } }],
    ['x', 'SAR', { key: 'amount.notDigits', values: { example: '125.50' } }],
    ['1.250,5', 'KWD', { key: 'amount.decimalComma', values: { example: '1234.500', grouped: '1,234.500' } }],
    ['x', 'KWD', { key: 'amount.notDigits', values: { example: '125.500' } }],
    ['1.250,5', 'JPY', { key: 'amount.commaNoDecimals', values: { currency: 'JPY', grouped: '1,234' } }],
    ['1.5', 'JPY', { key: 'amount.noDecimals', values: { currency: 'JPY' } }],
    ['12.345', 'SAR', { key: 'amount.tooManyDecimals', values: { currency: 'SAR', decimals: 2 } }],
    ['1.0001', 'KWD', { key: 'amount.tooManyDecimals', values: { currency: 'KWD', decimals: 3 } }],
    // Only zeros after the point in a currency without decimals: the whole units to write, still refused (walk19).
    ['15000.00', 'JPY', { key: 'amount.noDecimalsWrite', values: { currency: 'JPY', amount: '15000' } }],
    ['15,000.0', 'JPY', { key: 'amount.noDecimalsWrite', values: { currency: 'JPY', amount: '15000' } }],
    ['١٥٠٠٠٫٠٠', 'JPY', { key: 'amount.noDecimalsWrite', values: { currency: 'JPY', amount: '15000' } }],
    // In a currency with decimals, no amount is named: it would depend on a bulk file's decimal mark.
    ['12.5000', 'KWD', { key: 'amount.tooManyDecimals', values: { currency: 'KWD', decimals: 3 } }],
    // Three zeros may be a thousands group written with a dot (1.000 = 1000): no amount is named.
    ['1.000', 'JPY', { key: 'amount.noDecimals', values: { currency: 'JPY' } }],
    ['75.500', 'SAR', { key: 'amount.tooManyDecimals', values: { currency: 'SAR', decimals: 2 } }],
    // Nor zero, which is no amount to write.
    ['0.00', 'JPY', { key: 'amount.noDecimals', values: { currency: 'JPY' } }],
    ['1'.repeat(30), 'SAR', { key: 'amount.tooLarge' }],
  ] as const)('%j in %s: %j', (text, currency, why) => {
    expect(parseAmount(text, currency)).toEqual({ ok: false, reason: expect.any(String), why });
  });
});

describe('formatMinor: minor units to decimal text with the currency exponent', () => {
  it.each([
    [1050, 'SAR', '10.50'],
    [5, 'SAR', '0.05'],
    [0, 'SAR', '0.00'],
    [0, 'JPY', '0'],
    [7, 'JPY', '7'],
    [1000, 'JPY', '1000'],
    [1250, 'KWD', '1.250'],
    [1, 'BHD', '0.001'],
    [-1050, 'SAR', '-10.50'],
    [-5, 'SAR', '-0.05'],
    [-1000, 'JPY', '-1000'],
    [-1, 'KWD', '-0.001'],
    [900719925474099, 'USD', '9007199254740.99'],
  ] as const)('%i %s is %s', (minor, currency, text) => {
    expect(formatMinor(minor, currency)).toBe(text);
  });

  it.each([10.5, Number.NaN, Infinity, 2 ** 53])('refuses %d, which is not a safe integer', (minor) => {
    expect(() => formatMinor(minor, 'SAR')).toThrow(new RangeError('Amount must be a safe integer of minor units'));
  });

  it('reads back what it writes, for every currency', () => {
    for (const currency of currencyCodes) {
      for (const minor of [0, 1, 99, 100, 1005, 123456789]) {
        expect(parseAmount(formatMinor(minor, currency), currency)).toEqual({ ok: true, minor });
        expect(minorFromDecimalText(formatMinor(minor, currency), currency)).toBe(minor);
      }
    }
  });
});

describe('minorFromDecimalText: amounts in a gateway answer', () => {
  it.each([
    ['10.5', 'SAR', 1050],
    ['10.50', 'SAR', 1050],
    ['10.500', 'SAR', 1050],
    ['10.5000', 'SAR', 1050],
    ['0', 'SAR', 0],
    ['0.00', 'SAR', 0],
    ['007', 'SAR', 700],
    ['1000', 'JPY', 1000],
    ['1000.0', 'JPY', 1000],
    ['1.25', 'KWD', 1250],
    ['1.005', 'KWD', 1005],
    [' 10.50\n', 'SAR', 1050],
    ['9007199254740991', 'JPY', Number.MAX_SAFE_INTEGER],
  ] as const)('%j %s is %i', (text, currency, minor) => {
    expect(minorFromDecimalText(text, currency)).toBe(minor);
  });

  it.each([
    ['10.505', 'SAR'],
    ['0.5', 'JPY'],
    ['1e2', 'SAR'],
    ['1E2', 'JPY'],
    ['abc', 'SAR'],
    ['', 'SAR'],
    ['10.', 'SAR'],
    ['.5', 'SAR'],
    ['+10.00', 'SAR'],
    ['1,000.00', 'SAR'],
    ['10.50 SAR', 'SAR'],
    ['9007199254740992', 'JPY'], // 2^53: no longer exact
  ] as const)('refuses %j %s', (text, currency) => {
    expect(minorFromDecimalText(text, currency)).toBeUndefined();
  });

  // A negative gateway amount is never read as its positive twin (nor as a negative the ledger
  // would store): it is unreadable, so the ledger keeps its own figure (docs/gateway.md).
  it.each([['-10.00', 'SAR'], ['-10', 'JPY'], ['-0.001', 'KWD'], ['-0', 'SAR'], [' -10.50', 'SAR']] as const)('refuses the negative %j %s', (text, currency) => {
    expect(minorFromDecimalText(text, currency)).toBeUndefined();
  });
});

describe('an example amount in the words is written as its currency is', () => {
  it.each(currencyCodes)('%s: its ISO 4217 decimals, and the field takes it', (currency) => {
    for (const example of [amountExample(currency), amountExample(currency, 'grouped'), amountExample(currency, 'short')]) {
      expect(example.split('.')[1]?.length ?? 0, example).toBe(exponentOf(currency));
      expect(parseAmount(example, currency).ok, example).toBe(true);
    }
  });
});
