// A search that found nothing for digits (an amount, a card's last four) says what the search looks
// in, and an amount gets a button that lists the payments of that amount: a caller gives the amount
// first, and the amount fields (under "More filters", with a currency) took four steps to find.
import { formatMinor, isCurrencyCode, parseAmount, type CurrencyCode } from '../../../../contract/money';
import { useLanguage, useT } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { useSession } from '../../app/session-store';
import { useTransactions } from './transactions-store';

/** Digits as an amount is typed: 200, 200.50, 1,250.50 (no leading zero: "0008" is a card's last four). */
const amountLike = /^(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*|0)(?:\.\d+)?$/;

export function AmountSearchHint({ query, onAmount }: { query: string; onAmount: () => void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { filter, total, setFilter } = useTransactions();
  const defaultCurrency = useSession((s) => s.profile?.defaultCurrency);
  const typed = query.trim();
  // Said of the list shown: main has answered this search, and it found nothing.
  if (total !== 0 || !/^[\d.,\s]+$/.test(typed) || (filter.query ?? '') !== typed) return null;
  const currency: CurrencyCode = (filter.currency as CurrencyCode | undefined) ?? (defaultCurrency && isCurrencyCode(defaultCurrency) ? defaultCurrency : 'SAR');
  const parsed = amountLike.test(typed) ? parseAmount(typed, currency) : undefined;
  const minor = parsed?.ok && parsed.minor > 0 ? parsed.minor : undefined;
  const byAmount = () => {
    const exact = formatMinor(minor!, currency);
    setFilter({ query: undefined, currency, minAmount: exact, maxAmount: exact });
    onAmount();
  };
  return (
    <p className="field-hint" data-testid="amount-search-hint">
      {t('tx.search.notAmounts')}
      {minor !== undefined && <> <button type="button" className="link" onClick={byAmount} data-testid="search-by-amount">{t('tx.search.byAmount', { amount: formatAmount(minor, currency, language) })}</button></>}
    </p>
  );
}
