// "Tell me when this link is paid" across laptops. On a laptop's own ledger the status check that
// finds a watched link paid tells its person (status-checks.ts). On the team ledger the check may
// run on any laptop (reconciliation is leased to one at a time), so the watcher's laptop also looks
// at the payments other laptops changed (live updates): a link this person watches (checks.sql's
// paydesk.watching) that became paid since this laptop started is told once, unless this laptop's
// own check told it already.
import { moneyValues } from '../../contract/amount-words';
import type { CurrencyCode } from '../../contract/money';
import type { EventHub } from '../core/event-hub';
import { englishText, reason } from '../core/fail';

/**
 * A bigint column read as text: exact, or refused (as pg-store.ts's `minor`, not imported here: this
 * module loads with the app, the PostgreSQL one only with a team ledger). Never a rounded float.
 */
function exactMinor(text: string): number {
  const minor = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(minor)) throw new Error('an amount in the team ledger is beyond exact integers');
  return minor;
}

type Pool = { query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };

export function watchedLinkNotices(pool: Pool, events: EventHub) {
  /** The state history's newest row when this laptop started: a link paid after it is news. */
  let since: string | undefined;
  const told = new Set<string>();
  events.subscribe((event) => {
    if (event.type === 'notification' && event.reason?.key === 'notify.linkPaid' && event.paymentId) told.add(event.paymentId);
  });
  return {
    /** Where news begins (once; again after a start with the server out of reach). */
    async start() {
      if (since !== undefined) return;
      since = String((await pool.query('SELECT coalesce(max(id), 0)::text AS at FROM paydesk.payment_history')).rows[0]!.at);
    },
    /** Payments another laptop (or this one) changed: tells the watched links among them that became paid. */
    async changed(ids: string[]) {
      if (since === undefined || ids.length === 0) return;
      const paid = await pool.query(`SELECT p.id::text AS id, p.order_id, p.amount_minor::text AS amount, p.currency FROM paydesk.payments p
        JOIN paydesk.watching w ON w.payment_id = p.id AND w.login = session_user AND w.watched
        WHERE p.id = ANY($1::uuid[]) AND p.kind = 'link' AND p.state = 'paid'
          AND EXISTS (SELECT 1 FROM paydesk.payment_history h WHERE h.payment_id = p.id AND h.state = 'paid' AND h.id > $2::bigint)`, [ids, since]);
      for (const row of paid.rows) {
        const id = row.id as string;
        if (told.has(id)) continue;
        const why = reason('notify.linkPaid', { orderId: row.order_id as string, ...moneyValues(exactMinor(row.amount as string), row.currency as CurrencyCode) });
        events.emit({ type: 'notification', level: 'info', paymentId: id, message: englishText(why), reason: why });
      }
    },
  };
}
