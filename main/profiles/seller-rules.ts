// Checks the seller details printed on invoices. The VAT registration number follows the
// authority's format (ZATCA): 15 digits, first and last digit 3. The commercial registration
// number (CR) is 10 digits. The Arabic legal name goes into the invoice's QR code, whose
// length byte allows 255 bytes of UTF-8.
import type { SellerDetails } from '../../contract/methods/profiles';
import type { Reason } from '../../contract/reasons';
import { fieldFailure, reason } from '../core/fail';

const asciiDigits = (text: string) => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf)).replace(/[\s-]/g, '');
export const maxLogoBytes = 200 * 1024;

export function vatNumberProblem(value: string): Reason | undefined {
  const digits = asciiDigits(value);
  if (!/^\d{15}$/.test(digits)) return reason('seller.vatDigits');
  if (!digits.startsWith('3') || !digits.endsWith('3')) return reason('seller.vatThrees');
  return undefined;
}

export function cleanSeller(input: SellerDetails): SellerDetails {
  const fields: Record<string, Reason> = {};
  const legalNameAr = input.legalNameAr.trim();
  const legalNameEn = input.legalNameEn.trim();
  const address = input.address.trim();
  if (!legalNameAr) fields.legalNameAr = reason('seller.nameAr');
  else if (Buffer.byteLength(legalNameAr, 'utf8') > 255) fields.legalNameAr = reason('seller.nameArTooLong');
  if (!legalNameEn) fields.legalNameEn = reason('seller.nameEn');
  else if (legalNameEn.length > 200) fields.legalNameEn = reason('seller.nameEnTooLong');
  const vat = vatNumberProblem(input.vatNumber);
  if (vat) fields.vatNumber = vat;
  const cr = asciiDigits(input.crNumber);
  if (!/^\d{10}$/.test(cr)) fields.crNumber = reason('seller.crDigits');
  if (!address) fields.address = reason('seller.address');
  let logo = input.logo?.trim() || null;
  if (logo) {
    const match = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+=*)$/.exec(logo);
    if (!match) fields.logo = reason('seller.logoType');
    else if (Buffer.from(match[2]!, 'base64').length > maxLogoBytes) fields.logo = reason('seller.logoSize');
    if (fields.logo) logo = null;
  }
  if (Object.keys(fields).length) throw fieldFailure('invalid_input', fields);
  return { legalNameAr, legalNameEn, vatNumber: asciiDigits(input.vatNumber), crNumber: cr, address, logo };
}
