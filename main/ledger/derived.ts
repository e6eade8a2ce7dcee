// What the ledger derives from its payments (the trigram search index, the counts per common
// filter, whether rowid order is creation order, the overview's money by hour, the refunds made by hour), rebuilt in one pass after a bulk write that
// ran with the triggers that normally keep them in step dropped (the seeding script, imports).
import type { LedgerDb } from './database';
import { fillMoneyDaysSql, fillMoneyHoursSql, fillUnpaidLinksSql } from './migration-13';
import { fillRefundHoursSql } from './refund-hours';

export function rebuildLedgerDerived(db: LedgerDb): void {
  db.exec(`
INSERT INTO payments_search (payments_search) VALUES ('rebuild');
DELETE FROM payment_counts;
INSERT INTO payment_counts SELECT profile_id, state, kind, currency, needs_attention, count(*) FROM payments GROUP BY 1, 2, 3, 4, 5;
UPDATE ledger_meta SET value = (SELECT count(*) FROM (SELECT created_at < lag(created_at) OVER (ORDER BY rowid) AS back FROM payments) WHERE back)
  WHERE key = 'date_order_breaks';
DELETE FROM money_hours;
${fillMoneyHoursSql(false)};
DELETE FROM money_days;
${fillMoneyDaysSql(false)};
DELETE FROM unpaid_links;
${fillUnpaidLinksSql};
DELETE FROM refund_hours;
DELETE FROM refund_days;
${fillRefundHoursSql}
`);
}
