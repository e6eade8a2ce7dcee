-- Team ledger schema version 25, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: the audit screen's search by amount ("the refund of
-- 12.500 KWD"; pg-audit-reads.ts, docs/screens-after-sale.md "Audit log"). An amount is held by a
-- few entries among a million: each currency it is exact in is one seek here instead of a walk
-- of the log. Entries without an amount (profile changes, exports, people added) are left out.
SET LOCAL ROLE paydesk_owner;

CREATE INDEX audit_log_amount ON paydesk.audit_log (amount_minor, currency) WHERE amount_minor IS NOT NULL;

UPDATE paydesk.ledger_meta SET value = '25' WHERE key = 'schema_version';
RESET ROLE;
