-- Team ledger schema version 7 (5 and 6 are reads.sql and reports.sql), applied after the
-- version before it by security.ts, or by a superuser with psql in one transaction: a payment's
-- state history and its status checks, as the laptop's ledger keeps them (docs/ledger.md), so a
-- payment's detail and its status checks work on the team ledger. Who wrote a row is stamped by
-- the database (session_user, like an operation's db_user), whatever the client sends; rows are
-- never changed or removed. Webhooks are not kept here: the webhook receiver does not run on
-- the team ledger yet (docs/team-ledger.md).
SET LOCAL ROLE paydesk_owner;

-- Each change of a payment's state (and the status word that came with it), from where.
CREATE TABLE paydesk.payment_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id uuid NOT NULL REFERENCES paydesk.payments (id),
  state text NOT NULL,
  status_word text,
  source text NOT NULL,
  at timestamptz NOT NULL,
  db_user text NOT NULL DEFAULT session_user
);
CREATE INDEX payment_history_payment ON paydesk.payment_history (payment_id, id);

-- Each status check's outcome (what the gateway said, or why it could not be asked).
CREATE TABLE paydesk.status_checks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id uuid NOT NULL REFERENCES paydesk.payments (id),
  at timestamptz NOT NULL,
  outcome text NOT NULL,
  status_word text,
  state text,
  db_user text NOT NULL DEFAULT session_user
);
CREATE INDEX status_checks_payment ON paydesk.status_checks (payment_id, id);

CREATE FUNCTION paydesk.stamp_writer() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.db_user := session_user;
  RETURN NEW;
END
$$;
CREATE TRIGGER payment_history_stamp BEFORE INSERT ON paydesk.payment_history FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_writer();
CREATE TRIGGER status_checks_stamp BEFORE INSERT ON paydesk.status_checks FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_writer();

-- Everyone reads; staff and up write (a status answer may come to anyone's laptop); nobody
-- updates or deletes.
GRANT SELECT ON paydesk.payment_history, paydesk.status_checks TO paydesk_staff, paydesk_finance;
GRANT INSERT (payment_id, state, status_word, source, at) ON paydesk.payment_history TO paydesk_staff;
GRANT INSERT (payment_id, at, outcome, status_word, state) ON paydesk.status_checks TO paydesk_staff;

ALTER TABLE paydesk.payment_history ENABLE ROW LEVEL SECURITY;
CREATE POLICY payment_history_read ON paydesk.payment_history FOR SELECT TO paydesk_staff, paydesk_finance USING (true);
CREATE POLICY payment_history_write ON paydesk.payment_history FOR INSERT TO paydesk_staff WITH CHECK (true);
ALTER TABLE paydesk.status_checks ENABLE ROW LEVEL SECURITY;
CREATE POLICY status_checks_read ON paydesk.status_checks FOR SELECT TO paydesk_staff, paydesk_finance USING (true);
CREATE POLICY status_checks_write ON paydesk.status_checks FOR INSERT TO paydesk_staff WITH CHECK (true);

-- A person's status check or look-up of a payment, in the audit log (as on the laptop's ledger);
-- only these two actions, with the state found, and the database stamps who.
CREATE FUNCTION paydesk.record_payment_check(action text, payment uuid, result text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF action NOT IN ('status_check', 'lookup') THEN
    RAISE EXCEPTION 'unknown check %', action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM paydesk.payments WHERE id = payment) THEN
    RAISE EXCEPTION 'no such payment' USING ERRCODE = 'foreign_key_violation';
  END IF;
  PERFORM paydesk.append_audit(action, payment, (SELECT amount_minor FROM paydesk.payments WHERE id = payment), NULL, left(result, 200));
END
$$;
REVOKE ALL ON FUNCTION paydesk.record_payment_check(text, uuid, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.record_payment_check(text, uuid, text) TO paydesk_staff, paydesk_finance;

UPDATE paydesk.ledger_meta SET value = '7' WHERE key = 'schema_version';
RESET ROLE;
