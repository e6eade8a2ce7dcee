// Counts read as Arabic counts them: two is its own word, 3 to 10 take the plural noun, 11 to 99
// the singular in the accusative, 100 the singular ("2 خانات عشرية" and "7 يومًا" are wrong); and a
// path in a sentence stays as written, left to right. In English, a move's outcome has a capital.
import { expect, it } from 'vitest';
import { translate, type Language, type MessageKey } from '../../renderer/src/i18n';
import { reasonText } from '../../main/core/fail';

const say = (language: Language, key: MessageKey, values: Record<string, string | number>) => translate(language, key, values);

it('words the amount field\'s decimals for any count, grammatically in Arabic', () => {
  // The form passes the decimals as text (form-kit.tsx): the plural reads it as the number it is.
  const hint = (decimals: string | number) => say('ar', 'gp.amount.hint', { currency: 'SAR', decimals });
  expect(hint('2')).toBe('بعملة SAR، والحد الأقصى خانتان عشريتان.');
  expect(hint('3')).toBe('بعملة SAR، والحد الأقصى 3 خانات عشرية.');
  expect(hint(1)).toBe('بعملة SAR، والحد الأقصى خانة عشرية واحدة.');
  expect(hint(0)).toBe('بعملة SAR، بلا خانات عشرية.');
  expect(say('en', 'gp.amount.hint', { currency: 'KWD', decimals: '3' })).toBe('In KWD, up to 3 decimals.');
  expect(say('en', 'gp.amount.hint', { currency: 'XYZ', decimals: '1' })).toBe('In XYZ, up to 1 decimal.');
});

it('counts the overview\'s days and the audit chain\'s entries with Arabic\'s forms', () => {
  expect(say('ar', 'ov.charts.daysOption', { days: 7 })).toBe('7 أيام');
  expect(say('ar', 'ov.charts.daysOption', { days: 30 })).toBe('30 يومًا');
  expect(say('ar', 'ov.charts.daysOption', { days: 100 })).toBe('100 يوم');
  expect(say('ar', 'audit.verifying', { checked: 4, total: 8 })).toBe('جارٍ التحقق من السلسلة كاملة: 4 من 8 قيود…');
  expect(say('ar', 'audit.verifying', { checked: 0, total: 20000 })).toBe('جارٍ التحقق من السلسلة كاملة: 0 من 20,000 قيد…');
  expect(say('en', 'audit.verifying', { checked: 0, total: 20000 })).toBe('Verifying the whole chain: 0 of 20,000 entries…');
});

it('says how many rows an export saved, with Arabic\'s forms, the path as given', () => {
  expect(say('ar', 'export.saved', { rows: 5, path: '/tmp/x.csv' })).toBe('حُفظت 5 صفوف في /tmp/x.csv');
  expect(say('ar', 'export.saved', { rows: 2, path: '/tmp/x.csv' })).toBe('حُفظ صفان في /tmp/x.csv');
  expect(say('en', 'export.saved', { rows: 1, path: '/tmp/x.csv' })).toBe('Saved 1 row to /tmp/x.csv');
});

it('says a move\'s outcome with a capital in English, as the state words beside it', () => {
  const move = { kind: 'Refund', amount: 'SAR 5.00', user: 'root' };
  expect(say('en', 'timeline.operation', { ...move, outcome: say('en', 'outcome.succeeded', {}) })).toBe('Refund SAR 5.00 by root: Done');
});

// Walked as a new user: a 3-character key read "هذا 3 حرفًا فقط" (the form for 11 to 99), and 1 "only 1 characters".
it('counts an API key\'s characters with Arabic\'s forms, and one character as one in English', () => {
  const short = (language: Language, length: number) => reasonText(language, { key: 'key.tooShort', values: { length, min: 8 } });
  expect(short('ar', 1)).toMatch(/^هذا حرف واحد فقط؛/);
  expect(short('ar', 2)).toMatch(/^هذا حرفان فقط؛/);
  expect(short('ar', 3)).toMatch(/^هذا 3 أحرف فقط؛/);
  expect(short('en', 1)).toBe('That is only 1 character; an API key is at least 8. Check that the whole key was copied.');
  expect(short('en', 7)).toMatch(/^That is only 7 characters;/);
  const long = (length: number) => reasonText('ar', { key: 'key.tooLong', values: { length, max: 256 } });
  expect([long(257), long(300), long(305)].map((text) => text.split('؛')[0])).toEqual(['هذا 257 حرفًا', 'هذا 300 حرف', 'هذا 305 أحرف']);
});

// Settings → Team ledger's copy: "1 operations … are" in English and "هناك 12 عمليات" in Arabic.
it('counts the operations still open before a copy to the team ledger, in both languages', () => {
  const open = (language: Language, count: number) => reasonText(language, { key: 'teamLedger.copyOpenOperations', values: { open: count } });
  expect(open('en', 1)).toBe('1 operation on this computer is still being sent or has an unclear outcome, so nothing was copied. Settle it in Needs attention (its outcome is known only on this computer), then copy again.');
  expect(open('en', 3)).toMatch(/^3 operations on this computer are still/);
  expect([1, 2, 5, 12, 100].map((count) => open('ar', count).split(' على ')[0])).toEqual(['هناك عملية واحدة', 'هناك عمليتان', 'هناك 5 عمليات', 'هناك 12 عملية', 'هناك 100 عملية']);
});

// Home's counts under Captured and Refunded read "5 محصَّلة" for 3 to 10: the singular where Arabic takes the plural.
it('counts Home\'s captured and refunded payments with each of Arabic\'s forms', () => {
  const counts = [0, 1, 2, 5, 11, 100];
  expect(counts.map((count) => say('ar', 'ov.count.payments', { count }))).toEqual(['لا محصَّلة', 'واحدة محصَّلة', 'اثنتان محصَّلتان', '5 محصَّلات', '11 محصَّلة', '100 محصَّلة']);
  expect(counts.map((count) => say('ar', 'ov.count.refunds', { count }))).toEqual(['لا مستردة', 'واحدة مستردة', 'اثنتان مستردتان', '5 مستردات', '11 مستردة', '100 مستردة']);
});
