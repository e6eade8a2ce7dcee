-- Team ledger schema version 26, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: Home's "Authorised, not captured" (pg-overview.ts,
-- docs/overview.md). Card payments whose money is held and not captured are few: an index of only
-- them, so the count, the amount held and the oldest per currency never read every payment.
SET LOCAL ROLE paydesk_owner;

CREATE INDEX payments_authorised ON paydesk.payments (currency) INCLUDE (amount_minor, profile_id, created_at) WHERE state = 'authorised';

UPDATE paydesk.ledger_meta SET value = '26' WHERE key = 'schema_version';
RESET ROLE;
