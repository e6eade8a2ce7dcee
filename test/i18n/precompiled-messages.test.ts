// The page formats messages parsed at build time (scripts/precompiled-messages.mjs: no ICU parser
// in the page). Every key of both catalogs, in English and Arabic, must read exactly as the same
// text parsed at run time reads, with numbers for plurals (Arabic's zero, two, few and many
// too), every option of a select, and Latin and Arabic text for plain values.
import { beforeAll, describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { compiledMessagesJson } from '../../scripts/precompiled-messages.mjs';
import { formatMessage, type Language } from '../../renderer/src/i18n';
import { messageLocales, pack, unpack, type CompiledMessage, type MessageAst } from '../../renderer/src/i18n/compiled-message';
import type { CompiledMessages } from '../../renderer/src/i18n/messages';
import { en } from '../../renderer/src/i18n/en';
import { ar } from '../../renderer/src/i18n/ar';
import { reasonTexts } from '../../contract/reasons';
import { reasonsAr } from '../../contract/reasons-ar';

type Values = Record<string, string | number>;
const counts = [0, 1, 2, 3, 5, 11, 100, 1_000_001];
const plainValues = ['PD-20250101-0001', 'نورة القحطاني', 1234, '1,234.50 SAR'];

/** The values a text takes, kind by kind: plurals and plain values as numbers or text, selects by option. */
function argumentsOf(ast: MessageAst, found = new Map<string, string[] | 'number' | 'text'>()) {
  for (const element of ast as Array<{ type: number; value?: string; options?: Record<string, { value: MessageAst }>; children?: MessageAst }>) {
    if (element.type === 6 && element.value) found.set(element.value, 'number');
    else if (element.type === 5 && element.value) found.set(element.value, [...Object.keys(element.options ?? {}), 'no-such-option']);
    else if (element.type !== 0 && element.type !== 7 && element.value && !found.has(element.value)) found.set(element.value, 'text');
    for (const option of Object.values(element.options ?? {})) argumentsOf(option.value, found);
    if (element.children) argumentsOf(element.children, found);
  }
  return found;
}

function sampleValues(ast: MessageAst): Values[] {
  const args = argumentsOf(ast);
  const rounds = Math.max(counts.length, ...[...args.values()].map((kind) => (Array.isArray(kind) ? kind.length : 0)));
  return Array.from({ length: rounds }, (_, i) => Object.fromEntries([...args].map(([name, kind]) => [
    name,
    kind === 'number' ? counts[i % counts.length]! : kind === 'text' ? plainValues[i % plainValues.length]! : kind[i % kind.length]!,
  ])));
}

const catalogs: Array<[string, 'screens' | 'reasons', Language, Record<string, string>]> = [
  ['screens, English', 'screens', 'en', en],
  ['screens, Arabic', 'screens', 'ar', ar],
  ['reasons from main, English', 'reasons', 'en', reasonTexts],
  ['reasons from main, Arabic', 'reasons', 'ar', reasonsAr],
];

let built: CompiledMessages;
beforeAll(async () => {
  built = JSON.parse(await compiledMessagesJson()) as CompiledMessages;
}, 60_000);

describe.each(catalogs)('the %s catalog, compiled at build time', (_name, group, language, texts) => {
  it('has every key and no other', () => {
    expect(Object.keys(built[group][language]).sort()).toEqual(Object.keys(texts).sort());
  });

  it('reads as the text parsed at run time, for every key and sample values', () => {
    let checked = 0;
    for (const [key, text] of Object.entries(texts)) {
      const parsed = new IntlMessageFormat(text, messageLocales[language]);
      const compiled = (built[group][language] as Record<string, CompiledMessage>)[key]!;
      for (const values of sampleValues(parsed.getAst())) {
        expect(formatMessage(language, compiled, values), `${key} ${JSON.stringify(values)}`).toBe(String(parsed.format(values)));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(texts).length);
  });

  it('unpacks to the very AST the parser makes', () => {
    for (const [key, text] of Object.entries(texts)) {
      const ast = new IntlMessageFormat(text, messageLocales[language]).getAst();
      const compiled = pack(ast);
      if (typeof compiled === 'string') expect(ast.every((element) => element.type === 0), key).toBe(true);
      else expect(unpack(JSON.parse(JSON.stringify(compiled))), key).toEqual(ast);
    }
  });
});
