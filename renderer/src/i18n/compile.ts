// A catalog text parsed exactly as `new IntlMessageFormat(text, locale)` parses it, then packed
// (compiled-message.ts). The renderer's build runs this (scripts/precompiled-messages.mjs), so the
// ICU parser never reaches the page; the tests, which run the catalogs unbuilt, run it at load.
import { IntlMessageFormat } from 'intl-messageformat';
import { pack, type CompiledMessage } from './compiled-message';

export function compileMessage(text: string, locale: string): CompiledMessage {
  return pack(new IntlMessageFormat(text, locale).getAst());
}

export function compileCatalog<K extends string>(catalog: Record<K, string>, locale: string): Record<K, CompiledMessage> {
  return Object.fromEntries(Object.entries<string>(catalog).map(([key, text]) => [key, compileMessage(text, locale)])) as Record<K, CompiledMessage>;
}
