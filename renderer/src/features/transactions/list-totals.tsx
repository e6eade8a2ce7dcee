// Under the list's count: the sums per currency of every payment the filter matches (not only the
// rows loaded), as the payments CSV of the same filter adds them up. Asked once the list's first
// page is in (main makes them after it, in the background: ledger/list-totals.ts), asked again
// for each new list (a filter, a sort, a change main announced), and shown only for the list they
// were asked for: meanwhile "Adding up the totals…", never the figures of another filter.
// Main sums each profile apart: a list of several profiles' payments shows each profile's money on
// its own, the profile in use first, so a practice or sandbox profile's test payments are never
// read as the production profile's (or the sandbox's as the practice's).
import { Fragment, useEffect, useState } from 'react';
import type { MethodOutput } from '../../../../contract/methods';
import type { CurrencyCode } from '../../../../contract/money';
import type { PaymentFilter } from '../../../../contract/methods/payments';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useLanguage, useT } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { useWordedError } from '../../i18n/words';
import { useSession } from '../../app/session-store';
import { ProfileCell } from './profile-cell';
import { useProfileList } from '../settings/settings-store';
import { useTransactions } from './transactions-store';
import './list-totals.css';

type Totals = MethodOutput<'listTotals'>['currencies'];
type Answer = { list: number; filter: string; currencies?: Totals; error?: AppError };
type ProfileTotals = { profileId: string; environment: string | null; currencies: Totals };
/**
 * Profiles named on the one line above the list; the others are counted there and each has its rows
 * in the table the line opens. With a franchise's twenty branches the line was sixteen lines of
 * figures at 1366 × 768 and pushed the list's first row out of the window (walk37).
 */
const profilesOnLine = 3;

/**
 * The answer's currencies grouped by profile, each with its environment from the profiles' list (null
 * for a removed profile: named as removed, without a badge): the profile in use first, then by how
 * many payments each lists.
 */
export function byProfile(currencies: Totals, activeId: string | undefined, profiles: ReadonlyArray<{ id: string; environment: string }>): ProfileTotals[] {
  const groups = new Map<string, ProfileTotals>();
  for (const c of currencies) {
    const group = groups.get(c.profileId) ?? { profileId: c.profileId, environment: profiles.find((p) => p.id === c.profileId)?.environment ?? null, currencies: [] };
    group.currencies.push(c);
    groups.set(c.profileId, group);
  }
  const count = (g: ProfileTotals) => g.currencies.reduce((n, c) => n + c.payments, 0);
  return [...groups.values()].sort((a, b) => Number(b.profileId === activeId) - Number(a.profileId === activeId) || count(b) - count(a));
}

/** The Transactions list's totals: its filter, asked for each new list (its generation) once its first page is in. */
export function ListTotals() {
  const { filter, generation, firstPageIn, total } = useTransactions();
  return <FilterTotals filter={filter} list={generation} ready={firstPageIn === generation} total={total} />;
}

/**
 * The totals of `filter`, asked once `ready` (the list's page is in) for the list numbered `list`
 * (a new number for each new list: another filter, a change main announced), and drawn only for
 * that list. Nothing when the list is empty.
 */
export function FilterTotals({ filter, list, ready, total, of = 'payments' }: { filter: PaymentFilter; list: number; ready: boolean; total: number | undefined; of?: 'payments' | 'links' }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const wordError = useWordedError();
  const activeId = useSession((s) => s.profile?.id);
  // The header's list of profiles (settings-store.ts), not asked of main again.
  const profiles = useProfileList();
  const [answer, setAnswer] = useState<Answer>();
  const filterKey = JSON.stringify(filter);

  useEffect(() => {
    if (!ready || !total) return;
    let current = true;
    void api.listTotals({ filter }).then((result) => {
      // Another list since (or a newer call stopped this one on main): its own answer will come.
      if (!current) return;
      if (!result.ok) return setAnswer({ list, filter: filterKey, error: result.error });
      if (!result.value.stopped) setAnswer({ list, filter: filterKey, currencies: result.value.currencies });
    });
    return () => void (current = false);
    // The filter is the list's: a new filter is a new list.
  }, [ready, list, total === 0]);

  if (!total) return null;
  const own = ready && answer?.list === list ? answer : undefined;
  // The same filter read again (a change main announced; every few seconds on a busy ledger): its
  // figures before stay, the table open if it was, until the new ones come. "Adding up the totals…"
  // in their place shut the table a finance person was reading every 15 s (walk17).
  const mine = own ?? (answer?.filter === filterKey && !answer.error ? answer : undefined);
  if (!mine && !ready) return null;
  if (!mine) return <p className="tx-totals" role="status" aria-busy="true" data-testid="tx-totals">{t('tx.totals.counting')}</p>;
  if (mine.error) return <p className="tx-totals" role="status" data-testid="tx-totals">{t('tx.totals.failed', { reason: wordError(mine.error).message })}</p>;
  // Isolated left to right: the code and digits keep their order inside Arabic text.
  const amount = (minor: number, currency: string) => `\u2066${formatAmount(minor, currency as CurrencyCode, language)}\u2069`;
  const notKnown = mine.currencies!.filter((c) => c.refundsNotKnown > 0);
  const capturesNotKnown = mine.currencies!.filter((c) => c.capturesNotKnown > 0);
  const groups = byProfile(mine.currencies!, activeId, profiles);
  // Named whenever a figure is not the profile in use's alone: several profiles, or another profile's
  // payments only (a sandbox in use, last month's practice payments listed).
  const several = groups.length > 1 || (activeId !== undefined && groups.some((g) => g.profileId !== activeId));
  const nets = (currencies: Totals) => currencies.map((c, i) => (
    <Fragment key={c.currency}>
      {i > 0 && ' · '}
      <span className="tx-totals-amount" data-currency={c.currency}>{amount(c.capturedMinor - c.refundedMinor, c.currency)}</span>
    </Fragment>
  ));
  const lineLabel = of === 'links' ? (several ? 'tx.totals.netLine.links.perProfile' : 'tx.totals.netLine.links') : (several ? 'tx.totals.netLine.perProfile' : 'tx.totals.netLine');
  return (
    <div className="tx-totals" data-testid="tx-totals" aria-busy={mine !== own || undefined}>
      {/* One line, each currency's net whole (wrapping between currencies), and it is the fold's own
          line: a press on it opens the table of captured and refunded under it. A line of its own for
          the fold pushed the list's first row out of the window at 800 × 600 (e2e authorised-held-800).
          Several profiles: each profile's nets after its name, never added together. */}
      <details className="tx-totals-details">
        <summary title={t('tx.totals.details')}>
          <span className="tx-totals-line" role="status" data-testid="tx-totals-line">
            <span className="tx-totals-label">{t(lineLabel)}</span>{' '}
            {/* The dot between amounts, outside them: the line breaks there, never inside an amount. */}
            {several
              ? groups.slice(0, profilesOnLine).map((g, i) => (
                <Fragment key={g.profileId}>
                  {i > 0 && ' — '}
                  <span className="tx-totals-profile" data-profile={g.profileId}>
                    <span className="tx-totals-profile-name"><ProfileCell profileId={g.profileId} environment={g.environment} /></span>{' '}
                    {nets(g.currencies)}
                  </span>
                </Fragment>
              ))
              : nets(mine.currencies!)}
            {groups.length > profilesOnLine && <> — <span data-testid="tx-totals-more">{t('tx.totals.moreProfiles', { count: groups.length - profilesOnLine })}</span></>}
          </span>
        </summary>
        <table className="tx-totals-table">
          <caption>{t(of === 'links' ? 'tx.totals.caption.links' : 'tx.totals.caption')}</caption>
          <thead>
            <tr>
              {several && <th scope="col">{t('tx.totals.profile')}</th>}
              <th scope="col">{t('tx.totals.currency')}</th>
              <th scope="col">{t(of === 'links' ? 'tx.totals.links' : 'tx.totals.payments')}</th>
              <th scope="col">{t('tx.totals.captured')}</th>
              <th scope="col">{t('tx.totals.refunded')}</th>
              <th scope="col">{t('tx.totals.net')}</th>
            </tr>
          </thead>
          <tbody>
            {groups.flatMap((g) => g.currencies.map((c) => (
              <tr key={`${g.profileId} ${c.currency}`} data-currency={c.currency} data-profile={several ? g.profileId : undefined}>
                {several && <td><ProfileCell profileId={g.profileId} environment={g.environment} /></td>}
                <th scope="row">{c.currency}</th>
                {/* How many took money beside how many are listed: a declined payment is listed, never "paid" (walk13). */}
                <td data-figure="payments">{t(of === 'links' ? 'tx.totals.linksPaid' : 'tx.totals.paymentsCaptured', { count: c.payments, captured: c.capturedPayments })}</td>
                <td data-figure="captured">{amount(c.capturedMinor, c.currency)}</td>
                <td data-figure="refunded">{amount(c.refundedMinor, c.currency)}</td>
                <td data-figure="net">{amount(c.capturedMinor - c.refundedMinor, c.currency)}</td>
              </tr>
            )))}
          </tbody>
        </table>
      </details>
      {notKnown.map((c) => <p key={`${c.profileId} ${c.currency}`} className="field-hint" data-testid="tx-totals-not-known">{t('tx.totals.notKnown', { currency: c.currency, count: c.refundsNotKnown })}</p>)}
      {/* Captured at the gateway's dashboard, how much not told: "Net SAR 0.00" alone read as nothing taken (walk35). */}
      {capturesNotKnown.map((c) => <p key={`${c.profileId} ${c.currency}`} className="field-hint" data-testid="tx-totals-captures-not-known">{t('tx.totals.capturesNotKnown', { currency: c.currency, count: c.capturesNotKnown })}</p>)}
    </div>
  );
}
