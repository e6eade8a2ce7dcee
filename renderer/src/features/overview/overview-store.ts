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

/**
 * From this many profiles in the header's list, scope "all" shows each other profile folded to its
 * name and its chosen dates' money, opened with a press; its charts are asked when it is opened. A
 * franchise's twenty branches drew twenty whole Homes, 114,745 px of page, every chart of each (2.1 s
 * to draw; walk37). Up to three, every block is whole as before (docs/overview.md, "All profiles").
 */
export const foldFrom = 4;

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
  /** Folded profiles (foldFrom) the person opened: their charts are asked, at once and at each reload. */
  opened: string[];
  /** A folded profile opened or closed: opened, its charts are asked if not in yet. */
  setOpened(profileId: string, open: boolean): void;
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
  opened: [],
  setOpened(profileId, open) {
    const opened = get().opened.filter((id) => id !== profileId);
    set({ opened: open ? [...opened, profileId] : opened });
    const other = get().others.find((o) => o.profileId === profileId);
    if (!open || !other || other.charts) return;
    const mine = generation;
    const now = new Date();
    void api.getOverview({ profileId, now: now.toISOString(), days: lastDays(now, get().chartDays) }).then((result) => {
      // A reload since asks the opened profiles' charts itself.
      if (mine !== generation) return;
      if (!result.ok) return set({ error: result.error });
      set({ others: get().others.map((o) => (o.profileId === profileId ? { ...o, charts: result.value } : o)) });
    });
  },
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
    // The figures of every profile asked before any charts: the worker answers in order. Folded
    // profiles' charts only once opened.
    const folded = others.length + 1 >= foldFrom;
    const charted = folded ? others.filter((id) => get().opened.includes(id)) : others;
    const figures = [profileId, ...others].map(figuresOf);
    const charts = [profileId, ...charted].map(chartsOf);
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
    const chartsOfOther = new Map(charted.map((id, i) => [id, value(drawn[i + 1]!)]));
    set({ charts: value(drawn[0]!), others: get().others.map((o) => ({ ...o, charts: chartsOfOther.get(o.profileId) })) });
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
