-- Team ledger schema version 27, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: a payment link's expiry date (YYYY-MM-DD, the request's
-- expireDate) kept when it is made, as the laptop's migration 20, so the links list can say
-- "Expires 3 Dec" (docs/screens-getting-paid.md). Set at insert by whoever may make a link; nobody
-- changes it afterwards (no UPDATE is granted on it). Text, as the request carries it: a date column
-- would come back to the laptop as a moment in its own time zone.
SET LOCAL ROLE paydesk_owner;

ALTER TABLE paydesk.payments ADD COLUMN expire_date text CHECK (expire_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');

UPDATE paydesk.ledger_meta SET value = '27' WHERE key = 'schema_version';
RESET ROLE;
