// The "Card ends in" filter under More filters: a caller's "my card ending 4242". Four digits
// exactly (Arabic-Indic digits read as ASCII), as the ledger keeps a card's end. The list is
// filtered once four digits are typed; anything else is said next to the field (at once for a
// wrong character or a fifth digit, for fewer digits once the field is left) and leaves the list
// not limited by the field, never sent to main, which refuses it too (its words shown the same way).
import { useEffect, useState } from 'react';
import { cardLast4Pattern } from '../../../../contract/card';
import { toAsciiDigits } from '../../../../contract/digits';
import type { PaymentFilter } from '../../../../contract/methods/payments';
import { useT } from '../../i18n';
import { useTransactions } from './transactions-store';

export function CardLast4Field({ setFilter }: { setFilter: (patch: Partial<PaymentFilter>) => void }) {
  const t = useT();
  const chosen = useTransactions((s) => s.filter.cardLast4);
  const refused = useTransactions((s) => s.error?.fields?.cardLast4);
  const [text, setText] = useState(chosen ?? '');
  const [left, setLeft] = useState(false);
  // Set from elsewhere (the search's "List payments of card ending …"): the field shows it.
  useEffect(() => {
    if (chosen !== undefined) setText((typed) => (toAsciiDigits(typed.trim()) === chosen ? typed : chosen));
  }, [chosen]);
  const digits = toAsciiDigits(text.trim());
  const wrong = digits !== '' && !cardLast4Pattern.test(digits) && (left || /\D/.test(digits) || digits.length > 4);
  const onChange = (next: string) => {
    setText(next);
    setLeft(false);
    const typed = toAsciiDigits(next.trim());
    if (cardLast4Pattern.test(typed)) setFilter({ cardLast4: typed });
    else if (chosen !== undefined) setFilter({ cardLast4: undefined });
  };
  const said = wrong ? `${t('tx.filter.cardLast4Digits')} ${t('tx.filter.dateUnset')}` : refused;
  return (
    <div className="field filter-card">
      <label htmlFor="tx-card-last4">{t('tx.filter.cardLast4')}</label>
      <input id="tx-card-last4" inputMode="numeric" dir="ltr" autoComplete="off" value={text} onChange={(e) => onChange(e.target.value)} onBlur={() => setLeft(true)}
        aria-invalid={said ? true : undefined} aria-describedby={said ? 'tx-card-last4-error' : undefined} />
      {said && <p className="field-error" id="tx-card-last4-error">{said}</p>}
    </div>
  );
}
