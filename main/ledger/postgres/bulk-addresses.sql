-- Team ledger schema version 44, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: a bulk batch's return addresses (where every row's
-- customer goes after paying, or when the payment does not go through), kept with the batch when
-- it first runs, as the laptop's migration 26: a resume, from any laptop, sends its later rows to
-- the same addresses as its first and asks nothing (docs/screens-getting-paid.md, "Bulk links").
-- Set by the claim that takes the batch's first run (pg-bulk.ts); once set, nobody changes them
-- (a trigger refuses it, whoever asks). Batches made before: null until they run again. A
-- laptop's batches copied into the team ledger (import_bulk) come with theirs.
SET LOCAL ROLE paydesk_owner;

ALTER TABLE paydesk.bulk_batches
  ADD COLUMN success_url text CHECK (length(success_url) BETWEEN 1 AND 2048),
  ADD COLUMN failure_url text CHECK (length(failure_url) BETWEEN 1 AND 2048);
GRANT UPDATE (success_url, failure_url) ON paydesk.bulk_batches TO paydesk_staff;

CREATE FUNCTION paydesk.keep_bulk_addresses() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF (OLD.success_url IS NOT NULL OR OLD.failure_url IS NOT NULL)
      AND (NEW.success_url IS DISTINCT FROM OLD.success_url OR NEW.failure_url IS DISTINCT FROM OLD.failure_url) THEN
    RAISE EXCEPTION 'a bulk batch keeps the addresses it first ran with' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER bulk_batches_keep_addresses BEFORE UPDATE OF success_url, failure_url ON paydesk.bulk_batches
  FOR EACH ROW EXECUTE FUNCTION paydesk.keep_bulk_addresses();

-- The copy of a laptop's ledger brings each batch's addresses (its migration 26) with the rest:
-- import_bulk as bulk-separator.sql (version 33) defined it, the same arguments, owner and grants.
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
    INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state, os_user, created_at, updated_at, separator, success_url, failure_url)
      SELECT x.id, x.profile_id, x.file_name, x.state, x.os_user, x.created_at, x.updated_at, x.separator, x.success_url, x.failure_url
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

UPDATE paydesk.ledger_meta SET value = '44' WHERE key = 'schema_version';
RESET ROLE;
