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

  it.each([10.5, Number.NaN, Infinity, 2 ** 53])('refuses to write the JS number %d', (amount) => {
    expect(() => stringifyExact({ amount })).toThrow(new RangeError('Only safe integers or JsonNumber may be written'));
  });

  it('writes plain values as JSON does, leaving out undefined fields and writing undefined items as null', () => {
    expect(stringifyExact({ a: undefined, b: null, c: true, d: false, e: 'x', f: [undefined, 1, -0], g: {} })).toBe('{"b":null,"c":true,"d":false,"e":"x","f":[null,1,0],"g":{}}');
    expect(stringifyExact([])).toBe('[]');
    expect(stringifyExact('say "hi"\n')).toBe('"say \\"hi\\"\\n"');
    expect(stringifyExact({ 'k"ey': [new JsonNumber('-1.50e+3')] })).toBe('{"k\\"ey":[-1.50e+3]}');
  });

  it('refuses to write undefined on its own', () => {
    expect(() => stringifyExact(undefined)).toThrow(new TypeError('undefined cannot be written as JSON'));
  });
});

describe('JsonNumber', () => {
  it.each(['0', '-0', '10.50', '1.005', '9007199254740993', '1e5', '1E+5', '2.5e-3', '-0.0E-0'])('holds %s', (text) => {
    expect(new JsonNumber(text).text).toBe(text);
  });

  it.each(['', '01', '1.', '.5', '+1', '1e', '1e+', '-', '1,5', ' 1', '1 ', 'NaN', '1e5x', 'x1e5', '0x10'])('refuses %j', (text) => {
    expect(() => new JsonNumber(text)).toThrow(new RangeError(`Not a JSON number: ${text}`));
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

  it('reads an answer pretty-printed as JSON.stringify(x, null, 2) writes it', () => {
    const answer = { code: 200, errorCode: null, data: { amount: 1050, tags: ['a', 'b'], nested: { empty: {}, none: [] } } };
    const parsed = parseExact(JSON.stringify(answer, null, 2).replace('1050', '10.50'));
    expect(textOf(field(parsed, 'data', 'amount'))).toBe('10.50');
    expect(field(parsed, 'data', 'tags')).toEqual(['a', 'b']);
    expect(field(parsed, 'data', 'nested')).toStrictEqual({ empty: {}, none: [] });
  });

  it.each([
    ['', 'Unexpected end at position 0'],
    ['  ', 'Unexpected end at position 2'],
    ['[1,', 'Unexpected end at position 3'],
    ['x', 'Unexpected character at position 0'],
    ['{"a":1,}', 'Expected a property name at position 7'],
    ['{"a" 1}', 'Expected ":" at position 5'],
    ['{"a":1 "b":2}', 'Expected "," or "}" at position 7'],
    ['{"a":1', 'Expected "," or "}" at position 6'],
    ['[1 2]', 'Expected "," or "]" at position 3'],
    ['[1', 'Expected "," or "]" at position 2'],
    ['"abc', 'Unterminated string at position 4'],
    ['"a\\qb"', 'Bad string at position 0'],
    ['{} x', 'Unexpected text after JSON at position 3'],
  ])('says where %j goes wrong', (bad, message) => {
    expect(() => parseExact(bad)).toThrow(new ExactJsonError(message));
  });

  it('reads 64 levels of nesting and refuses the 65th', () => {
    const nested = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);
    expect(JSON.stringify(parseExact(nested(64)))).toBe(nested(64).replace('1', '{"text":"1"}'));
    expect(() => parseExact(nested(65))).toThrow(new ExactJsonError('JSON nested too deeply at position 65'));
    expect(() => parseExact('{"a":'.repeat(65) + '1' + '}'.repeat(65))).toThrow(new ExactJsonError('JSON nested too deeply at position 325'));
  });

  it('does not let a key named __proto__ change the prototype', () => {
    const parsed = parseExact('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});

describe('fields of an answer of any shape', () => {
  const answer = parseExact('{"data":{"id":"tx1","amount":10.50,"list":[1],"empty":null,"word":"abc"}}');

  it('reads a field by its path, as text', () => {
    expect(textOf(field(answer, 'data', 'id'))).toBe('tx1');
    expect(textOf(field(answer, 'data', 'amount'))).toBe('10.50');
    expect(field(answer)).toBe(answer);
  });

  it.each([
    [['data', 'missing']], [['data', 'id', 'length']], [['data', 'word', 'length']], [['data', 'list', '0']], [['data', 'list', 'length']],
    [['data', 'amount', 'text']], [['data', 'empty', 'x']], [['data', 'toString']], [['data', '__proto__']], [['nope', 'deeper']],
  ])('finds nothing at %j', (path) => {
    expect(field(answer, ...path)).toBeUndefined();
  });

  it('finds nothing in nothing', () => {
    expect(field(undefined, 'a')).toBeUndefined();
    expect(field(null, 'a')).toBeUndefined();
    expect(field(true, 'a')).toBeUndefined();
  });

  it('gives text only for strings and numbers', () => {
    expect(textOf(field(answer, 'data', 'list'))).toBeUndefined();
    expect(textOf(null)).toBeUndefined();
    expect(textOf(true)).toBeUndefined();
    expect(textOf(undefined)).toBeUndefined();
    expect(textOf('')).toBe('');
  });
});
