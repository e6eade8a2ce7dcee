// Card number helpers for the virtual terminal: Luhn check, brand from the leading digits, and
// the masked form (first six, last four) that is all that remains once the sale is sent.
export function digitsOf(text: string): string {
  return text.replace(/[\s-]/g, '');
}

export { luhnOk } from '../../../../contract/card';

export type Brand = 'visa' | 'mastercard' | 'amex' | 'mada' | 'discover' | 'jcb' | 'unionpay' | null;

export function brandOf(digits: string): Brand {
  if (/^4/.test(digits)) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return null;
}

/** Groups of four for reading back to the customer (Amex: 4-6-5). */
export function groupDigits(digits: string): string {
  if (brandOf(digits) === 'amex') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function maskCard(digits: string): string {
  if (digits.length < 10) return '';
  return `${digits.slice(0, 6)}${'•'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}
