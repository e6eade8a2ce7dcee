// Which rows the list's totals (list-totals.ts) read for a filter. A narrow filter (a card's last
// digits, one e-mail, a week, an amount range, those needing attention) is read through the index the list's page walks
// for it: its few candidates only, in index order, a slice per turn of main's event loop. A broad
// one (the whole ledger, "paid", a common name) is read a slice of rowids at a time over the table,
// cheaper per row than index lookups past about a third of the table
// (docs/performance.md, "The totals of narrow filters"). The filter's own WHERE decides which rows
// count either way: a path only says which rows are looked at, so the answers are the same.
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import { countCommon } from './count-tables';
import { prepared } from './statements';
import type { Where } from './search';

/**
 * `keyed`: the payments of an index range, in the index's order (`key`, then rowid), from
 * `@pk`/`@pr` on (a keyset, as the list's windows); `start` is the range's lower bound.
 * `few`: a text search's hits, fewer than one slice, read in one query.
 */
export type TotalsPath =
  | { kind: 'keyed'; index: string; fixed: string[]; key?: string; start: string | number }
  | { kind: 'few'; rowids: string };

/** A path is taken only for up to this many candidates: a quarter of the table, at most 50,000 (a probe reads up to that many index entries in one turn, about 2.5 ms at 1M). */
export const narrowCandidates = (all: number) => Math.min(50_000, Math.max(2_000, Math.floor(all / 4)));

const before = Number.MIN_SAFE_INTEGER;

/** The narrow paths the filter allows, cheapest to ask first; each told with how to count its candidates. */
export function pathsOf(db: LedgerDb, filter: PaymentFilter, where: Where): Array<{ path: TotalsPath; count(cap: number): number }> {
  const paths: Array<{ path: TotalsPath; count(cap: number): number }> = [];
  const probe = (path: TotalsPath) => (cap: number) =>
    (prepared(db, `SELECT count(*) AS n FROM (${driverSql(path)} LIMIT ${cap + 1})`).get({ ...where.params, pk: start(path), pr: before }) as { n: number }).n;
  if (where.text?.kind === 'trigram') {
    // The trigram index's hits; the LIKE in the WHERE decides (as the list's textDriver).
    const path: TotalsPath = { kind: 'few', rowids: 'SELECT rowid AS r FROM payments_search WHERE payments_search MATCH @match' };
    paths.push({ path, count: probe(path) });
  } else if (where.text?.kind === 'prefix') {
    // UNION, not UNION ALL: a payment whose order id starts so and whose transaction id is the text is counted once.
    const path: TotalsPath = { kind: 'few', rowids: 'SELECT rowid AS r FROM payments WHERE order_id COLLATE NOCASE >= @lo AND order_id COLLATE NOCASE < @hi UNION SELECT rowid FROM payments WHERE transaction_id = @exact' };
    paths.push({ path, count: probe(path) });
  }
  if (where.card) {
    const path: TotalsPath = { kind: 'keyed', index: 'payments_card_last4', fixed: ['card_last4 = @cardLast4'], start: before };
    paths.push({ path, count: probe(path) });
  }
  if (filter.states?.length === 1) {
    // Exact from payment_counts: nothing read to know it.
    const path: TotalsPath = { kind: 'keyed', index: 'payments_state', fixed: ['state = @state0'], key: 'created_at', start: '' };
    paths.push({ path, count: () => countCommon(db, { states: filter.states }) });
  }
  if (filter.needsAttention === true) {
    // The partial index of the payments that need attention (about 1 in 100), by profile.
    const path: TotalsPath = filter.profileId
      ? { kind: 'keyed', index: 'payments_attention', fixed: ['needs_attention = 1', 'profile_id = @profileId'], start: before }
      : { kind: 'keyed', index: 'payments_attention', fixed: ['needs_attention = 1'], key: 'profile_id', start: '' };
    paths.push({ path, count: () => countCommon(db, { needsAttention: true, profileId: filter.profileId }) });
  }
  if (filter.currency) {
    const min = where.params.minAmount as number | undefined;
    const path: TotalsPath = { kind: 'keyed', index: 'payments_currency_amount', fixed: ['currency = @currency', ...(where.params.maxAmount !== undefined ? ['amount_minor <= @maxAmount'] : [])], key: 'amount_minor', start: min ?? before };
    const ranged = min !== undefined || where.params.maxAmount !== undefined;
    paths.push({ path, count: ranged ? probe(path) : () => countCommon(db, { currency: filter.currency }) });
  }
  if (where.params.from !== undefined || where.params.to !== undefined) {
    const path: TotalsPath = { kind: 'keyed', index: 'payments_created', fixed: where.params.to !== undefined ? ['created_at < @to'] : [], key: 'created_at', start: (where.params.from as string | undefined) ?? '' };
    paths.push({ path, count: probe(path) });
  }
  return paths;
}

/** Where a keyed path starts (its lower bound); a `few` path has none. */
export const start = (path: TotalsPath) => (path.kind === 'keyed' ? path.start : before);

/** The path's candidates as rowids `r` (and key `k`), in its order, from the keyset `@pk`/`@pr` on. */
export function driverSql(path: TotalsPath): string {
  if (path.kind === 'few') return path.rowids;
  // One lower bound on the key, so the index range starts at the keyset (two would leave SQLite
  // to pick one, and each slice would walk from the range's start).
  const after = path.key ? `${path.key} >= @pk AND (${path.key} > @pk OR rowid > @pr)` : 'rowid > @pr';
  return `SELECT ${path.key ? `${path.key} AS k, ` : ''}rowid AS r FROM payments INDEXED BY ${path.index} WHERE ${[...path.fixed, after].join(' AND ')} ORDER BY ${path.key ? `${path.key}, ` : ''}rowid`;
}
