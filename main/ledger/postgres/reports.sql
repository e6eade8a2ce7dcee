-- Team ledger schema version 6 (after reads.sql, version 5). Applied after the files before it by
-- security.ts, or by a superuser with psql in one transaction: the indexes Home's overview reads
-- (main/ledger/postgres/pg-overview.ts, docs/overview.md "The team ledger"). Without them every
-- figure is a scan of all payments (at 100,000 payments, 200 ms for the four periods' sums, 45 ms
-- for the unpaid links, 30 ms for the payments needing a person; with them 9, 1.6 and 0.1 ms).
SET LOCAL ROLE paydesk_owner;
UPDATE paydesk.ledger_meta SET value = '6' WHERE key = 'schema_version';

-- The sums of the payments that took money, by creation time: an index-only range per period or
-- chart day (the columns the figures, the days and the shares by kind and brand read).
CREATE INDEX payments_money ON paydesk.payments (created_at) INCLUDE (currency, captured_minor, refunded_minor, profile_id, kind, card_bin) WHERE captured_minor > 0;
-- Links still unpaid, by age: only those rows.
CREATE INDEX payments_unpaid_links ON paydesk.payments (created_at) INCLUDE (currency, amount_minor, profile_id) WHERE kind = 'link' AND state = 'pending';
-- Payments needing a person: a handful.
CREATE INDEX payments_attention ON paydesk.payments (profile_id) WHERE needs_attention;

RESET ROLE;
