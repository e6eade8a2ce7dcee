// Counts read as Arabic counts them: two is its own word, 3 to 10 take the plural noun, 11 to 99
// the singular in the accusative, 100 the singular ("2 منازل عشرية" and "7 يومًا" are wrong); and a
// path in a sentence stays as written, left to right. In English, a move's outcome has a capital.
import { expect, it } from 'vitest';
import { translate, type Language, type MessageKey } from '../../renderer/src/i18n';

const say = (language: Language, key: MessageKey, values: Record<string, string | number>) => translate(language, key, values);

it('words the amount field\'s decimals for any count, grammatically in Arabic', () => {
  // The form passes the decimals as text (form-kit.tsx): the plural reads it as the number it is.
  const hint = (decimals: string | number) => say('ar', 'gp.amount.hint', { currency: 'SAR', decimals });
  expect(hint('2')).toBe('بعملة SAR، والحد الأقصى منزلتان عشريتان.');
  expect(hint('3')).toBe('بعملة SAR، والحد الأقصى 3 منازل عشرية.');
  expect(hint(1)).toBe('بعملة SAR، والحد الأقصى منزلة عشرية واحدة.');
  expect(hint(0)).toBe('بعملة SAR، بلا منازل عشرية.');
  expect(say('en', 'gp.amount.hint', { currency: 'KWD', decimals: '3' })).toBe('In KWD, up to 3 decimals.');
  expect(say('en', 'gp.amount.hint', { currency: 'XYZ', decimals: '1' })).toBe('In XYZ, up to 1 decimal.');
});

it('counts the overview\'s days and the audit chain\'s entries with Arabic\'s forms', () => {
  expect(say('ar', 'ov.charts.daysOption', { days: 7 })).toBe('7 أيام');
  expect(say('ar', 'ov.charts.daysOption', { days: 30 })).toBe('30 يومًا');
  expect(say('ar', 'ov.charts.daysOption', { days: 100 })).toBe('100 يوم');
  expect(say('ar', 'audit.verifying', { checked: '4', total: '8' })).toBe('جارٍ التحقق من السلسلة كاملة: 4 من 8 قيود…');
  expect(say('ar', 'audit.verifying', { checked: '0', total: '20000' })).toBe('جارٍ التحقق من السلسلة كاملة: 0 من 20,000 قيد…');
  expect(say('en', 'audit.verifying', { checked: '0', total: '20000' })).toBe('Verifying the whole chain: 0 of 20000 entries…');
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
