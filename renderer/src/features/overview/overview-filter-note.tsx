// In the transactions list, says which of the overview's own filters is on (the filter bar has no
// field for them), so a list opened from a figure never hides why it holds what it holds.
import { useT, type MessageKey } from '../../i18n';
import { useTransactions } from '../transactions/transactions-store';

export function OverviewFilterNote() {
  const t = useT();
  const filter = useTransactions((s) => s.filter);
  const notes: string[] = [];
  // Without a state, the State field says it ("Any capture"); with one, only this note does.
  if (filter.withCaptured && filter.states?.length) notes.push(t('ov.filter.captured'));
  if (filter.withRefunded) notes.push(t('ov.filter.refunded'));
  if (filter.cardBrand) notes.push(t('ov.filter.brand', { brand: t(`brand.${filter.cardBrand}` as MessageKey) }));
  if (!notes.length) return null;
  return <p className="field-hint" data-testid="overview-filter-note">{notes.join(' · ')}</p>;
}
