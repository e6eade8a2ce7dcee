-- Paydesk's team ledger on PostgreSQL (15 or later): its tables, and the security the database
-- itself enforces, whatever program connects (docs/team-ledger.md). Run once per team database
-- by a superuser, in one transaction (main/ledger/postgres/security.ts does exactly this):
--   psql "host=db.example user=postgres dbname=paydesk" -v ON_ERROR_STOP=1 -1 -f security.sql
-- Then an admin adds each person: SELECT paydesk.add_person('sara', 'support', 'first password');
--
-- Who may do what (the group roles; each person logs in as a role of their own, a member of one):
--   paydesk_staff    see payments; create links, checkout sessions and card payments
--   paydesk_support  staff, and capture, void, refund, recurring charges
--   paydesk_finance  see and export everything; moves no money and changes nothing
--   paydesk_admin    support and finance, and adds and removes people (paydesk.add_person, remove_person)
-- Every table and function belongs to paydesk_owner, a role nobody logs in as, so no person is
-- an owner (owners pass row-level security and could rewrite the audit log). The audit log is
-- written only by the SECURITY DEFINER functions below, with session_user (the role that logged
-- in, which only a superuser can change) and a SHA-256 hash chain.

-- Roles are per server, not per database: create them only where missing.
DO $roles$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'paydesk_owner') THEN
    -- CREATEROLE so that add_person (running as the owner) can create a person's role.
    CREATE ROLE paydesk_owner NOLOGIN CREATEROLE;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'paydesk_staff') THEN CREATE ROLE paydesk_staff NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'paydesk_support') THEN CREATE ROLE paydesk_support NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'paydesk_finance') THEN CREATE ROLE paydesk_finance NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'paydesk_admin') THEN CREATE ROLE paydesk_admin NOLOGIN; END IF;
  -- support < admin, staff < support, finance < admin (checked, so a second run adds nothing)
  IF NOT pg_has_role('paydesk_support', 'paydesk_staff', 'MEMBER') THEN GRANT paydesk_staff TO paydesk_support; END IF;
  IF NOT pg_has_role('paydesk_admin', 'paydesk_support', 'MEMBER') THEN GRANT paydesk_support TO paydesk_admin; END IF;
  IF NOT pg_has_role('paydesk_admin', 'paydesk_finance', 'MEMBER') THEN GRANT paydesk_finance TO paydesk_admin; END IF;
END
$roles$;
-- PostgreSQL 16 and later let a CREATEROLE role grant only roles it holds with ADMIN OPTION.
GRANT paydesk_staff, paydesk_support, paydesk_finance, paydesk_admin TO paydesk_owner WITH ADMIN OPTION;

CREATE SCHEMA paydesk AUTHORIZATION paydesk_owner;
REVOKE ALL ON SCHEMA paydesk FROM PUBLIC;
SET LOCAL ROLE paydesk_owner;
-- Functions are callable by nobody unless granted below (a per-schema default cannot revoke).
ALTER DEFAULT PRIVILEGES FOR ROLE paydesk_owner REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;

-- The schema's version: "Test connection" tells an old or newer ledger from a current one.
CREATE TABLE paydesk.ledger_meta (key text PRIMARY KEY, value text NOT NULL);
INSERT INTO paydesk.ledger_meta (key, value) VALUES ('schema_version', '1');

-- As in the laptop's SQLite ledger (docs/ledger.md), amounts in minor units; a card only as its
-- first six and last four digits (the checks refuse anything longer).
CREATE TABLE paydesk.payments (
  id uuid PRIMARY KEY,
  profile_id text NOT NULL,
  environment text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('link', 'checkout', 'sale', 'recurring', 'external')),
  order_id text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  description text,
  customer_name text,
  customer_email text,
  customer_phone text,
  card_bin text CHECK (card_bin ~ '^[0-9]{6}$'),
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  transaction_id text,
  session_id text,
  link_url text,
  auth_only boolean NOT NULL DEFAULT false,
  state text NOT NULL,
  status_word text,
  captured_minor bigint NOT NULL DEFAULT 0 CHECK (captured_minor >= 0),
  refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0),
  -- Set by the database (trigger): the role that logged in, and the laptop's OS user as it says.
  created_by text NOT NULL DEFAULT session_user,
  os_user text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  next_check_at timestamptz,
  needs_attention boolean NOT NULL DEFAULT false,
  attention_reason text,
  UNIQUE (profile_id, order_id)
);
CREATE INDEX payments_created ON paydesk.payments (created_at DESC, id);
CREATE INDEX payments_transaction ON paydesk.payments (transaction_id);

-- The create and every capture, void and refund, each written (outcome 'sending') before its
-- request leaves; the answer completes it.
CREATE TABLE paydesk.operations (
  id uuid PRIMARY KEY,
  payment_id uuid NOT NULL REFERENCES paydesk.payments (id),
  kind text NOT NULL CHECK (kind IN ('create', 'capture', 'void', 'refund')),
  amount_minor bigint CHECK (amount_minor > 0),
  base_minor bigint,
  reason text,
  db_user text NOT NULL DEFAULT session_user,
  os_user text,
  outcome text NOT NULL CHECK (outcome IN ('sending', 'succeeded', 'failed', 'unknown')),
  error_code text,
  error_message text,
  gateway_answer text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  settled_by text,
  settled_reason text
);
CREATE INDEX operations_payment ON paydesk.operations (payment_id, created_at);
-- One open operation per payment, whichever laptop records it: of two at the same moment, the
-- second waits for the first to commit and then fails with unique_violation (23505).
CREATE UNIQUE INDEX operations_one_open ON paydesk.operations (payment_id) WHERE outcome IN ('sending', 'unknown');

-- The audit log. Entry n's hash is the SHA-256 (lower-case hex) of entry n-1's hash (64 zeros
-- before the first) followed by the JSON array
--   [seq, at, db_user, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result]
-- as JSON.stringify writes it (no spaces; `at` as toISOString() writes it; numbers as numbers),
-- the SQLite ledger's rule with the database user added.
CREATE TABLE paydesk.audit_log (
  seq bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  db_user text NOT NULL,
  os_user text,
  profile_id text,
  environment text,
  action text NOT NULL,
  payment_id uuid,
  order_id text,
  amount_minor bigint,
  currency text,
  reason text,
  result text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX audit_log_payment ON paydesk.audit_log (payment_id, seq);
-- The chain's head, one row: each writer locks it (FOR UPDATE) until its transaction ends, so
-- concurrent writers take turns and every entry follows the one committed before it.
CREATE TABLE paydesk.audit_head (id smallint PRIMARY KEY CHECK (id = 1), seq bigint NOT NULL, hash text NOT NULL);
INSERT INTO paydesk.audit_head (id, seq, hash) VALUES (1, 0, repeat('0', 64));

CREATE FUNCTION paydesk.append_audit(p_action text, p_payment uuid, p_amount bigint, p_reason text, p_result text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  head record;
  pay record;
  next_seq bigint;
  at_time timestamptz;
  os text := nullif(current_setting('paydesk.os_user', true), '');
  body text;
  new_hash text;
BEGIN
  SELECT seq, hash INTO head FROM paydesk.audit_head WHERE id = 1 FOR UPDATE;
  SELECT profile_id, environment, order_id, currency INTO pay FROM paydesk.payments WHERE id = p_payment;
  next_seq := head.seq + 1;
  at_time := date_trunc('milliseconds', clock_timestamp());
  body := '[' || array_to_string(ARRAY[
    to_json(next_seq)::text,
    to_json(to_char(at_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text,
    to_json(session_user::text)::text, to_json(os)::text,
    to_json(pay.profile_id)::text, to_json(pay.environment)::text, to_json(p_action)::text,
    to_json(p_payment)::text, to_json(pay.order_id)::text, to_json(p_amount)::text,
    to_json(pay.currency)::text, to_json(p_reason)::text, to_json(p_result)::text
  ], ',', 'null') || ']';
  new_hash := encode(sha256(convert_to(head.hash || body, 'UTF8')), 'hex');
  INSERT INTO paydesk.audit_log (seq, at, db_user, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result, prev_hash, hash)
  VALUES (next_seq, at_time, session_user, os, pay.profile_id, pay.environment, p_action, p_payment, pay.order_id, p_amount, pay.currency, p_reason, p_result, head.hash, new_hash);
  UPDATE paydesk.audit_head SET seq = next_seq, hash = new_hash WHERE id = 1;
END
$$;

-- What the database decides, not the laptop: who wrote a row, and when.
CREATE FUNCTION paydesk.stamp_payment() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.created_by := session_user;
    NEW.os_user := nullif(current_setting('paydesk.os_user', true), '');
    NEW.created_at := now();
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER payments_stamp BEFORE INSERT OR UPDATE ON paydesk.payments FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_payment();

CREATE FUNCTION paydesk.audit_payment() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM paydesk.append_audit('create_' || NEW.kind, NEW.id, NEW.amount_minor, NULL, 'recorded: ' || NEW.state);
  RETURN NULL;
END
$$;
CREATE TRIGGER payments_audit AFTER INSERT ON paydesk.payments FOR EACH ROW EXECUTE FUNCTION paydesk.audit_payment();

-- An operation enters as an intent ('sending'); an outcome once decided stays; who settled an
-- unclear one by hand is the role that logged in.
CREATE FUNCTION paydesk.stamp_operation() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.outcome <> 'sending' THEN
      RAISE EXCEPTION 'an operation is recorded as sending before its request leaves' USING ERRCODE = 'check_violation';
    END IF;
    NEW.db_user := session_user;
    NEW.os_user := nullif(current_setting('paydesk.os_user', true), '');
    NEW.created_at := now();
    NEW.settled_by := NULL;
    NEW.settled_reason := NULL;
  ELSE
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
CREATE TRIGGER operations_stamp BEFORE INSERT OR UPDATE ON paydesk.operations FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_operation();

CREATE FUNCTION paydesk.audit_operation() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  action text;
BEGIN
  action := CASE WHEN NEW.kind = 'create' THEN 'create_' || (SELECT kind FROM paydesk.payments WHERE id = NEW.payment_id) ELSE NEW.kind END;
  IF TG_OP = 'INSERT' THEN
    PERFORM paydesk.append_audit(action, NEW.payment_id, NEW.amount_minor, NEW.reason, 'sending');
  ELSIF NEW.settled_reason IS DISTINCT FROM OLD.settled_reason AND NEW.settled_reason IS NOT NULL THEN
    PERFORM paydesk.append_audit('settle_' || NEW.kind, NEW.payment_id, NEW.amount_minor, NEW.settled_reason,
      CASE WHEN NEW.outcome = 'succeeded' THEN 'went_through' ELSE 'did_not_go_through' END);
  ELSIF NEW.outcome IS DISTINCT FROM OLD.outcome THEN
    PERFORM paydesk.append_audit(action, NEW.payment_id, NEW.amount_minor, NEW.reason,
      CASE WHEN NEW.outcome = 'failed' THEN 'failed: ' || coalesce(NEW.error_code, 'unknown') WHEN NEW.outcome = 'unknown' THEN 'outcome_unknown' ELSE NEW.outcome END);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER operations_audit AFTER INSERT OR UPDATE ON paydesk.operations FOR EACH ROW EXECUTE FUNCTION paydesk.audit_operation();

-- Exports are audited too; the caller names only what it exported and how many rows.
CREATE FUNCTION paydesk.record_export(what text, result text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF what NOT IN ('payments', 'audit_log', 'settlement') THEN
    RAISE EXCEPTION 'unknown export %', what USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM paydesk.append_audit('export_' || what, NULL, NULL, NULL, left(result, 200));
END
$$;

-- Admins add people: a login role of their own (created when missing, with a first password the
-- person changes with ALTER ROLE CURRENT_USER PASSWORD), a member of one group. Audited.
CREATE FUNCTION paydesk.add_person(login text, role text, password text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  existing pg_roles%ROWTYPE;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_admin', 'MEMBER') THEN
    RAISE EXCEPTION 'only a Paydesk admin adds people' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF role NOT IN ('staff', 'support', 'finance', 'admin') THEN
    RAISE EXCEPTION 'the role is staff, support, finance or admin, not %', role USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF login !~ '^[a-z][a-z0-9_.@-]{0,62}$' OR login LIKE 'pg\_%' OR login LIKE 'paydesk\_%' THEN
    RAISE EXCEPTION 'a login is lower-case letters, digits and _ . @ -, starting with a letter' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO existing FROM pg_roles WHERE rolname = login;
  IF NOT FOUND THEN
    IF password IS NULL THEN
      EXECUTE format('CREATE ROLE %I LOGIN', login);
    ELSE
      EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', login, password);
    END IF;
  ELSIF existing.rolsuper OR existing.rolcreaterole OR NOT existing.rolcanlogin THEN
    RAISE EXCEPTION '% is not a person''s login', login USING ERRCODE = 'insufficient_privilege';
  END IF;
  EXECUTE format('GRANT %I TO %I', 'paydesk_' || role, login);
  PERFORM paydesk.append_audit('add_person', NULL, NULL, login, role);
END
$$;

-- Admins remove people: out of every Paydesk group, and no longer able to log in. Audited.
CREATE FUNCTION paydesk.remove_person(login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  existing pg_roles%ROWTYPE;
  g text;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_admin', 'MEMBER') THEN
    RAISE EXCEPTION 'only a Paydesk admin removes people' USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT * INTO existing FROM pg_roles WHERE rolname = login;
  IF NOT FOUND OR existing.rolsuper OR existing.rolcreaterole OR login LIKE 'paydesk\_%' OR login = session_user THEN
    RAISE EXCEPTION '% is not a person another admin can remove', login USING ERRCODE = 'insufficient_privilege';
  END IF;
  FOREACH g IN ARRAY ARRAY['paydesk_staff', 'paydesk_support', 'paydesk_finance', 'paydesk_admin'] LOOP
    IF EXISTS (SELECT FROM pg_auth_members m WHERE m.roleid = (SELECT oid FROM pg_roles WHERE rolname = g) AND m.member = existing.oid) THEN
      EXECUTE format('REVOKE %I FROM %I', g, login);
    END IF;
  END LOOP;
  EXECUTE format('ALTER ROLE %I NOLOGIN', login);
  PERFORM paydesk.append_audit('remove_person', NULL, NULL, login, 'removed');
END
$$;

-- Grants: what each group may touch at all. Nobody but the owner may write the audit log or
-- its head, and nobody may delete or truncate anything.
GRANT USAGE ON SCHEMA paydesk TO paydesk_staff, paydesk_finance;
GRANT SELECT ON paydesk.ledger_meta, paydesk.payments, paydesk.operations, paydesk.audit_log TO paydesk_staff, paydesk_finance;
GRANT INSERT ON paydesk.payments, paydesk.operations TO paydesk_staff;
GRANT UPDATE (transaction_id, session_id, link_url, state, status_word, captured_minor, refunded_minor,
  card_bin, card_last4, next_check_at, needs_attention, attention_reason) ON paydesk.payments TO paydesk_staff;
GRANT UPDATE (outcome, error_code, error_message, gateway_answer, completed_at, settled_reason) ON paydesk.operations TO paydesk_staff;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA paydesk FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.record_export(text, text) TO paydesk_staff, paydesk_finance;
GRANT EXECUTE ON FUNCTION paydesk.add_person(text, text, text), paydesk.remove_person(text) TO paydesk_admin;

-- Row-level security: which rows each group may write. Staff create payments other than
-- recurring charges and only their create operations; support every kind.
ALTER TABLE paydesk.payments ENABLE ROW LEVEL SECURITY;
CREATE POLICY payments_read ON paydesk.payments FOR SELECT TO paydesk_staff, paydesk_finance USING (true);
CREATE POLICY payments_create ON paydesk.payments FOR INSERT TO paydesk_staff WITH CHECK (kind IN ('link', 'checkout', 'sale', 'external'));
CREATE POLICY payments_create_any ON paydesk.payments FOR INSERT TO paydesk_support WITH CHECK (true);
CREATE POLICY payments_update ON paydesk.payments FOR UPDATE TO paydesk_staff USING (true) WITH CHECK (true);

ALTER TABLE paydesk.operations ENABLE ROW LEVEL SECURITY;
CREATE POLICY operations_read ON paydesk.operations FOR SELECT TO paydesk_staff, paydesk_finance USING (true);
CREATE POLICY operations_create ON paydesk.operations FOR INSERT TO paydesk_staff WITH CHECK (kind = 'create');
CREATE POLICY operations_money ON paydesk.operations FOR INSERT TO paydesk_support WITH CHECK (true);
CREATE POLICY operations_complete_create ON paydesk.operations FOR UPDATE TO paydesk_staff USING (kind = 'create') WITH CHECK (kind = 'create');
CREATE POLICY operations_complete_money ON paydesk.operations FOR UPDATE TO paydesk_support USING (true) WITH CHECK (true);

ALTER TABLE paydesk.audit_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY audit_read ON paydesk.audit_log FOR SELECT TO paydesk_staff, paydesk_finance USING (true);

RESET ROLE;
