-- Team ledger schema version 22, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: an export's audit entry kept whole.
-- record_export (security.sql) kept the first 200 characters of what an export recorded: a long
-- search ("search \"…\"", always the entry's last part, main/ledger/export-record.ts) lost its
-- end, silently, under the chain's hash for good. What Paydesk records is at most 4000 characters
-- (its longest filters and a 200-character search, every character escaped: tested), so the
-- function now keeps it whole, and refuses anything longer in words instead of cutting it: a staff
-- login calling it by hand still cannot fill the log with megabytes. The entry goes through
-- append_audit as before: the chain, its head and the hash are unchanged; entries written before
-- keep their 200 characters and their hashes.
SET LOCAL ROLE paydesk_owner;

CREATE OR REPLACE FUNCTION paydesk.record_export(what text, result text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF what NOT IN ('payments', 'audit_log', 'settlement') THEN
    RAISE EXCEPTION 'unknown export %', what USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF length(result) > 4000 THEN
    RAISE EXCEPTION 'an export''s record is at most 4000 characters, not %', length(result) USING ERRCODE = 'string_data_right_truncation';
  END IF;
  PERFORM paydesk.append_audit('export_' || what, NULL, NULL, NULL, result);
END
$$;

UPDATE paydesk.ledger_meta SET value = '22' WHERE key = 'schema_version';
RESET ROLE;
