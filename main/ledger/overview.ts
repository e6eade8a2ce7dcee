// The Home overview's figures, straight from the ledger's money state (captured_minor,
// refunded_minor per payment), grouped per currency so amounts are never mixed. A payment's money
// counts in the period, or on the day, the payment was created (docs/overview.md).
import type { MethodOutput, MethodParsedInput } from '../../contract/methods';
import type { LedgerDb } from './database';
import { cardBrandSql } from './card-brand';
import { prepared } from './statements';

export type Range = { from: string; to: string };
export type Day = Range & { date: string };
export type TotalsRow = { currency: string; grossMinor: number; refundedMinor: number; netMinor: number; paidCount: number; refundCount: number };

// The instants were checked on main (overview-input.ts); here they are only written as the ledger does.
const iso = (value: string): string => new Date(value).toISOString();

// Each connection keeps its statements (statements.ts): the overview asks the same few queries
// again and again (the worker's connection lives as long as the app).

const profileClause = (profileId: string | undefined) => (profileId === undefined ? '' : 'AND profile_id = @profileId');

// The planner would rather walk payments_currency_amount for the GROUP BY, which reads every
// payment; the money index (migration 10) covers these sums and reads only the period.
const moneyIndex = 'payments INDEXED BY payments_money';

const totalsColumns = `currency,
  coalesce(sum(captured_minor), 0) AS grossMinor,
  coalesce(sum(refunded_minor), 0) AS refundedMinor,
  coalesce(sum(captured_minor - refunded_minor), 0) AS netMinor,
  count(CASE WHEN captured_minor > 0 THEN 1 END) AS paidCount,
  count(CASE WHEN refunded_minor > 0 THEN 1 END) AS refundCount`;

/** Gross, refunds, net and counts per currency of the payments created in [from, to). */
export function periodTotals(db: LedgerDb, range: Range, profileId?: string): TotalsRow[] {
  const sql = `SELECT ${totalsColumns} FROM ${moneyIndex}
    WHERE created_at >= @from AND created_at < @to AND captured_minor > 0 ${profileClause(profileId)}
    GROUP BY currency ORDER BY currency`;
  return prepared(db, sql).all({ from: iso(range.from), to: iso(range.to), profileId }) as TotalsRow[];
}

/** Per day and currency: the same totals, for each of the given days (the user's calendar days). */
export function dailyTotals(db: LedgerDb, days: Day[], profileId?: string): Array<TotalsRow & { date: string }> {
  const rows: Array<TotalsRow & { date: string }> = [];
  for (const day of days) for (const row of periodTotals(db, day, profileId)) rows.push({ date: day.date, ...row });
  return rows;
}

export type ChartRow = { date: string; currency: string; kind: string; brand: string; grossMinor: number; refundedMinor: number; count: number };

/**
 * The charts' figures in one pass over the days (each a range of the money index): per day,
 * currency, kind and card brand, what was captured and refunded. The daily bars and both shares
 * are sums of these rows (`chartFigures`), half the time of a query per day and one for shares.
 */
export function chartRows(db: LedgerDb, days: Day[], profileId?: string): ChartRow[] {
  if (!days.length) return [];
  const params: Record<string, string | undefined> = { profileId };
  days.forEach((d, i) => Object.assign(params, { [`d${i}`]: d.date, [`f${i}`]: iso(d.from), [`t${i}`]: iso(d.to) }));
  const sql = `WITH days(date, f, t) AS (VALUES ${days.map((_, i) => `(@d${i}, @f${i}, @t${i})`).join(', ')})
    SELECT days.date AS date, currency, kind, ${cardBrandSql} AS brand, sum(captured_minor) AS grossMinor, sum(refunded_minor) AS refundedMinor, count(*) AS count
    FROM days JOIN ${moneyIndex} ON created_at >= days.f AND created_at < days.t
    WHERE captured_minor > 0 ${profileClause(profileId)}
    GROUP BY 1, 2, 3, 4`;
  return prepared(db, sql).all(params) as ChartRow[];
}

/** The daily bars and the shares from `chartRows` (integer sums, each well under 2^53). */
export function chartFigures(rows: ChartRow[]) {
  const group = <T extends { grossMinor: number }>(keyOf: (r: ChartRow) => string, make: (r: ChartRow) => T, add: (g: T, r: ChartRow) => void) => {
    const groups = new Map<string, T>();
    for (const r of rows) {
      const id = keyOf(r);
      const g = groups.get(id) ?? make(r);
      add(g, r);
      groups.set(id, g);
    }
    return [...groups.values()];
  };
  const days = group((r) => `${r.date} ${r.currency}`, (r) => ({ date: r.date, currency: r.currency, grossMinor: 0, refundedMinor: 0 }), (g, r) => {
    g.grossMinor += r.grossMinor;
    g.refundedMinor += r.refundedMinor;
  }).sort((a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency));
  const share = (by: 'kind' | 'brand') =>
    group((r) => `${r.currency} ${r[by]}`, (r) => ({ key: r[by], currency: r.currency, grossMinor: 0, count: 0 }), (g, r) => {
      g.grossMinor += r.grossMinor;
      g.count += r.count;
    }).sort((a, b) => a.currency.localeCompare(b.currency) || b.grossMinor - a.grossMinor || a.key.localeCompare(b.key));
  return { days, byBrand: share('brand'), byKind: share('kind') };
}

/** Links still unpaid created in [from, to) (either end open): count, and amount per currency. */
export function unpaidLinks(db: LedgerDb, from: string | null, to: string | null, profileId?: string) {
  const where = [`kind = 'link'`, `state = 'pending'`];
  if (from) where.push('created_at >= @from');
  if (to) where.push('created_at < @to');
  // Pinned to the partial covering index (migration 10): the planner picks payments_state and reads
  // every old pending link's row (300 ms for 35,000 of them at 1,000,000 payments).
  const sql = `SELECT currency, sum(amount_minor) AS amountMinor, count(*) AS count FROM payments INDEXED BY payments_unpaid_links
    WHERE ${where.join(' AND ')} ${profileClause(profileId)} GROUP BY currency ORDER BY currency`;
  const rows = prepared(db, sql).all({ from, to, profileId }) as Array<{ currency: string; amountMinor: number; count: number }>;
  return { count: rows.reduce((n, r) => n + r.count, 0), totals: rows.map(({ currency, amountMinor }) => ({ currency, amountMinor })) };
}

export function needsAttentionCount(db: LedgerDb, profileId?: string): number {
  const sql = `SELECT count(*) AS n FROM payments WHERE needs_attention = 1 ${profileClause(profileId)}`;
  return (prepared(db, sql).get({ profileId }) as { n: number }).n;
}

export type OverviewQuery = MethodParsedInput<'getOverview'>;
export type OverviewAnswer = MethodOutput<'getOverview'>;

const dayMs = 86_400_000;

/**
 * Home's whole answer, read in one transaction (one snapshot of the ledger). Runs in the overview
 * worker (overview-worker.ts) on its own read-only connection, or on main's without the bundle.
 */
export function readOverview(db: LedgerDb, query: OverviewQuery): OverviewAnswer {
  return db.transaction(() => {
    const { profileId, days } = query;
    const at = new Date(query.now).getTime();
    const dayAgo = new Date(at - dayMs).toISOString();
    const weekAgo = new Date(at - 7 * dayMs).toISOString();
    const ages = [
      { age: 'day' as const, from: dayAgo, to: null },
      { age: 'week' as const, from: weekAgo, to: dayAgo },
      { age: 'older' as const, from: null, to: weekAgo },
    ];
    // The charts' days and shares in one pass (the shares cover the days' span).
    const charts = chartFigures(chartRows(db, days, profileId));
    const answer: OverviewAnswer = {
      periods: query.periods.map((range) => ({ ...range, totals: periodTotals(db, range, profileId) as never })),
      days: charts.days.map((r) => ({ ...r, currency: r.currency as never })),
      byBrand: charts.byBrand.map(({ key, ...r }) => ({ brand: key as never, ...r, currency: r.currency as never })),
      byKind: charts.byKind.map(({ key, ...r }) => ({ kind: key as never, ...r, currency: r.currency as never })),
    };
    // Unpaid links and payments needing attention come with the figures (the contract's periods),
    // not again with the charts.
    if (!query.periods.length) return answer;
    answer.unpaidLinks = ages.map((a) => ({ ...a, ...(unpaidLinks(db, a.from, a.to, profileId) as { count: number; totals: never }) }));
    answer.needsAttention = needsAttentionCount(db, profileId);
    return answer;
  })();
}
