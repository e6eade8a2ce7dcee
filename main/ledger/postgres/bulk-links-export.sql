-- Team ledger schema version 24, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: a bulk batch's links downloaded as CSV (for a mail
-- merge: each customer's address, the link and a ready message; docs/screens-getting-paid.md,
-- "Bulk links") is an export like the others, audited by the database as `export_bulk_links`.
-- record_export (audit-export.sql) is the same but for the one more name it accepts.
SET LOCAL ROLE paydesk_owner;

CREATE OR REPLACE FUNCTION paydesk.record_export(what text, result text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF what NOT IN ('payments', 'audit_log', 'settlement', 'bulk_links') THEN
    RAISE EXCEPTION 'unknown export %', what USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF length(result) > 4000 THEN
    RAISE EXCEPTION 'an export''s record is at most 4000 characters, not %', length(result) USING ERRCODE = 'string_data_right_truncation';
  END IF;
  PERFORM paydesk.append_audit('export_' || what, NULL, NULL, NULL, result);
END
$$;

UPDATE paydesk.ledger_meta SET value = '24' WHERE key = 'schema_version';
RESET ROLE;
