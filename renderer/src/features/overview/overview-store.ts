// The Home overview: the figures main computed for the periods, days and scope the user chose.
// Main's `payments.changed` events reload it, so the figures follow every payment live.
import { create } from 'zustand';
import type { MethodOutput } from '../../../../contract/methods';
import type { PaymentFilter } from '../../../../contract/methods/payments';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useTransactions, type PaymentSort } from '../transactions/transactions-store';
import { lastDays, localDate, parseLocalDate, periodsOf, type PeriodId, type Range } from './periods';

export type OverviewData = MethodOutput<'getOverview'>;
export const periodIds: PeriodId[] = ['today', 'week', 'month', 'lastMonth', 'range'];

type State = {
  /** The active profile only, or every profile together. */
  scope: 'profile' | 'all';
  chosen: { from: string; to: string };
  chartDays: 30 | 90;
  data?: OverviewData;
  /** The charts' figures come in a second answer, so the figures never wait for them. */
  charts?: OverviewData;
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
  set(patch) {
    set(patch);
    void get().load(lastProfile);
  },
  async load(profileId) {
    lastProfile = profileId;
    const { scope, chosen, chartDays } = get();
    const now = new Date();
    askedOn = localDate(now);
    const ranges = periodsOf(now, chosen);
    const mine = ++generation;
    const scoped = { profileId: scope === 'profile' ? profileId : undefined, now: now.toISOString() };
    // The chosen dates' refunds by when each was made come with the figures, in the same snapshot.
    const figures = api.getOverview({ ...scoped, periods: periodIds.map((id) => ranges[id]), refundsMadeIn: ranges.range });
    const charts = api.getOverview({ ...scoped, days: lastDays(now, chartDays) });
    const result = await figures;
    if (mine !== generation) return; // a newer request is on its way
    if (!result.ok) return set({ error: result.error });
    set({ data: result.value, ranges, error: undefined });
    const drawn = await charts;
    if (mine !== generation) return;
    if (!drawn.ok) return set({ error: drawn.error });
    set({ charts: drawn.value });
  },
}));

/** The profile filter of the chosen scope, for the click-through. */
export function scopeFilter(): PaymentFilter {
  return useOverview.getState().scope === 'profile' && lastProfile ? { profileId: lastProfile } : {};
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
  const today = localDate(new Date());
  if (today === askedOn) return; // a timer a moment early, or the window back on the same day
  const before = lastThirtyDays(parseLocalDate(askedOn) ?? new Date());
  const { chosen } = useOverview.getState();
  if (chosen.from === before.from && chosen.to === before.to) useOverview.setState({ chosen: lastThirtyDays(new Date()) });
  void useOverview.getState().load(lastProfile);
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
