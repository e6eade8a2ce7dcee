// The Home overview: the figures main computed for the periods, days and scope the user chose.
// Main's `payments.changed` events reload it, so the figures follow every payment live.
import { create } from 'zustand';
import type { MethodOutput } from '../../../../contract/methods';
import type { PaymentFilter } from '../../../../contract/methods/payments';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useTransactions, type PaymentSort } from '../transactions/transactions-store';
import { useProfiles } from '../settings/settings-store';
import { lastDays, localDate, parseLocalDate, periodsOf, type PeriodId, type Range } from './periods';

export type OverviewData = MethodOutput<'getOverview'>;
export const periodIds: PeriodId[] = ['today', 'week', 'month', 'lastMonth', 'range'];

/** Another profile's figures and charts, shown under its name when the scope is every profile. */
export type OtherProfile = { profileId: string; data: OverviewData; charts?: OverviewData };

type State = {
  /**
   * The active profile only, or every profile: each profile's money apart (never one figure of a
   * practice or sandbox profile's test money and a production profile's real takings).
   */
  scope: 'profile' | 'all';
  chosen: { from: string; to: string };
  chartDays: 30 | 90;
  data?: OverviewData;
  /** The charts' figures come in a second answer, so the figures never wait for them. */
  charts?: OverviewData;
  /** Scope "all": the other profiles (the header's list), each asked apart; `data` stays the profile in use's. */
  others: OtherProfile[];
  ranges?: Record<PeriodId, Range>;
  error?: AppError;
  set(patch: Partial<Pick<State, 'scope' | 'chosen' | 'chartDays'>>): void;
  load(profileId: string | undefined): Promise<void>;
};

/** The last 30 days, today included: Home's dates until the person chooses others. */
const lastThirtyDays = (now: Date) => ({ from: localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29)), to: localDate(now) });
let lastProfile: string | undefined;
let generation = 0;
/** The local day the figures were last asked on. */
let askedOn = localDate(new Date());

export const useOverview = create<State>((set, get) => ({
  scope: 'profile',
  chosen: lastThirtyDays(new Date()),
  chartDays: 30,
  others: [],
  set(patch) {
    set(patch);
    void get().load(lastProfile);
  },
  async load(profileId) {
    lastProfile = profileId;
    const now = new Date();
    // A new day since the last question, however it came (Home shown again after midnight passed
    // on another screen, when no timer of Home's ran): the dates nobody chose move with it.
    const before = lastThirtyDays(parseLocalDate(askedOn) ?? now);
    if (localDate(now) !== askedOn && get().chosen.from === before.from && get().chosen.to === before.to) set({ chosen: lastThirtyDays(now) });
    askedOn = localDate(now);
    const { scope, chosen, chartDays } = get();
    const ranges = periodsOf(now, chosen);
    const mine = ++generation;
    // Always the profile in use's figures first: in scope "all" the other profiles' follow, each
    // asked apart (main sums one profile per call), so no figure adds two profiles' money.
    const others = scope === 'all' ? useProfiles.getState().profiles.map((p) => p.id).filter((id) => id !== profileId) : [];
    const at = now.toISOString();
    // The chosen dates' refunds by when each was made come with a profile's figures, in the same snapshot.
    const figuresOf = (id: string | undefined) => api.getOverview({ profileId: id, now: at, periods: periodIds.map((p) => ranges[p]), refundsMadeIn: ranges.range });
    const chartsOf = (id: string | undefined) => api.getOverview({ profileId: id, now: at, days: lastDays(now, chartDays) });
    // The figures of every profile asked before any charts: the worker answers in order.
    const figures = [profileId, ...others].map(figuresOf);
    const charts = [profileId, ...others].map(chartsOf);
    const results = await Promise.all(figures);
    if (mine !== generation) return; // a newer request is on its way
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) return set({ error: failed.error });
    const value = (r: (typeof results)[number]) => (r.ok ? r.value : undefined)!;
    set({ data: value(results[0]!), others: others.map((id, i) => ({ profileId: id, data: value(results[i + 1]!) })), ranges, error: undefined });
    const drawn = await Promise.all(charts);
    if (mine !== generation) return;
    const chartsFailed = drawn.find((r) => !r.ok);
    if (chartsFailed && !chartsFailed.ok) return set({ error: chartsFailed.error });
    set({ charts: value(drawn[0]!), others: get().others.map((o, i) => ({ ...o, charts: value(drawn[i + 1]!) })) });
  },
}));

/**
 * The profile filter of a figure's press: the profile in use's (a figure of another profile, in
 * scope "all", passes its own `profileId`), so the list opened is that one profile's payments.
 */
export function scopeFilter(): PaymentFilter {
  return lastProfile ? { profileId: lastProfile } : {};
}

/**
 * Opens the transactions list filtered to exactly the payments behind a figure, in the person's own
 * sort, or in `sort` for this visit where the press's work needs an order of its own (the held
 * payments: oldest first; docs/overview.md, "The order a press opens in").
 */
export function showPayments(filter: PaymentFilter, go: (screen: string) => void, sort?: PaymentSort): void {
  const list = useTransactions.getState();
  list.open(undefined);
  list.showFiltered({ ...scopeFilter(), ...filter }, sort);
  go('transactions');
}

/**
 * A new local day since the figures were asked: "Today", the week, the months and the charts' days
 * move on, and dates the person never chose (the last 30 days) with them. Home left open over
 * midnight showed yesterday's money as today's until a payment changed.
 */
function newDay() {
  if (localDate(new Date()) === askedOn) return; // a timer a moment early, or the window back on the same day
  void useOverview.getState().load(lastProfile); // it moves the dates nobody chose
}

/**
 * Reloads the figures when main changes payments (debounced: a bulk run changes many), at each
 * local midnight, and when the window comes back on another day (a computer asleep at midnight).
 */
export function watchOverview(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let midnight: ReturnType<typeof setTimeout> | undefined;
  const stop = api.subscribe((event) => {
    if (event.type !== 'payments.changed') return;
    clearTimeout(timer);
    timer = setTimeout(() => void useOverview.getState().load(lastProfile), 300);
  });
  const arm = () => {
    const now = new Date();
    const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1); // local: a day of a clock change is 23 or 25 hours
    midnight = setTimeout(() => {
      newDay();
      arm();
    }, next.getTime() - now.getTime());
  };
  arm();
  window.addEventListener('focus', newDay);
  return () => {
    clearTimeout(timer);
    clearTimeout(midnight);
    window.removeEventListener('focus', newDay);
    stop();
  };
}
