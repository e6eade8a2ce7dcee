-- Team ledger schema version 5, applied after laptops.sql (version 4) by security.ts, or by a
-- superuser with psql in one transaction: what the screens' reads need at a million payments
-- (main/ledger/postgres/pg-reads.ts, docs/team-ledger-plan.md). pg_trgm is an extension, so
-- this file needs a superuser (as every file of the schema); Debian's postgresql-15 ships it.
--
-- The list sorts as the laptop's SQLite ledger does (main/ledger/search.ts): by its sort's
-- values, then by the order rows arrived in as the tie-breaker (SQLite's rowid; here list_seq,
-- an identity, so equal data lists in equal order on both), case folded as SQLite's NOCASE
-- folds it (ASCII only: lower() under the "C" collation) and compared byte by byte (COLLATE "C",
-- whatever the database's locale). Each sort has an index in exactly that order, so a window is
-- one seek and a walk, in either direction.
-- The superuser's part: the extension (in public, where its operator classes are found).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
SET LOCAL ROLE paydesk_owner;

-- The order rows arrived in (a copy from a laptop inserts in the laptop's rowid order). No
-- grant lets anyone set or change it; inserting needs no right on its sequence.
ALTER TABLE paydesk.payments ADD COLUMN list_seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX payments_list_seq ON paydesk.payments (list_seq);

-- The sorts (contract PaymentSort) and the windows of the links list (newest first).
DROP INDEX paydesk.payments_created;
CREATE INDEX payments_created ON paydesk.payments (created_at, list_seq);
CREATE INDEX payments_amount ON paydesk.payments (amount_minor, list_seq);
-- An amount range is only asked with its currency.
CREATE INDEX payments_currency_amount ON paydesk.payments (currency, amount_minor, list_seq);
-- Also the range a short search's order-id prefix reads.
CREATE INDEX payments_order_nocase ON paydesk.payments ((lower(order_id COLLATE "C")), list_seq);
CREATE INDEX payments_state ON paydesk.payments ((state COLLATE "C"), created_at, list_seq);
CREATE INDEX payments_customer ON paydesk.payments ((lower(coalesce(customer_name, '') COLLATE "C")), list_seq);
CREATE INDEX payments_links ON paydesk.payments (created_at, list_seq) WHERE kind = 'link';

-- The free text (three characters or more): order id, transaction id, customer name, e-mail
-- and phone, as one text, in a trigram index. pg_trgm keeps only words (letters and digits), so
-- punctuation becomes letters first ("omar.2" one word, not "omar" and "2", held by thousands),
-- then ASCII letters are folded (lower() under "C", SQLite's LIKE) so that a plain LIKE rechecks
-- a row in about a microsecond (ILIKE and translate() cost 5-25). pg-list-sql.ts asks with the
-- same expression. The index narrows to the rows holding the text's trigrams anywhere in it;
-- the search then tests each column as SQLite does.
CREATE INDEX payments_search ON paydesk.payments USING gin ((lower(replace(replace(replace(replace(replace(
  order_id || ' ' || coalesce(transaction_id, '') || ' ' || coalesce(customer_name, '') || ' ' || coalesce(customer_email, '') || ' ' || coalesce(customer_phone, ''),
  '.', 'α'), '-', 'β'), '@', 'γ'), '+', 'δ'), '_', 'ε') COLLATE "C")) public.gin_trgm_ops);

-- The audit screen's search by words of an entry, ASCII letters folded (its seq is its position: the primary key).
CREATE INDEX audit_log_search ON paydesk.audit_log
  USING gin ((lower(action || ' ' || db_user || ' ' || coalesce(os_user, '') || ' ' || result || ' ' || coalesce(order_id, '') COLLATE "C")) public.gin_trgm_ops);

UPDATE paydesk.ledger_meta SET value = '5' WHERE key = 'schema_version';
RESET ROLE;
