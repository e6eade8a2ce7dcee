// Every word a user sees exists in English and Arabic: the catalogs have the same keys, every
// text is valid ICU MessageFormat, and both languages use the same values, so no screen can
// show a key, crash on a missing one, or lose a number on the way.
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { en } from '../../renderer/src/i18n/en';
import { ar } from '../../renderer/src/i18n/ar';
import { reasonTexts } from '../../contract/reasons';
import { reasonsAr } from '../../contract/reasons-ar';
import { pageWords } from '../../main/practice/page-words';
import { challengeWords } from '../../main/challenge/challenge-words';

/** The names of the values a text uses, plural and select arguments included. */
function valuesOf(text: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (elements: unknown[]) => {
    for (const element of elements as Array<{ type: number; value?: string; options?: Record<string, { value: unknown[] }> }>) {
      if (element.type >= 1 && element.type <= 6 && element.value) names.add(element.value);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(text, locale).getAst() as unknown[]);
  return [...names].sort();
}

describe.each([
  ['screens', en as Record<string, string>, ar as Record<string, string>],
  ['reasons from main', reasonTexts as Record<string, string>, reasonsAr as Record<string, string>],
  ['practice gateway pages', pageWords.en as Record<string, string>, pageWords.ar as Record<string, string>],
  ['3-D Secure frame pages', challengeWords.en as Record<string, string>, challengeWords.ar as Record<string, string>],
])('the %s catalog', (_name, english, arabic) => {
  it('has every key in both languages, and no empty text', () => {
    expect(Object.keys(arabic).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of [...Object.entries(english), ...Object.entries(arabic)]) expect(text.trim(), key).not.toBe('');
  });

  it('parses as ICU MessageFormat, with the same values in both languages', () => {
    for (const key of Object.keys(english)) {
      expect(valuesOf(arabic[key]!, 'ar'), key).toEqual(valuesOf(english[key]!, 'en'));
    }
  });

  it('isolates a Latin term that starts with a digit inside Arabic text (else "3-D Secure" reads "D Secure-3")', () => {
    // The number takes the Arabic side of the sentence and the letters the other: only a
    // left-to-right isolate (U+2066 … U+2069) keeps the term whole.
    const outsideIsolates = (text: string) => text.replace(/\u2066[^\u2069]*\u2069/g, '');
    for (const [key, text] of Object.entries(arabic)) if (/[\u0600-\u06ff]/.test(text)) expect(outsideIsolates(text), key).not.toMatch(/\d[-.]?[A-Za-z]/);
  });

  it('isolates a phone number or a date written in Latin digits inside Arabic text (bare, "+966 50 123 4567" reads "4567 123 50 966+")', () => {
    // An isolate, not marks at its ends: the screens find isolates and keep each as one unit on one line
    // (ui/isolated-runs.tsx); "YYYY-MM-DD", bare, broke at a hyphen in a narrow bulk problem.
    const outsideIsolates = (text: string) => text.replace(/\u2066[^\u2069]*\u2069/g, '');
    const spacedOrDated = /(?<![A-Za-z])\+\d|\d[ \u00a0]+\d|\d{2,4}-\d{2}|[YMD]{2,4}-[YMD]/;
    for (const [key, text] of Object.entries(arabic)) if (/[\u0600-\u06ff]/.test(text)) expect(outsideIsolates(text), key).not.toMatch(spacedOrDated);
  });

  it('isolates a profile\'s name inside Arabic and English text (FSI…PDI, "«\u2068{profile}\u2069»", "“\u2068{profile}\u2069”"), as Settings isolates it (<bdi>)', () => {
    // A person's text in either script: unisolated, "Main store (sandbox)" in an Arabic notice read
    // «Main store (sandbox» with its bracket and full stop thrown to the other side, and an Arabic
    // name ending in a digit or a bracket ("متجر الرياض (2)") did the same to an English sentence.
    const profileNames = /\{(?:profile|\w+Profile)\}/g;
    for (const [language, catalog] of [['en', english], ['ar', arabic]] as const) {
      for (const [key, text] of Object.entries(catalog)) {
        for (const found of text.matchAll(profileNames)) expect(text.slice(found.index - 1, found.index + found[0].length + 1), `${language} ${key}`).toBe(`\u2068${found[0]}\u2069`);
      }
    }
  });

  it('carries a profile\'s name as {profile} (or {…Profile}), so the rule above sees it', () => {
    // "the production profile “{name}”" and "ملف التعريف «{name}»" went unisolated under another name
    // (a profile's id or environment is no name: unquoted).
    const otherName = /\{(?!profile\}|\w+Profile\})\w+\}/.source;
    for (const [key, text] of Object.entries(english)) expect(text, key).not.toMatch(new RegExp(`profile\\s*[“"]${otherName}`, 'i'));
    for (const [key, text] of Object.entries(arabic)) expect(text, key).not.toMatch(new RegExp(`ملف\\s+(?:ال)?تعريف(?:\\s+[^\\s«{]+){0,2}\\s+«${otherName}`));
  });

  it('words every Arabic count that names a thing in each of Arabic\'s forms (one, two, few, many, other), not only English\'s one and other', () => {
    // "7 دفعة" is wrong (3 to 10 take the plural: "7 دفعات"), "2 خانات" too (two is its own word: "خانتان").
    // A plural with no `one` only puts a number in (More filters (2 on)) and needs no forms.
    const missing: string[] = [];
    const walk = (key: string, elements: unknown[]) => {
      for (const element of elements as Array<{ type: number; pluralType?: string; options?: Record<string, { value: unknown[] }> }>) {
        const forms = Object.keys(element.options ?? {});
        if (element.type === 6 && element.pluralType !== 'ordinal' && forms.includes('one')) {
          for (const form of ['two', 'few', 'many', 'other']) if (!forms.includes(form)) missing.push(`${key}: ${form}`);
        }
        for (const option of Object.values(element.options ?? {})) walk(key, option.value);
      }
    };
    for (const [key, text] of Object.entries(arabic)) walk(key, new IntlMessageFormat(text, 'ar').getAst() as unknown[]);
    expect(missing).toEqual([]);
  });

  it('calls the app بايدسك in Arabic screens, as its header does', () => {
    // The OS's notification titles name the program as the system knows it (os.*).
    for (const [key, text] of Object.entries(arabic)) if (!key.startsWith('os.')) expect(text, key).not.toMatch(/Paydesk(?!_|\s*\{)/);
  });

  it('writes Arabic texts\' numbers in Latin digits, as every amount, date and count the app formats (numberingSystem latn)', () => {
    // "مثل ١٥" beside a field whose amounts and dates read "15" and "2026/10/31" mixes two scripts of digits on one screen.
    for (const [key, text] of Object.entries(arabic)) expect(text, key).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });

  it('calls a key by its environment\'s name (sandbox / production keys, مفاتيح الاختبار / الإنتاج), as the badges and the profile form name the environment', () => {
    // "test keys" and "live keys" beside a "Sandbox" and a "Production" profile were two more names for them (docs/profiles-and-keys.md).
    for (const [key, text] of Object.entries(english)) expect(text, key).not.toMatch(/\b(test|live) (API )?keys?\b/i);
    for (const [key, text] of Object.entries(arabic)) expect(text, key).not.toMatch(/(مفتاح|مفاتيح) (اختبار|حي|حية|مباشر|مباشرة|تجريبي|تجريبية)(?![\u0621-\u064a])|المفاتيح الحية|المفتاح الحي/);
  });

  it('calls an API key by one Arabic name, مفتاح API, as the keys\' errors and the audit log do', () => {
    // "مفتاح الواجهة البرمجية" on the profile card beside "مفتاح API" in its check-up line read as two different things.
    for (const [key, text] of Object.entries(arabic)) expect(text, key).not.toMatch(/(مفتاح|مفاتيح) الواجهة|الواجهة البرمجية/);
  });

  it('calls a refund استرداد and what was refunded مسترد in Arabic, as the state and the detail do', () => {
    // Home's column, chart and filter note said "المردود" beside the list's "مستردة" and the detail's "المسترد".
    for (const [key, text] of Object.entries(arabic)) expect(text, key).not.toMatch(/مردود/);
  });

  it('has Arabic words in every Arabic text, but for names that are the same in every language', () => {
    const sameEverywhere = new Set(['language.en', 'gp.brand.jcb', 'timeline.state', 'os.notificationTitle', 'audit.result.exportFilter']);
    for (const [key, text] of Object.entries(arabic)) if (!sameEverywhere.has(key)) expect(text, key).toMatch(/[\u0600-\u06ff]/);
  });
});
