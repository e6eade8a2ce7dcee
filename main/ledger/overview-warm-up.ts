// Home's first questions, asked empty: the overview worker asks this once when it starts, so
// Home's real first call finds its statements prepared (the schema read, the SQL compiled) and
// the unpaid links' and attention indexes in the connection's cache, while reading no money.
// The statements are the same for any range: a range is bound, not written into the SQL; the
// charts' statement depends only on the number of days (30 on Home unless dates are chosen); the
// refunds made of the chosen dates come with the figures (refunds-made.ts).
import type { OverviewQuery } from './overview';

export function warmUpQuery(now = new Date()): OverviewQuery {
  const at = now.toISOString();
  const empty = { from: at, to: at };
  return { now: at, periods: [empty, empty, empty, empty], refundsMadeIn: empty, days: Array.from({ length: 30 }, () => ({ date: at.slice(0, 10), ...empty })) } as OverviewQuery;
}
