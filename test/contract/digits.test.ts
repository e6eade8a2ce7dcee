// Digits typed on an Arabic keyboard are the same digits: the amount, the phone, the card and the
// ID numbers read them through one function, so none of them refuses what another accepts.
import { describe, expect, it } from 'vitest';
import { toAsciiDigits } from '../../contract/digits';

describe('toAsciiDigits', () => {
  it('reads every Arabic-Indic and every Eastern Arabic-Indic (Persian) digit as its ASCII digit', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('leaves everything else as it was: signs, spaces, separators, letters, ASCII digits', () => {
    expect(toAsciiDigits('+٩٦٦ ٥٠ (١٢٣) ٤٥-٦٧')).toBe('+966 50 (123) 45-67');
    expect(toAsciiDigits('١٢٣٫٤٥')).toBe('123\u066B45'); // the decimal separator is the amount's business
    expect(toAsciiDigits('ID ٧٨ab 90')).toBe('ID 78ab 90');
    expect(toAsciiDigits('')).toBe('');
  });

  it('changes no character next to the digits’ blocks (U+065F, U+066A, U+06EF, U+06FA)', () => {
    expect(toAsciiDigits('\u065F\u066A\u06EF\u06FA')).toBe('\u065F\u066A\u06EF\u06FA');
  });
});
