// The list's order, said in words ("Date, newest first"): arrows alone ("Date ↓") were read as
// "downwards arrow" and left a new user guessing. It sits beside the count it orders, not in the
// filter row: its words are wider than the arrows, and there the row took a second line at 1280 px.
import { useT } from '../../i18n';
import { useTransactions, type PaymentSort } from './transactions-store';

/** The choices, each field's usual order first (dates and amounts the newest and largest, names A to Z). */
const sortChoices: Array<[PaymentSort['by'], PaymentSort['direction']]> = [
  ['createdAt', 'desc'], ['createdAt', 'asc'], ['amount', 'desc'], ['amount', 'asc'], ['orderId', 'asc'], ['orderId', 'desc'],
  ['state', 'desc'], ['state', 'asc'], ['customer', 'asc'], ['customer', 'desc'],
];

export function SortControl() {
  const t = useT();
  const sort = useTransactions((s) => s.sort);
  const setSort = useTransactions((s) => s.setSort);
  return (
    <div className="tx-sort">
      <label htmlFor="tx-sort">{t('tx.sort')}</label>
      <select id="tx-sort" value={`${sort.by}:${sort.direction}`} onChange={(e) => {
        const [by, direction] = e.target.value.split(':') as [PaymentSort['by'], PaymentSort['direction']];
        setSort({ by, direction });
      }}>
        {sortChoices.map(([by, direction]) => <option key={`${by}:${direction}`} value={`${by}:${direction}`}>{t(`tx.sort.${by}.${direction}`)}</option>)}
      </select>
    </div>
  );
}
