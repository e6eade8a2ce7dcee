-- Team ledger schema version 33, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: a bulk file's separator (a comma; a semicolon, as Excel
-- writes CSV in many locales; or a tab) kept with its batch, as the laptop's migration 22, so the
-- batch's error report and links CSV are written with it and open in the person's spreadsheet in
-- columns (docs/screens-getting-paid.md, "Bulk links"). Set when the batch is made by whoever may
-- make one; nobody changes it afterwards (no UPDATE is granted on it). Batches made before: null,
-- written with commas. import_bulk (copy-whole.sql) brings a laptop's batches with theirs.
SET LOCAL ROLE paydesk_owner;

ALTER TABLE paydesk.bulk_batches ADD COLUMN separator text CHECK (separator IN (',', ';', E'\t'));
GRANT INSERT (separator) ON paydesk.bulk_batches TO paydesk_staff;

CREATE OR REPLACE FUNCTION paydesk.import_bulk(laptop text, last_key bigint, batches jsonb, rows jsonb)
RETURNS TABLE (batches_added bigint, rows_added bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  added uuid[];
  b bigint := 0;
  r bigint := 0;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_admin', 'MEMBER') THEN
    RAISE EXCEPTION 'only a Paydesk admin copies a laptop''s ledger into the team ledger' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF laptop IS NULL OR length(laptop) NOT BETWEEN 1 AND 200 THEN
    RAISE EXCEPTION 'a copy names its laptop' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  INSERT INTO paydesk.importing (backend_pid, laptop) VALUES (pg_backend_pid(), laptop);
  WITH inserted AS (
    INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state, os_user, created_at, updated_at, separator)
      SELECT x.id, x.profile_id, x.file_name, x.state, x.os_user, x.created_at, x.updated_at, x.separator
      FROM jsonb_populate_recordset(NULL::paydesk.bulk_batches, coalesce(batches, '[]')) x
      ON CONFLICT DO NOTHING
      RETURNING id)
  SELECT coalesce(array_agg(id), '{}') INTO added FROM inserted;
  b := cardinality(added);
  INSERT INTO paydesk.bulk_rows (batch_id, line, order_id, amount, amount_minor, currency, description, customer_name, customer_email,
      customer_phone, issue_date, expire_date, vat_rate, vat_reason, state, payment_id, error)
    SELECT x.batch_id, x.line, x.order_id, x.amount, x.amount_minor, x.currency, x.description, x.customer_name, x.customer_email,
      x.customer_phone, x.issue_date, x.expire_date, x.vat_rate, x.vat_reason, x.state,
      CASE WHEN EXISTS (SELECT 1 FROM paydesk.payments p WHERE p.id = x.payment_id) THEN x.payment_id END, x.error
    FROM jsonb_populate_recordset(NULL::paydesk.bulk_rows, coalesce(rows, '[]')) x
    WHERE x.batch_id = ANY(added);
  GET DIAGNOSTICS r = ROW_COUNT;
  INSERT INTO paydesk.import_progress (laptop, part, last_key) VALUES (import_bulk.laptop, 'bulk', import_bulk.last_key)
    ON CONFLICT ON CONSTRAINT import_progress_pkey DO UPDATE SET last_key = excluded.last_key;
  DELETE FROM paydesk.importing WHERE backend_pid = pg_backend_pid();
  IF b > 0 THEN
    PERFORM paydesk.append_audit('import', NULL, NULL, import_bulk.laptop, format('bulk: batches %s, rows %s', b, r));
  END IF;
  RETURN QUERY SELECT b, r;
END
$$;
REVOKE ALL ON FUNCTION paydesk.import_bulk(text, bigint, jsonb, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.import_bulk(text, bigint, jsonb, jsonb) TO paydesk_admin;

UPDATE paydesk.ledger_meta SET value = '33' WHERE key = 'schema_version';
RESET ROLE;
