// A message as the page receives it: parsed at build time (compile.ts), packed small. A text with
// nothing to fill in is the text itself; otherwise a list of parts: text, `[name]` for a value,
// `0` for a plural's `#`, `{ s: name, o }` a select, `{ p: name, o }` a plural (`n` its offset,
// `ord` if ordinal), each option again a list of parts. Any other element (numbers, dates, tags:
// the catalogs use none today) stays intl-messageformat's own object. `unpack` gives back the
// exact AST the ICU parser made, for IntlMessageFormat to format.
import type { IntlMessageFormat } from 'intl-messageformat';

export type MessageAst = ReturnType<IntlMessageFormat['getAst']>;
type Element = MessageAst[number];
type Options = Record<string, PackedPart[]>;
export type PackedPart = string | [string] | 0 | { s: string; o: Options } | { p: string; o: Options; n?: number; ord?: true } | Element;
export type CompiledMessage = string | PackedPart[];

/** The locales messages are parsed and formatted in: Arabic keeps Latin digits in plurals and numbers. */
export const messageLocales = { en: 'en', ar: 'ar-u-nu-latn' } as const;

// TYPE of @formatjs/icu-messageformat-parser (its enum is not imported: the page has no parser).
const literal = 0, argument = 1, select = 5, plural = 6, pound = 7;

export function pack(ast: MessageAst): CompiledMessage {
  if (ast.every((element) => element.type === literal)) return ast.map((element) => (element as { value: string }).value).join('');
  return packParts(ast);
}

function packParts(ast: MessageAst): PackedPart[] {
  return ast.map((element): PackedPart => {
    const packOptions = (options: Record<string, { value: MessageAst }>) => Object.fromEntries(Object.entries(options).map(([key, option]) => [key, packParts(option.value)]));
    switch (element.type) {
      case literal: return element.value;
      case argument: return [element.value];
      case pound: return 0;
      case select: return { s: element.value, o: packOptions(element.options) };
      case plural: return { p: element.value, o: packOptions(element.options), ...(element.offset ? { n: element.offset } : {}), ...(element.pluralType === 'ordinal' ? { ord: true as const } : {}) };
      default: return element;
    }
  });
}

export function unpack(message: PackedPart[]): MessageAst {
  return message.map((part): Element => {
    const unpackOptions = (options: Options) => Object.fromEntries(Object.entries(options).map(([key, parts]) => [key, { value: unpack(parts) }]));
    if (typeof part === 'string') return { type: literal, value: part } as Element;
    if (part === 0) return { type: pound } as Element;
    if (Array.isArray(part)) return { type: argument, value: part[0] } as Element;
    if ('s' in part) return { type: select, value: part.s, options: unpackOptions(part.o) } as Element;
    if ('p' in part) return { type: plural, value: part.p, options: unpackOptions(part.o), offset: part.n ?? 0, pluralType: part.ord ? 'ordinal' : 'cardinal' } as Element;
    return part;
  });
}
