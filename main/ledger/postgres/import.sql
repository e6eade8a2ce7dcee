-- Team ledger schema version 3, applied after live.sql (version 2) by security.ts, or by a
-- superuser with psql in one transaction: moving a laptop's SQLite ledger into the team database
-- (main/ledger/postgres/copy-to-team.ts, docs/team-ledger.md "Moving to the team ledger").
--
-- A laptop's payments and operations arrive as they ended (an operation already succeeded or
-- failed), which the ordinary path refuses (an operation enters as 'sending'). Only
-- paydesk.import_batch, run by an admin, may insert them so: while it runs, its session's backend
-- is listed in paydesk.importing (a table nobody else can write), and the triggers then keep the
-- rows' own times and outcomes, mark them with the laptop they came from, and leave the per-row
-- audit entries out; the function writes one audit entry per batch instead. The laptop's own audit
-- entries go, as written, into paydesk.imported_audit, with their hashes: that chain still
-- verifies on its own (the SQLite rule, docs/ledger.md), beside the team's.
-- Each batch is one transaction with its position (paydesk.import_progress), and every row is
-- inserted ON CONFLICT DO NOTHING: an interrupted copy resumes where it stopped, a second copies
-- nothing, and what is there already is counted, not doubled.
SET LOCAL ROLE paydesk_owner;

ALTER TABLE paydesk.payments ADD COLUMN imported_from text;
ALTER TABLE paydesk.operations ADD COLUMN imported_from text;

CREATE TABLE paydesk.imported_audit (
  laptop text NOT NULL,
  seq bigint NOT NULL,
  -- `at` as the laptop wrote it: the hash covers that text.
  at text NOT NULL,
  os_user text,
  profile_id text,
  environment text,
  action text NOT NULL,
  payment_id text,
  order_id text,
  amount_minor bigint,
  currency text,
  reason text,
  result text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  imported_by text NOT NULL DEFAULT session_user,
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (laptop, seq)
);
CREATE INDEX imported_audit_payment ON paydesk.imported_audit (payment_id);

-- How far each laptop's copy got, per part, committed with each batch.
CREATE TABLE paydesk.import_progress (laptop text NOT NULL, part text NOT NULL, last_key bigint NOT NULL, PRIMARY KEY (laptop, part));

-- The sessions inside import_batch right now (their backend pids): nobody but the owner writes it.
CREATE TABLE paydesk.importing (backend_pid integer PRIMARY KEY, laptop text NOT NULL);

CREATE FUNCTION paydesk.importing_from() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT laptop FROM paydesk.importing WHERE backend_pid = pg_backend_pid()
$$;

CREATE OR REPLACE FUNCTION paydesk.stamp_payment() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  laptop text := paydesk.importing_from();
BEGIN
  IF TG_OP = 'INSERT' AND laptop IS NOT NULL THEN
    -- Imported: the importer logged in, the laptop's OS user made it, at its own time.
    NEW.created_by := session_user;
    NEW.imported_from := laptop;
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.created_by := session_user;
    NEW.os_user := nullif(current_setting('paydesk.os_user', true), '');
    NEW.created_at := now();
    NEW.imported_from := NULL;
  ELSE
    NEW.imported_from := OLD.imported_from;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

-- An imported payment or operation brings its own history (paydesk.imported_audit): its insert is
-- not audited again. Conditions on the triggers, so version 1's audit functions stay as they are.
DROP TRIGGER payments_audit ON paydesk.payments;
CREATE TRIGGER payments_audit AFTER INSERT ON paydesk.payments FOR EACH ROW WHEN (NEW.imported_from IS NULL) EXECUTE FUNCTION paydesk.audit_payment();

CREATE OR REPLACE FUNCTION paydesk.stamp_operation() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  laptop text := paydesk.importing_from();
BEGIN
  IF TG_OP = 'INSERT' AND laptop IS NOT NULL THEN
    IF NEW.outcome NOT IN ('succeeded', 'failed') THEN
      RAISE EXCEPTION 'only a decided operation is imported (settle open ones on the laptop first)' USING ERRCODE = 'check_violation';
    END IF;
    NEW.db_user := session_user;
    NEW.imported_from := laptop;
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.outcome <> 'sending' THEN
      RAISE EXCEPTION 'an operation is recorded as sending before its request leaves' USING ERRCODE = 'check_violation';
    END IF;
    NEW.db_user := session_user;
    NEW.os_user := nullif(current_setting('paydesk.os_user', true), '');
    NEW.created_at := now();
    NEW.settled_by := NULL;
    NEW.settled_reason := NULL;
    NEW.imported_from := NULL;
  ELSE
    NEW.imported_from := OLD.imported_from;
    IF OLD.outcome IN ('succeeded', 'failed') AND NEW.outcome IS DISTINCT FROM OLD.outcome THEN
      RAISE EXCEPTION 'the outcome of operation % is decided (%)', OLD.id, OLD.outcome USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.settled_reason IS DISTINCT FROM OLD.settled_reason THEN
      NEW.settled_by := session_user;
    ELSE
      NEW.settled_by := OLD.settled_by;
    END IF;
  END IF;
  RETURN NEW;
END
$$;

DROP TRIGGER operations_audit ON paydesk.operations;
CREATE TRIGGER operations_audit AFTER INSERT ON paydesk.operations FOR EACH ROW WHEN (NEW.imported_from IS NULL) EXECUTE FUNCTION paydesk.audit_operation();
CREATE TRIGGER operations_audit_update AFTER UPDATE ON paydesk.operations FOR EACH ROW EXECUTE FUNCTION paydesk.audit_operation();

-- One batch of a laptop's copy, in the caller's transaction: rows as JSON arrays of objects with
-- the tables' column names; `part` and `last_key` the position to remember. Answers how many rows
-- of each were inserted (the others were there already). Admins only; audited once per batch.
CREATE FUNCTION paydesk.import_batch(laptop text, part text, last_key bigint, payments jsonb, operations jsonb, audit jsonb)
RETURNS TABLE (payments_added bigint, operations_added bigint, audit_added bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  p bigint := 0;
  o bigint := 0;
  a bigint := 0;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_admin', 'MEMBER') THEN
    RAISE EXCEPTION 'only a Paydesk admin copies a laptop''s ledger into the team ledger' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF laptop IS NULL OR length(laptop) NOT BETWEEN 1 AND 200 THEN
    RAISE EXCEPTION 'a copy names its laptop' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  INSERT INTO paydesk.importing (backend_pid, laptop) VALUES (pg_backend_pid(), laptop);

  INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, description,
      customer_name, customer_email, customer_phone, card_bin, card_last4, transaction_id, session_id, link_url,
      auth_only, state, status_word, captured_minor, refunded_minor, os_user, created_at, updated_at, next_check_at,
      needs_attention, attention_reason)
    SELECT r.id, r.profile_id, r.environment, r.kind, r.order_id, r.amount_minor, r.currency, r.description,
      r.customer_name, r.customer_email, r.customer_phone, r.card_bin, r.card_last4, r.transaction_id, r.session_id, r.link_url,
      r.auth_only, r.state, r.status_word, r.captured_minor, r.refunded_minor, r.os_user, r.created_at, r.updated_at, r.next_check_at,
      r.needs_attention, r.attention_reason
    FROM jsonb_populate_recordset(NULL::paydesk.payments, coalesce(payments, '[]')) r
    ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS p = ROW_COUNT;

  INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, base_minor, reason, os_user, outcome, error_code,
      error_message, gateway_answer, created_at, completed_at, settled_by, settled_reason)
    SELECT r.id, r.payment_id, r.kind, r.amount_minor, r.base_minor, r.reason, r.os_user, r.outcome, r.error_code,
      r.error_message, r.gateway_answer, r.created_at, r.completed_at, r.settled_by, r.settled_reason
    FROM jsonb_populate_recordset(NULL::paydesk.operations, coalesce(operations, '[]')) r
    ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS o = ROW_COUNT;

  INSERT INTO paydesk.imported_audit (laptop, seq, at, os_user, profile_id, environment, action, payment_id, order_id,
      amount_minor, currency, reason, result, prev_hash, hash)
    SELECT import_batch.laptop, r.seq, r.at, r.os_user, r.profile_id, r.environment, r.action, r.payment_id, r.order_id,
      r.amount_minor, r.currency, r.reason, r.result, r.prev_hash, r.hash
    FROM jsonb_populate_recordset(NULL::paydesk.imported_audit, coalesce(audit, '[]')) r
    ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS a = ROW_COUNT;

  INSERT INTO paydesk.import_progress (laptop, part, last_key) VALUES (import_batch.laptop, import_batch.part, import_batch.last_key)
    ON CONFLICT ON CONSTRAINT import_progress_pkey DO UPDATE SET last_key = excluded.last_key;
  DELETE FROM paydesk.importing WHERE backend_pid = pg_backend_pid();
  IF p + o + a > 0 THEN
    PERFORM paydesk.append_audit('import', NULL, NULL, import_batch.laptop,
      format('%s: payments %s, operations %s, audit entries %s', import_batch.part, p, o, a));
  END IF;
  RETURN QUERY SELECT p, o, a;
END
$$;

GRANT SELECT ON paydesk.imported_audit, paydesk.import_progress TO paydesk_staff, paydesk_finance;
REVOKE ALL ON FUNCTION paydesk.importing_from() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.import_batch(text, text, bigint, jsonb, jsonb, jsonb) TO paydesk_admin;
ALTER TABLE paydesk.imported_audit ENABLE ROW LEVEL SECURITY;
CREATE POLICY imported_audit_read ON paydesk.imported_audit FOR SELECT TO paydesk_staff, paydesk_finance USING (true);

UPDATE paydesk.ledger_meta SET value = '3' WHERE key = 'schema_version';
RESET ROLE;
