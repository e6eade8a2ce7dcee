-- Team ledger schema version 18, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: bulk payment links' batches audited by the database,
-- and told to every laptop as they move (docs/team-ledger.md, "Bulk payment links").
--   Audit entries (on the one chain, with the login and the laptop's OS user), about the batch's
--   profile, the file's name as the entry's reason, the result in a fixed form the screens word
--   in the person's language (renderer/src/features/transactions/database-audit-words.ts):
--     bulk_import   the batch stored (at commit, its rows counted)   'rows 5, to send 3'
--     bulk_run      a laptop took its run (a start, a resume, a take-over) 'to send 3'
--     bulk_cancel   someone asked it to stop                          'asked'
--     bulk_finish   its run ended                                     'done: created 3, failed 2, unknown 0, waiting 0'
--   The laptop's own file writes the same entries (main/ledger/bulk-store.ts), so both read alike.
--   Nothing here is the laptop's to write: the triggers below fire on the very changes the
--   laptop's grants allow (bulk.sql), whatever program makes them.
-- Live: a batch's run, cancel and end, and each row's outcome, notify `paydesk_changes` with
--   'bulk:<batch id>' (read by live.ts: "read this batch again", as a payment's notification is).
-- Who runs a batch was already stamped (run_by, run_laptop, run_os_user): pg-bulk.ts now shows it.
SET LOCAL ROLE paydesk_owner;

-- append_audit_about (checkup.sql) takes a reason too (a batch's file name), so one function in the
-- database writes every entry about a profile by the chain's hash rule: made again with a fifth
-- argument, NULL by default, so the check-up's four-argument calls find it unchanged.
DROP FUNCTION paydesk.append_audit_about(text, text, text, text);
CREATE FUNCTION paydesk.append_audit_about(p_action text, p_profile text, p_environment text, p_result text, p_reason text DEFAULT NULL)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  head record;
  next_seq bigint;
  at_time timestamptz;
  os text := nullif(current_setting('paydesk.os_user', true), '');
  body text;
  new_hash text;
BEGIN
  SELECT seq, hash INTO head FROM paydesk.audit_head WHERE id = 1 FOR UPDATE;
  next_seq := head.seq + 1;
  at_time := date_trunc('milliseconds', clock_timestamp());
  body := '[' || array_to_string(ARRAY[
    to_json(next_seq)::text,
    to_json(to_char(at_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text,
    to_json(session_user::text)::text, to_json(os)::text,
    to_json(p_profile)::text, to_json(p_environment)::text, to_json(p_action)::text,
    'null', 'null', 'null', 'null', to_json(p_reason)::text, to_json(p_result)::text
  ], ',', 'null') || ']';
  new_hash := encode(sha256(convert_to(head.hash || body, 'UTF8')), 'hex');
  INSERT INTO paydesk.audit_log (seq, at, db_user, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result, prev_hash, hash)
  VALUES (next_seq, at_time, session_user, os, p_profile, p_environment, p_action, NULL, NULL, NULL, NULL, p_reason, p_result, head.hash, new_hash);
  UPDATE paydesk.audit_head SET seq = next_seq, hash = new_hash WHERE id = 1;
END
$$;
REVOKE ALL ON FUNCTION paydesk.append_audit_about(text, text, text, text, text) FROM PUBLIC;

-- A batch's entry: about its profile, no environment, its file name as the reason.
CREATE FUNCTION paydesk.append_audit_batch(p_action text, p_profile text, p_reason text, p_result text)
RETURNS void LANGUAGE sql SET search_path = pg_catalog, pg_temp AS $$
  SELECT paydesk.append_audit_about(p_action, p_profile, NULL, p_result, p_reason)
$$;
REVOKE ALL ON FUNCTION paydesk.append_audit_batch(text, text, text, text) FROM PUBLIC;

-- A batch's rows counted as the entries say them (waiting: not sent yet, or being sent).
CREATE FUNCTION paydesk.bulk_counts(batch uuid) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT format('created %s, failed %s, unknown %s, waiting %s',
    count(*) FILTER (WHERE state = 'created'), count(*) FILTER (WHERE state = 'failed'),
    count(*) FILTER (WHERE state = 'unknown'), count(*) FILTER (WHERE state IN ('pending', 'sending')))
  FROM paydesk.bulk_rows WHERE batch_id = batch
$$;
REVOKE ALL ON FUNCTION paydesk.bulk_counts(uuid) FROM PUBLIC;

-- Stored: at commit (deferred), when the rows inserted after the batch in its transaction are there.
CREATE FUNCTION paydesk.audit_bulk_import() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM paydesk.append_audit_batch('bulk_import', NEW.profile_id, NEW.file_name,
    (SELECT format('rows %s, to send %s', count(*), count(*) FILTER (WHERE state <> 'failed')) FROM paydesk.bulk_rows WHERE batch_id = NEW.id));
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER bulk_batches_audit_import AFTER INSERT ON paydesk.bulk_batches DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION paydesk.audit_bulk_import();

CREATE FUNCTION paydesk.audit_bulk_batch() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NEW.state = 'running' AND (OLD.state <> 'running' OR NEW.run_laptop IS DISTINCT FROM OLD.run_laptop) THEN
    PERFORM paydesk.append_audit_batch('bulk_run', NEW.profile_id, NEW.file_name,
      (SELECT format('to send %s', count(*)) FROM paydesk.bulk_rows WHERE batch_id = NEW.id AND state IN ('pending', 'sending')));
  END IF;
  IF NEW.cancel_asked AND NOT OLD.cancel_asked THEN
    PERFORM paydesk.append_audit_batch('bulk_cancel', NEW.profile_id, NEW.file_name, 'asked');
  END IF;
  IF OLD.state = 'running' AND NEW.state IN ('done', 'cancelled', 'interrupted') THEN
    PERFORM paydesk.append_audit_batch('bulk_finish', NEW.profile_id, NEW.file_name, NEW.state || ': ' || paydesk.bulk_counts(NEW.id));
  END IF;
  IF (NEW.state, NEW.run_laptop, NEW.cancel_asked) IS DISTINCT FROM (OLD.state, OLD.run_laptop, OLD.cancel_asked) THEN
    PERFORM pg_notify('paydesk_changes', 'bulk:' || NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER bulk_batches_audit AFTER UPDATE ON paydesk.bulk_batches FOR EACH ROW EXECUTE FUNCTION paydesk.audit_bulk_batch();

-- A row's outcome (created, failed, unknown, or waiting again), told to every laptop showing its batch.
CREATE FUNCTION paydesk.notify_bulk_row() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM pg_notify('paydesk_changes', 'bulk:' || NEW.batch_id::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER bulk_rows_notify AFTER UPDATE ON paydesk.bulk_rows FOR EACH ROW
  WHEN (NEW.state IS DISTINCT FROM OLD.state AND NEW.state <> 'sending') EXECUTE FUNCTION paydesk.notify_bulk_row();

UPDATE paydesk.ledger_meta SET value = '18' WHERE key = 'schema_version';
RESET ROLE;
