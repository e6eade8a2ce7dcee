// The S2S request hash, exactly as the interface's section 5 says: reverse(email) + API key +
// reverse(first 6 + last 4 of the card number), upper-cased, MD5, lower-case hex. Reversal is
// by characters (code points), so non-ASCII e-mail addresses reverse as people read them.
import { createHash } from 'node:crypto';

const reverse = (text: string) => Array.from(text).reverse().join('');

export function s2sHash(email: string, apiKey: string, cardNumber: string): string {
  const segments = cardNumber.slice(0, 6) + cardNumber.slice(-4);
  const source = (reverse(email) + apiKey + reverse(segments)).toUpperCase();
  return createHash('md5').update(source, 'utf8').digest('hex');
}
