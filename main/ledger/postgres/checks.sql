-- Team ledger schema version 9, applied after search.sql (version 8) by security.ts, or by a
-- superuser with psql in one transaction: what a payment's status checks leave on it, as the
-- laptop's ledger keeps it (docs/ledger.md), and who watches it (main/ledger/postgres/pg-store.ts,
-- docs/team-ledger.md "What works on the team ledger").
--   last_error       why the last create, move or status check did not get a clear answer (a
--                    failed check's own message too); cleared by the next answer
--   check_attempts   checks in a row without a settled answer: the next check waits longer, and
--                    after five the payment needs a person's attention (main/payments/schedule.ts)
-- Written as a payment's status-answer columns are: by staff and up (a status check, the
-- reconciliation, a create or a move writes them); finance reads them and changes nothing.
-- When it was last checked is not a column: it is its latest row in status_checks (history.sql),
-- which every check writes (SQLite's last_checked_at is the same time). A column filled on
-- upgrade would rewrite every checked payment and all its indexes: 399 s and 973 MB to 2,063 MB
-- at a million payments with a check each (docs/performance.md).
-- Watching a link ("tell me when it is paid") is a person's own: paydesk.watching, a row per
-- payment and login, which only that login reads and writes.
-- A copy from a laptop now brings these columns, and each payment's state history and status
-- checks (paydesk.import_batch, replaced below).
SET LOCAL ROLE paydesk_owner;

-- Both without rewriting the table (a constant default is kept in the catalog).
ALTER TABLE paydesk.payments
  ADD COLUMN last_error text,
  ADD COLUMN check_attempts integer NOT NULL DEFAULT 0 CHECK (check_attempts >= 0);

-- What older versions showed stays shown: for a payment with an unclear operation (a few), that
-- operation's message, what pg-store.ts read before. Filled with the payments' triggers off: not a
-- change anyone made (no new updated_at, change_seq or notification to every laptop).
ALTER TABLE paydesk.payments DISABLE TRIGGER USER;
UPDATE paydesk.payments p SET last_error = o.error_message
  FROM (SELECT DISTINCT ON (payment_id) payment_id, error_message FROM paydesk.operations WHERE outcome = 'unknown' ORDER BY payment_id, created_at DESC) o
  WHERE o.payment_id = p.id AND o.error_message IS NOT NULL;
ALTER TABLE paydesk.payments ENABLE TRIGGER USER;

GRANT UPDATE (last_error, check_attempts) ON paydesk.payments TO paydesk_staff;

-- Who watches which payment. A row is never removed (nobody deletes anything in this schema):
-- "stop watching" sets watched to false. The login is the database's (session_user), whatever
-- the client sends.
CREATE TABLE paydesk.watching (
  payment_id uuid NOT NULL REFERENCES paydesk.payments (id),
  login text NOT NULL DEFAULT session_user,
  watched boolean NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (payment_id, login)
);

CREATE FUNCTION paydesk.stamp_watching() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.login := CASE WHEN TG_OP = 'INSERT' THEN session_user ELSE OLD.login END;
  NEW.at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER watching_stamp BEFORE INSERT OR UPDATE ON paydesk.watching FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_watching();

-- Everyone who uses Paydesk may watch (finance too: it moves no money by watching), each only
-- their own rows.
GRANT SELECT, INSERT (payment_id, watched), UPDATE (watched) ON paydesk.watching TO paydesk_staff, paydesk_finance;
ALTER TABLE paydesk.watching ENABLE ROW LEVEL SECURITY;
CREATE POLICY watching_own_read ON paydesk.watching FOR SELECT TO paydesk_staff, paydesk_finance USING (login = session_user);
CREATE POLICY watching_own_add ON paydesk.watching FOR INSERT TO paydesk_staff, paydesk_finance WITH CHECK (login = session_user);
CREATE POLICY watching_own_change ON paydesk.watching FOR UPDATE TO paydesk_staff, paydesk_finance USING (login = session_user) WITH CHECK (login = session_user);

-- The copy of a laptop's ledger (import.sql's import_batch, one more argument each for the
-- payments' state history and status checks, and the payments' new columns). A payment's history
-- and checks come with it, only in the batch that copies the payment itself: a resumed or second
-- copy, which finds the payment there, adds none of them again.
DROP FUNCTION paydesk.import_batch(text, text, bigint, jsonb, jsonb, jsonb);
CREATE FUNCTION paydesk.import_batch(laptop text, part text, last_key bigint, payments jsonb, operations jsonb, audit jsonb, history jsonb, checks jsonb)
RETURNS TABLE (payments_added bigint, operations_added bigint, audit_added bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  added uuid[];
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

  WITH inserted AS (
    INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, description,
        customer_name, customer_email, customer_phone, card_bin, card_last4, transaction_id, session_id, link_url,
        auth_only, state, status_word, captured_minor, refunded_minor, os_user, created_at, updated_at, next_check_at,
        needs_attention, attention_reason, last_error, check_attempts)
      SELECT r.id, r.profile_id, r.environment, r.kind, r.order_id, r.amount_minor, r.currency, r.description,
        r.customer_name, r.customer_email, r.customer_phone, r.card_bin, r.card_last4, r.transaction_id, r.session_id, r.link_url,
        r.auth_only, r.state, r.status_word, r.captured_minor, r.refunded_minor, r.os_user, r.created_at, r.updated_at, r.next_check_at,
        r.needs_attention, r.attention_reason, r.last_error, coalesce(r.check_attempts, 0)
      FROM jsonb_populate_recordset(NULL::paydesk.payments, coalesce(payments, '[]')) r
      ON CONFLICT DO NOTHING
      RETURNING id)
  SELECT coalesce(array_agg(id), '{}') INTO added FROM inserted;
  p := cardinality(added);

  INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, base_minor, reason, os_user, outcome, error_code,
      error_message, gateway_answer, created_at, completed_at, settled_by, settled_reason)
    SELECT r.id, r.payment_id, r.kind, r.amount_minor, r.base_minor, r.reason, r.os_user, r.outcome, r.error_code,
      r.error_message, r.gateway_answer, r.created_at, r.completed_at, r.settled_by, r.settled_reason
    FROM jsonb_populate_recordset(NULL::paydesk.operations, coalesce(operations, '[]')) r
    ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS o = ROW_COUNT;

  -- In the laptop's order (the identities number them as they come).
  INSERT INTO paydesk.payment_history (payment_id, state, status_word, source, at)
    SELECT r.payment_id, r.state, r.status_word, r.source, r.at
    FROM jsonb_array_elements(coalesce(history, '[]')) WITH ORDINALITY e(v, n), jsonb_populate_record(NULL::paydesk.payment_history, e.v) r
    WHERE r.payment_id = ANY(added) ORDER BY e.n;
  INSERT INTO paydesk.status_checks (payment_id, at, outcome, status_word, state)
    SELECT r.payment_id, r.at, r.outcome, r.status_word, r.state
    FROM jsonb_array_elements(coalesce(checks, '[]')) WITH ORDINALITY e(v, n), jsonb_populate_record(NULL::paydesk.status_checks, e.v) r
    WHERE r.payment_id = ANY(added) ORDER BY e.n;

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
GRANT EXECUTE ON FUNCTION paydesk.import_batch(text, text, bigint, jsonb, jsonb, jsonb, jsonb, jsonb) TO paydesk_admin;

UPDATE paydesk.ledger_meta SET value = '9' WHERE key = 'schema_version';
RESET ROLE;
