// The list's "Card ends in" filter as main checks it on both ledgers: the renderer's field checks
// it too, but IPC input is untrusted, so a value that is not four digits is refused in words next
// to the field, never matched as text. Arabic-Indic digits read as ASCII, as the field reads them.
import { cardLast4Pattern } from '../../contract/card';
import { toAsciiDigits } from '../../contract/digits';
import { failField } from '../core/fail';

/** The filter's four digits as the ledger keeps them (`card_last4`), or a field failure. */
export function cardLast4Of(text: string): string {
  const digits = toAsciiDigits(text.trim());
  if (!cardLast4Pattern.test(digits)) throw failField('invalid_input', 'cardLast4', 'ledger.cardLast4Digits');
  return digits;
}
