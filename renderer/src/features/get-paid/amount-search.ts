// A links search typed as an amount ("125.50", "12.345", "١٢٫٣٤٥"): main's text search looks in
// order references, names, e-mails and phones, and its amount filter needs a currency. So the list
// also asks for that exact amount in each currency its links were seen in (and the profile's), where
// the amount can be written at all (12.345 is no SAR amount), and shows those matches too.
import { amountAsTyped, asciiAmountText, formatMinor, isCurrencyCode, parseSearchAmount } from '../../../../contract/money';
import type { PaymentFilter } from '../../../../contract/methods/payments';

/** One exact-amount filter per currency the typed amount can be in; none for a text that is no amount. */
export function amountFilters(query: string, currencies: Iterable<string>): PaymentFilter[] {
  if (!amountAsTyped.test(asciiAmountText(query))) return [];
  const filters: PaymentFilter[] = [];
  for (const currency of new Set(currencies)) {
    if (!isCurrencyCode(currency)) continue;
    const parsed = parseSearchAmount(query, currency);
    if (!parsed.ok || parsed.minor <= 0) continue;
    const exact = formatMinor(parsed.minor, currency);
    filters.push({ currency, minAmount: exact, maxAmount: exact });
  }
  return filters;
}
