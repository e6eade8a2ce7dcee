// An amount on screen shows every minor unit the ledger holds: Intl's currency data gives some
// currencies fewer decimals than ISO 4217 (IQD, LBP and PKR with none), and it rounded them to
// whole units ("LBP 1,235" for 1,234.56). The digits shown must be the exact amount, in both
// languages, for every currency Paydesk offers.
import { describe, expect, it } from 'vitest';
import { currencyCodes, formatMinor } from '../../contract/money';
import { formatAmount } from '../../renderer/src/i18n/format';

/** The amount's digits and decimal point as shown, without symbols, marks or thousands commas. */
const digitsShown = (text: string) => text.replace(/[^0-9.]/g, '').replace(/^\.+|\.+$/g, '');

describe('amounts are shown to the minor unit', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`every currency in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
      for (const currency of currencyCodes) {
        for (const minor of [0, 1, 5, 150, 1500, 123456, 987654321, -1550]) {
          const shown = formatAmount(minor, currency, language);
          expect(digitsShown(shown), `${currency} ${minor} in ${language}: ${shown}`).toBe(formatMinor(Math.abs(minor), currency));
          expect(shown.includes('-'), `${currency} ${minor} sign: ${shown}`).toBe(minor < 0);
        }
      }
    });
  }

  it('words the three currencies Intl would round as ISO 4217 counts them', () => {
    expect(formatAmount(1500, 'IQD', 'en')).toBe('IQD\u00A01.500');
    expect(formatAmount(123456, 'LBP', 'en')).toBe('LBP\u00A01,234.56');
    expect(formatAmount(1050, 'PKR', 'en')).toBe('PKR\u00A010.50');
  });
});
