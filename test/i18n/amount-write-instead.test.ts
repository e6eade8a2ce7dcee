// An amount in a currency without decimals whose decimals are only zeros ("15000.00" in JPY) is
// still refused, and the refusal names the whole units to write, in English and Arabic, the number
// isolated left to right as every amount in an Arabic sentence (walk19: "JPY has no decimals." only).
import { expect, it } from 'vitest';
import { parseAmount, type CurrencyCode } from '../../contract/money';
import { wordReason } from '../../renderer/src/i18n';

function worded(text: string, currency: CurrencyCode, language: 'en' | 'ar') {
  const parsed = parseAmount(text, currency);
  if (parsed.ok) throw new Error(`${text} ${currency} was taken`);
  return wordReason(language, parsed.why);
}

it.each([
  ['15000.00', 'JPY', 'JPY has no decimals: write 15000.', 'عملة JPY بلا كسور عشرية: اكتب \u206615000\u2069.'],
  ['١٥٠٠٠٫٠٠', 'JPY', 'JPY has no decimals: write 15000.', 'عملة JPY بلا كسور عشرية: اكتب \u206615000\u2069.'],
] as const)('%s in %s names the amount to write', (text, currency, english, arabic) => {
  expect(worded(text, currency, 'en')).toBe(english);
  expect(worded(text, currency, 'ar')).toBe(arabic);
});
