-- Team ledger schema version 15, applied after the version before it by security.ts, or by a
-- superuser with psql in one transaction: repeat charges of a saved card on the team ledger
-- (docs/team-ledger.md). As on the laptop's ledger (migration 5), a payment says whether it
-- enrolled the card (recurring_init) and a repeat charge names the payment it repeats
-- (parent_payment_id). The card's recurring token, which with a laptop's API key charges the
-- customer's card, is kept apart in paydesk.recurring_tokens, a table nobody but the owner may
-- touch: any laptop that records a gateway answer stores it through save_recurring_token (write
-- only: staff record sales too), and only support and admin, who may charge again, read it
-- through recurring_token_of. Staff and finance see only that one is saved (recurring_saved).
SET LOCAL ROLE paydesk_owner;

ALTER TABLE paydesk.payments
  ADD COLUMN recurring_init boolean NOT NULL DEFAULT false,
  ADD COLUMN parent_payment_id uuid REFERENCES paydesk.payments (id) CHECK (parent_payment_id IS NULL OR kind = 'recurring'),
  -- Set only by save_recurring_token: what the screens show as "Charge again" available.
  ADD COLUMN recurring_saved boolean NOT NULL DEFAULT false;
CREATE INDEX payments_parent ON paydesk.payments (parent_payment_id) WHERE parent_payment_id IS NOT NULL;

-- No grant to any group and row-level security with no policy: only the owner's functions below.
CREATE TABLE paydesk.recurring_tokens (
  payment_id uuid PRIMARY KEY REFERENCES paydesk.payments (id),
  token text NOT NULL CHECK (length(token) BETWEEN 1 AND 500),
  saved_by text NOT NULL DEFAULT session_user,
  saved_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE paydesk.recurring_tokens ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON paydesk.recurring_tokens FROM PUBLIC;

-- A gateway answer's token for a payment that enrolled its card, kept once (the gateway names one
-- token per enrolment; a later answer naming another does not replace it). Returns nothing:
-- whoever may save a token (staff record card sales) learns nothing of one saved before.
CREATE FUNCTION paydesk.save_recurring_token(payment uuid, token text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_staff', 'MEMBER') THEN
    RAISE EXCEPTION 'only staff, support and admin record gateway answers' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM paydesk.payments WHERE id = payment AND recurring_init) THEN
    RAISE EXCEPTION 'no payment that enrolled its card' USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO paydesk.recurring_tokens (payment_id, token) VALUES (payment, token) ON CONFLICT (payment_id) DO NOTHING;
  UPDATE paydesk.payments SET recurring_saved = true WHERE id = payment AND NOT recurring_saved;
END
$$;

-- The saved token, to charge the card again: support and admin only (the database says so,
-- whatever program asks). NULL when none is saved.
CREATE FUNCTION paydesk.recurring_token_of(payment uuid) RETURNS text LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_support', 'MEMBER') THEN
    RAISE EXCEPTION 'only support and admin may charge a saved card again' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN (SELECT token FROM paydesk.recurring_tokens WHERE payment_id = payment);
END
$$;

REVOKE ALL ON FUNCTION paydesk.save_recurring_token(uuid, text), paydesk.recurring_token_of(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.save_recurring_token(uuid, text) TO paydesk_staff;
GRANT EXECUTE ON FUNCTION paydesk.recurring_token_of(uuid) TO paydesk_support;

UPDATE paydesk.ledger_meta SET value = '15' WHERE key = 'schema_version';
RESET ROLE;
