import { describe, expect, it } from 'vitest';
import { formatMinor, minorFromDecimalText, parseAmount } from '../../contract/money';

describe('parseAmount: what a person types, to minor units', () => {
  it.each([
    ['10.50', 'SAR', 1050],
    ['10.5', 'SAR', 1050],
    ['1,250.75', 'SAR', 125075],
    ['0.01', 'SAR', 1],
    ['1000', 'JPY', 1000],
    ['1.250', 'KWD', 1250],
    ['1.005', 'KWD', 1005], // 1.005 * 1000 in floating point is 1004.9999999999999
    ['4.35', 'SAR', 435], // 4.35 * 100 in floating point is 434.99999999999994
    ['١٢٣٫٤٥', 'SAR', 12345], // Arabic-Indic digits and decimal separator
    ['۱۰', 'JPY', 10], // Eastern Arabic-Indic digits
    ['  7 ', 'USD', 700],
    ['9007199254740.99', 'USD', 900719925474099],
  ] as const)('%s %s is %i', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['10.505', 'SAR', 'at most 2 decimals'],
    ['1.5', 'JPY', 'has no decimals'],
    ['1.2345', 'KWD', 'at most 3 decimals'],
    ['', 'SAR', 'Enter an amount'],
    ['-5', 'SAR', 'digits'],
    ['1e3', 'SAR', 'digits'],
    ['12abc', 'SAR', 'digits'],
    ['99999999999999999999', 'SAR', 'too large'],
  ] as const)('refuses %j for %s', (text, currency, reason) => {
    const result = parseAmount(text, currency);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});

describe('formatMinor: minor units to decimal text with the currency exponent', () => {
  it.each([
    [1050, 'SAR', '10.50'],
    [5, 'SAR', '0.05'],
    [1000, 'JPY', '1000'],
    [1250, 'KWD', '1.250'],
    [1, 'BHD', '0.001'],
    [-1050, 'SAR', '-10.50'],
    [900719925474099, 'USD', '9007199254740.99'],
  ] as const)('%i %s is %s', (minor, currency, text) => {
    expect(formatMinor(minor, currency)).toBe(text);
  });

  it('refuses a non-integer', () => {
    expect(() => formatMinor(10.5, 'SAR')).toThrow(RangeError);
  });
});

describe('minorFromDecimalText: amounts in a gateway answer', () => {
  it.each([
    ['10.5', 'SAR', 1050],
    ['10.50', 'SAR', 1050],
    ['10.500', 'SAR', 1050],
    ['1000', 'JPY', 1000],
    ['1000.0', 'JPY', 1000],
    ['1.25', 'KWD', 1250],
  ] as const)('%s %s is %i', (text, currency, minor) => {
    expect(minorFromDecimalText(text, currency)).toBe(minor);
  });
  it.each([['10.505', 'SAR'], ['0.5', 'JPY'], ['1e2', 'SAR'], ['abc', 'SAR']] as const)('refuses %s %s', (text, currency) => {
    expect(minorFromDecimalText(text, currency)).toBeUndefined();
  });
});
