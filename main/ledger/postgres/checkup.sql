-- Team ledger schema version 16, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: the gateway check-up on the team ledger
-- (main/checkup/, docs/check-up.md "On the team ledger").
--   paydesk.checkup_runs   one row per check-up started: the run's id, its profile and
--                          environment (sandbox or practice: never production) and who started it.
--                          The steps and their findings stay in the laptop's memory, as on SQLite;
--                          this row is what the ledger needs to say which payments a run made.
--   payments.checkup_run   the run that made a payment (SQLite's migration 7 column). Set only at
--                          insert, by the person who started that run, on its profile and
--                          environment (a restrictive policy); nobody changes it afterwards.
-- Who may run one: support and up. Its steps capture, void and refund, which the database lets
-- only support and up do (security.sql), so a run started by staff would fail halfway, its money
-- left on the sandbox; staff are refused at the start instead. Finance changes no payment: refused.
-- The audit entries about a check-up's payments are named `checkup_…` by the database's own
-- triggers, as the laptop's ledger names them (payments-core.ts), and the run's own entries
-- (checkup_started, checkup_finished, checkup_report_saved) are written by paydesk.record_checkup.
-- A check-up's payments are ordinary rows otherwise: the lists, the overview and the exports treat
-- them exactly as the laptop's ledger does (they are sandbox or practice payments).
SET LOCAL ROLE paydesk_owner;

CREATE TABLE paydesk.checkup_runs (
  id uuid PRIMARY KEY,
  profile_id text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'practice')),
  started_by text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now()
);

-- Nullable with no default: no rewrite of the payments table; the foreign key's check reads NULLs only.
ALTER TABLE paydesk.payments ADD COLUMN checkup_run uuid REFERENCES paydesk.checkup_runs (id);
CREATE INDEX payments_checkup ON paydesk.payments (checkup_run) WHERE checkup_run IS NOT NULL;

-- Everyone reads the runs (the payments' policy below reads them as the person logged in); nobody
-- writes them but record_checkup.
GRANT SELECT ON paydesk.checkup_runs TO paydesk_staff, paydesk_finance;
ALTER TABLE paydesk.checkup_runs ENABLE ROW LEVEL SECURITY;
CREATE POLICY checkup_runs_read ON paydesk.checkup_runs FOR SELECT TO paydesk_staff, paydesk_finance USING (true);

-- A payment marked as a check-up's is one of a run this person started, on its profile and
-- environment (so never production, and never by staff, who cannot start one).
CREATE POLICY payments_checkup_only_own_run ON paydesk.payments AS RESTRICTIVE FOR INSERT TO paydesk_staff
  WITH CHECK (checkup_run IS NULL OR EXISTS (SELECT 1 FROM paydesk.checkup_runs r
    WHERE r.id = payments.checkup_run AND r.profile_id = payments.profile_id AND r.environment = payments.environment AND r.started_by = session_user));

-- An audit entry about no payment but about a profile (a check-up run's), on the same chain and
-- hash rule as append_audit.
CREATE FUNCTION paydesk.append_audit_about(p_action text, p_profile text, p_environment text, p_result text)
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
    'null', 'null', 'null', 'null', 'null', to_json(p_result)::text
  ], ',', 'null') || ']';
  new_hash := encode(sha256(convert_to(head.hash || body, 'UTF8')), 'hex');
  INSERT INTO paydesk.audit_log (seq, at, db_user, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result, prev_hash, hash)
  VALUES (next_seq, at_time, session_user, os, p_profile, p_environment, p_action, NULL, NULL, NULL, NULL, NULL, p_result, head.hash, new_hash);
  UPDATE paydesk.audit_head SET seq = next_seq, hash = new_hash WHERE id = 1;
END
$$;
REVOKE ALL ON FUNCTION paydesk.append_audit_about(text, text, text, text) FROM PUBLIC;

-- A check-up's start (which registers the run), end or saved report, in the audit log. Support
-- and up only; sandbox and practice only.
CREATE FUNCTION paydesk.record_checkup(action text, run uuid, profile text, environment text, result text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_support', 'MEMBER') THEN
    RAISE EXCEPTION 'a check-up captures, voids and refunds: support and up only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF environment IS NULL OR environment NOT IN ('sandbox', 'practice') THEN
    RAISE EXCEPTION 'a check-up runs only on sandbox and practice profiles' USING ERRCODE = 'check_violation';
  END IF;
  IF action = 'checkup_started' THEN
    INSERT INTO paydesk.checkup_runs (id, profile_id, environment, started_by) VALUES (run, profile, environment, session_user);
  ELSIF action IN ('checkup_finished', 'checkup_report_saved') THEN
    IF NOT EXISTS (SELECT 1 FROM paydesk.checkup_runs r WHERE r.id = run AND r.profile_id = profile AND r.environment = record_checkup.environment) THEN
      RAISE EXCEPTION 'no such check-up' USING ERRCODE = 'foreign_key_violation';
    END IF;
  ELSE
    RAISE EXCEPTION 'unknown check-up entry %', action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM paydesk.append_audit_about(action, profile, environment, left(result, 200));
END
$$;
REVOKE ALL ON FUNCTION paydesk.record_checkup(text, uuid, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.record_checkup(text, uuid, text, text, text) TO paydesk_staff, paydesk_finance;

-- `checkup_` before the action of every entry about a check-up's payment, as on the laptop's ledger.
CREATE FUNCTION paydesk.checkup_prefix(payment uuid) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM paydesk.payments p WHERE p.id = payment AND p.checkup_run IS NOT NULL) THEN 'checkup_' ELSE '' END
$$;
REVOKE ALL ON FUNCTION paydesk.checkup_prefix(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION paydesk.audit_payment() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM paydesk.append_audit(CASE WHEN NEW.checkup_run IS NOT NULL THEN 'checkup_' ELSE '' END || 'create_' || NEW.kind, NEW.id, NEW.amount_minor, NULL, 'recorded: ' || NEW.state);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION paydesk.audit_operation() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  action text;
  prefix text := paydesk.checkup_prefix(NEW.payment_id);
BEGIN
  action := prefix || CASE WHEN NEW.kind = 'create' THEN 'create_' || (SELECT kind FROM paydesk.payments WHERE id = NEW.payment_id) ELSE NEW.kind END;
  IF TG_OP = 'INSERT' THEN
    PERFORM paydesk.append_audit(action, NEW.payment_id, NEW.amount_minor, NEW.reason, 'sending');
  ELSIF NEW.settled_reason IS DISTINCT FROM OLD.settled_reason AND NEW.settled_reason IS NOT NULL THEN
    PERFORM paydesk.append_audit(prefix || 'settle_' || NEW.kind, NEW.payment_id, NEW.amount_minor, NEW.settled_reason,
      CASE WHEN NEW.outcome = 'succeeded' THEN 'went_through' ELSE 'did_not_go_through' END);
  ELSIF NEW.outcome IS DISTINCT FROM OLD.outcome THEN
    PERFORM paydesk.append_audit(action, NEW.payment_id, NEW.amount_minor, NEW.reason,
      CASE WHEN NEW.outcome = 'failed' THEN 'failed: ' || coalesce(NEW.error_code, 'unknown') WHEN NEW.outcome = 'unknown' THEN 'outcome_unknown' ELSE NEW.outcome END);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION paydesk.record_payment_check(action text, payment uuid, result text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF action NOT IN ('status_check', 'lookup') THEN
    RAISE EXCEPTION 'unknown check %', action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM paydesk.payments WHERE id = payment) THEN
    RAISE EXCEPTION 'no such payment' USING ERRCODE = 'foreign_key_violation';
  END IF;
  PERFORM paydesk.append_audit(paydesk.checkup_prefix(payment) || action, payment, (SELECT amount_minor FROM paydesk.payments WHERE id = payment), NULL, left(result, 200));
END
$$;

UPDATE paydesk.ledger_meta SET value = '16' WHERE key = 'schema_version';
RESET ROLE;
