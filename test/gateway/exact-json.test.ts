// Amounts cross the wire as decimal JSON numbers written from integers and read back as text:
// values a binary float gets wrong must survive exactly.
import { describe, expect, it } from 'vitest';
import { JsonNumber, parseExact, stringifyExact, field, textOf, ExactJsonError } from '../../main/gateway/exact-json';
import { amountJson } from '../../main/gateway/client';
import { minorFromDecimalText } from '../../contract/money';

describe('amounts written for the gateway', () => {
  it.each([
    [{ minor: 1050, currency: 'SAR' as const }, '10.50'],
    [{ minor: 30, currency: 'SAR' as const }, '0.30'], // 0.1 + 0.2 in floats is 0.30000000000000004
    [{ minor: 1005, currency: 'KWD' as const }, '1.005'], // 1.005 * 1000 in floats is 1004.9999999999999
    [{ minor: 1255, currency: 'KWD' as const }, '1.255'],
    [{ minor: 1, currency: 'BHD' as const }, '0.001'],
    [{ minor: 1000, currency: 'JPY' as const }, '1000'],
    [{ minor: 999_999_999_999_999, currency: 'JPY' as const }, '999999999999999'],
    [{ minor: 900_719_925_474_099, currency: 'SAR' as const }, '9007199254740.99'],
  ])('%o is written as %s', (money, text) => {
    expect(stringifyExact({ amount: amountJson(money) })).toBe(`{"amount":${text}}`);
  });

  it('refuses to write a fractional JS number', () => {
    expect(() => stringifyExact({ amount: 10.5 })).toThrow(RangeError);
  });
});

describe('reading gateway JSON', () => {
  it('keeps number text exactly, including trailing zeros and long fractions', () => {
    const parsed = parseExact('{"data":{"amount":1.005,"big":9007199254740993,"tiny":0.1,"list":[1.50,"x",null,true]}}');
    expect(textOf(field(parsed, 'data', 'amount'))).toBe('1.005');
    expect(textOf(field(parsed, 'data', 'big'))).toBe('9007199254740993');
    expect(minorFromDecimalText(textOf(field(parsed, 'data', 'amount'))!, 'KWD')).toBe(1005);
    expect(field(parsed, 'data', 'list')).toEqual([new JsonNumber('1.50'), 'x', null, true]);
  });

  it('round-trips strings with escapes and non-ASCII text', () => {
    const text = '{"name":"مريم \\"Q\\" \\u00e9\\n","a":[]}';
    expect(parseExact(text)).toEqual({ name: 'مريم "Q" é\n', a: [] });
    expect(stringifyExact(parseExact(text) as never)).toBe(JSON.stringify(JSON.parse(text)));
  });

  it.each(['', '{', '{"a":}', '{"a":1,}', '[1 2]', 'nul', '{"a":01}', '"unterminated', '{} x', '{"a":NaN}'])('refuses %j', (bad) => {
    expect(() => parseExact(bad)).toThrow(ExactJsonError);
  });

  it('does not let a key named __proto__ change the prototype', () => {
    const parsed = parseExact('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});
