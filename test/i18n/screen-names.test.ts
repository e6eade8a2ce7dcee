// A screen is named in a sentence as its navigation names it: a person looks for that word in the
// menu. The day's walk (2026-11-29, staff in Arabic) found "Authorise only"'s hint and the
// duplicate-order message sending them to «شاشة العمليات», a screen the menu calls «المعاملات».
// The same for Needs attention, «تحتاج إلى متابعة» (2026-11-29, the walk of Needs attention).
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/en';
import { ar } from '../../renderer/src/i18n/ar';
import { reasonTexts } from '../../contract/reasons';
import { reasonsAr } from '../../contract/reasons-ar';

const catalogs = [
  ['the renderer', en as Record<string, string>, ar as Record<string, string>],
  ["main's reasons", reasonTexts as Record<string, string>, reasonsAr as Record<string, string>],
] as const;

describe.each(catalogs)('in %s', (_name, english, arabic) => {
  it('a sentence that sends the reader to Transactions names it in Arabic as the menu does', () => {
    const naming = Object.keys(english).filter((key) => /\bTransactions\b/.test(english[key]!) && !key.startsWith('keys.'));
    expect(naming.length).toBeGreaterThan(0);
    const otherwise = naming.filter((key) => !arabic[key]!.includes(ar['nav.transactions']));
    expect(otherwise.map((key) => `${key}: ${arabic[key]}`)).toEqual([]);
  });

  // Home said «دفعتان تحتاجان إلى انتباه» and «لا شيء يحتاج إلى انتباه» above a press that opens
  // «تحتاج إلى متابعة», whose empty list says «لا شيء يحتاج إلى متابعة.»: one English word, two Arabic.
  it('a sentence about payments needing attention says it in Arabic with the menu’s word', () => {
    const word = 'متابع'; // «متابعة», «متابعتك»
    const naming = Object.keys(english).filter((key) => /\battention\b/i.test(english[key]!));
    expect(naming.length).toBeGreaterThan(0);
    const otherwise = naming.filter((key) => !arabic[key]!.includes(word) || arabic[key]!.includes('انتباه'));
    expect(otherwise.map((key) => `${key}: ${arabic[key]}`)).toEqual([]);
  });
});
