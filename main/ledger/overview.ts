// The Home overview's figures, straight from the ledger's money state (captured_minor,
// refunded_minor per payment), grouped per currency so amounts are never mixed. A payment's money
// counts in the period, or on the day, the payment was created (docs/overview.md).
import type { MethodOutput, MethodParsedInput } from '../../contract/methods';
import type { LedgerDb } from './database';
import { cardBrandSql } from './card-brand';
import { prepared } from './statements';
import { attentionTotal } from './attention-queue';
import { refundsMadeTotals } from './refunds-made';
import { chartFigures, splitByHours, sumParts, withCapturesNotKnown, type ChartRow } from './overview-sums';

// The pure sums (overview-sums.ts), where the team ledger and the tests have always found them.
export { chartFigures, splitByHours, sumParts, withCapturesNotKnown, type ChartRow, type SumParts } from './overview-sums';

export type Range = { from: string; to: string };
export type Day = Range & { date: string };
/**
 * `refundsNotKnown`: payments refunded outside Paydesk whose amount no answer told (not in refundedMinor nor refundCount).
 * `capturesNotKnown`: authorisations captured outside Paydesk, amount not told (in no other figure).
 */
export type TotalsRow = { currency: string; grossMinor: number; refundedMinor: number; netMinor: number; paidCount: number; refundCount: number; refundsNotKnown: number; capturesNotKnown: number };

// Each connection keeps its statements (statements.ts): the overview asks the same few queries
// again and again (the worker's connection lives as long as the app).

const profileClause = (profileId: string | undefined) => (profileId === undefined ? '' : 'AND profile_id = @profileId');

// Whole UTC hours are read from money_hours (migration 13, kept by triggers); the partial hours at
// a range's edges (a local midnight at :30 or :45 past the hour, or any instant) from the
// payments themselves, by the creation index: a few dozen rows. The sum is then exactly the one
// over the payments created in [from, to), in any time zone (docs/overview.md, Speed); the split
// is overview-sums.ts's sumParts.

// The payments of an edge, by the creation index (the planner would otherwise weigh others).
const edgeRows = 'payments INDEXED BY payments_created';
const inEdge = (a: string, b: string) => `created_at >= ${a} AND created_at < ${b} AND captured_minor > 0`;

/**
 * Gross, refunds, net and counts per currency of the payments created in [from, to): the whole UTC
 * days inside it from money_days (a few rows a day), the whole hours either side of them from
 * money_hours, the partial hours at the ends from the payments.
 */
export function periodTotals(db: LedgerDb, range: Range, profileId?: string): TotalsRow[] {
  const p = profileClause(profileId);
  const parts = sumParts(range);
  const hoursOf = (lo: string, hi: string) => `SELECT currency, gross, refunded, paid, refunds FROM money_hours WHERE hour >= ${lo} AND hour < ${hi} ${p}`;
  const sql = `SELECT currency, sum(gross) AS grossMinor, sum(refunded) AS refundedMinor, sum(gross - refunded) AS netMinor,
      sum(paid) AS paidCount, sum(refunds) AS refundCount FROM (
    SELECT currency, gross, refunded, paid, refunds FROM money_days WHERE day >= @df AND day < @dt ${p}
    UNION ALL ${hoursOf('@h1', '@h2')}
    UNION ALL ${hoursOf('@h3', '@h4')}
    UNION ALL
    SELECT currency, captured_minor, refunded_minor, 1, refunded_minor > 0 FROM ${edgeRows} WHERE ${inEdge('@a1', '@b1')} ${p}
    UNION ALL
    SELECT currency, captured_minor, refunded_minor, 1, refunded_minor > 0 FROM ${edgeRows} WHERE ${inEdge('@a2', '@b2')} ${p}
  ) GROUP BY currency ORDER BY currency`;
  const rows = prepared(db, sql).all({ ...parts, profileId }) as TotalsRow[];
  const notKnown = refundsNotKnownBy(db, range, profileId);
  return withCapturesNotKnown(rows.map((row) => ({ ...row, refundsNotKnown: notKnown.get(row.currency) ?? 0 })), capturesNotKnownBy(db, range, profileId));
}

/**
 * Per currency, the payments created in [from, to) that a status answer or notification said were
 * refunded without telling how much (contract/payment-states.ts, refundedAmountUnknown): their
 * refunded total is not known, so Home says how many are left out of "Refunded" rather than count
 * them as 0 unsaid. Of the payments that took money, as every figure. Read from their own
 * partial index (migration 15): a few rows.
 */
function refundsNotKnownBy(db: LedgerDb, range: Range, profileId?: string): Map<string, number> {
  const sql = `SELECT currency, count(*) AS n FROM payments INDEXED BY payments_refund_not_known
    WHERE state IN ('partially_refunded', 'refunded') AND refunded_minor = 0 AND created_at >= @from AND created_at < @to AND captured_minor > 0 ${profileClause(profileId)} GROUP BY currency`;
  const rows = prepared(db, sql).all({ from: range.from, to: range.to, profileId }) as Array<{ currency: string; n: number }>;
  return new Map(rows.map((r) => [r.currency, r.n]));
}

/**
 * Per currency, the authorisations created in [from, to) captured outside Paydesk, how much not told
 * (capturedAmountUnknown, contract/payment-states.ts; the list's totals count them so,
 * list-totals.ts): they took money Paydesk cannot sum, so Home says how many are out of "Captured".
 * By the state index: only the period's part captures are read, a few.
 */
function capturesNotKnownBy(db: LedgerDb, range: Range, profileId?: string): Map<string, number> {
  const sql = `SELECT currency, count(*) AS n FROM payments INDEXED BY payments_state
    WHERE state = 'partially_captured' AND created_at >= @from AND created_at < @to AND captured_minor = 0 ${profileClause(profileId)} GROUP BY currency`;
  const rows = prepared(db, sql).all({ from: range.from, to: range.to, profileId }) as Array<{ currency: string; n: number }>;
  return new Map(rows.map((r) => [r.currency, r.n]));
}

/** Per day and currency: the same totals, for each of the given days (the user's calendar days). */
export function dailyTotals(db: LedgerDb, days: Day[], profileId?: string): Array<TotalsRow & { date: string }> {
  const rows: Array<TotalsRow & { date: string }> = [];
  for (const day of days) for (const row of periodTotals(db, day, profileId)) rows.push({ date: day.date, ...row });
  return rows;
}

/**
 * The charts' figures in one pass over the days: per day, currency, kind and card brand, what was
 * captured and refunded (each day's whole hours from money_hours, its edges from the payments).
 * The daily bars and both shares are sums of these rows (`chartFigures`).
 */
export function chartRows(db: LedgerDb, days: Day[], profileId?: string): ChartRow[] {
  if (!days.length) return [];
  const p = profileClause(profileId);
  const params: Record<string, string | number | undefined> = { profileId };
  days.forEach((d, i) => {
    const s = splitByHours(d);
    Object.assign(params, { [`d${i}`]: d.date, [`hf${i}`]: s.hf, [`ht${i}`]: s.ht, [`a${i}`]: s.a1, [`b${i}`]: s.b1, [`c${i}`]: s.a2, [`e${i}`]: s.b2 });
  });
  const values = days.map((_, i) => `(@d${i}, @hf${i}, @ht${i}, @a${i}, @b${i}, @c${i}, @e${i})`).join(', ');
  const sql = `WITH days(date, hf, ht, a1, b1, a2, b2) AS (VALUES ${values})
    SELECT date, currency, kind, brand, sum(gross) AS grossMinor, sum(refunded) AS refundedMinor, sum(paid) AS count FROM (
      SELECT days.date, currency, kind, brand, gross, refunded, paid FROM days JOIN money_hours ON hour >= days.hf AND hour < days.ht ${p}
      UNION ALL
      SELECT days.date, currency, kind, ${cardBrandSql}, captured_minor, refunded_minor, 1 FROM days JOIN ${edgeRows} ON ${inEdge('days.a1', 'days.b1')} ${p}
      UNION ALL
      SELECT days.date, currency, kind, ${cardBrandSql}, captured_minor, refunded_minor, 1 FROM days JOIN ${edgeRows} ON ${inEdge('days.a2', 'days.b2')} ${p}
    ) GROUP BY 1, 2, 3, 4`;
  return prepared(db, sql).all(params) as ChartRow[];
}

type LinkRow = { currency: string; amountMinor: number; count: number };
const linkTotals = (rows: LinkRow[]) => ({ count: rows.reduce((n, r) => n + r.count, 0), totals: rows.map(({ currency, amountMinor }) => ({ currency, amountMinor })) });

function unpaidLinkRows(db: LedgerDb, from: string | null, to: string | null, profileId?: string): LinkRow[] {
  const where = [`kind = 'link'`, `state = 'pending'`];
  if (from) where.push('created_at >= @from');
  if (to) where.push('created_at < @to');
  // Pinned to the partial covering index (migration 10): the planner picks payments_state and reads
  // every old pending link's row (300 ms for 35,000 of them at 1,000,000 payments).
  const sql = `SELECT currency, sum(amount_minor) AS amountMinor, count(*) AS count FROM payments INDEXED BY payments_unpaid_links
    WHERE ${where.join(' AND ')} ${profileClause(profileId)} GROUP BY currency ORDER BY currency`;
  return prepared(db, sql).all({ from, to, profileId }) as LinkRow[];
}

/** Links still unpaid created in [from, to) (either end open): count, and amount per currency. */
export function unpaidLinks(db: LedgerDb, from: string | null, to: string | null, profileId?: string) {
  return linkTotals(unpaidLinkRows(db, from, to, profileId));
}

/**
 * Unpaid links by age: the last day and the week before it from the links' index (the recent
 * ones, few), older ones as all pending links (unpaid_links, kept by triggers: migration 13) less
 * those two: the same counts and amounts without reading every old link (13 ms at 1,000,000).
 */
export function unpaidLinksByAge(db: LedgerDb, dayAgo: string, weekAgo: string, profileId?: string) {
  const day = unpaidLinkRows(db, dayAgo, null, profileId);
  const week = unpaidLinkRows(db, weekAgo, dayAgo, profileId);
  const all = prepared(db, `SELECT currency, sum(amount) AS amountMinor, sum(n) AS count FROM unpaid_links WHERE 1 ${profileClause(profileId)}
    GROUP BY currency ORDER BY currency`).all({ profileId }) as LinkRow[];
  const older = all
    .map((r) => {
      const recent = [...day, ...week].filter((x) => x.currency === r.currency);
      return { currency: r.currency, amountMinor: recent.reduce((a, x) => a - x.amountMinor, r.amountMinor), count: recent.reduce((n, x) => n - x.count, r.count) };
    })
    .filter((r) => r.count > 0);
  return { day: linkTotals(day), week: linkTotals(week), older: linkTotals(older) };
}

export type AuthorisedRow = { currency: string; count: number; amountMinor: number; oldestAt: string };

/**
 * Per currency, the payments authorised and not captured (state `authorised`: the money held on the
 * customer's card, nothing captured yet): how many, the amount held (integers summed in SQLite), and
 * the oldest one's creation. Read from their partial index (migration 19): only those payments.
 */
export function authorisedNotCaptured(db: LedgerDb, profileId?: string): AuthorisedRow[] {
  const sql = `SELECT currency, count(*) AS count, sum(amount_minor) AS amountMinor, min(created_at) AS oldestAt
    FROM payments INDEXED BY payments_authorised WHERE state = 'authorised' ${profileClause(profileId)} GROUP BY currency ORDER BY currency`;
  return prepared(db, sql).all({ profileId }) as AuthorisedRow[];
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
    const byAge = unpaidLinksByAge(db, dayAgo, weekAgo, profileId);
    answer.unpaidLinks = ages.map((a) => ({ ...a, ...(byAge[a.age] as { count: number; totals: never }) }));
    // Needs attention's own total (attention-queue.ts), every profile's whatever the figures' scope:
    // the screen the line leads to lists that queue, and the navigation counts it too.
    answer.needsAttention = attentionTotal(db);
    answer.authorised = authorisedNotCaptured(db, profileId) as never;
    // In the same snapshot as the figures: the chosen dates' refunds, by when each was made.
    if (query.refundsMadeIn) answer.refundsMade = refundsMadeTotals(db, { ...query.refundsMadeIn, profileId }) as never;
    return answer;
  })();
}
