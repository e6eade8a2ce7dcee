// Earlier customers, for picking one in a form instead of typing name, e-mail and phone again:
// the most recent distinct customers among the latest payments (bounded, so it stays fast
// whatever the ledger's size).
import type { LedgerDb } from './database';

export type CustomerRow = { name: string; email: string; phone: string };

export function recentCustomers(db: LedgerDb, limit: number): CustomerRow[] {
  return db.prepare(`
    SELECT customer_name AS name, customer_email AS email, customer_phone AS phone, max(created_at) AS latest
    FROM (SELECT customer_name, customer_email, customer_phone, created_at FROM payments ORDER BY created_at DESC LIMIT 5000)
    WHERE customer_name IS NOT NULL AND customer_email IS NOT NULL AND customer_phone IS NOT NULL
    GROUP BY customer_name, customer_email, customer_phone
    ORDER BY latest DESC
    LIMIT ?`).all(limit) as CustomerRow[];
}
