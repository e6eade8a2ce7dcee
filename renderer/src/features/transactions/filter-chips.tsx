// The folded filters that are on, said while "More filters" is folded: one small button each
// ("Currency: SAR ×"), which takes that filter off. A list opened from Home (a figure, "Authorised,
// not captured") lands with the filters folded and these in the row, so its first rows are in the
// window; unfolded, the panel's ten fields pushed them below it at 800 × 600 (docs/overview.md).
import type { PaymentFilter } from '../../../../contract/methods/payments';
import { ltrIsolated } from '../../../../contract/amount-words';
import { useLanguage, useT } from '../../i18n';
import { formatDateText } from '../../ui/date-text';
import { profileName } from '../../ui/profile-name';
import { useProfileList } from '../settings/settings-store';
import { fromField, toField } from './date-fields';
import { useTransactions } from './transactions-store';

type Chip = { label: string; value: string; off: Partial<PaymentFilter> };

export function FilterChips({ setFilter, onRemoved }: { setFilter: (patch: Partial<PaymentFilter>) => void; onRemoved(): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const filter = useTransactions((s) => s.filter);
  const profiles = useProfileList();
  const chips: Chip[] = [];
  const add = (on: unknown, label: Parameters<typeof t>[0], value: () => string, off: Partial<PaymentFilter>) => {
    if (on) chips.push({ label: t(label), value: value(), off });
  };
  add(filter.kinds?.length, 'tx.filter.kind', () => filter.kinds!.map((k) => t(`kind.${k}`)).join(language === 'ar' ? '، ' : ', '), { kinds: undefined });
  add(filter.currency, 'tx.filter.currency', () => filter.currency!, { currency: undefined });
  add(filter.from, 'tx.filter.from', () => formatDateText(fromField(filter.from), language), { from: undefined });
  add(filter.to, 'tx.filter.to', () => formatDateText(toField(filter.to), language), { to: undefined });
  add(filter.minAmount, 'tx.filter.min', () => ltrIsolated(filter.minAmount!), { minAmount: undefined });
  add(filter.maxAmount, 'tx.filter.max', () => ltrIsolated(filter.maxAmount!), { maxAmount: undefined });
  add(filter.cardLast4, 'tx.filter.cardLast4', () => ltrIsolated(filter.cardLast4!), { cardLast4: undefined });
  add(filter.profileId, 'tx.filter.profile', () => {
    const profile = profiles.find((p) => p.id === filter.profileId);
    return profile ? profileName(profile, t) : filter.profileId!;
  }, { profileId: undefined });
  return (
    <>
      {chips.map(({ label, value, off }) => {
        // "Currency: SAR", as an export's audit entry words its filters (export-words.ts).
        const words = t('audit.result.exportFilter', { label, value });
        return (
          <button key={label} type="button" className="filter-chip" aria-label={t('tx.chip.remove', { filter: words })} data-testid="filter-chip"
            onClick={() => { setFilter(off); onRemoved(); }}>
            {words}
          </button>
        );
      })}
    </>
  );
}
