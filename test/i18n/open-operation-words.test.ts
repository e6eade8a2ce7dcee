// The words a list's row gives the operation open on a payment ("refund unclear", "capture being
// sent"), one for each kind and outcome an open operation has, in English and in Arabic (Arabic
// words, not English left in), distinct from one another, and short: the list's narrowest state
// column holds about 22 Latin characters at its size, or 26 Arabic ones, which join and run
// narrower («جارٍ إرسال إلغاء التفويض», 24, takes 115 px, as "payment being sent", 18, does;
// state-badges.test.ts measures them in Chromium).
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/en';
import { ar } from '../../renderer/src/i18n/ar';
import { operationKinds } from '../../contract/methods/payments';

const keys = operationKinds.flatMap((kind) => (['sending', 'unknown'] as const).map((outcome) => `tx.open.${outcome}.${kind}` as const));

describe.each([['en', en, 22], ['ar', ar, 26]] as const)('the open operation\'s words in %s', (language, catalog, most) => {
  it('has one for each kind and outcome, each its own and short', () => {
    const words = keys.map((key) => (catalog as Record<string, string>)[key]);
    for (const [i, word] of words.entries()) {
      expect(word, keys[i]).toBeTruthy();
      expect(word!.length, keys[i]).toBeLessThanOrEqual(most);
      if (language === 'ar') expect(word, keys[i]).toMatch(/^[\u0600-\u06ff\s]+$/);
    }
    expect(new Set(words).size).toBe(keys.length);
  });
});
