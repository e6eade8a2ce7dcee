// What the ledger derives from its payments (the trigram search index, the counts per common
// filter, whether rowid order is creation order, the overview's money by hour, the refunds made by hour), rebuilt in one pass after a bulk write that
// ran with the triggers that normally keep them in step dropped (the seeding script, imports).
import type { LedgerDb } from './database';
import { fillMoneyDaysSql, fillMoneyHoursSql, fillUnpaidLinksSql } from './migration-13';
import { fillRefundHoursSql } from './refund-hours';

/**
 * The trigram index built whole, then merged into one segment as migration 23 leaves it: with
 * FTS5's automerge on, the rebuild merged its 1 MB segments again and again (22.9 s at 1M, 7
 * segments; 19.1 s and 1 MB smaller this way). Run it before the bulk-written tables' indexes
 * are built: they take the pages the merge frees, so the file does not grow. Automerge goes back
 * to FTS5's default (4; its row stays in payments_search_config, a table SQLite keeps us out of).
 */
export function rebuildSearchIndex(db: LedgerDb): void {
  db.exec(`
INSERT INTO payments_search (payments_search, rank) VALUES ('automerge', 0);
INSERT INTO payments_search (payments_search) VALUES ('rebuild');
INSERT INTO payments_search (payments_search) VALUES ('optimize');
INSERT INTO payments_search (payments_search, rank) VALUES ('automerge', 4);`);
}

/** The rest, once the indexes are back (two of these read through theirs); the search index first (rebuildSearchIndex). */
export function rebuildLedgerDerived(db: LedgerDb): void {
  db.exec(`
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
