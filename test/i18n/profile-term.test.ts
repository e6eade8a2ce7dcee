// A gateway profile is «ملف تعريف» in every Arabic text, never «ملف» alone: that reads as a file
// on the disk, and Settings' «الملفات» beside «النسخ الاحتياطية» read as files (docs/profiles-and-keys.md).
// A real file (CSV, PDF, PEM, diagnostics, the profiles' own file) stays «ملف».
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/en';
import { ar } from '../../renderer/src/i18n/ar';
import { reasonTexts } from '../../contract/reasons';
import { reasonsAr } from '../../contract/reasons-ar';

/** «ملف تعريف», «ملف التعريف», «ملفات تعريف», «ملفات التعريف», with a clitic before it (لملف, بملف). */
const profileTerm = /ملف(?:ات|ا|ي)?\s+(?:ال)?تعريف/;
/** «ملف» in any form (ملفًا, الملفات, للملف) not followed by «تعريف». */
const bareFile = /ملف(?:ًا|ات|ا|ي|ين|ان)?(?!\s+(?:ال)?تعريف)(?=[\s.،؛:؟»)}']|$)/;
/** "profile" as a word, not as a value's name ("Switch to {profile}"). */
const saysProfile = (english: string) => /\bprofiles?\b/i.test(english.replace(/\{\w+\}/g, ''));

describe.each([
  ['screens', en as Record<string, string>, ar as Record<string, string>],
  ['reasons from main', reasonTexts as Record<string, string>, reasonsAr as Record<string, string>],
])('the %s catalog', (_name, english, arabic) => {
  it('says «ملف تعريف» wherever the English says "profile"', () => {
    const missing = Object.keys(english).filter((key) => saysProfile(english[key]!) && !profileTerm.test(arabic[key]!));
    expect(missing).toEqual([]);
  });

  it('says «ملف» alone only where the English speaks of a file too', () => {
    const alone = Object.keys(english).filter((key) => saysProfile(english[key]!) && !/\bfile\b/i.test(english[key]!) && bareFile.test(arabic[key]!));
    expect(alone).toEqual([]);
  });
});
