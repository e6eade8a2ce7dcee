// One or two characters are too short for the index of names, e-mails and phones: main looks for
// order references beginning with them, or a whole transaction id (main/ledger/search.ts, both
// ledgers). "a", typed on the way to a name, said "0 payments" and "No payments match." over a
// million payments (walk17), as if no name held an a. Digits are the amount hint's to explain.
import { useT } from '../../i18n';
import { useTransactions } from './transactions-store';
import { searchedByIndex } from '../../../../contract/text-search';

export function ShortSearchHint({ query }: { query: string }) {
  const t = useT();
  // Only what it reads: the list's rows change at every scroll.
  const searched = useTransactions((s) => s.filter.query ?? '');
  const total = useTransactions((s) => s.total);
  const typed = query.trim();
  const short = typed !== '' && !searchedByIndex(typed) && !/^[\d\u0660-\u0669.,\s]+$/.test(typed);
  // Said of the list shown: main has answered this search, and found nothing.
  if (!short || total !== 0 || searched !== typed) return null;
  return <p className="field-hint search-offer" data-testid="short-search-hint">{t('tx.search.tooShort')}</p>;
}
