-- Team ledger schema version 35, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: a text search's recheck reads the searched text instead
-- of computing it (docs/performance.md, "The team ledger's slowest search, omar.2").
SET LOCAL ROLE paydesk_owner;

-- The trigram index can only narrow: every row it gives is tested again against the index's
-- expression, which search.sql's payments_search_rest computed on each row (five columns joined,
-- five replace()s, lower(): about 4 µs a row, 2,617 rows for "omar.2"). Kept in the row as a
-- stored generated column, the test reads it. The same text as step 8's (pg-list-sql.ts's
-- searchText says why each part): the order id from its second character, punctuation as Greek
-- letters, ASCII letters folded. The old index is dropped first, so the table's rewrite does not
-- build it again.
DROP INDEX paydesk.payments_search_rest;
ALTER TABLE paydesk.payments ADD COLUMN search_text text COLLATE "C" GENERATED ALWAYS AS (lower(replace(replace(replace(replace(replace(
  substr(order_id, 2) || ' ' || coalesce(transaction_id, '') || ' ' || coalesce(customer_name, '') || ' ' || coalesce(customer_email, '') || ' ' || coalesce(customer_phone, ''),
  '.', 'α'), '-', 'β'), '@', 'γ'), '+', 'δ'), '_', 'ε') COLLATE "C")) STORED;
CREATE INDEX payments_search_text ON paydesk.payments USING gin (search_text public.gin_trgm_ops);

UPDATE paydesk.ledger_meta SET value = '35' WHERE key = 'schema_version';
RESET ROLE;
