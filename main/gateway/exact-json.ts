// JSON with exact decimal numbers. Amounts are integer minor units inside Paydesk, but the
// gateway speaks decimal JSON numbers ("10.50", "1.250"). Going through a JS number would
// round (KWD 1.005 is not a binary float), so numbers are written from text and read as text.

// RFC 8259's number grammar: whole (anchored) for JsonNumber, sticky for the reader.
const numberGrammar = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const wholeNumber = new RegExp(`^${numberGrammar.source}$`);
const numberAt = new RegExp(numberGrammar.source, 'y');
// JSON's whitespace is these four only: a pretty-printed answer has them between any tokens.
const whitespaceAt = /[ \t\r\n]*/y;

/** A JSON number kept as its source text, e.g. "10.50". */
export class JsonNumber {
  constructor(readonly text: string) {
    if (!wholeNumber.test(text)) throw new RangeError(`Not a JSON number: ${text}`);
  }
}

export type ExactJson = null | boolean | string | JsonNumber | ExactJson[] | { [key: string]: ExactJson };
/** What may be written: plain JS values, with integers or JsonNumber for numbers. */
export type Writable = null | boolean | string | number | JsonNumber | undefined | Writable[] | { [key: string]: Writable };

export function stringifyExact(value: Writable): string {
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'number') {
    // Only integers may be written as plain numbers: a fraction must come as JsonNumber.
    if (!Number.isSafeInteger(value)) throw new RangeError('Only safe integers or JsonNumber may be written');
    return String(value);
  }
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : stringifyExact(item))).join(',')}]`;
  if (value === undefined) throw new TypeError('undefined cannot be written as JSON');
  const fields = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .map(([key, item]) => `${JSON.stringify(key)}:${stringifyExact(item)}`);
  return `{${fields.join(',')}}`;
}

export class ExactJsonError extends Error {}

/** Parses JSON text, keeping every number as JsonNumber. Throws ExactJsonError on bad input. */
export function parseExact(text: string): ExactJson {
  let at = 0;
  const fail = (what: string): never => {
    throw new ExactJsonError(`${what} at position ${at}`);
  };
  const space = () => {
    whitespaceAt.lastIndex = at;
    whitespaceAt.exec(text);
    at = whitespaceAt.lastIndex;
  };
  const value = (depth: number): ExactJson => {
    if (depth > 64) fail('JSON nested too deeply');
    space();
    const c = text[at];
    if (c === '{') {
      at++;
      const out: { [key: string]: ExactJson } = Object.create(null);
      space();
      if (text[at] === '}') return at++, {};
      for (;;) {
        space();
        if (text[at] !== '"') fail('Expected a property name');
        const key = string();
        space();
        if (text[at] !== ':') fail('Expected ":"');
        at++;
        out[key] = value(depth + 1);
        space();
        if (text[at] === ',') { at++; continue; }
        if (text[at] !== '}') fail('Expected "," or "}"');
        at++;
        return { ...out };
      }
    }
    if (c === '[') {
      at++;
      const out: ExactJson[] = [];
      space();
      if (text[at] === ']') return at++, out;
      for (;;) {
        out.push(value(depth + 1));
        space();
        if (text[at] === ',') { at++; continue; }
        if (text[at] !== ']') fail('Expected "," or "]"');
        at++;
        return out;
      }
    }
    if (c === '"') return string();
    for (const [word, result] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, at)) return (at += word.length), result;
    }
    numberAt.lastIndex = at;
    const match = numberAt.exec(text);
    if (!match) return fail(at < text.length ? 'Unexpected character' : 'Unexpected end');
    at += match[0].length;
    return new JsonNumber(match[0]);
  };
  const string = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) fail('Unterminated string');
    at++;
    try {
      return JSON.parse(text.slice(start, at)) as string;
    } catch {
      at = start;
      return fail('Bad string');
    }
  };
  const result = value(0);
  space();
  if (at !== text.length) fail('Unexpected text after JSON');
  return result;
}

/** Field access on parsed JSON that tolerates any shape. */
export function field(value: ExactJson | undefined, ...path: string[]): ExactJson | undefined {
  let current = value;
  for (const key of path) {
    if (!current || typeof current !== 'object' || Array.isArray(current) || current instanceof JsonNumber) return undefined;
    current = Object.prototype.hasOwnProperty.call(current, key) ? current[key] : undefined;
  }
  return current;
}

export function textOf(value: ExactJson | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  return undefined;
}
