// An amount typed into a search as the exact amounts it names (main/ledger/typed-amounts.ts):
// integer minor units per currency, read by the forms' parser, never through a float.
import { expect, it } from 'vitest';
import { currencyCodes } from '../../contract/money';
import { typedAmounts } from '../../main/ledger/typed-amounts';

const inSome = (text: string) => Object.fromEntries(typedAmounts(text).filter((a) => ['KWD', 'USD', 'JPY'].includes(a.currency)).map((a) => [a.currency, a.minor]));

it('reads 12.5 however it is typed as 12500 fils KWD and 1250 cents USD, and not JPY', () => {
  for (const text of ['12.5', '12.500', '12.50', '١٢٫٥', '۱۲٫۵۰۰', ' 12.5 ']) expect({ text, amounts: inSome(text) }).toEqual({ text, amounts: { KWD: 12_500, USD: 1_250 } });
  // Every currency with decimals, none without.
  expect(typedAmounts('12.5').map((a) => a.currency)).toEqual(currencyCodes.filter((c) => !['JPY', 'KRW'].includes(c)));
});

it('reads digits without a decimal point as whole units, thousands grouped or not', () => {
  for (const text of ['12500', '12,500', '12,500.000', '١٢٬٥٠٠', '12,500.00']) expect({ text, amounts: inSome(text) }).toEqual({ text, amounts: { KWD: 12_500_000, USD: 1_250_000, JPY: 12_500 } });
  expect(typedAmounts('12500')).toHaveLength(currencyCodes.length);
});

it('keeps to the currency typed before or after the amount, in any case, with or without a space', () => {
  for (const text of ['12.5 KWD', 'KWD 12.5', 'kwd12.5', '12.500KWD', '١٢٫٥ KWD']) expect({ text, amounts: typedAmounts(text) }).toEqual({ text, amounts: [{ currency: 'KWD', minor: 12_500 }] });
  expect(typedAmounts('USD 12.500')).toEqual([{ currency: 'USD', minor: 1_250 }]);
  expect(typedAmounts('12.5 JPY')).toEqual([]);
  expect(typedAmounts('12.345 USD')).toEqual([]);
});

it('finds no amount in other text: order ids, a card\'s last four, signs, words, decimal commas', () => {
  for (const text of ['', 'PD-2025', '0008', '-12.5', 'abc 12', 'XYZ 12.5', '12.5 KWD USD', '12,50', '12.5000', '1.2.3', '12 500', 'refund']) expect({ text, amounts: typedAmounts(text) }).toEqual({ text, amounts: [] });
});
