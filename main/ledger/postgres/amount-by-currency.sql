-- Team ledger schema version 43, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: the transactions list sorted by amount keeps each
-- currency apart (pg-list-sql.ts's sortKeys: currency, then amount, then list_seq), since one
-- currency's minor units are not another's (KWD 21.732 is 21732 fils, SAR 217.32 is 21732
-- halalas). It walks payments_currency_amount (reads.sql); the index of amounts alone is read by
-- nothing now.
SET LOCAL ROLE paydesk_owner;

DROP INDEX IF EXISTS paydesk.payments_amount;

UPDATE paydesk.ledger_meta SET value = '43' WHERE key = 'schema_version';
RESET ROLE;
