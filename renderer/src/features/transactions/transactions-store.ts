// The transactions list: the filter and sort the user chose, the total, and the rows fetched so
// far, by index, one page at a time as the list scrolls. Main is the source of truth; a
// `payments.changed` event drops the cached rows so what is on screen is fetched again. Rows
// far from the view are dropped as the list scrolls, so the cache stays small however far.
// While main counts a search in the background, its `payments.counted` events move the count on.
import { create } from 'zustand';
import type { PaymentFilter, PaymentView } from '../../../../contract/methods/payments';
import type { AppError } from '../../../../contract/result';
import type { AppEvent } from '../../../../contract/events';
import { api } from '../../api';
import { noteCurrencies } from '../../app/seen-currencies';

export type PaymentSort = { by: 'createdAt' | 'amount' | 'orderId' | 'state' | 'customer'; direction: 'asc' | 'desc' };
export const pageSize = 100;
/** Until the person chooses another in the list's Sort control: newest first. */
export const newestFirst: PaymentSort = { by: 'createdAt', direction: 'desc' };
/** A list of work waiting, where the oldest is the most urgent (Home's held payments: the oldest hold lapses first). */
export const oldestFirst: PaymentSort = { by: 'createdAt', direction: 'asc' };
/** Rows kept either side of the view; farther ones are fetched again if scrolled back to. */
export const keepAround = 1_000;

type State = {
  filter: PaymentFilter;
  sort: PaymentSort;
  /**
   * The person's own sort, chosen in the Sort control and kept while the window is open (never
   * stored): every visit shows it, except one opened by a press on Home that needs its own order
   * (showFiltered). Newest first until chosen.
   */
  ownSort: PaymentSort;
  total: number | undefined;
  /** False while main is still counting a search: at least `total` match ("more than {total - 1}"). */
  totalExact: boolean;
  /** Main's name for that count: its `payments.counted` events update `total`. */
  countId?: string;
  rows: Map<number, PaymentView>;
  error?: AppError;
  /** Index of the keyboard's row (arrow keys; Enter opens it), and the id of the payment open in the detail (the selected row). */
  selected: number;
  openId?: string;
  generation: number;
  /** The generation whose first page is in: the list's totals are asked after it (list-totals.tsx), never before. */
  firstPageIn?: number;
  setFilter(patch: Partial<PaymentFilter>): void;
  /** The list filtered by this alone: every other filter, set earlier and maybe folded away, goes. */
  replaceFilter(filter: PaymentFilter): void;
  clearFilter(): void;
  /**
   * A press on Home: the list filtered by exactly this, in `sort` for this visit (the person's own
   * sort when none), shown in the Sort control and changed there as any; the next visit opened
   * otherwise is in the person's own sort again. Its first page is asked for now and is the one the
   * visit shows (resolves once it is in).
   */
  showFiltered(filter: PaymentFilter, sort?: PaymentSort): Promise<void>;
  /** The person's choice in the Sort control: this visit's and every later one's. */
  setSort(sort: PaymentSort): void;
  ensureRows(first: number, last: number): void;
  reload(): void;
  /** The same list read again because main announced a change: its exact count stays while main counts again. */
  rereadAfterChange(): void;
  /** The list was chosen: its first page is asked for now, while the screen's code is still on the way (resolves once it is in). */
  beginVisit(): Promise<void>;
  /**
   * Home asks for the list's first page ahead of a click (the list is where Home's tasks lead):
   * the next visit takes that answer instead of asking again, while it is fresh. Only before the
   * list was ever loaded; resolves once the page is in.
   */
  askAhead(): Promise<void> | undefined;
  /** The screen is shown: the first page again, unless this visit asked for it already. */
  reloadUnlessVisiting(): void;
  select(index: number): void;
  open(id: string | undefined): void;
  /** The detail closed: the keyboard's row becomes the payment's that was open (when loaded), for the keyboard to come back to. */
  close(): void;
};

const inFlight = new Set<string>();
type Counted = Extract<AppEvent, { type: 'payments.counted' }>;
/** The latest counts heard, by countId: an event can arrive before the page that names it. */
const heardCounts = new Map<string, Counted>();
let visiting = false;
/** A press on Home set this visit's filter and sort: the visit it leads to keeps them. */
let arrivingFromPress = false;
/** How long a first page asked ahead (askAhead) stands in for the click's own, with no change heard. */
export const aheadFreshMs = 30_000;
/** The first page asked ahead (askAhead) or by a press (showFiltered), until a visit takes it; `stale` once main said payments changed. */
let ahead: { generation: number; at: number; data: Promise<void>; stale: boolean; failed: boolean; stop(): void } | undefined;

export const useTransactions = create<State>((set, get) => {
  /** The loaded row of a payment, by its index in the list. */
  function indexOf(id: string | undefined): number | undefined {
    if (!id) return undefined;
    for (const [index, row] of get().rows) if (row.id === id) return index;
    return undefined;
  }

  /** `followOpen`: a new list's first page; the keyboard's row starts on the open payment when it is there. */
  async function fetchPage(page: number, followOpen = false) {
    const { filter, sort, generation } = get();
    const key = `${generation}:${page}`;
    if (inFlight.has(key)) return;
    inFlight.add(key);
    const result = await api.searchPayments({ filter, sort, offset: page * pageSize, limit: pageSize });
    inFlight.delete(key);
    if (get().generation !== generation) return; // the filter changed meanwhile
    if (!result.ok) return set({ error: result.error });
    noteCurrencies(result.value.rows);
    const rows = new Map(get().rows);
    result.value.rows.forEach((row, i) => rows.set(page * pageSize + i, row));
    const exact = result.value.totalExact !== false;
    // The same list read again (a change main announced: every few seconds on a busy ledger, walk17):
    // the exact count shown stays while main counts again, rather than "More than 100 payments (still
    // counting)" for a second each time; main's count replaces it (countMovedOn), or a page that knows more.
    const shown = get();
    const keep = !exact && generation === recountOf && shown.totalExact && shown.total !== undefined && result.value.total <= shown.total;
    set({ rows, total: keep ? shown.total : result.value.total, totalExact: keep || exact, countId: exact ? undefined : result.value.countId, error: undefined, ...(page === 0 ? { firstPageIn: generation } : {}) });
    const openIndex = followOpen ? indexOf(get().openId) : undefined;
    if (openIndex !== undefined) set({ selected: openIndex });
    // The count may have moved on before this answer arrived (its event came first).
    const heard = result.value.countId ? heardCounts.get(result.value.countId) : undefined;
    if (!exact && heard) countMovedOn(heard);
  }

  /** The first page again (the count shown meanwhile); resolves once it is in. */
  function reloadFirstPage() {
    const { total } = get();
    set({ rows: new Map(), generation: get().generation + 1, total });
    return fetchPage(0);
  }
  /** The list read again after a change main announced: its pages may keep the exact count shown (fetchPage). */
  let recountOf: number | undefined;

  function restart(patch: Partial<State>) {
    set({ ...patch, rows: new Map(), total: undefined, countId: undefined, selected: 0, generation: get().generation + 1 });
    return fetchPage(0, true);
  }

  /**
   * The first page just asked for stands in for the next visit's own, for as long as it is fresh:
   * a change main announces before the visit makes it stale, and the visit asks again.
   */
  function keepForVisit(data: Promise<void>): Promise<void> {
    ahead?.stop();
    const mine = { generation: get().generation, at: Date.now(), data, stale: false, failed: false, stop: () => {} };
    // Main could not answer it: the visit asks again (an error left from an earlier list does not count).
    void data.then(() => {
      if (get().generation === mine.generation && get().error) mine.failed = true;
    });
    mine.stop = api.subscribe((event) => {
      if (event.type !== 'payments.changed') return;
      mine.stale = true;
      mine.stop();
    });
    ahead = mine;
    return data;
  }

  return {
    filter: {},
    sort: newestFirst,
    ownSort: newestFirst,
    total: undefined,
    totalExact: true,
    rows: new Map(),
    selected: 0,
    generation: 0,
    setFilter: (patch) => void restart({ filter: clean({ ...get().filter, ...patch }) }),
    replaceFilter: (filter) => void restart({ filter: clean(filter) }),
    clearFilter: () => void restart({ filter: {} }),
    showFiltered(filter, sort) {
      arrivingFromPress = true;
      // The visit the press leads to takes this page: one call per press, not one here and one at the visit.
      return keepForVisit(restart({ filter: clean(filter), sort: sort ?? get().ownSort }));
    },
    setSort: (sort) => void restart({ sort, ownSort: sort }),
    ensureRows(first, last) {
      const { rows, total } = get();
      // Until the first page is in, restart() or reload() is already fetching it.
      if (total === undefined) return;
      if (rows.size > 3 * keepAround) {
        const kept = new Map([...rows].filter(([index]) => index >= first - keepAround && index <= last + keepAround));
        set({ rows: kept });
      }
      for (let page = Math.floor(first / pageSize); page <= Math.floor(last / pageSize); page++) {
        const start = page * pageSize;
        if (start < total && !get().rows.has(start)) void fetchPage(page);
      }
    },
    reload: () => void reloadFirstPage(),
    rereadAfterChange() {
      recountOf = get().generation + 1;
      void reloadFirstPage();
    },
    beginVisit() {
      visiting = true;
      const pressed = arrivingFromPress;
      arrivingFromPress = false;
      // Opened otherwise than by Home's press: the person's own sort again (held payments oldest first were that press's).
      const { sort, ownSort } = get();
      if (!pressed && (sort.by !== ownSort.by || sort.direction !== ownSort.direction)) set({ sort: ownSort, selected: 0, generation: get().generation + 1 });
      const taken = ahead;
      ahead = undefined;
      taken?.stop();
      // Taken (Home's page asked ahead, or the press's, maybe still on its way) when nothing may have changed since:
      // same filter and sort, no change heard, recent, answered without an error.
      const fresh = taken && !taken.stale && !taken.failed && taken.generation === get().generation && Date.now() - taken.at < aheadFreshMs;
      return fresh ? taken.data : reloadFirstPage();
    },
    askAhead() {
      if (ahead || get().generation !== 0 || inFlight.size > 0) return undefined;
      return keepForVisit(reloadFirstPage());
    },
    reloadUnlessVisiting() {
      if (visiting) visiting = false;
      else get().reload();
    },
    select: (index) => set({ selected: Math.max(0, Math.min(index, (get().total ?? 1) - 1)) }),
    // Opened from elsewhere (a lookup, Home, a result's "Open in Transactions"): the keyboard's row follows when it is loaded.
    open: (openId) => set({ openId, selected: indexOf(openId) ?? get().selected }),
    close: () => set({ openId: undefined, selected: indexOf(get().openId) ?? get().selected }),
  };
});

/**
 * The open payment is not in the list as filtered: known once the whole list is loaded (a longer
 * list may have it further down, and says nothing). The detail stays open (a person in the middle
 * of a refund keeps it) and says so (docs/screens-after-sale.md).
 */
export function openHiddenByFilter({ openId, rows, total }: Pick<State, 'openId' | 'rows' | 'total'>): boolean {
  if (!openId || total === undefined || rows.size < total) return false;
  for (const row of rows.values()) if (row.id === openId) return false;
  return true;
}

/** Drops empty fields, so "" never reaches main as a filter. */
function clean(filter: PaymentFilter): PaymentFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== '' && v !== undefined && !(Array.isArray(v) && v.length === 0))) as PaymentFilter;
}

/** Main's count of the list's search moved on: "more than" grows, then the exact number. */
function countMovedOn(event: Counted): void {
  const { countId, total, totalExact } = useTransactions.getState();
  if (countId !== event.countId) return;
  if (event.exact) return useTransactions.setState({ total: event.total, totalExact: true, countId: undefined });
  // The exact count kept from the read before stays until main knows more than it.
  if (totalExact) return void (event.total > (total ?? 0) && useTransactions.setState({ total: event.total, totalExact: false }));
  // "At least" only grows: a page read further down may know more than the count so far.
  useTransactions.setState({ total: Math.max(event.total, total ?? 0) });
}

/**
 * Keeps the list true while main changes payments (this window, another one, reconciliation),
 * and its count as main's background count moves on. Missed events (a gap, a reconnect) come as
 * a resync's payments.changed: the first page is asked again, which tells the count as main has it.
 */
export function watchPayments(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return api.subscribe((event) => {
    if (event.type === 'payments.counted') {
      heardCounts.delete(event.countId);
      heardCounts.set(event.countId, event);
      if (heardCounts.size > 20) heardCounts.delete(heardCounts.keys().next().value!);
      return countMovedOn(event);
    }
    if (event.type !== 'payments.changed') return;
    clearTimeout(timer);
    timer = setTimeout(() => useTransactions.getState().rereadAfterChange(), 150);
  });
}
