-- Team ledger schema version 39, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: what the team ledger's people and audit still got wrong
-- (issue 15, teamfix, docs/team-ledger.md):
--   paydesk.add_person          a first password typed in psql follows the rule "Add a person"
--                               applies (12 characters at least, not containing the login), PD019
--   a lost creation settled     by a status check is audited once, with the state the answer
--                               settled the payment in (paid, declined, not_created...), as the
--                               laptop's ledger writes it, not `succeeded` or `failed: not_found`
--   paydesk.other_team_databases  the server's other Paydesk team databases: roles are the
--                               server's, so one team database per PostgreSQL server (cluster);
--                               "Test connection" says so, and so does this step, as a WARNING
SET LOCAL ROLE paydesk_owner;

-- Version 38's add_person, with the first-password rule of contract/team-password-rule.ts. A SCRAM
-- verifier (what Paydesk sends, so no server log holds the password) cannot be read back: Paydesk
-- checked the rule before making it. Anything else is a password typed by hand, checked here.
CREATE OR REPLACE FUNCTION paydesk.add_person(login text, role text, password text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  existing pg_roles%ROWTYPE;
  last_move text;
  held text;
BEGIN
  PERFORM paydesk.people_change_begins();
  IF role NOT IN ('staff', 'support', 'finance', 'admin') THEN
    RAISE EXCEPTION 'the role is staff, support, finance or admin, not %', role USING ERRCODE = 'invalid_parameter_value', HINT = 'role';
  END IF;
  IF login !~ '^[a-z][a-z0-9_.@-]{0,62}$' OR login LIKE 'pg\_%' OR login LIKE 'paydesk\_%' THEN
    RAISE EXCEPTION 'a login is lower-case letters, digits and _ . @ -, starting with a letter' USING ERRCODE = 'invalid_parameter_value', HINT = 'login';
  END IF;
  IF password IS NOT NULL AND password !~ '^SCRAM-SHA-256\$[0-9]+:[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*$' THEN
    -- Characters, not bytes (the screen counts characters too); the login in any case.
    IF char_length(password) < 12 THEN
      RAISE EXCEPTION 'a first password has at least 12 characters' USING ERRCODE = 'PD019', HINT = 'first_password_short';
    END IF;
    IF position(login IN lower(password)) > 0 THEN
      RAISE EXCEPTION 'a first password does not contain the login' USING ERRCODE = 'PD019', HINT = 'first_password_login';
    END IF;
  END IF;
  SELECT * INTO existing FROM pg_roles WHERE rolname = login;
  IF NOT FOUND THEN
    IF password IS NULL THEN
      EXECUTE format('CREATE ROLE %I LOGIN', login);
    ELSE
      EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', login, password);
    END IF;
  ELSIF existing.rolsuper OR existing.rolcreaterole THEN
    RAISE EXCEPTION '% is not a person''s login', login USING ERRCODE = 'insufficient_privilege', HINT = 'not_person';
  ELSIF NOT existing.rolcanlogin THEN
    SELECT action INTO last_move FROM paydesk.audit_log
    WHERE action IN ('add_person', 'remove_person') AND reason = login ORDER BY seq DESC LIMIT 1;
    IF last_move IS DISTINCT FROM 'remove_person' THEN
      RAISE EXCEPTION '% is not a person''s login', login USING ERRCODE = 'insufficient_privilege', HINT = 'not_person';
    END IF;
    IF password IS NULL THEN
      RAISE EXCEPTION 'a person brought back gets a new first password' USING ERRCODE = 'invalid_parameter_value', HINT = 'password';
    END IF;
    EXECUTE format('ALTER ROLE %I LOGIN PASSWORD %L', login, password);
    PERFORM paydesk.leave_groups(login);
  ELSE
    SELECT g INTO held FROM unnest(ARRAY['admin', 'finance', 'support', 'staff']) WITH ORDINALITY AS t(g, n)
    WHERE pg_has_role(existing.oid, 'paydesk_' || g, 'MEMBER') ORDER BY n LIMIT 1;
    IF held IS NOT NULL AND held <> role THEN
      RAISE EXCEPTION '% is on the team already, in the % group', login, held USING ERRCODE = 'duplicate_object', HINT = 'on_team';
    END IF;
  END IF;
  EXECUTE format('GRANT %I TO %I', 'paydesk_' || role, login);
  PERFORM paydesk.append_audit('add_person', NULL, NULL, login, role);
END
$$;

-- create-audit.sql's version, with one change: a lost creation settled by a status check (not by
-- hand: that is settle_create) is left to the trigger below. Paydesk completes the operation
-- before the answer moves the payment (status-checks.ts), so here the payment still says unknown.
CREATE OR REPLACE FUNCTION paydesk.audit_operation() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  action text;
  prefix text := paydesk.checkup_prefix(NEW.payment_id);
  answered text;
BEGIN
  action := prefix || CASE WHEN NEW.kind = 'create' THEN 'create_' || (SELECT kind FROM paydesk.payments WHERE id = NEW.payment_id) ELSE NEW.kind END;
  IF TG_OP = 'INSERT' THEN
    PERFORM paydesk.append_audit(action, NEW.payment_id, NEW.amount_minor, NEW.reason, 'sending');
  ELSIF NEW.settled_reason IS DISTINCT FROM OLD.settled_reason AND NEW.settled_reason IS NOT NULL THEN
    PERFORM paydesk.append_audit(prefix || 'settle_' || NEW.kind, NEW.payment_id, NEW.amount_minor, NEW.settled_reason,
      CASE WHEN NEW.outcome = 'succeeded' THEN 'went_through' ELSE 'did_not_go_through' END);
  ELSIF NEW.kind = 'create' AND OLD.outcome = 'unknown' AND NEW.outcome IN ('succeeded', 'failed') THEN
    RETURN NULL;
  ELSIF NEW.outcome IS DISTINCT FROM OLD.outcome THEN
    IF NEW.kind = 'create' AND NEW.outcome = 'succeeded' THEN
      SELECT p.state INTO answered FROM paydesk.payments p WHERE p.id = NEW.payment_id AND p.state NOT IN ('creating', 'unknown', 'not_created');
    END IF;
    PERFORM paydesk.append_audit(action, NEW.payment_id, NEW.amount_minor, NEW.reason,
      CASE WHEN NEW.outcome = 'failed' THEN 'failed: ' || coalesce(NEW.error_code, 'unknown') WHEN NEW.outcome = 'unknown' THEN 'outcome_unknown' ELSE coalesce(answered, NEW.outcome) END);
  END IF;
  RETURN NULL;
END
$$;

-- The settled creation's entry, written as its transaction ends, once the answer has moved the
-- payment: the payment's state then (paid, declined, authorised, pending, not_created), by the
-- login (and OS user) whose check settled it, a finance login's through settle_from_status_answer too.
CREATE FUNCTION paydesk.audit_settled_create() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  pay record;
BEGIN
  SELECT kind, state INTO pay FROM paydesk.payments WHERE id = NEW.payment_id;
  PERFORM paydesk.append_audit(paydesk.checkup_prefix(NEW.payment_id) || 'create_' || pay.kind, NEW.payment_id, NEW.amount_minor, NEW.reason,
    CASE WHEN pay.state NOT IN ('creating', 'unknown') THEN pay.state
         WHEN NEW.outcome = 'failed' THEN 'failed: ' || coalesce(NEW.error_code, 'unknown') ELSE NEW.outcome END);
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER operations_audit_settled_create AFTER UPDATE ON paydesk.operations DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.kind = 'create' AND OLD.outcome = 'unknown' AND NEW.outcome IN ('succeeded', 'failed') AND NEW.settled_reason IS NOT DISTINCT FROM OLD.settled_reason)
  EXECUTE FUNCTION paydesk.audit_settled_create();

-- The other databases of this server holding a Paydesk team ledger (objects owned by
-- paydesk_owner, the server's one owner role, pg_shdepend; a copy made with CREATE DATABASE …
-- TEMPLATE counts too). Their people, groups and passwords are this one's: the roles are the
-- server's. Every person may ask ("Test connection" does); pg_shdepend and pg_database are
-- readable by every login anyway.
CREATE FUNCTION paydesk.other_team_databases() RETURNS text[] LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(array_agg(d.datname::text ORDER BY d.datname), '{}') FROM pg_database d
  WHERE d.datname <> current_database() AND EXISTS (
    SELECT FROM pg_shdepend s WHERE s.dbid = d.oid AND s.refclassid = 'pg_authid'::regclass
      AND s.refobjid = (SELECT oid FROM pg_roles WHERE rolname = 'paydesk_owner'))
$$;
GRANT EXECUTE ON FUNCTION paydesk.other_team_databases() TO paydesk_staff, paydesk_finance;

-- Said to whoever runs the setup (psql prints a WARNING), never refused: a business that already
-- keeps a test copy on its server must still be able to upgrade.
DO $shared$
DECLARE
  others text[] := paydesk.other_team_databases();
BEGIN
  IF cardinality(others) > 0 THEN
    RAISE WARNING 'this PostgreSQL server already holds another Paydesk team database (%): its people, groups and passwords are this one''s too',
      array_to_string(others[1:5], ', ') || CASE WHEN cardinality(others) > 5 THEN format(' and %s more', cardinality(others) - 5) ELSE '' END
      USING HINT = 'Keep one team database per PostgreSQL server (cluster): docs/team-ledger.md, "One team database per server".';
  END IF;
END
$shared$;

UPDATE paydesk.ledger_meta SET value = '39' WHERE key = 'schema_version';
RESET ROLE;
