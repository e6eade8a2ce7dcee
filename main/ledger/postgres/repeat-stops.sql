-- Team ledger schema version 40, applied after the version before it by security.ts, or by a
-- superuser with psql in one transaction: "Stop repeat charges" (docs/team-ledger.md). A customer
-- who cancelled is not charged again by mistake: the payment that stored the card (the one whose
-- transaction and token a repeat charge sends: recurring.sql, version 15) carries a mark, and
-- while it is there the database gives its token to nobody, so no laptop can charge the card,
-- whatever program asks. Only support and admin, who may charge again, set and lift the mark,
-- through paydesk.set_repeat_stop, which writes the audit entry itself (`stop_repeat_charges`,
-- `allow_repeat_charges`, with the database login and the laptop's OS user). Everyone reads it.
-- Nothing is sent to the gateway: the interface has no call to cancel a stored token.
SET LOCAL ROLE paydesk_owner;

-- No write grant to any group: only the owner's function below writes it.
CREATE TABLE paydesk.repeat_stops (
  payment_id uuid PRIMARY KEY REFERENCES paydesk.payments (id),
  stopped_by text NOT NULL DEFAULT session_user,
  stopped_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE paydesk.repeat_stops ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON paydesk.repeat_stops FROM PUBLIC;
GRANT SELECT ON paydesk.repeat_stops TO paydesk_staff, paydesk_finance;
CREATE POLICY repeat_stops_read ON paydesk.repeat_stops FOR SELECT TO paydesk_staff, paydesk_finance USING (true);

-- Sets (stopped) or lifts the mark on a payment that enrolled a card; answers whether it changed
-- (a second press, or a colleague's at once, finds it already so: nothing audited). The payment's
-- row is touched so every laptop is told (live.sql) and shows the mark.
CREATE FUNCTION paydesk.set_repeat_stop(payment uuid, stopped boolean) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  enrolled boolean;
  changed boolean;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_support', 'MEMBER') THEN
    RAISE EXCEPTION 'only support and admin may stop or allow repeat charges' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF stopped IS NULL THEN
    RAISE EXCEPTION 'say whether repeat charges are stopped' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- Held until commit: a repeat charge reading the token waits for this decision.
  SELECT recurring_init INTO enrolled FROM paydesk.payments WHERE id = payment FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such payment' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF NOT enrolled THEN
    RAISE EXCEPTION 'this payment did not store a card for repeat charges' USING ERRCODE = 'PD020';
  END IF;
  IF stopped THEN
    INSERT INTO paydesk.repeat_stops (payment_id) VALUES (payment) ON CONFLICT (payment_id) DO NOTHING;
  ELSE
    DELETE FROM paydesk.repeat_stops WHERE payment_id = payment;
  END IF;
  changed := FOUND;
  IF changed THEN
    PERFORM paydesk.append_audit(CASE WHEN stopped THEN 'stop_repeat_charges' ELSE 'allow_repeat_charges' END, payment, NULL, NULL,
      CASE WHEN stopped THEN 'stopped' ELSE 'allowed' END);
    UPDATE paydesk.payments SET updated_at = now() WHERE id = payment;
  END IF;
  RETURN changed;
END
$$;
REVOKE ALL ON FUNCTION paydesk.set_repeat_stop(uuid, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.set_repeat_stop(uuid, boolean) TO paydesk_support;

-- Version 15's recurring_token_of, refusing a stopped card's token (PD021): the database stops the
-- charge too, not only the laptop's check before it.
CREATE OR REPLACE FUNCTION paydesk.recurring_token_of(payment uuid) RETURNS text LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_support', 'MEMBER') THEN
    RAISE EXCEPTION 'only support and admin may charge a saved card again' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF EXISTS (SELECT 1 FROM paydesk.repeat_stops WHERE payment_id = payment) THEN
    RAISE EXCEPTION 'repeat charges of this card are stopped' USING ERRCODE = 'PD021';
  END IF;
  RETURN (SELECT token FROM paydesk.recurring_tokens WHERE payment_id = payment);
END
$$;

UPDATE paydesk.ledger_meta SET value = '40' WHERE key = 'schema_version';
RESET ROLE;
