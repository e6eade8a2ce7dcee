// Card payments authorised and not captured: money held on the customer's card that the business
// has not got yet, and that lapses if nobody captures it. Per currency, how many, the amount held
// and how old the oldest is; one press opens the list at exactly those payments (state
// "Authorised", the currency, the overview's scope), oldest first: the hold that lapses first is
// the one to capture first (the list's Sort control says so; later visits are in the person's own
// order again). Those who may capture see it among Home's
// tasks (home-screen.tsx); the others (finance, staff) as a figure of the overview. Nothing is
// drawn when there are none (docs/overview.md, "Authorised, not captured").
// Held in many currencies (7 in the seeded ledger), a line each pushed the rest of Home below the
// fold: past four, the three with the most payments held lead and one line says the rest, which it
// unfolds in place (held-lines.ts).
import { create } from 'zustand';
import type { CurrencyCode } from '../../../../contract/money';
import { useNavigation } from '../../app/navigation-store';
import { useLanguage, useT } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { showPayments, useOverview } from './overview-store';
import { oldestOf, splitHeld, type Held } from './held-lines';
import { oldestFirst } from '../transactions/transactions-store';

const dayMs = 86_400_000;
const daysSince = (at: string) => Math.max(0, Math.floor((Date.now() - Date.parse(at)) / dayMs));

/** Whether the currencies past the first three are shown: kept while the window is open, so back on Home they still are. */
export const useRestShown = create<{ shown: boolean }>(() => ({ shown: false }));

/** The held payments of each currency as a press to their list and the oldest one's age. */
function HeldLine({ held, kind, profileId }: { held: Held; kind: 'task' | 'figure'; profileId?: string }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const go = useNavigation((s) => s.go);
  // An isolated left-to-right run, as every amount: "SAR 150.00" stays whole in Arabic.
  const amount = `\u2066${formatAmount(held.amountMinor, held.currency as CurrencyCode, language)}\u2069`;
  return (
    <li className="held-line" data-currency={held.currency}>
      <button type="button" className={kind === 'figure' ? 'link' : undefined} data-testid={`held-${kind}-${held.currency}`} onClick={() => showPayments({ states: ['authorised'], currency: held.currency, ...(profileId ? { profileId } : {}) }, go, oldestFirst)}>
        {t(kind === 'task' ? 'ov.held.task' : 'ov.held.figure', { count: held.count, amount })}
      </button>{' '}
      · <span data-testid={`held-oldest-${held.currency}`}>{t('ov.held.oldest', { days: daysSince(held.oldestAt) })}</span>
    </li>
  );
}

/**
 * Every currency's line, or past four the leading three, then one line that says how many
 * currencies and payments are left and the oldest of them (counts and ages add up across
 * currencies; amounts never do), and unfolds them under it.
 */
function HeldLines({ kind, of, idp = '' }: { kind: 'task' | 'figure'; of?: Other; idp?: string }) {
  const t = useT();
  const mine = useOverview((s) => s.data?.authorised) ?? [];
  const held = of?.held ?? mine;
  const shown = useRestShown((s) => s.shown);
  const { lead, rest } = splitHeld(held);
  const lines = (list: Held[]) => list.map((x) => <HeldLine key={x.currency} held={x} kind={kind} profileId={of?.profileId} />);
  if (!rest.length) return <>{lines(lead)}</>;
  const payments = t('ov.held.payments', { count: rest.reduce((sum, x) => sum + x.count, 0) });
  const oldest = oldestOf(rest);
  const restId = `${idp}held-rest-${kind}`;
  return (
    <>
      {lines(lead)}
      <li className="held-line held-more">
        <button type="button" className={kind === 'figure' ? 'link held-toggle' : 'held-toggle'} aria-expanded={shown} aria-controls={restId} data-testid={`held-more-${kind}`} onClick={() => useRestShown.setState({ shown: !shown })}>
          {t(kind === 'task' ? 'ov.held.more.task' : 'ov.held.more.figure', { currencies: rest.length, payments })}
        </button>{' '}
        · <span data-testid="held-oldest-more">{t('ov.held.oldest', { days: daysSince(oldest) })}</span>
        <ul className="held-rest" id={restId} hidden={!shown}>{lines(rest)}</ul>
      </li>
    </>
  );
}

/** Among Home's tasks, for those who capture and void. */
export function HeldTasks() {
  return <HeldLines kind="task" />;
}

/** Another profile's held payments (Home's scope "all"): its own lines, each a press to that profile's list. */
type Other = { held: Held[]; profileId: string };

/**
 * In the overview, for those who only see the money; for every role, another profile's (`held`,
 * `profileId`, its ids apart by `idp`) in scope "all".
 */
export function HeldFigure({ held, profileId, idp = '' }: { held?: Held[]; profileId?: string; idp?: string }) {
  const t = useT();
  const mine = useOverview((s) => (s.data?.authorised?.length ?? 0) > 0);
  const any = held ? held.length > 0 : mine;
  if (!any) return null;
  const of = held && profileId ? { held, profileId } : undefined;
  return (
    <section aria-labelledby={`${idp}ov-held-title`} className="ov-held-card" data-testid="ov-held">
      <h3 id={`${idp}ov-held-title`}>{t('ov.held.title')}</h3>
      <ul className="ov-held"><HeldLines kind="figure" of={of} idp={idp} /></ul>
      <p className="field-hint">{t('ov.held.hint')}</p>
    </section>
  );
}
