-- Team ledger schema version 30, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: Home's "Refunds made in this period", its list and its
-- CSV (pg-overview.ts, docs/overview.md). The refunds that succeeded, by when each was made, read
-- as one range of an index of only them (about one payment in ten has one) with the payment and
-- amount in the index, so a period's refunds never read every operation. The CSV is an export like
-- the others, audited by the database as `export_refunds`: record_export (bulk-links-export.sql)
-- is the same but for the one more name it accepts.
SET LOCAL ROLE paydesk_owner;

CREATE INDEX operations_refunds_made ON paydesk.operations (created_at, id) INCLUDE (payment_id, amount_minor) WHERE kind = 'refund' AND outcome = 'succeeded';

CREATE OR REPLACE FUNCTION paydesk.record_export(what text, result text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF what NOT IN ('payments', 'audit_log', 'settlement', 'bulk_links', 'refunds') THEN
    RAISE EXCEPTION 'unknown export %', what USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF length(result) > 4000 THEN
    RAISE EXCEPTION 'an export''s record is at most 4000 characters, not %', length(result) USING ERRCODE = 'string_data_right_truncation';
  END IF;
  PERFORM paydesk.append_audit('export_' || what, NULL, NULL, NULL, result);
END
$$;

UPDATE paydesk.ledger_meta SET value = '30' WHERE key = 'schema_version';
RESET ROLE;
