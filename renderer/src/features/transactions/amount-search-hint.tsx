// A search that found nothing for digits (an amount, a card's last four) says what the search looks
// in (four digits that found something keep their card offer), and offers the filter that finds them with one press: four digits, the payments of the card
// ending in them (support's most common call: "my card ending 4242 was charged twice"); an amount,
// the payments of that amount. The filters (under "More filters", an amount with a currency) took
// three or four steps to find.
import { amountAsTyped, asciiAmountText, formatMinor, isCurrencyCode, parseSearchAmount, type CurrencyCode } from '../../../../contract/money';
import { cardLast4Pattern } from '../../../../contract/card';
import { useLanguage, useT } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { useSession } from '../../app/session-store';
import { useTransactions } from './transactions-store';
import { seenCurrencies } from '../../app/seen-currencies';

type AmountOffer = { currency: CurrencyCode; minor: number };

/** The typed amount in each of `currencies` where it is one (above zero, no decimal too many), each once. */
function amountOffers(typed: string, currencies: string[]): AmountOffer[] {
  const offers: AmountOffer[] = [];
  for (const currency of new Set(currencies)) {
    if (!isCurrencyCode(currency)) continue;
    const parsed = parseSearchAmount(typed, currency);
    if (parsed.ok && parsed.minor > 0) offers.push({ currency, minor: parsed.minor });
  }
  return offers;
}

/** `onMoved`: the search's digits went to a filter (the search is emptied). */
export function AmountSearchHint({ query, onMoved }: { query: string; onMoved: () => void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { filter, total, setFilter } = useTransactions();
  const defaultCurrency = useSession((s) => s.profile?.defaultCurrency);
  const typed = query.trim();
  // Arabic-Indic digits and the Arabic decimal and thousands separators read as the forms read them.
  const ascii = asciiAmountText(typed);
  // Said of the list shown: main has answered this search.
  if (total === undefined || !/^[\d.,\s]+$/.test(ascii) || (filter.query ?? '') !== typed) return null;
  const last4 = cardLast4Pattern.test(ascii) ? ascii : undefined;
  const byCard = () => {
    setFilter({ query: undefined, cardLast4: last4 });
    onMoved();
  };
  const cardButton = last4 !== undefined && <button type="button" className="link" onClick={byCard} data-testid="search-by-card">{t('tx.search.byCard', { last4 })}</button>;
  // Four digits that found something (in a phone or an order id, common in a large ledger) may
  // still be a card's end: the offer stays, without the sentence about what the search looks in.
  if (total !== 0) return cardButton ? <p className="field-hint search-offer" data-testid="amount-search-hint">{cardButton}</p> : null;
  // The currency chosen in the filter; otherwise each currency the lists have shown payments in, the
  // profile's first, where the digits are an amount at all: "12.500" is KWD or BHD, "15000" JPY too.
  const profileCurrency = defaultCurrency && isCurrencyCode(defaultCurrency) ? defaultCurrency : 'SAR';
  const currencies = filter.currency ? [filter.currency] : [profileCurrency, ...seenCurrencies()];
  const offers = amountAsTyped.test(ascii) ? amountOffers(typed, currencies) : [];
  const byAmount = ({ currency, minor }: AmountOffer) => {
    const exact = formatMinor(minor, currency);
    setFilter({ query: undefined, currency, minAmount: exact, maxAmount: exact });
    onMoved();
  };
  return (
    <p className="field-hint search-offer" data-testid="amount-search-hint">
      {t('tx.search.notAmounts')}
      {cardButton && <> {cardButton}</>}
      {offers.map((offer) => <span key={offer.currency}> <button type="button" className="link" onClick={() => byAmount(offer)} data-testid="search-by-amount">{t('tx.search.byAmount', { amount: formatAmount(offer.minor, offer.currency, language) })}</button></span>)}
    </p>
  );
}
