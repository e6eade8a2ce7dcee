// The exact-JSON reader and writer judged by another implementation: Python 3's json module
// wrote and read the texts in test/fixtures/json/ (make-fixtures.py says how), so a bug shared
// by our reader and our writer (or by Paydesk and its practice gateway) cannot hide here.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ExactJsonError, JsonNumber, parseExact, stringifyExact, type ExactJson, type Writable } from '../../main/gateway/exact-json';

type Shape = ['null'] | ['bool', boolean] | ['number', string] | ['string', string] | ['array', Shape[]] | ['object', [string, Shape][]];
type Accepted = { name: string; text: string; shape: Shape; minified: string | null };
type Refused = { name: string; text: string };

const fixture = <T,>(file: string): T => JSON.parse(readFileSync(new URL(`../fixtures/json/${file}`, import.meta.url), 'utf8')) as T;
const accepted = fixture<Accepted[]>('accepted.json');
const refused = fixture<Refused[]>('refused.json');

/** The value Python read, as the reader must return it: every number as its source text. */
function exact(shape: Shape): ExactJson {
  switch (shape[0]) {
    case 'null': return null;
    case 'bool': case 'string': return shape[1];
    case 'number': return new JsonNumber(shape[1]);
    case 'array': return shape[1].map(exact);
    case 'object': return Object.fromEntries(shape[1].map(([key, item]) => [key, exact(item)]));
  }
}

/** The same value as a caller would write it: safe integers as plain JS numbers. */
function plain(shape: Shape): Writable {
  if (shape[0] === 'number' && /^-?\d+$/.test(shape[1]) && String(Number(shape[1])) === shape[1] && Number.isSafeInteger(Number(shape[1]))) return Number(shape[1]);
  if (shape[0] === 'array') return shape[1].map(plain);
  if (shape[0] === 'object') return Object.fromEntries(shape[1].map(([key, item]) => [key, plain(item)]));
  return exact(shape) as Writable;
}

describe('fixtures from Python', () => {
  it('cover pretty-printed and minified answers, unicode, big numbers and malformed texts', () => {
    expect(accepted.length).toBeGreaterThan(100);
    expect(refused.length).toBeGreaterThan(50);
    expect(accepted.some((c) => c.text.includes('\n  "data": {\n    "'))).toBe(true);
    expect(accepted.some((c) => c.text.includes('\r\n'))).toBe(true);
  });
});

describe('the reader agrees with Python', () => {
  it.each(accepted.map((c) => [c.name, c] as const))('reads %s', (_name, c) => {
    expect(parseExact(c.text)).toStrictEqual(exact(c.shape));
  });

  it.each(refused.map((c) => [c.name, c] as const))('refuses %s', (_name, c) => {
    expect(() => parseExact(c.text)).toThrow(ExactJsonError);
  });
});

describe('the writer agrees with Python', () => {
  const writable = accepted.filter((c): c is Accepted & { minified: string } => c.minified !== null);

  it.each(writable.map((c) => [c.name, c] as const))('writes %s', (_name, c) => {
    expect(stringifyExact(exact(c.shape) as Writable)).toBe(c.minified);
    expect(stringifyExact(plain(c.shape))).toBe(c.minified);
  });

  it.each(writable.map((c) => [c.name, c] as const))('reads and writes back %s unchanged', (_name, c) => {
    expect(stringifyExact(parseExact(c.text) as Writable)).toBe(c.minified);
  });
});
