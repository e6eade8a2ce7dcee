// An amount's example ("for example 125.500", written with the currency's ISO 4217 decimals) that
// ends an Arabic sentence takes the sentence's full stop after it, drawn at the sentence's end (left
// of the number), as an amount's is (docs/words.md, "A number that ends an Arabic sentence"). The
// screens took it into the number's left-to-right element, so it stood between the number and the
// Arabic words before it ("125.500. مثل"); a path keeps its stop inside its element.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseAmount, type CurrencyCode } from '../../contract/money';
import { isNumberRun } from '../../contract/amount-words';
import { wordReason } from '../../renderer/src/i18n';
import { QuotedWords } from '../../renderer/src/ui/quoted-words';

/** The refusal an amount field and a bulk file's row get for letters typed in `currency`, in Arabic and English. */
function notDigits(currency: CurrencyCode, language: 'ar' | 'en') {
  const parsed = parseAmount('twelve', currency);
  if (parsed.ok) throw new Error('expected a refusal');
  expect(parsed.why.key).toBe('amount.notDigits');
  return { example: String(parsed.why.values?.example), text: wordReason(language, parsed.why)! };
}

/** As the screens draw it: next to a field (QuotedWords), and in a bulk check's narrow cell (its runs whole). */
const drawn = (text: string, wholeRuns: boolean) => renderToStaticMarkup(createElement(QuotedWords, { text, wholeRuns }));

describe.each([['JPY', '125'], ['SAR', '125.50'], ['KWD', '125.500']] as const)('an example amount in %s', (currency, example) => {
  it('ends the Arabic sentence isolated, the sentence’s one full stop after the isolate', () => {
    const worded = notDigits(currency, 'ar');
    expect(worded.example).toBe(example);
    expect(worded.text).toBe(`أدخل المبلغ بالأرقام، مثل \u2066${example}\u2069.`);
    expect(isNumberRun(`\u2066${example}\u2069.`)).toBe(true);
  });

  it.each([false, true])('is drawn with the stop outside the number’s element (runs whole: %s)', (wholeRuns) => {
    const markup = drawn(notDigits(currency, 'ar').text, wholeRuns);
    expect(markup).not.toMatch(/\.<\/bdi>/); // the old form: <bdi dir="ltr">⁦125.500⁩.</bdi>
    expect(markup).not.toContain('dir="ltr"');
    expect(markup.endsWith(`${example}\u2069${wholeRuns ? '</bdi>' : ''}.`)).toBe(true);
  });

  it('reads the same in English: the number, then the stop', () => {
    const { text } = notDigits(currency, 'en');
    expect(text).toBe(`Enter the amount as digits, for example ${example}.`);
    expect(drawn(text, false)).toBe(text);
  });
});

it('leaves a path’s full stop inside its element (it follows the path’s last character as read)', () => {
  expect(isNumberRun('\u2066/tmp/paydesk-1.json\u2069.')).toBe(false);
  expect(drawn('حُفظ في \u2066/tmp/paydesk-1.json\u2069.', false)).toBe('حُفظ في <bdi dir="ltr">\u2066/tmp/paydesk-1.json\u2069.</bdi>');
  // Neither a phone nor an order reference is a number, though made of digits.
  expect(['\u2066+966 501234567\u2069.', '\u2066PD-20261130-AB12\u2069.', '\u20662026-12-31\u2069.'].map(isNumberRun)).toEqual([false, false, false]);
});
