// A list of payments of one kind, newest first, for the getting-paid screens (Payment links, Recent
// checkout sessions): a window at a time, searched by text or amount, in one state if asked (the
// links list's State filter), reloaded on main's events.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentFilter, PaymentView } from '../../../../contract/methods/payments';
import type { AppError } from '../../../../contract/result';
import type { LinkFilterState } from '../../../../contract/payment-states';
import { api } from '../../api';
import { useSession } from '../../app/session-store';
import { noteCurrencies, seenCurrencies } from '../../app/seen-currencies';
import { oncePerBurst } from '../../app/once-per-burst';
import { amountFilters } from './amount-search';

export function usePaymentList(kind: PaymentView['kind'], query: string, state?: LinkFilterState) {
  const [rows, setRows] = useState<PaymentView[]>([]);
  const [total, setTotal] = useState(0);
  const [next, setNext] = useState<string | undefined>();
  const [error, setError] = useState<AppError | null>(null);
  const [loaded, setLoaded] = useState(false);
  /** The load whose answer is shown: each load is a new list (its totals are asked again, list-totals.tsx). */
  const [shown, setShown] = useState(0);
  const seq = useRef(0);
  const profileCurrency = useSession((s) => s.profile?.defaultCurrency);
  // The links list continues from its last row (keyset, listPaymentLinks); a search shows its
  // first 100 matches (searchPayments, the transactions list's search), and a search typed as an
  // amount also the payments of that amount (amount-search.ts).
  const fetchWindow = useCallback(async (after?: string) => {
    const q = query.trim();
    if (kind === 'link' && !q) {
      const window = await api.listPaymentLinks({ after, limit: 100, state });
      if (window.ok) noteCurrencies(window.value.rows);
      return window;
    }
    const search = (filter: PaymentFilter) => api.searchPayments({ filter: { kinds: [kind], ...(state ? { states: [state] } : {}), ...filter }, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 });
    const byAmount = amountFilters(q, [...seenCurrencies(), ...(profileCurrency ? [profileCurrency] : [])]);
    const [result, ...amounts] = await Promise.all([search(q ? { query: q } : {}), ...byAmount.map(search)]);
    if (!result.ok) return result;
    const found = amounts.flatMap((a) => (a.ok ? a.value.rows : []));
    if (!found.length) return { ok: true as const, value: { ...result.value, next: undefined } };
    const rows = [...new Map([...result.value.rows, ...found].map((r) => [r.id, r])).values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { ok: true as const, value: { rows, total: rows.length, next: undefined } };
  }, [kind, query, state, profileCurrency]);
  const load = useCallback(async () => {
    const mine = ++seq.current;
    const result = await fetchWindow();
    if (mine !== seq.current) return; // an older answer arriving late
    setLoaded(true);
    if (!result.ok) return setError(result.error);
    setError(null);
    setRows(result.value.rows);
    setTotal(result.value.total);
    setNext(result.value.next);
    setShown(mine);
  }, [fetchWindow]);
  const more = useCallback(async () => {
    if (!next) return;
    const mine = seq.current;
    const result = await fetchWindow(next);
    if (mine !== seq.current) return;
    if (!result.ok) return setError(result.error);
    setRows((shown) => [...shown, ...result.value.rows]);
    setNext(result.value.next);
  }, [fetchWindow, next]);
  useEffect(() => {
    void load();
    // Once per burst of changes, not once per event: a busy counter's sale, capture or refund is
    // two or three events (its intent, its answer, the gateway's webhook), and each read here is
    // a window of 100 and, on Payment links, their totals asked again (walk33).
    const burst = oncePerBurst(load);
    const unsubscribe = api.subscribe((event) => {
      if (event.type === 'payments.changed') burst.soon();
    });
    return () => {
      unsubscribe();
      burst.stop();
    };
  }, [load]);
  // No polling: events say when something changed, and a missed one (a dropped event stream)
  // arrives as a resync (api/event-sequence.ts).
  return { rows, total, error, loaded, shown, reload: load, more: next ? more : undefined };
}
