// The first screen's amounts, row dates and counts are worded without Intl
// (renderer/src/i18n/plain-format.ts) so the first rows do not pay Intl's first use. Their text
// must be exactly Intl's, in real Chromium (the page's own ICU; Node's may differ): every currency
// Paydesk offers in both languages over amounts of every size and sign, the list's short dates and
// times over two years in four time zones, Arabic's and English's plural categories, and every
// message of both catalogs with counts and texts. Amounts are compared with Intl asked for the
// ISO 4217 exponent's decimals, as format.ts asks it: ICU's own digits would round IQD, LBP and
// PKR to whole units.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { compiledMessagesJson } from '../../scripts/precompiled-messages.mjs';
import type { CompiledMessages } from '../../renderer/src/i18n/messages';
import type { PackedPart } from '../../renderer/src/i18n/compiled-message';

/** What the page gets: the plain formatters, Intl's ways of doing the same, and the means to compare. */
const pageEntry = `
import { plainAmount, plainRowDay, plainRowTime, plainMessage, pluralCategory } from './renderer/src/i18n/plain-format';
import { formatMinor, currencyCodes, exponentOf } from './contract/money';
import { amountFormat } from './contract/amount-words';
import { IntlMessageFormat } from 'intl-messageformat';
import { messageLocales, unpack } from './renderer/src/i18n/compiled-message';
window.plainFormat = { plainAmount, plainRowDay, plainRowTime, plainMessage, pluralCategory, formatMinor, currencyCodes, exponentOf, amountFormat, IntlMessageFormat, messageLocales, unpack };
`;

type Language = 'en' | 'ar';
/** `window.plainFormat` in the page (types only: the functions run in the page). */
type PageFormat = {
  plainAmount(minor: number, currency: string, language: Language): string | undefined;
  plainRowDay(date: Date, language: Language): string;
  plainRowTime(date: Date, language: Language): string;
  plainMessage(message: PackedPart[], values: Record<string, string | number>, language: Language): string | undefined;
  pluralCategory(n: number, language: Language): string;
  formatMinor(minor: number, currency: string): Intl.StringNumericLiteral;
  currencyCodes: string[];
  exponentOf(currency: string): number;
  amountFormat(language: Language, currency: string): Intl.NumberFormat;
  IntlMessageFormat: new (ast: unknown, locale: string) => { format(values: Record<string, string | number>): unknown };
  messageLocales: Record<Language, string>;
  unpack(message: PackedPart[]): unknown;
};
const locales = { en: 'en-GB', ar: 'ar-SA' } as const;

let browser: Browser;
let script: string;
let messages: CompiledMessages;

async function pageIn(timezoneId: string): Promise<Page> {
  const page = await (await browser.newContext({ timezoneId })).newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: script });
  return page;
}

beforeAll(async () => {
  const bundle = await build({ stdin: { contents: pageEntry, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, write: false, format: 'iife', target: 'chrome120', logLevel: 'warning' });
  script = bundle.outputFiles[0]!.text;
  messages = JSON.parse(await compiledMessagesJson()) as CompiledMessages;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Amounts in minor units: zero, signs, every length of digits up to the largest Paydesk accepts, and a spread between. */
function amountCorpus(): number[] {
  const corpus = [0, 1, -1, 5, -5, 9, 10, 99, 100, 101, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 123_456, 1_000_000, 1_234_567, -1_234_567, 999_999_999, 1_000_000_000_000_000, -1_000_000_000_000_000];
  let seed = 42;
  for (let i = 0; i < 300; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const digits = 1 + (i % 15); // up to 15 digits; 10^15, the largest accepted, is above
    const value = Number(String(seed).repeat(3).slice(0, digits));
    corpus.push(i % 5 === 0 ? -value : value);
  }
  return corpus;
}

describe('amounts without Intl (plainAmount)', () => {
  it("read exactly as Intl's currency format in Chromium, for every currency Paydesk offers, in English and Arabic", async () => {
    const page = await pageIn('Asia/Riyadh');
    const found = await page.evaluate(({ corpus }) => {
      const f = (window as unknown as { plainFormat: PageFormat }).plainFormat;
      const mismatches: string[] = [];
      const withoutPlain = new Set<string>();
      let compared = 0;
      for (const language of ['en', 'ar'] as const) {
        for (const currency of f.currencyCodes) {
          // The app's own options (the ISO code, the exponent's decimals), in the page's ICU.
          const intl = f.amountFormat(language, currency);
          for (const minor of corpus) {
            const plain = f.plainAmount(minor, currency, language);
            if (plain === undefined) {
              withoutPlain.add(`${currency} ${language}`);
              continue;
            }
            compared++;
            const expected = intl.format(f.formatMinor(minor, currency));
            if (plain !== expected) mismatches.push(`${language} ${currency} ${minor}: ${JSON.stringify(plain)} vs Intl ${JSON.stringify(expected)}`);
          }
        }
      }
      // Why format.ts asks Intl for the exponent's decimals: by its own it rounds these to whole units.
      const rounded = f.currencyCodes.filter((currency) => {
        const text = new Intl.NumberFormat('en-GB', { style: 'currency', currency, numberingSystem: 'latn' }).format(f.formatMinor(150, currency));
        return !text.includes(f.formatMinor(150, currency));
      });
      return { mismatches, withoutPlain: [...withoutPlain].sort(), compared, rounded };
    }, { corpus: amountCorpus() });
    expect(found.mismatches).toEqual([]);
    expect(found.compared).toBeGreaterThan(2 * 25 * 300);
    expect(found.rounded).toEqual(['IQD', 'LBP', 'PKR']);
    expect(found.withoutPlain).toEqual([]);
  });
});

describe("the list's dates without Intl (plainRowDay, plainRowTime)", () => {
  it.each(['Asia/Riyadh', 'Europe/London', 'America/St_Johns', 'Pacific/Kiritimati'])("read as Intl's short date and time in the computer's zone (%s)", async (zone) => {
    const page = await pageIn(zone);
    const mismatches = await page.evaluate((locales) => {
      const f = (window as unknown as { plainFormat: PageFormat }).plainFormat;
      const out: string[] = [];
      const instants: number[] = [Date.UTC(999, 1, 3, 9, 7), Date.UTC(2099, 11, 31, 23, 59), 0];
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 60_000 + 13_000) instants.push(t);
      for (const language of ['en', 'ar'] as const) {
        const day = new Intl.DateTimeFormat(locales[language], { dateStyle: 'short', numberingSystem: 'latn' });
        const time = new Intl.DateTimeFormat(locales[language], { timeStyle: 'short', numberingSystem: 'latn' });
        for (const t of instants) {
          const date = new Date(t);
          const [plainDay, plainTime] = [f.plainRowDay(date, language), f.plainRowTime(date, language)];
          if (plainDay !== day.format(date) || plainTime !== time.format(date)) out.push(`${language} ${date.toISOString()}: ${plainDay} ${plainTime} vs Intl ${day.format(date)} ${time.format(date)}`);
        }
      }
      return out.slice(0, 10);
    }, locales);
    expect(mismatches).toEqual([]);
  });
});

/** Each message's arguments with sample values: counts for plurals, each option for selects, counts and texts for plain values. */
function samples(parts: PackedPart[]): Array<Record<string, string | number>> {
  const args = new Map<string, string[] | 'count' | 'plain'>();
  const walk = (list: PackedPart[]) => {
    for (const part of list) {
      if (Array.isArray(part)) { if (!args.has(part[0])) args.set(part[0], 'plain'); }
      else if (typeof part === 'object' && part !== null && 's' in part) { args.set(part.s, [...Object.keys(part.o), 'no-such-option']); Object.values(part.o).forEach(walk); }
      else if (typeof part === 'object' && part !== null && 'p' in part) { args.set(part.p, 'count'); Object.values(part.o).forEach(walk); }
      else if (typeof part === 'object' && part !== null && 'type' in part && 'value' in part) args.set(String(part.value), 'count'); // {n, number}
    }
  };
  walk(parts);
  const counts = [0, 1, 2, 3, 5, 10, 11, 99, 100, 101, 102, 111, 1000, 100_000, 1_000_001, 7.5, -1];
  const plain = ['PD-20250101-0001', 'نورة القحطاني', 1234, 0, 100_000, '1,234.50 SAR', 2.5];
  return counts.map((count, i) => Object.fromEntries([...args].map(([name, kind]) => [name, kind === 'count' ? count : kind === 'plain' ? plain[i % plain.length]! : kind[i % kind.length]!])));
}

describe('messages without Intl (plainMessage)', () => {
  it('words every plural category as Intl.PluralRules does, in English and Arabic', async () => {
    const page = await pageIn('UTC');
    const mismatches = await page.evaluate(() => {
      const f = (window as unknown as { plainFormat: PageFormat }).plainFormat;
      const out: string[] = [];
      const ns = [...Array.from({ length: 2_000 }, (_, i) => i), 1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_000_011, 9_007_199_254_740_991];
      for (const language of ['en', 'ar'] as const) {
        const rules = new Intl.PluralRules(f.messageLocales[language]);
        for (const n of ns) if (f.pluralCategory(n, language) !== rules.select(n)) out.push(`${language} ${n}: ${f.pluralCategory(n, language)} vs ${rules.select(n)}`);
      }
      return out;
    });
    expect(mismatches).toEqual([]);
  });

  it('reads as intl-messageformat reads it, for every message of both catalogs, or leaves it to intl-messageformat', async () => {
    const page = await pageIn('UTC');
    const cases: Array<{ language: Language; key: string; message: PackedPart[]; values: Record<string, string | number> }> = [];
    for (const group of ['screens', 'reasons'] as const) {
      for (const language of ['en', 'ar'] as const) {
        for (const [key, message] of Object.entries(messages[group][language] as Record<string, string | PackedPart[]>)) {
          if (typeof message !== 'string') for (const values of samples(message)) cases.push({ language, key, message, values });
        }
      }
    }
    const found = await page.evaluate((cases) => {
      const f = (window as unknown as { plainFormat: PageFormat }).plainFormat;
      const mismatches: string[] = [];
      const plainKeys = new Set<string>();
      // One formatter a message, asked each sample's values (made once per sample, the test took 20-40 s under load).
      const formatters = new Map<string, InstanceType<PageFormat['IntlMessageFormat']>>();
      for (const { language, key, message, values } of cases) {
        const plain = f.plainMessage(message, values, language);
        if (plain === undefined) continue;
        plainKeys.add(`${language} ${key}`);
        let formatter = formatters.get(`${language} ${key}`);
        if (!formatter) formatters.set(`${language} ${key}`, (formatter = new f.IntlMessageFormat(f.unpack(message), f.messageLocales[language])));
        const expected = String(formatter.format(values));
        if (plain !== expected) mismatches.push(`${language} ${key} ${JSON.stringify(values)}: ${JSON.stringify(plain)} vs ${JSON.stringify(expected)}`);
      }
      return { mismatches: mismatches.slice(0, 10), plainKeys: [...plainKeys] };
    }, cases);
    expect(found.mismatches).toEqual([]);
    // The first screens' counts are among those worded without Intl.
    for (const key of ['en tx.count', 'ar tx.count', 'en tx.count.more', 'ar tx.count.more', 'en tx.moreFilters', 'ar tx.moreFilters', 'en tx.refundedShort', 'ar tx.refundedShort']) expect(found.plainKeys).toContain(key);
  });
});
