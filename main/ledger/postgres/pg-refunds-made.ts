// The refunds made in a period on the team ledger: the same answers as SQLite's refunds-made.ts
// (every refund that succeeded, dated by its operation's created_at, in the payment's currency),
// read through refunds-made.sql's index of only those operations (schema version 30), the figure
// from home-sums.sql's sums per hour and day (schema version 32). Sums come
// back as text and are read with exactInteger: never a float.
import type { RefundMade, RefundsAfter, RefundsMadeQuery, RefundsMadeTotal } from '../refunds-made';
import { exactInteger } from './copy-to-team';
import type { Queryable } from './pg-snapshot';
import { sumParts } from '../overview';

const whole = (v: unknown) => exactInteger(v as string)!;
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// A laptop writes times to the millisecond; the database may stamp microseconds. The list's order
// and its keyset read the millisecond, as the rows show it (and as SQLite keeps it).
const atMs = `date_trunc('milliseconds', o.created_at)`;
const where = `o.kind = 'refund' AND o.outcome = 'succeeded' AND o.created_at >= $1::timestamptz AND o.created_at < $2::timestamptz
  AND ($3::text IS NULL OR p.profile_id = $3) AND ($4::text IS NULL OR p.currency = $4)`;
const from = 'paydesk.operations o JOIN paydesk.payments p ON p.id = o.payment_id';

/**
 * Per currency, how many refunds were made in [from, to) and their sum: the whole UTC days from
 * refund_days, the whole hours either side from refund_hours (home-sums.sql, kept by triggers), the
 * partial hours at its ends from the refunds by the index (overview.ts's sumParts): a few rows, not each
 * refund's payment looked up (refunds-made.ts's refundsMadeTotals on SQLite).
 */
export async function teamRefundsMadeTotals(db: Queryable, q: RefundsMadeQuery): Promise<RefundsMadeTotal[]> {
  const s = sumParts(q);
  const own = `($11::text IS NULL OR profile_id = $11) AND ($12::text IS NULL OR currency = $12)`;
  const hours = (lo: string, hi: string) => `SELECT currency, amount, n FROM paydesk.refund_hours WHERE hour >= ${lo} AND hour < ${hi} AND ${own}`;
  const edge = (a: string, b: string) => `SELECT p.currency, o.amount_minor, 1 FROM ${from} WHERE o.kind = 'refund' AND o.outcome = 'succeeded'
    AND o.created_at >= ${a} AND o.created_at < ${b} AND ($11::text IS NULL OR p.profile_id = $11) AND ($12::text IS NULL OR p.currency = $12)`;
  const result = await db.query({
    text: `SELECT currency, sum(n) AS n, sum(amount) AS amount FROM (
        SELECT currency, amount, n FROM paydesk.refund_days WHERE day >= $1::int AND day < $2::int AND ${own}
        UNION ALL ${hours('$3::int', '$4::int')} UNION ALL ${hours('$5::int', '$6::int')}
        UNION ALL ${edge('$7::timestamptz', '$8::timestamptz')} UNION ALL ${edge('$9::timestamptz', '$10::timestamptz')}) AS x(currency, amount, n)
      GROUP BY currency HAVING sum(n) > 0`,
    values: [s.df, s.dt, s.h1, s.h2, s.h3, s.h4, s.a1, s.b1, s.a2, s.b2, q.profileId ?? null, q.currency ?? null],
  });
  return result.rows.map((r) => ({ currency: r.currency as string, count: whole(r.n), amountMinor: whole(r.amount) })).sort((a, b) => byBytes(a.currency, b.currency));
}

/** The refunds made in [from, to), oldest first, `limit` at a time after `after` (time to the millisecond, then id). */
export async function teamRefundsMadeWindow(db: Queryable, q: RefundsMadeQuery, limit: number | null, after?: RefundsAfter): Promise<RefundMade[]> {
  const result = await db.query({
    text: `SELECT to_char(${atMs} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, o.id::text AS id, p.id::text AS payment_id, p.order_id,
        o.amount_minor::text AS amount, p.currency, o.reason, coalesce(o.os_user, o.db_user) AS os_user, p.profile_id
      FROM ${from} WHERE ${where}
        AND ($5::timestamptz IS NULL OR (o.created_at >= $5::timestamptz AND (${atMs}, o.id) > ($5::timestamptz, $6::uuid)))
      ORDER BY ${atMs}, o.id LIMIT $7`,
    values: [q.from, q.to, q.profileId ?? null, q.currency ?? null, after?.at ?? null, after?.id ?? null, limit],
  });
  return result.rows.map((r) => ({
    at: r.at as string, id: r.id as string, paymentId: r.payment_id as string, orderId: r.order_id as string, amountMinor: whole(r.amount),
    currency: r.currency as string, reason: (r.reason as string | null) ?? null, osUser: r.os_user as string, profileId: r.profile_id as string,
  }));
}
