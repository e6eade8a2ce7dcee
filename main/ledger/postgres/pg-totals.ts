// The list's sums per currency on the team ledger, as list-totals.ts makes them on a laptop's
// file and the payments CSV adds them up (`captured`, `refunded`; an empty `refunded` cell, a
// refund made outside Paydesk, counted apart, as an authorisation captured outside it): one GROUP BY with the list's own WHERE
// (pg-list-sql.ts filterSql) on a connection of its own, after the page (the renderer asks once
// the page is in), cancelled on the server when a call for another filter comes. The server
// works; main's thread waits on a socket. Kept for the payments' version it was summed at (read
// in the same statement, so of the same snapshot).
import type { PaymentFilter } from '../../../contract/methods/payments';
import type { CurrencyTotals, TotalsAnswer } from '../list-totals';
import { ordered } from '../list-totals';
import { filterSql, Params } from './pg-list-sql';
import { fail } from '../../core/fail';

type Cancellable = (sql: string, values: unknown[]) => { result: Promise<{ rows: Array<Record<string, unknown>> } | undefined>; cancel(): void };

export function createTeamTotals(deps: { cancellable: Cancellable; versionOf(): Promise<string> }) {
  let running: { key: string; answer: Promise<TotalsAnswer>; cancel(): void } | undefined;
  let known: { key: string; currencies: CurrencyTotals[] } | undefined;
  /** The filter asked last: taken at the call, before any wait, so an older call's answer is never the one shown. */
  let latest = '';

  async function sum(key: string, query: ReturnType<Cancellable>): Promise<TotalsAnswer> {
    const found = (await query.result)?.rows[0];
    if (!found) return { stopped: true, currencies: [] };
    const currencies = ordered((found.sums as Array<Record<string, string>>).map((r) => ({
      profileId: r.profile_id!,
      currency: r.currency as CurrencyTotals['currency'],
      payments: exact(r.n!, r.currency!),
      capturedPayments: exact(r.with_capture!, r.currency!),
      capturedMinor: exact(r.captured!, r.currency!),
      refundedMinor: exact(r.refunded!, r.currency!),
      refundsNotKnown: exact(r.unknown!, r.currency!),
      capturesNotKnown: exact(r.captures_unknown!, r.currency!),
    })));
    // Of the version the key names (the same snapshot), else kept under the newer one it saw.
    known = { key: `${found.v as string} ${key.slice(key.indexOf(' ') + 1)}`, currencies };
    return { stopped: false, currencies };
  }

  return {
    /** The totals of `filter`; a call for the same filter joins the one under way, another stops it. */
    async list(filter: PaymentFilter): Promise<TotalsAnswer> {
      const asked = JSON.stringify(filter);
      latest = asked;
      const stopped = { stopped: true, currencies: [] };
      // The version in the key: a sum begun before a change is of the ledger before it.
      const version = await deps.versionOf();
      if (latest !== asked) return stopped;
      const key = `${version} ${asked}`;
      if (known?.key === key) return { stopped: false, currencies: known.currencies };
      if (running?.key === key) return running.answer;
      running?.cancel();
      const params = new Params();
      const where = filterSql(filter, params);
      // Sums as text: numeric past 2^53 stays exact until exact() refuses it.
      const query = deps.cancellable(`WITH s AS (SELECT p.profile_id, p.currency, count(*)::text AS n, count(*) FILTER (WHERE p.captured_minor > 0)::text AS with_capture, coalesce(sum(p.captured_minor), 0)::text AS captured, coalesce(sum(p.refunded_minor), 0)::text AS refunded,
          count(*) FILTER (WHERE p.state IN ('partially_refunded', 'refunded') AND p.refunded_minor = 0)::text AS unknown,
          count(*) FILTER (WHERE p.state = 'partially_captured' AND p.captured_minor = 0)::text AS captures_unknown
          FROM paydesk.payments p ${where ? `WHERE ${where}` : ''} GROUP BY p.currency, p.profile_id)
        SELECT coalesce((SELECT json_agg(s) FROM s), '[]') AS sums, (SELECT coalesce(max(change_seq), 0)::text FROM paydesk.payments) AS v`, params.values);
      const mine = { key, answer: sum(key, query), cancel: () => query.cancel() };
      running = mine;
      try {
        const answer = await mine.answer;
        return latest === asked ? answer : stopped;
      } finally {
        if (running === mine) running = undefined;
      }
    },
  };
}

/** A sum the server added, as an integer that JavaScript holds exactly (else refused, never rounded). */
function exact(text: string, currency: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw fail('invalid_input', 'ledger.totalTooLarge', { currency });
  return n;
}
