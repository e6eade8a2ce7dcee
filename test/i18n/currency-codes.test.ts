// A currency is its ISO 4217 code beside every amount, in both languages: the list, a payment's
// detail, Home, the links list, the dialogs and main's messages all word amounts through
// contract/amount-words.ts. Rows read "US$12.50", "€12.50" and "SAR 12.50" side by side, "$" is
// USD, CAD or AUD, and Arabic wrote «ر.س.» where English wrote SAR (docs/words.md, "Currencies").
// The digits and decimals are the amount's, untouched: ISO 4217's exponent, from integer minor units.
import { describe, expect, it } from 'vitest';
import { currencyCodes, formatMinor } from '../../contract/money';
import { formatAmount, formatCurrency } from '../../renderer/src/i18n/format';
import { reason, reasonText } from '../../main/core/fail';

const nbsp = '\u00A0';
const rlm = '\u200F';

describe.each([
  ['USD', 1234550, 'USD 12,345.50', '12,345.50 USD'],
  ['EUR', 1999, 'EUR 19.99', '19.99 EUR'],
  ['KWD', 12500, 'KWD 12.500', '12.500 KWD'],
  ['JPY', 1250, 'JPY 1,250', '1,250 JPY'],
  ['SAR', 100000, 'SAR 1,000.00', '1,000.00 SAR'],
] as const)('%s', (currency, minor, english, arabic) => {
  it('reads with its code in English and in Arabic, the digits unchanged', () => {
    expect(formatAmount(minor, currency, 'en')).toBe(english.replace(' ', nbsp));
    expect(formatAmount(minor, currency, 'ar')).toBe(rlm + arabic.replace(' ', nbsp));
  });

  it('reads the same in main’s messages (a notification’s amount)', () => {
    const lost = reason('notify.answerLost.refund', { orderId: 'PD-1', amountMinor: minor, currency });
    expect(reasonText('en', lost)).toContain(english.replace(' ', nbsp));
    expect(reasonText('ar', lost)).toContain(rlm + arabic.replace(' ', nbsp));
  });

  it('is named by the same code in a sentence about the amount field', () => {
    expect(formatCurrency(currency, 'en')).toBe(currency);
    expect(formatCurrency(currency, 'ar')).toBe(`\u2068${currency}\u2069`);
  });
});

it('never shows a symbol for any currency Paydesk offers, in either language', () => {
  for (const currency of currencyCodes) {
    for (const language of ['en', 'ar'] as const) {
      const shown = formatAmount(-123456, currency, language);
      expect(shown.replace(/[\u200E\u200F\u00A0]/g, ' ').trim(), `${currency} ${language}`).toBe(language === 'en' ? `-${currency} ${groupedOf(currency)}` : `-${groupedOf(currency)} ${currency}`);
    }
  }
});

/** 1234.56 as the currency writes it, with a thousands comma (its own decimals: 123,456 for JPY). */
const groupedOf = (currency: (typeof currencyCodes)[number]) => {
  const [whole, fraction] = formatMinor(123456, currency).split('.');
  return [whole!.replace(/\B(?=(\d{3})+$)/g, ','), fraction].filter((part) => part !== undefined).join('.');
};
