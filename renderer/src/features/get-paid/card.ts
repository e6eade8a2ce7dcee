// Card number helpers for the Card payment screen: Luhn check, brand from the leading digits, the
// security code's length by brand, what a paste gives, and the masked form (first six, last four)
// that is all that remains once the sale is sent.
import { luhnOk } from '../../../../contract/card';
import { toAsciiDigits } from '../../../../contract/digits';

export { luhnOk };

export function digitsOf(text: string): string {
  return text.replace(/[\s-]/g, '');
}

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

/**
 * The security code's length the card's scheme sets (American Express 4 on the front, the others 3
 * on the back), or null when Paydesk is not sure of the brand: then 3 or 4 are taken and the
 * gateway judges. Only a whole, valid number is trusted for its brand.
 */
export function cvvLengthOf(digits: string): 3 | 4 | null {
  if (!luhnOk(digits)) return null;
  const brand = brandOf(digits);
  return brand === 'amex' ? 4 : brand ? 3 : null;
}

/**
 * The security code as edited, or null when the field refuses the edit: digits only (Arabic-Indic
 * read as ASCII, spaces around a pasted code dropped), at most 4. Typing never grows it past the
 * brand's length once the number tells it (Amex 4, the others 3). A paste goes in whole, and a
 * code already longer (a 4th digit typed before the number was whole) is kept: never cut behind
 * the person's back, the field says what is wrong (`cvvTooLong`) and they take a digit away.
 */
export function editedCvv(edited: string, before: string, cardDigits: string, how: 'typed' | 'pasted'): string | null {
  const code = toAsciiDigits(edited).replace(/\s/g, '');
  if (!/^\d{0,4}$/.test(code)) return null;
  if (how === 'pasted' || code.length <= before.length) return code;
  return code.length <= (cvvLengthOf(cardDigits) ?? 4) ? code : null;
}

/** The code is longer than the brand's (typed or pasted before the number told the brand): said at once. */
export function cvvTooLong(cvv: string, cardDigits: string): boolean {
  const most = cvvLengthOf(cardDigits);
  return most !== null && cvv.length > most;
}

/**
 * What a paste into the card number field gives (the pasted text with ASCII digits). Digits alone
 * go in as the browser puts them, or, when that would pass 19 digits, a whole number replaces the
 * field. A paste with words ("Card: 4111 …", "… exp 01/39") gives its one run of 12 to 19 digits,
 * said to the person ('taken'); with none or several, nothing is pasted ('refused'), never a part.
 */
export type PastedNumber = { kind: 'insert' } | { kind: 'whole' | 'taken'; digits: string } | { kind: 'refused' };
export function numberFromPaste(pasted: string, fieldAfterInsert: string): PastedNumber {
  const wholeNumber = (digits: string) => digits.length >= 12 && digits.length <= 19;
  if (/^[\d\s-]*$/.test(pasted)) {
    if (digitsOf(fieldAfterInsert).length <= 19) return { kind: 'insert' };
    return wholeNumber(digitsOf(pasted)) ? { kind: 'whole', digits: digitsOf(pasted) } : { kind: 'refused' };
  }
  // Digits written in groups (single spaces or dashes between them) are one run; a word, "/" or a line ends it.
  const runs = (pasted.match(/\d(?:[ \u00a0-]?\d)*/g) ?? []).map(digitsOf).filter(wholeNumber);
  return runs.length === 1 ? { kind: 'taken', digits: runs[0]! } : { kind: 'refused' };
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
