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

-- A gateway answer's token for a payment, kept once (the gateway names one token per enrolment; a
-- later answer naming another does not replace it). As on a laptop, whatever payment an answer
-- names a token for keeps it (a refusal here would leave the answer unapplied). Returns nothing:
-- whoever may save a token (staff record card sales) learns nothing of one saved before.
CREATE FUNCTION paydesk.save_recurring_token(payment uuid, token text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_staff', 'MEMBER') THEN
    RAISE EXCEPTION 'only staff, support and admin record gateway answers' USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- Said without the value (a CHECK's error would show the row, token and all).
  IF token IS NULL OR length(token) NOT BETWEEN 1 AND 500 THEN
    RAISE EXCEPTION 'a recurring token is 1 to 500 characters' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM paydesk.payments WHERE id = payment) THEN
    RAISE EXCEPTION 'no such payment' USING ERRCODE = 'foreign_key_violation';
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
GRANT EXECUTE ON FUNCTION paydesk.save_recurring_token(uuid, text) TO paydesk_staff, paydesk_finance;
GRANT EXECUTE ON FUNCTION paydesk.recurring_token_of(uuid) TO paydesk_support;

-- The copy of a laptop's ledger (checks.sql's import_batch, the same arguments): a payment's
-- recurring_init and parent come with it, and an admin's copy brings the card's token (kept as
-- save_recurring_token keeps it). A parent the team ledger does not have (skipped) is left out.
CREATE OR REPLACE FUNCTION paydesk.import_batch(laptop text, part text, last_key bigint, payments jsonb, operations jsonb, audit jsonb, history jsonb, checks jsonb)
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
        needs_attention, attention_reason, last_error, check_attempts, recurring_init, parent_payment_id, recurring_saved)
      SELECT r.id, r.profile_id, r.environment, r.kind, r.order_id, r.amount_minor, r.currency, r.description,
        r.customer_name, r.customer_email, r.customer_phone, r.card_bin, r.card_last4, r.transaction_id, r.session_id, r.link_url,
        r.auth_only, r.state, r.status_word, r.captured_minor, r.refunded_minor, r.os_user, r.created_at, r.updated_at, r.next_check_at,
        r.needs_attention, r.attention_reason, r.last_error, coalesce(r.check_attempts, 0), coalesce(r.recurring_init, false),
        -- A repeat charge keeps its parent when the team ledger has it (or it comes in this batch).
        CASE WHEN EXISTS (SELECT 1 FROM paydesk.payments x WHERE x.id = r.parent_payment_id)
          OR r.parent_payment_id IN (SELECT (b.item->>'id')::uuid FROM jsonb_array_elements(coalesce(payments, '[]')) b(item)) THEN r.parent_payment_id END,
        coalesce(length(e.v->>'recurring_token') BETWEEN 1 AND 500, false)
      FROM jsonb_array_elements(coalesce(payments, '[]')) e(v), jsonb_populate_record(NULL::paydesk.payments, e.v) r
      ON CONFLICT DO NOTHING
      RETURNING id)
  SELECT coalesce(array_agg(id), '{}') INTO added FROM inserted;
  p := cardinality(added);
  -- The cards' tokens, of payments copied now (never in an error: filtered, not checked).
  INSERT INTO paydesk.recurring_tokens (payment_id, token)
    SELECT (e.v->>'id')::uuid, e.v->>'recurring_token' FROM jsonb_array_elements(coalesce(payments, '[]')) e(v)
    WHERE (e.v->>'id')::uuid = ANY(added) AND length(e.v->>'recurring_token') BETWEEN 1 AND 500
    ON CONFLICT (payment_id) DO NOTHING;

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
UPDATE paydesk.ledger_meta SET value = '15' WHERE key = 'schema_version';
RESET ROLE;
