// Earlier customers, for picking one in a form instead of typing name, e-mail and phone again:
// the most recent distinct customers of one environment (practice, sandbox or production) among
// the latest payments (bounded, so it stays fast whatever the ledger's size), never the gateway
// check-up's own made-up customer. A form makes its payment on the active profile, so a practice
// or sandbox test customer is not offered on a production form, nor the other way round; by
// environment rather than profile id, so on the team ledger a teammate's production customers are
// offered too (each laptop's profiles have ids of their own).
import type { LedgerDb } from './database';
import { prepared, writtenLimit } from './statements';

export type CustomerRow = { name: string; email: string; phone: string };

/** How many of the newest payments (every profile's) are read for them: one bounded walk of the date index. */
export const customersAmongLatest = 5000;

/** Payments made in the same millisecond: the later-recorded first (rowid), as the team ledger's list_seq orders them. */
export function recentCustomers(db: LedgerDb, environment: string, limit: number): CustomerRow[] {
  // The LIMIT written in: a bound one is planned again at every call (statements.ts).
  const rows = prepared(db, `
    SELECT customer_name AS name, customer_email AS email, customer_phone AS phone, max(created_at) AS latest, max(k) AS k
    FROM (SELECT rowid AS k, customer_name, customer_email, customer_phone, created_at, environment, checkup_run FROM payments ORDER BY created_at DESC, rowid DESC LIMIT ${customersAmongLatest})
    WHERE environment = ? AND checkup_run IS NULL AND customer_name IS NOT NULL AND customer_email IS NOT NULL AND customer_phone IS NOT NULL
    GROUP BY customer_name, customer_email, customer_phone
    ORDER BY latest DESC, k DESC
    LIMIT ${writtenLimit(limit)}`).all(environment) as CustomerRow[];
  return rows.slice(0, limit);
}
