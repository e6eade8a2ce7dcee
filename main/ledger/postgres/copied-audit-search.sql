-- Team ledger schema version 29, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: the audit screen's search on the entries copied from
-- laptops ("Copied from laptops", pg-copied-audit.ts, docs/team-ledger.md), as reads.sql's
-- audit_log_search and audit-amount.sql's audit_log_amount serve the team's own log: a word or an
-- order id narrowed by trigrams, an amount by one seek per currency, instead of a walk of the
-- laptop's entries.
SET LOCAL ROLE paydesk_owner;

CREATE INDEX imported_audit_search ON paydesk.imported_audit
  USING gin ((lower(action || ' ' || coalesce(os_user, '') || ' ' || result || ' ' || coalesce(order_id, '') COLLATE "C")) public.gin_trgm_ops);
CREATE INDEX imported_audit_amount ON paydesk.imported_audit (amount_minor, currency) WHERE amount_minor IS NOT NULL;

UPDATE paydesk.ledger_meta SET value = '29' WHERE key = 'schema_version';
RESET ROLE;
