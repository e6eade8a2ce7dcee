// Card-number checks shared by the virtual terminal's form and main's validation.

/** A 12 to 19 digit number that passes the Luhn check (digits only, no spaces). */
export function luhnOk(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card's brand read from its first digits (the ledger keeps the first six only); 'none': no card known. */
export const cardBrands = ['visa', 'mastercard', 'amex', 'other', 'none'] as const;
export type CardBrand = (typeof cardBrands)[number];

/**
 * A card's last four digits as the list's "Card ends in" filter takes them, after Arabic-Indic
 * digits are read as ASCII (contract/digits.ts): exactly four, as the ledger keeps them (never more
 * of the number). Shared by the filter's field and main's check of the filter.
 */
export const cardLast4Pattern = /^[0-9]{4}$/;

/**
 * Whether a text a person typed holds a card number: a run of 13 to 19 digits (single spaces or
 * dashes between them allowed, as numbers are written) that passes the Luhn check. For free text
 * (a refund's reason, a description), which the ledger keeps; not for ids and tax numbers, whose
 * long digit runs pass the check one time in ten.
 */
export function holdsCardNumber(text: string): boolean {
  for (const run of text.match(/\d(?:[ -]?\d){12,18}/g) ?? []) {
    const digits = run.replace(/[ -]/g, '');
    if (digits.length >= 13 && luhnOk(digits)) return true;
  }
  return false;
}

/** What stands in a log line or an audit entry where a card number was (main's redact); the audit screen words it in the reader's language. */
export const cardNumberRemoved = '[card number removed]';
