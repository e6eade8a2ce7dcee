-- Team ledger schema version 8, applied after history.sql (version 7) by security.ts: the
-- searches of the transactions list at a million payments (pg-reads.ts, pg-list-sql.ts;
-- docs/performance.md, "The team ledger's searches, second pass").
SET LOCAL ROLE paydesk_owner;

-- A text search matches a payment when any of its five columns holds the text. GIN returns its
-- matches in no useful order, so a text held by half the ledger and by none of its newest
-- payments ("PD-2025": the order ids of a year) cost a read of all of them. Such texts are the
-- starts of order ids. The search now asks two indexes: an order id that starts with the text is
-- a range of the folded order id (payments_order_nocase, reads.sql, or by day below), anything
-- else is in the trigram index of the text from the order id's second character on
-- (payments_search_rest: where "PD-2025" is rare). The columns' own LIKEs still decide.
DROP INDEX paydesk.payments_search;
CREATE INDEX payments_search_rest ON paydesk.payments USING gin ((lower(replace(replace(replace(replace(replace(
  substr(order_id, 2) || ' ' || coalesce(transaction_id, '') || ' ' || coalesce(customer_name, '') || ' ' || coalesce(customer_email, '') || ' ' || coalesce(customer_phone, ''),
  '.', 'α'), '-', 'β'), '@', 'γ'), '+', 'δ'), '_', 'ε') COLLATE "C")) public.gin_trgm_ops);

-- The newest order ids that start with a text, day by day (UTC): one seek per day finds whether
-- a day holds any, then the days that do are read and sorted (a page needs a few days).
CREATE INDEX payments_order_day ON paydesk.payments (((created_at AT TIME ZONE 'UTC')::date), (lower(order_id COLLATE "C")), created_at, list_seq);

-- Every "unknown" payment needs attention: without the two columns' common values the planner
-- takes them as independent (about 100 rows instead of 10,000) and reads the attention index
-- and sorts, where walking payments_state newest first finds a page at once.
CREATE STATISTICS paydesk.payments_state_attention (mcv) ON state, needs_attention FROM paydesk.payments;

UPDATE paydesk.ledger_meta SET value = '8' WHERE key = 'schema_version';
RESET ROLE;
