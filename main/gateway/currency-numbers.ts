// ISO 4217 numeric codes: gateway webhooks name the currency by number ("682" for SAR).
import type { CurrencyCode } from '../../contract/money';

export const numericCurrency: Record<CurrencyCode, string> = {
  AED: '784', AUD: '036', BHD: '048', CAD: '124', CHF: '756', CNY: '156', EGP: '818', EUR: '978',
  GBP: '826', INR: '356', IQD: '368', JOD: '400', JPY: '392', KRW: '410', KWD: '414', LBP: '422',
  LYD: '434', MAD: '504', OMR: '512', PKR: '586', QAR: '634', SAR: '682', TND: '788', TRY: '949',
  USD: '840',
};

const byNumber = new Map(Object.entries(numericCurrency).map(([alpha, num]) => [num, alpha as CurrencyCode]));

/** "682", "SAR" or "sar" to SAR; undefined for anything else. */
export function currencyFromCode(code: string | undefined): CurrencyCode | undefined {
  if (!code) return undefined;
  const upper = code.trim().toUpperCase();
  if (upper in numericCurrency) return upper as CurrencyCode;
  return byNumber.get(upper.padStart(3, '0'));
}
