// Card payments authorised and not captured: money held on the customer's card that the business
// has not got yet, and that lapses if nobody captures it. Per currency, how many, the amount held
// and how old the oldest is; one press opens the list at exactly those payments (state
// "Authorised", the currency, the overview's scope). Those who may capture see it among Home's
// tasks (home-screen.tsx); the others (finance, staff) as a figure of the overview. Nothing is
// drawn when there are none (docs/overview.md, "Authorised, not captured").
import type { CurrencyCode } from '../../../../contract/money';
import { useNavigation } from '../../app/navigation-store';
import { useLanguage, useT } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { showPayments, useOverview } from './overview-store';

const dayMs = 86_400_000;
type Held = NonNullable<NonNullable<ReturnType<typeof useOverview.getState>['data']>['authorised']>[number];

/** The held payments of each currency as a press to their list and the oldest one's age. */
function useHeldLines(kind: 'task' | 'figure') {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const go = useNavigation((s) => s.go);
  const held = useOverview((s) => s.data?.authorised) ?? [];
  return held.map((x: Held) => {
    // An isolated left-to-right run, as every amount: "SAR 150.00" stays whole in Arabic.
    const amount = `\u2066${formatAmount(x.amountMinor, x.currency as CurrencyCode, language)}\u2069`;
    const days = Math.max(0, Math.floor((Date.now() - Date.parse(x.oldestAt)) / dayMs));
    return (
      <li key={x.currency} className="held-line" data-currency={x.currency}>
        <button type="button" className={kind === 'figure' ? 'link' : undefined} data-testid={`held-${kind}-${x.currency}`} onClick={() => showPayments({ states: ['authorised'], currency: x.currency }, go)}>
          {t(kind === 'task' ? 'ov.held.task' : 'ov.held.figure', { count: x.count, amount })}
        </button>{' '}
        · <span data-testid={`held-oldest-${x.currency}`}>{t('ov.held.oldest', { days })}</span>
      </li>
    );
  });
}

/** Among Home's tasks, for those who capture and void. */
export function HeldTasks() {
  const lines = useHeldLines('task');
  return <>{lines}</>;
}

/** In the overview, for those who only see the money. */
export function HeldFigure() {
  const t = useT();
  const lines = useHeldLines('figure');
  if (!lines.length) return null;
  return (
    <section aria-labelledby="ov-held-title" className="ov-held-card" data-testid="ov-held">
      <h3 id="ov-held-title">{t('ov.held.title')}</h3>
      <ul className="ov-held">{lines}</ul>
      <p className="field-hint">{t('ov.held.hint')}</p>
    </section>
  );
}
