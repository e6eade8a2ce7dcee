-- Team ledger schema version 23, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: the transactions list's "Card ends in" filter
-- (pg-list-sql.ts; docs/screens-after-sale.md). A caller's "my card ending 4242" is about 1 payment
-- in 10,000: its payments newest first (or oldest) are one seek and a short walk of this index, in
-- the list's order (created_at, then list_seq, as payments_created); other sorts sort the few
-- matches. Payments without a card (links and sessions not paid yet) are left out. Only the last
-- four digits are kept (security.sql's check on card_last4): nothing more of a card is indexed.
SET LOCAL ROLE paydesk_owner;

CREATE INDEX payments_card_last4 ON paydesk.payments (card_last4, created_at, list_seq) WHERE card_last4 IS NOT NULL;

UPDATE paydesk.ledger_meta SET value = '23' WHERE key = 'schema_version';
RESET ROLE;
