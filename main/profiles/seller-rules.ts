// Checks the seller details printed on invoices. The VAT registration number follows the
// authority's format (ZATCA): 15 digits, first and last digit 3. The commercial registration
// number (CR) is 10 digits. The Arabic legal name goes into the invoice's QR code, whose
// length byte allows 255 bytes of UTF-8.
import type { SellerDetails } from '../../contract/methods/profiles';
import { AppFailure } from '../../contract/result';

const asciiDigits = (text: string) => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf)).replace(/[\s-]/g, '');
export const maxLogoBytes = 200 * 1024;

export function vatNumberProblem(value: string): string | undefined {
  const digits = asciiDigits(value);
  if (!/^\d{15}$/.test(digits)) return 'The VAT registration number has 15 digits.';
  if (!digits.startsWith('3') || !digits.endsWith('3')) return 'A Saudi VAT registration number starts and ends with 3.';
  return undefined;
}

export function cleanSeller(input: SellerDetails): SellerDetails {
  const fields: Record<string, string> = {};
  const legalNameAr = input.legalNameAr.trim();
  const legalNameEn = input.legalNameEn.trim();
  const address = input.address.trim();
  if (!legalNameAr) fields.legalNameAr = 'Enter the legal name in Arabic.';
  else if (Buffer.byteLength(legalNameAr, 'utf8') > 255) fields.legalNameAr = 'The Arabic name is too long for the invoice QR code (at most 255 bytes, about 120 letters).';
  if (!legalNameEn) fields.legalNameEn = 'Enter the legal name in English.';
  else if (legalNameEn.length > 200) fields.legalNameEn = 'At most 200 characters.';
  const vat = vatNumberProblem(input.vatNumber);
  if (vat) fields.vatNumber = vat;
  const cr = asciiDigits(input.crNumber);
  if (!/^\d{10}$/.test(cr)) fields.crNumber = 'The commercial registration number has 10 digits.';
  if (!address) fields.address = 'Enter the address.';
  let logo = input.logo?.trim() || null;
  if (logo) {
    const match = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+=*)$/.exec(logo);
    if (!match) fields.logo = 'The logo must be a PNG or JPEG image.';
    else if (Buffer.from(match[2]!, 'base64').length > maxLogoBytes) fields.logo = 'The logo is larger than 200 KB.';
    if (fields.logo) logo = null;
  }
  if (Object.keys(fields).length) throw new AppFailure('invalid_input', Object.values(fields)[0]!, { fields });
  return { legalNameAr, legalNameEn, vatNumber: asciiDigits(input.vatNumber), crNumber: cr, address, logo };
}
