// Home's overview, below the day's tasks: money taken, refunded and net per period and currency,
// unpaid links by age, payments needing a person, the settlement export and the charts. Every
// figure is a button that opens the transactions list filtered to exactly its payments; the
// payments needing a person open Needs attention, which also lists those whose answer was lost.
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { CurrencyCode } from '../../../../contract/money';
import type { PaymentFilter } from '../../../../contract/methods/payments';
import { api } from '../../api';
import { useNavigation } from '../../app/navigation-store';
import { firstScreenWaitsFor } from '../../app/first-screen';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { useWordedError, useWords, type Words } from '../../i18n/words';
import { Ltr } from '../../ui/ltr';
import { IsolatedRuns } from '../../ui/isolated-runs';
import { readLocalZone } from '../../i18n/local-zone';
import { ltrIsolated } from '../../../../contract/amount-words';
import { saveFile } from '../../ui/save-file';
import { allDrawn } from './draw-when-seen';
import { daysBetween, firstAllowedFrom, lastAllowedTo, rangeTooLong } from './periods';
import { maxSettlementDays } from '../../../../contract/settlement-days';
import { formatDateText } from '../../ui/date-text';
import { foldFrom, periodIds, showPayments, useOverview, watchOverview, type OtherProfile, type OverviewData } from './overview-store';
import { ProfileCell } from '../transactions/profile-cell';
import { useProfileList } from '../settings/settings-store';
import './overview.css';
import { DateField } from '../../ui/date-field';
import { QuickDates, homeChoices } from '../transactions/quick-dates';
import { fromField, fromInstant, toField, toInstant } from '../transactions/date-fields';
// uPlot's 1.6 KB stylesheet with the page's own, not with the charts' chunk: one request fewer while
// Home's first calls hold the preview's connections, and no stylesheet arriving later to restyle the
// whole page (on a new user's start, while the list the user clicked is drawn).
import 'uplot/dist/uPlot.min.css';
import { QuotedWords } from '../../ui/quoted-words';
import { useTeamRole } from '../settings/team-role';
import { HeldFigure } from './authorised-held';
import { RefundsMade } from './refunds-made';

// The charts and their library (uPlot) are a chunk of their own: Home's first paint and its
// figures never wait for them. The chunk is fetched as soon as Home asks for the figures, and
// shown once both it and the charts' answer are here (not through Suspense: React holds a
// revealed boundary back up to 300 ms after its fallback, which the overview's goal cannot spare).
type Charts = ComponentType<{ data: NonNullable<ReturnType<typeof useOverview.getState>['charts']>; open: (filter: PaymentFilter) => void; idp?: string }>;
let chartsModule: Promise<Charts> | undefined;
const loadCharts = () => (chartsModule ??= import('./overview-charts').then((m) => m.OverviewCharts));

const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function OverviewSection({ profileId }: { profileId: string }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const go = useNavigation((s) => s.go);
  // Who may capture has the held payments among Home's tasks; the others read them here.
  const mayCapture = useTeamRole((s) => s.mayMoveMoney);
  const { data, charts, ranges, scope, chosen, error, others, opened } = useOverview();
  // The header's list of profiles: scope "all" names each profile's figures and asks each apart.
  const profiles = useProfileList();
  const environmentOf = (id: string) => profiles.find((p) => p.id === id)?.environment ?? null;
  const profileIds = profiles.map((p) => p.id).join(' ');
  // The export's end or a refusal, kept as words: it follows a change of language.
  const [exported, setExported] = useState<Words>();
  const words = useWords();
  const wordError = useWordedError();
  // The field changed last carries the message when the range runs backwards: the one just typed in.
  const [lastEdited, setLastEdited] = useState<'from' | 'to'>('to');
  // ISO days compare as text. Typing is not limited by the calendars' `min`, so this can happen.
  const backwards = chosen.from > chosen.to;
  // More days than one settlement summary covers: said, never cut short (finance would get wrong totals).
  const tooLong = !backwards && rangeTooLong(chosen);
  const rangeProblem = (field: 'from' | 'to') => {
    if (lastEdited !== field) return undefined;
    if (backwards) return t('ov.range.inverted');
    if (!tooLong) return undefined;
    return field === 'to'
      ? t('ov.range.tooLong.to', { max: maxSettlementDays, date: formatDateText(lastAllowedTo(chosen.from), language) })
      : t('ov.range.tooLong.from', { max: maxSettlementDays, date: formatDateText(firstAllowedFrom(chosen.to), language) });
  };
  const [OverviewCharts, setCharts] = useState<Charts>();

  useEffect(() => {
    // The other screens' code and main's later services wait for Home's figures and charts, the
    // charts drawn below the fold after the first paint included (a frame after their answer,
    // their layout effects have queued them).
    firstScreenWaitsFor(useOverview.getState().load(profileId).then(afterNextPaint).then(allDrawn));
    loadCharts().then((charts) => setCharts(() => charts), () => setCharts(undefined));
    return watchOverview();
  }, [profileId]);
  // A profile added or removed while every profile is shown: its figures come or go.
  useEffect(() => {
    if (scope === 'all' && profileIds) void useOverview.getState().load(profileId);
  }, [profileIds]);

  const open = (filter: PaymentFilter) => showPayments(filter, go);
  const rangeKept = (day: string) => t('ov.range.kept', { date: day });

  async function exportSettlement() {
    if (tooLong) return; // the button is disabled and says why
    const days = daysBetween(chosen.from, chosen.to);
    if (!days.length) return setExported({ key: 'ov.range.inverted' }); // never silently nothing
    // The profile in use's, in scope "all" too (the button is under its figures): the summary has no
    // profile column, so every profile's would add test money to real takings day by day.
    const result = await api.exportSettlement({ profileId, days });
    if (!result.ok) return setExported({ error: result.error });
    saveFile(result.value.fileName, [result.value.csv]);
    setExported({ key: 'ov.export.done', values: { count: result.value.rows } });
  }

  return (
    <section aria-labelledby="ov-title" className="overview" data-testid="overview">
      <h2 id="ov-title">{t('ov.title')}</h2>
      <p>{t('ov.intro')}</p>
      {/* Whose days these are: two laptops in different zones count different days on the same ledger (walk27). */}
      <p data-testid="ov-zone"><IsolatedRuns text={t('ov.zone', { zone: ltrIsolated(readLocalZone()) })} /></p>
      <div className="ov-controls">
        <fieldset>
          <legend>{t('ov.scope.label')}</legend>
          {(['profile', 'all'] as const).map((s) => (
            <label key={s}>
              <input type="radio" name="ov-scope" checked={scope === s} onChange={() => useOverview.getState().set({ scope: s })} /> {t(`ov.scope.${s}`)}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('ov.period.range')}</legend>
          {/* A range needs both ends: an empty field is a mistake too, and the figures keep the last good day until it is corrected. */}
          <DateField id="ov-from" className="ov-date" label={t('ov.range.from')} value={chosen.from} onChange={(day) => { setLastEdited('from'); if (day) useOverview.getState().set({ chosen: { ...chosen, from: day } }); }} required stillUsing={rangeKept} error={rangeProblem('from')} testId="ov-from" />
          <DateField id="ov-to" className="ov-date" label={t('ov.range.to')} value={chosen.to} min={chosen.from} max={lastAllowedTo(chosen.from)} onChange={(day) => { setLastEdited('to'); if (day) useOverview.getState().set({ chosen: { ...chosen, to: day } }); }} required stillUsing={rangeKept} error={rangeProblem('to')} testId="ov-to" />
          {/* Last month's settlement summary in two presses, as Transactions and the Audit log fill their dates (it took two typed dates). */}
          <QuickDates from={fromInstant(chosen.from)} to={toInstant(chosen.to)} choices={homeChoices} choose={(range) => { setLastEdited('to'); useOverview.getState().set({ chosen: { from: fromField(range.from), to: toField(range.to) } }); }} />
        </fieldset>
      </div>
      {error && <p role="alert" className="error"><QuotedWords text={wordError(error).message} /></p>}
      {!data || !ranges ? (
        // Not "Loading the figures…" under a failure that ended the loading (the team ledger out of
        // reach: both were said at once, walk14); the figures come when main says to read again.
        !error && <p role="status">{t('ov.loading')}</p>
      ) : (
        <>
          {scope === 'all' && <h3 className="ov-profile-heading" data-testid="ov-profile-heading"><ProfileCell profileId={profileId} environment={environmentOf(profileId)} /></h3>}
          <ProfileFigures data={data} profileId={profileId} idp="" open={open} backwards={backwards} tooLong={tooLong}>
            <section aria-labelledby="ov-attention-title">
              <h3 id="ov-attention-title">{t('ov.attention.title')}</h3>
              {/* To Needs attention, where each has its why: the list's filter has no operation whose answer was lost. */}
              <OpenIfAny count={data.needsAttention ?? 0} testId="ov-attention" onOpen={() => go('attention')}>{t('ov.attention.count', { count: data.needsAttention ?? 0 })}</OpenIfAny>
            </section>
            {!mayCapture && <HeldFigure />}
          </ProfileFigures>
          <p className="ov-export-line">
            <button type="button" onClick={() => void exportSettlement()} disabled={backwards || tooLong} aria-describedby="ov-export-hint" data-testid="ov-export">{t('ov.export')}</button>
            <span className="field-hint" id="ov-export-hint"> {backwards ? t('ov.export.inverted') : tooLong ? t('ov.export.tooLong', { max: maxSettlementDays }) : t('ov.export.hint')}</span>
          </p>
          {exported && <p role="status" data-testid="ov-exported">{words(exported)}</p>}
          {charts && OverviewCharts ? <OverviewCharts data={charts} open={open} /> : <p role="status">{t('ov.charts.loading')}</p>}
          {/* Scope "all": each other profile's money under its name, after the profile in use's; never added together.
              Many profiles (foldFrom): each folded to its name and chosen dates' money, opened with a press. */}
          {scope === 'all' && others.length + 1 >= foldFrom && <p className="field-hint ov-fold-intro" data-testid="ov-fold-intro">{t('ov.fold.intro', { count: others.length })}</p>}
          {scope === 'all' && others.length + 1 >= foldFrom && others.map((other, i) => (
            <FoldedProfile key={other.profileId} other={other} i={i} open={opened.includes(other.profileId)} environment={environmentOf(other.profileId)} charts={OverviewCharts}
              figures={<ProfileFigures data={other.data} profileId={other.profileId} idp={`ov-p${i}-`} open={(filter) => open({ profileId: other.profileId, ...filter })} backwards={backwards} tooLong={tooLong}>
                <HeldFigure held={other.data.authorised ?? []} profileId={other.profileId} idp={`ov-p${i}-`} />
              </ProfileFigures>}
              openPayments={(filter) => open({ profileId: other.profileId, ...filter })} noFigures={backwards ? t('ov.range.noFigures') : tooLong ? t('ov.range.noFigures.tooLong', { max: maxSettlementDays }) : undefined} />
          ))}
          {scope === 'all' && others.length + 1 < foldFrom && others.map((other, i) => (
            <section key={other.profileId} className="ov-other-profile" aria-labelledby={`ov-p${i}-title`} data-testid="ov-other-profile" data-profile={other.profileId}>
              <h3 id={`ov-p${i}-title`} className="ov-profile-heading" data-testid="ov-profile-heading"><ProfileCell profileId={other.profileId} environment={environmentOf(other.profileId)} /></h3>
              <ProfileFigures data={other.data} profileId={other.profileId} idp={`ov-p${i}-`} open={(filter) => open({ profileId: other.profileId, ...filter })} backwards={backwards} tooLong={tooLong}>
                {/* Held payments of another profile: a figure for every role (the tasks are the profile in use's). */}
                <HeldFigure held={other.data.authorised ?? []} profileId={other.profileId} idp={`ov-p${i}-`} />
              </ProfileFigures>
              {other.charts && OverviewCharts ? <OverviewCharts data={other.charts} open={(filter) => open({ profileId: other.profileId, ...filter })} idp={`ov-p${i}-`} /> : <p role="status">{t('ov.charts.loading')}</p>}
            </section>
          ))}
        </>
      )}
    </section>
  );
}

/**
 * Another profile folded (scope "all" with many profiles): its name and badge, and its chosen dates'
 * captured, refunded and net per currency on the line that opens it; opened, its whole block (the
 * periods, refunds made, unpaid links, held payments and its charts, asked then).
 */
function FoldedProfile({ other, i, open, environment, charts: Charts, figures, openPayments, noFigures }: { other: OtherProfile; i: number; open: boolean; environment: string | null; charts: Charts | undefined; figures: ReactNode; openPayments: (filter: PaymentFilter) => void; noFigures?: string }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const amount = (minor: number, currency: string) => ltrIsolated(formatAmount(minor, currency as CurrencyCode, language));
  const chosen = other.data.periods[periodIds.indexOf('range')]?.totals ?? [];
  // What no figure holds is said on the line too, as in the opened block (walk35, walk39).
  const notKnown = (x: (typeof chosen)[number]) => [x.refundsNotKnown > 0 ? t('ov.count.refundsNotKnown', { count: x.refundsNotKnown }) : '', x.capturesNotKnown > 0 ? t('ov.count.capturesNotKnown', { count: x.capturesNotKnown }) : ''].filter(Boolean).map((said) => ` · ${said}`).join('');
  const line = noFigures ?? (chosen.length === 0 ? t('ov.fold.nothing') : chosen.map((x) => t('ov.fold.currency', { captured: amount(x.grossMinor, x.currency), refunded: amount(x.refundedMinor, x.currency), net: amount(x.netMinor, x.currency) }) + notKnown(x)).join(' — '));
  return (
    <details className="ov-other-profile ov-folded" open={open} onToggle={(event) => {
      const nowOpen = event.currentTarget.open;
      if (nowOpen !== open) useOverview.getState().setOpened(other.profileId, nowOpen);
    }} data-testid="ov-other-profile" data-profile={other.profileId}>
      <summary>
        <h3 id={`ov-p${i}-title`} className="ov-profile-heading" data-testid="ov-profile-heading"><ProfileCell profileId={other.profileId} environment={environment} /></h3>{' '}
        <span className="ov-fold-line" data-testid="ov-fold-line">{t('ov.period.range')}: {line}</span>
      </summary>
      {open && (
        <section aria-labelledby={`ov-p${i}-title`}>
          {figures}
          {other.charts && Charts ? <Charts data={other.charts} open={openPayments} idp={`ov-p${i}-`} /> : <p role="status">{t('ov.charts.loading')}</p>}
        </section>
      )}
    </details>
  );
}

/**
 * One profile's money: the periods' figures, the chosen dates' refunds made and the cards (unpaid
 * links, and what `children` adds: Needs attention, the held payments). Scope "all" draws one per
 * profile, the profile in use first, so a practice or sandbox profile's test money is never added
 * to a production profile's takings (docs/overview.md, "All profiles"). `idp` keeps ids apart.
 */
function ProfileFigures({ data, profileId, idp, open, backwards, tooLong, children }: { data: OverviewData; profileId: string; idp: string; open: (filter: PaymentFilter) => void; backwards: boolean; tooLong: boolean; children: ReactNode }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { ranges, chosen } = useOverview();
  const money = (minor: number, currency: string) => <Ltr>{formatAmount(minor, currency as CurrencyCode, language)}</Ltr>;
  if (!ranges) return null;
  return (
    <>
      {/* Named by the section and, for another profile's, by that profile's heading (a screen reader lists tables by name). */}
      <table className="ov-figures" data-testid="ov-figures" aria-labelledby={idp ? `ov-title ${idp}title` : 'ov-title'}>
        <thead>
          <tr>
            <td />
            <th scope="col">{t('ov.col.currency')}</th>
            <th scope="col" className="num">{t('ov.col.gross')}</th>
            {/* "Refunded" and, under it, whose: read alone it answered "refunded last month" as "Refunds made in this period" does, with another sum. */}
            <th scope="col" className="num" data-testid="ov-col-refunds">{t('ov.col.refunds')} <span className="ov-col-whose">{t('ov.col.refundsWhose')}</span></th>
            <th scope="col" className="num">{t('ov.col.net')}</th>
            <th scope="col">{t('ov.col.count')}</th>
          </tr>
        </thead>
        {shownPeriods.map((id) => {
          const period = data.periods[periodIds.indexOf(id)]!;
          const range = { from: ranges[id].from, to: ranges[id].to };
          const label = t(`ov.period.${id}` as MessageKey);
          return (
            <tbody key={id} data-testid={`ov-period-${id}`}>
              {id === 'range' && (backwards || tooLong) ? (
                <tr>
                  <th scope="row">{label}</th>
                  <td colSpan={5} data-testid={backwards ? 'ov-range-backwards' : 'ov-range-too-long'}>{backwards ? t('ov.range.noFigures') : t('ov.range.noFigures.tooLong', { max: maxSettlementDays })}</td>
                </tr>
              ) : period.totals.length === 0 ? (
                <tr>
                  <th scope="row">{label}</th>
                  <td colSpan={5}>{t('ov.none')}</td>
                </tr>
              ) : (
                period.totals.map((x, row) => (
                  <tr key={x.currency} data-currency={x.currency}>
                    {row === 0 ? <th scope="row" rowSpan={period.totals.length}>{label}</th> : null}
                    <td><Ltr>{x.currency}</Ltr></td>
                    {/* Nothing captured (a row of only captures or refunds not known): its figures open no empty list (walk39). */}
                    <td className="num"><OpenIfAny count={x.paidCount} testId="ov-gross" onOpen={() => open({ ...range, currency: x.currency, withCaptured: true })}>{money(x.grossMinor, x.currency)}</OpenIfAny></td>
                    <td className="num"><OpenIfAny count={x.refundCount} testId="ov-refunds" onOpen={() => open({ ...range, currency: x.currency, withRefunded: true })}>{money(x.refundedMinor, x.currency)}</OpenIfAny></td>
                    <td className="num"><OpenIfAny count={x.paidCount} testId="ov-net" onOpen={() => open({ ...range, currency: x.currency, withCaptured: true })}>{money(x.netMinor, x.currency)}</OpenIfAny></td>
                    <td>
                      <OpenIfAny count={x.paidCount} testId="ov-count" onOpen={() => open({ ...range, currency: x.currency, withCaptured: true })}>{t('ov.count.payments', { count: x.paidCount })}</OpenIfAny>
                      {x.refundCount > 0 && <> · <button type="button" className="link" onClick={() => open({ ...range, currency: x.currency, withRefunded: true })}>{t('ov.count.refunds', { count: x.refundCount })}</button></>}
                      {/* Refunded at the gateway's dashboard, amount not known: said, never summed as 0 unsaid. */}
                      {x.refundsNotKnown > 0 && <> · <span data-testid="ov-refunds-not-known">{t('ov.count.refundsNotKnown', { count: x.refundsNotKnown })}</span></>}
                      {/* Captured at the gateway's dashboard (walk35), amount not known: out of Captured, and said. */}
                      {x.capturesNotKnown > 0 && <> · <span data-testid="ov-captures-not-known">{t('ov.count.capturesNotKnown', { count: x.capturesNotKnown })}</span></>}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          );
        })}
      </table>
      {/* The chosen dates' refunds by the day each was made (the table counts them with their payment's day). */}
      {data.refundsMade && !backwards && !tooLong && (
        <RefundsMade totals={data.refundsMade} idp={idp} scope={{ ...ranges.range, profileId, firstDay: chosen.from, lastDay: chosen.to }} />
      )}
      <div className="ov-cards">
        <section aria-labelledby={`${idp}ov-unpaid-title`}>
          <h3 id={`${idp}ov-unpaid-title`}>{t('ov.unpaid.title')}</h3>
          <dl className="facts" data-testid="ov-unpaid">
            {(data.unpaidLinks ?? []).map((bucket) => (
              <div key={bucket.age}>
                <dt id={`${idp}ov-unpaid-${bucket.age}-age`}>{t(`ov.unpaid.${bucket.age}` as MessageKey)}</dt>
                <dd>
                  {/* Named with its age ("Under a day old: 1 link"): alone, a screen reader heard "none" or "1 link". */}
                  <OpenIfAny count={bucket.count} id={`${idp}ov-unpaid-${bucket.age}-count`} labelledBy={`${idp}ov-unpaid-${bucket.age}-age ${idp}ov-unpaid-${bucket.age}-count`} testId={`ov-unpaid-${bucket.age}`} onOpen={() => open({ kinds: ['link'], states: ['pending'], from: bucket.from ?? undefined, to: bucket.to ?? undefined })}>
                    {t('ov.unpaid.count', { count: bucket.count })}
                  </OpenIfAny>
                  {/* Each amount after a "·", whole on its line: spaces alone ran "AED 1,331.12 €110.45 KWD 38.061" together, and in Arabic "د.إ. 110.45" read as one amount. */}
                  {bucket.totals.map((x) => <span key={x.currency}> · <span className="ov-amount">{money(x.amountMinor, x.currency)}</span></span>)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        {children}
      </div>
    </>
  );
}

/**
 * The chosen dates' row first, right under the dates and quick dates that set it: the keyboard's
 * next stop after "Last month" is that month's first figure. Last, it was 28 Tabs away past every
 * other period's figures on the seeded ledger (the screen walk of 2026-12-01), 140 with seven
 * currencies in each period.
 */
const shownPeriods: typeof periodIds = ['range', ...periodIds.filter((id) => id !== 'range')];

/**
 * A count that opens what it counts, and plain words when there is nothing to open: "None" and
 * "Nothing needs attention" were buttons leading to an empty list, a Tab stop each.
 */
function OpenIfAny({ count, id, labelledBy, testId, onOpen, children }: { count: number; id?: string; labelledBy?: string; testId: string; onOpen(): void; children: ReactNode }) {
  if (count === 0) return <span id={id} data-testid={testId}>{children}</span>;
  return <button type="button" className="link" id={id} aria-labelledby={labelledBy} data-testid={testId} onClick={onOpen}>{children}</button>;
}
