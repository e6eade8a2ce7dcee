// Home's overview and the settlement summary on the team ledger (PostgreSQL): the same contract
// inputs and answers as the SQLite path (main/payments/overview.ts), every figure with the same
// meaning (docs/overview.md): per currency, over the payments created in each period or day,
// gross = captured, refunds, net, the payments that took money and those with a refund; the
// charts' days and shares by card brand and kind; unpaid links by age; payments needing a person.
// The figures and charts from the sums per hour and day of home-sums.sql (step 32) and
// chart-sums.sql (step 34) and the rows at a period's edges, the rest from paydesk.payments, in
// one REPEATABLE READ, read-only transaction (one snapshot, like SQLite's one read transaction).
// Money stays integer: PostgreSQL's sum(bigint) is numeric and pg answers bigint and numeric as
// text, read back with exactInteger (never a float).
import { exportRecord, refundsMadeScope, settlementScope } from '../export-record';
import { exportTimeZone } from '../local-time';
import { refundsMadeCsv } from '../refunds-made';
import { teamRefundsMadeTotals, teamRefundsMadeWindow } from './pg-refunds-made';
import type { MethodOutput, MethodParsedInput } from '../../../contract/methods';
import { cardBrandSql } from '../card-brand';
import { exportFileName, settlementCsv, type ProfileNames } from '../export';
import { chartFigures, splitByHours, withCapturesNotKnown, type AuthorisedRow, type ChartRow, type Day, type Range, type TotalsRow } from '../overview';
import { checkOverviewQuery, checkRanges, instant } from '../overview-input';
import { exactInteger } from './copy-to-team';
import { inSnapshot, recordTeamExport, type Connections, type Queryable } from './pg-snapshot';
import { teamAttentionTotal } from './pg-attention';

type OverviewAnswer = MethodOutput<'getOverview'>;

const dayMs = 86_400_000;
const whole = (v: unknown) => exactInteger(v as string)!;
/** Text compared byte by byte, as SQLite's binary collation does (currencies, dates). */
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const profileAt = (n: number) => `($${n}::text IS NULL OR profile_id = $${n})`;

/**
 * A range as the team ledger sums it: its whole hours (splitByHours) as the whole UTC days nearest
 * them, with at most 12 hours either side added or taken away (sign 1 or -1), and its partial
 * hours at the ends from the rows. A local day of Riyadh (21:00 to 21:00 UTC) is one day row set
 * and six hours', not 24 hours' (sumParts's split, which never takes away); 90 of them read a
 * third of the rows. The sums are exact: what is taken away was counted in the day.
 */
export type SignedParts = { df: number; dt: number; h1: number; h2: number; s1: number; h3: number; h4: number; s2: number; a1: string; b1: string; a2: string | null; b2: string | null };
export function signedParts(range: Range): SignedParts {
  const s = splitByHours(range);
  const edges = { a1: s.a1, b1: s.b1, a2: s.a2 || null, b2: s.b2 || null };
  if (s.ht - s.hf < 24) return { df: 0, dt: 0, h1: s.hf, h2: s.ht, s1: 1, h3: 0, h4: 0, s2: 1, ...edges };
  const df = Math.round(s.hf / 24);
  const dt = Math.round(s.ht / 24); // > df: the range holds 24 whole hours or more
  const [h1, h2, s1] = s.hf <= df * 24 ? [s.hf, df * 24, 1] : [df * 24, s.hf, -1];
  const [h3, h4, s2] = s.ht >= dt * 24 ? [dt * 24, s.ht, 1] : [s.ht, dt * 24, -1];
  return { df, dt, h1, h2, s1, h3, h4, s2, ...edges };
}

/** Each range's parts (signedParts) as the rows r(df, dt, h1, h2, s1, h3, h4, s2, a1, b1, a2, b2, i) of $1 to $12, i from 1; the profile is $13. */
const partsFrom = `unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
  WITH ORDINALITY AS r(df, dt, h1, h2, s1, h3, h4, s2, a1, b1, a2, b2, i)`;
const profileParam = 13;
function partValues(ranges: Range[], profileId: string | undefined) {
  const parts = ranges.map(signedParts);
  return [...(['df', 'dt', 'h1', 'h2', 's1', 'h3', 'h4', 's2', 'a1', 'b1', 'a2', 'b2'] as const).map((k) => parts.map((p) => p[k])), profileId ?? null];
}

/**
 * Gross, refunds, net and counts per currency for each range (by its index): the payments
 * created in [from, to) that took money. Whole UTC days from money_days, the hours added or taken
 * away from money_hours (home-sums.sql, kept by triggers; signedParts), the partial hours at its
 * ends from the payments by the money index: a few rows whatever the ledger's size, the same
 * sums as over the payments (overview.ts's periodTotals on SQLite). A currency appears when some
 * payment counts in it (a row left with no payment is never kept, and never counted).
 */
async function rangeTotals(db: Queryable, ranges: Range[], profileId?: string): Promise<Array<Omit<TotalsRow, 'capturesNotKnown'> & { i: number }>> {
  if (!ranges.length) return [];
  const hours = (lo: string, hi: string, sign: string) => `SELECT currency, ${sign} * gross, ${sign} * refunded, ${sign} * paid, ${sign} * refunds, ${sign} * not_known
    FROM paydesk.money_hours WHERE hour >= ${lo} AND hour < ${hi} AND ${profileAt(profileParam)}`;
  const edge = (a: string, b: string) => `SELECT currency, captured_minor, refunded_minor, 1, (refunded_minor > 0)::int, (refunded_minor = 0 AND state IN ('partially_refunded', 'refunded'))::int
    FROM paydesk.payments WHERE created_at >= ${a} AND created_at < ${b} AND captured_minor > 0 AND ${profileAt(profileParam)}`;
  const result = await db.query({
    text: `SELECT r.i, x.currency, sum(x.gross) AS gross, sum(x.refunded) AS refunded, sum(x.paid) AS paid, sum(x.refunds) AS refunds, sum(x.not_known) AS refunds_not_known
      FROM ${partsFrom},
      LATERAL (SELECT currency, gross, refunded, paid, refunds, not_known FROM paydesk.money_days WHERE day >= r.df AND day < r.dt AND ${profileAt(profileParam)}
        UNION ALL ${hours('r.h1', 'r.h2', 'r.s1')} UNION ALL ${hours('r.h3', 'r.h4', 'r.s2')}
        UNION ALL ${edge('r.a1', 'r.b1')} UNION ALL ${edge('r.a2', 'r.b2')}) AS x(currency, gross, refunded, paid, refunds, not_known)
      GROUP BY r.i, x.currency HAVING sum(x.paid) > 0`,
    values: partValues(ranges, profileId),
  });
  return result.rows
    .map((r) => {
      const grossMinor = whole(r.gross);
      const refundedMinor = whole(r.refunded);
      return { i: Number(r.i) - 1, currency: r.currency as string, grossMinor, refundedMinor, netMinor: grossMinor - refundedMinor, paidCount: whole(r.paid), refundCount: whole(r.refunds), refundsNotKnown: whole(r.refunds_not_known) };
    })
    .sort((a, b) => a.i - b.i || byBytes(a.currency, b.currency));
}

/**
 * Each range's totals (rangeTotals) with its authorisations captured outside Paydesk, how much not
 * told, per currency (overview.ts's capturesNotKnownBy): by the state index, the ranges' part
 * captures only. In the ranges' order.
 */
async function figuresOf(db: Queryable, ranges: Range[], profileId?: string): Promise<TotalsRow[][]> {
  const totals = await rangeTotals(db, ranges, profileId);
  if (!ranges.length) return [];
  const result = await db.query({
    text: `SELECT r.i, p.currency, count(*) AS n FROM unnest($1::timestamptz[], $2::timestamptz[]) WITH ORDINALITY AS r(a, b, i)
      JOIN paydesk.payments p ON (p.state COLLATE "C") = 'partially_captured' AND p.created_at >= r.a AND p.created_at < r.b
        AND p.captured_minor = 0 AND ($3::text IS NULL OR p.profile_id = $3)
      GROUP BY r.i, p.currency`,
    values: [ranges.map((r) => r.from), ranges.map((r) => r.to), profileId ?? null],
  });
  return ranges.map((_, i) => {
    const counts = new Map(result.rows.filter((r) => Number(r.i) - 1 === i).map((r) => [r.currency as string, whole(r.n)]));
    return withCapturesNotKnown(totals.filter((t) => t.i === i).map(({ i: _, ...t }) => t), counts);
  });
}

/**
 * The chart's days as runs of consecutive days (each one starting where the one before ended), so
 * a run's shares are summed over it whole: its whole UTC days from the day rows. Days apart, or
 * overlapping, are runs of their own, summed as the days themselves were; an empty day adds nothing.
 */
function runsOf(days: Day[]): Range[] {
  const runs: Range[] = [];
  for (const day of days) {
    if (Date.parse(day.from) >= Date.parse(day.to)) continue;
    const last = runs.at(-1);
    if (last && Date.parse(last.to) === Date.parse(day.from)) last.to = day.to;
    else runs.push({ from: day.from, to: day.to });
  }
  return runs;
}

/**
 * Captured and how many per currency, kind and card brand over the ranges: whole UTC days from
 * kind_brand_days, the hours added or taken away from kind_brand_hours (chart-sums.sql, kept by triggers), the
 * partial hours at the ends from the payments by the money index (which holds kind and card_bin),
 * the brand by card-brand.ts's rule, which the sums were counted by.
 */
async function kindBrandTotals(db: Queryable, ranges: Range[], profileId?: string): Promise<ChartRow[]> {
  if (!ranges.length) return [];
  const hours = (lo: string, hi: string, sign: string) => `SELECT currency, kind, brand, ${sign} * gross, ${sign} * paid
    FROM paydesk.kind_brand_hours WHERE hour >= ${lo} AND hour < ${hi} AND ${profileAt(profileParam)}`;
  const edge = (a: string, b: string) => `SELECT currency, kind, ${cardBrandSql}, captured_minor, 1
    FROM paydesk.payments WHERE created_at >= ${a} AND created_at < ${b} AND captured_minor > 0 AND ${profileAt(profileParam)}`;
  const result = await db.query({
    text: `SELECT x.currency, x.kind, x.brand, sum(x.gross) AS gross, sum(x.paid) AS paid
      FROM ${partsFrom},
      LATERAL (SELECT currency, kind, brand, gross, paid FROM paydesk.kind_brand_days WHERE day >= r.df AND day < r.dt AND ${profileAt(profileParam)}
        UNION ALL ${hours('r.h1', 'r.h2', 'r.s1')} UNION ALL ${hours('r.h3', 'r.h4', 'r.s2')}
        UNION ALL ${edge('r.a1', 'r.b1')} UNION ALL ${edge('r.a2', 'r.b2')}) AS x(currency, kind, brand, gross, paid)
      GROUP BY 1, 2, 3 HAVING sum(x.paid) > 0`,
    values: partValues(ranges, profileId),
  });
  return result.rows.map((r) => ({ date: '', currency: r.currency, kind: r.kind, brand: r.brand, grossMinor: whole(r.gross), refundedMinor: 0, count: whole(r.paid) }));
}

/**
 * The charts' figures from sums, as SQLite's from money_hours: the daily bars are each day's
 * totals (rangeTotals over money_days / money_hours), the shares per kind and card brand those of
 * the days' span (kindBrandTotals); each summed and sorted by overview.ts's chartFigures as on
 * SQLite. A few thousand rows for 90 days, not every payment of them.
 */
async function charts(db: Queryable, days: Day[], profileId?: string) {
  if (!days.length) return chartFigures([]);
  const bars = (await rangeTotals(db, days, profileId)).map((t): ChartRow => ({ date: days[t.i]!.date, currency: t.currency, kind: '', brand: '', grossMinor: t.grossMinor, refundedMinor: t.refundedMinor, count: t.paidCount }));
  const shares = chartFigures(await kindBrandTotals(db, runsOf(days), profileId));
  return { days: chartFigures(bars).days, byKind: shares.byKind, byBrand: shares.byBrand };
}

type LinkTotals = { count: number; totals: Array<{ currency: string; amountMinor: number }> };

/** Links still pending by age: created from a day ago on, in the week before, and older. */
async function unpaidLinksByAge(db: Queryable, dayAgo: string, weekAgo: string, profileId?: string): Promise<Record<'day' | 'week' | 'older', LinkTotals>> {
  const result = await db.query({
    text: `SELECT CASE WHEN created_at >= $1::timestamptz THEN 'day' WHEN created_at >= $2::timestamptz THEN 'week' ELSE 'older' END AS age,
        currency, sum(amount_minor) AS amount, count(*) AS n
      FROM paydesk.payments WHERE kind = 'link' AND state = 'pending' AND ${profileAt(3)} GROUP BY 1, 2`,
    values: [dayAgo, weekAgo, profileId ?? null],
  });
  const byAge: Record<'day' | 'week' | 'older', LinkTotals> = { day: { count: 0, totals: [] }, week: { count: 0, totals: [] }, older: { count: 0, totals: [] } };
  const rows = result.rows.map((r) => ({ age: r.age as 'day' | 'week' | 'older', currency: r.currency as string, amountMinor: whole(r.amount), count: whole(r.n) }));
  for (const r of rows.sort((a, b) => byBytes(a.currency, b.currency))) {
    byAge[r.age].count += r.count;
    byAge[r.age].totals.push({ currency: r.currency, amountMinor: r.amountMinor });
  }
  return byAge;
}

/** Per currency, the payments authorised and not captured: how many, the amount held, the oldest (overview.ts's authorisedNotCaptured). */
async function authorisedNotCaptured(db: Queryable, profileId?: string): Promise<AuthorisedRow[]> {
  const result = await db.query({
    text: `SELECT currency, count(*) AS n, sum(amount_minor) AS amount, min(created_at) AS oldest
      FROM paydesk.payments WHERE state = 'authorised' AND ${profileAt(1)} GROUP BY currency`,
    values: [profileId ?? null],
  });
  return result.rows
    .map((r) => ({ currency: r.currency as string, count: whole(r.n), amountMinor: whole(r.amount), oldestAt: new Date(r.oldest as Date).toISOString() }))
    .sort((a, b) => byBytes(a.currency, b.currency));
}

/**
 * The sums' queries read a few thousand rows, but the planner's guess for 90 days of ranges passes
 * jit_above_cost: a server with JIT compiled them each time (80-400 ms of a 40-130 ms query at
 * 100,000 payments, 2026-11-30). Off for this transaction only.
 */
const withoutJit = (db: Queryable) => db.query('SET LOCAL jit = off');

/** Home's whole answer on one snapshot of the team ledger (overview.ts's readOverview). */
export async function readTeamOverview(db: Queryable, query: MethodParsedInput<'getOverview'>): Promise<OverviewAnswer> {
  const { profileId, days } = query;
  const at = new Date(query.now).getTime();
  const dayAgo = new Date(at - dayMs).toISOString();
  const weekAgo = new Date(at - 7 * dayMs).toISOString();
  await withoutJit(db);
  const totals = await figuresOf(db, query.periods, profileId);
  const chart = await charts(db, days, profileId);
  const answer: OverviewAnswer = {
    periods: query.periods.map((range, i) => ({ ...range, totals: totals[i] as never })),
    days: chart.days.map((r) => ({ ...r, currency: r.currency as never })),
    byBrand: chart.byBrand.map(({ key, ...r }) => ({ brand: key as never, ...r, currency: r.currency as never })),
    byKind: chart.byKind.map(({ key, ...r }) => ({ kind: key as never, ...r, currency: r.currency as never })),
  };
  // As on SQLite: unpaid links and payments needing a person come with the figures only.
  if (!query.periods.length) return answer;
  const byAge = await unpaidLinksByAge(db, dayAgo, weekAgo, profileId);
  const ages = [
    { age: 'day' as const, from: dayAgo, to: null },
    { age: 'week' as const, from: weekAgo, to: dayAgo },
    { age: 'older' as const, from: null, to: weekAgo },
  ];
  answer.unpaidLinks = ages.map((a) => ({ ...a, ...(byAge[a.age] as { count: number; totals: never }) }));
  // Needs attention's own total (pg-attention.ts), on every profile whatever the figures' scope:
  // the screen the line leads to lists that queue, and the navigation counts it too.
  answer.needsAttention = await teamAttentionTotal(db);
  answer.authorised = (await authorisedNotCaptured(db, profileId)) as never;
  // In the same snapshot as the figures: the chosen dates' refunds, by when each was made.
  if (query.refundsMadeIn) answer.refundsMade = (await teamRefundsMadeTotals(db, { ...query.refundsMadeIn, profileId })) as never;
  return answer;
}

/** The settlement summary's rows: per day (in the order given) and currency. */
export async function teamDailyTotals(db: Queryable, days: Day[], profileId?: string): Promise<Array<TotalsRow & { date: string }>> {
  await withoutJit(db);
  const figures = await figuresOf(db, days, profileId);
  return figures.flatMap((rows, i) => rows.map((r) => ({ date: days[i]!.date, ...r })));
}

/** The overview on a team database, over a pool logged in as one person (main/payments/overview.ts's createOverview). */
/** profileNames: for the refunds made CSV's `profile_name` (export.ts ProfileNames). */
export function createTeamOverview(deps: { pool: Connections; now?: () => Date; profileNames?: () => ProfileNames }) {
  const now = deps.now ?? (() => new Date());
  return {
    async get(input: MethodParsedInput<'getOverview'>): Promise<OverviewAnswer> {
      checkOverviewQuery(input); // a bad instant fails next to its field, in words, before any read
      return inSnapshot(deps.pool, (db) => readTeamOverview(db, input));
    },
    /** A window of the refunds made in a period (oldest first), and whether more follow. */
    async listRefundsMade(input: MethodParsedInput<'listRefundsMade'>): Promise<MethodOutput<'listRefundsMade'>> {
      checkRanges([input]);
      const after = input.after ? { at: instant(input.after.at, 'after'), id: input.after.id } : undefined;
      const rows = await inSnapshot(deps.pool, (db) => teamRefundsMadeWindow(db, input, input.limit + 1, after));
      return { rows: rows.slice(0, input.limit) as never, more: rows.length > input.limit };
    },
    /** SQLite's CSV of the refunds made, recorded in the team's audit log by the database (record_export 'refunds'). */
    async exportRefundsMade(input: MethodParsedInput<'exportRefundsMade'>, ctx?: { osUser: string }): Promise<MethodOutput<'exportRefundsMade'>> {
      checkRanges([input]);
      const zone = exportTimeZone(input.timeZone);
      const at = now();
      const rows = await inSnapshot(deps.pool, (db) => teamRefundsMadeWindow(db, input, null));
      const result = { fileName: exportFileName('refunds-made', at, zone), ...refundsMadeCsv(rows, zone, deps.profileNames?.()) };
      await recordTeamExport(deps.pool, 'refunds', exportRecord(result.rows, result.fileName, refundsMadeScope(input, zone), zone), ctx?.osUser);
      return result;
    },
    /** The same CSV as SQLite's, recorded in the team's audit log by the database (record_export). */
    async exportSettlement(input: MethodParsedInput<'exportSettlement'>, ctx?: { osUser: string }): Promise<MethodOutput<'exportSettlement'>> {
      checkRanges(input.days);
      const rows = await inSnapshot(deps.pool, (db) => teamDailyTotals(db, input.days, input.profileId));
      const result = settlementCsv(rows, input.days, now());
      await recordTeamExport(deps.pool, 'settlement', exportRecord(result.rows, result.fileName, settlementScope(input)), ctx?.osUser);
      return result;
    },
  };
}

export type TeamOverview = ReturnType<typeof createTeamOverview>;
