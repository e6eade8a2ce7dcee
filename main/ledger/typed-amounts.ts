// An amount typed into a search ("12.5", "12.500", "12,500.000", "١٢٫٥", "12.5 KWD", "KWD 12.5")
// as the exact amounts it names: integer minor units per currency, read by the forms' own parser
// (contract/money.ts parseSearchAmount), never through a float. Without a currency code, every currency
// in which the amount is exact (12.5: 12500 fils KWD, 1250 cents USD; not JPY). Digits without a
// decimal separator are whole units, as in the forms: "12500" is 12,500.000 KWD, never 12.500.
// The audit screen's search (audit-query.ts, pg-audit-reads.ts) matches entries of these amounts.
import { amountAsTyped, asciiAmountText, currencyCodes, exponentOf, isCurrencyCode, parseSearchAmount, type CurrencyCode } from '../../contract/money';

export type TypedAmount = { currency: CurrencyCode; minor: number };

/** The currency with the most decimals (3: thousandths): an amount is read once at its scale. */
const finest = currencyCodes.reduce((a, b) => (exponentOf(b) > exponentOf(a) ? b : a));

/** The exact amounts `text` names (none when it is not an amount as a person types one). */
export function typedAmounts(text: string): TypedAmount[] {
  const typed = asciiAmountText(text);
  // A currency code before or after the digits, spaces between optional ("kwd 12.5", "12.5KWD").
  const before = /^([A-Za-z]{3})\s*(\S+)$/.exec(typed);
  const after = /^(\S+?)\s*([A-Za-z]{3})$/.exec(typed);
  const [code, digits] = before ? [before[1]!, before[2]!] : after ? [after[2]!, after[1]!] : [undefined, typed];
  const currency = code?.toUpperCase();
  if (currency !== undefined && !isCurrencyCode(currency)) return [];
  if (!amountAsTyped.test(digits)) return [];
  // Thousandths ("12.500" and "12.5" are the same amount), then each currency's minor units where exact.
  const parsed = parseSearchAmount(digits, finest);
  if (!parsed.ok) return [];
  const amounts: TypedAmount[] = [];
  for (const c of currency ? [currency] : currencyCodes) {
    const step = 10 ** (exponentOf(finest) - exponentOf(c));
    if (parsed.minor % step === 0) amounts.push({ currency: c, minor: parsed.minor / step });
  }
  return amounts;
}
