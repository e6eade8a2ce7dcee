-- Team ledger schema version 45, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: a status answer's word never says how much was refunded
-- (walk35: "REFUND" is, in the gateway's SDKs, a transaction "for which refund was made", whole or
-- part; decisions §3: no answer carries a refunded total). A refund or a void of money taken, made
-- at the gateway's dashboard, moves a payment to refunded with its refunded total left as Paydesk
-- itself confirmed it (main/payments/money-state.ts, afterStatus), its amount then not known on
-- every screen and export. Finance records status answers through paydesk.record_status_answer
-- (status-answers.sql, version 14), which refused a refunded payment without all it captured
-- refunded: the same function, the same arguments, owner and grants, with that rule loosened to
-- "all it captured, or its refunded total unchanged". Staff and up write these columns directly.
SET LOCAL ROLE paydesk_owner;

CREATE OR REPLACE FUNCTION paydesk.record_status_answer(payment uuid, changes jsonb, source text, at timestamptz) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  was paydesk.payments%ROWTYPE;
  extra text;
  new_state text;
  new_word text;
  new_captured bigint;
  new_refunded bigint;
  new_transaction text;
BEGIN
  IF NOT (pg_has_role(session_user, 'paydesk_staff', 'MEMBER') OR pg_has_role(session_user, 'paydesk_finance', 'MEMBER')) THEN
    RAISE EXCEPTION 'only a Paydesk person records a status answer' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF source IS NULL OR source NOT IN ('status', 'reconcile', 'schedule') THEN
    RAISE EXCEPTION 'a status answer comes from a status check, the reconciliation or its schedule, not %', source USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF changes IS NULL OR jsonb_typeof(changes) <> 'object' THEN
    RAISE EXCEPTION 'a status answer''s changes are a JSON object' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT k INTO extra FROM jsonb_object_keys(changes) k WHERE k NOT IN ('state', 'status_word', 'captured_minor', 'refunded_minor', 'transaction_id',
    'last_error', 'next_check_at', 'check_attempts', 'needs_attention', 'attention_reason') LIMIT 1;
  IF extra IS NOT NULL THEN
    RAISE EXCEPTION 'a status answer does not set %', extra USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO was FROM paydesk.payments p WHERE p.id = payment FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such payment' USING ERRCODE = 'foreign_key_violation';
  END IF;

  new_state := CASE WHEN changes ? 'state' THEN changes->>'state' ELSE was.state END;
  new_word := CASE WHEN changes ? 'status_word' THEN changes->>'status_word' ELSE was.status_word END;
  new_captured := CASE WHEN changes ? 'captured_minor' THEN (changes->>'captured_minor')::bigint ELSE was.captured_minor END;
  new_refunded := CASE WHEN changes ? 'refunded_minor' THEN (changes->>'refunded_minor')::bigint ELSE was.refunded_minor END;
  new_transaction := CASE WHEN changes ? 'transaction_id' THEN changes->>'transaction_id' ELSE was.transaction_id END;

  -- A state moves only as an answer may move it (money-state.ts's isForward): to a later step; a
  -- void only after an authorisation at most; and a create the gateway has no order for is not
  -- created (status-checks.ts, the not_found answer).
  IF new_state IS DISTINCT FROM was.state THEN
    IF paydesk.state_step(new_state) IS NULL THEN
      RAISE EXCEPTION 'unknown state %', new_state USING ERRCODE = 'check_violation';
    END IF;
    IF NOT (
      (new_state = 'voided' AND paydesk.state_step(was.state) <= 2)
      OR (new_state <> 'voided' AND paydesk.state_step(new_state) > paydesk.state_step(was.state))
      OR (new_state = 'not_created' AND was.state IN ('creating', 'unknown'))
    ) THEN
      RAISE EXCEPTION 'a status answer does not move a payment from % to %', was.state, new_state USING ERRCODE = 'check_violation';
    END IF;
    -- What afterStatus sets with such a state: money taken (in full, unless the totals say
    -- less). Refunded: all of what was captured when a total says so, else the refunded total
    -- stays what it was (no word says how much was refunded: walk35), never an amount between.
    IF new_state IN ('paid', 'partially_refunded', 'refunded') AND new_captured = 0 THEN
      RAISE EXCEPTION 'a payment % took money: its captured total is not 0', new_state USING ERRCODE = 'check_violation';
    END IF;
    IF new_state = 'refunded' AND new_refunded <> new_captured AND new_refunded <> was.refunded_minor THEN
      RAISE EXCEPTION 'a refunded payment has all it captured refunded, or its refunded total not known' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  -- Totals only ever rise, never past the amount (captured) or what was captured (refunded).
  IF new_captured < was.captured_minor OR new_refunded < was.refunded_minor THEN
    RAISE EXCEPTION 'a status answer never lowers a total' USING ERRCODE = 'check_violation';
  END IF;
  IF new_captured > was.amount_minor OR new_refunded > new_captured THEN
    RAISE EXCEPTION 'totals above the amount: captured % refunded % of %', new_captured, new_refunded, was.amount_minor USING ERRCODE = 'check_violation';
  END IF;
  -- The transaction id only when first known (tighter than status-answer.ts, where a later answer
  -- about a link or session may name another), and never one another payment has: a capture,
  -- void or refund names it, so pointing a payment at another's transaction would aim support's
  -- next move at the wrong money.
  IF new_transaction IS DISTINCT FROM was.transaction_id THEN
    IF was.transaction_id IS NOT NULL OR new_transaction IS NULL THEN
      RAISE EXCEPTION 'a status answer does not replace a payment''s transaction id' USING ERRCODE = 'check_violation';
    END IF;
    IF EXISTS (SELECT 1 FROM paydesk.payments o WHERE o.transaction_id = new_transaction AND o.id <> payment) THEN
      RAISE EXCEPTION 'another payment has transaction %', new_transaction USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF changes ? 'attention_reason' AND changes->>'attention_reason' IS NOT NULL AND changes->>'attention_reason' NOT IN ('undecidable', 'unsettled') THEN
    RAISE EXCEPTION 'unknown attention reason' USING ERRCODE = 'check_violation';
  END IF;

  UPDATE paydesk.payments p SET
    state = new_state, status_word = left(new_word, 200), captured_minor = new_captured, refunded_minor = new_refunded, transaction_id = new_transaction,
    last_error = CASE WHEN changes ? 'last_error' THEN left(changes->>'last_error', 500) ELSE p.last_error END,
    next_check_at = CASE WHEN changes ? 'next_check_at' THEN (changes->>'next_check_at')::timestamptz ELSE p.next_check_at END,
    check_attempts = CASE WHEN changes ? 'check_attempts' THEN (changes->>'check_attempts')::integer ELSE p.check_attempts END,
    needs_attention = CASE WHEN changes ? 'needs_attention' THEN (changes->>'needs_attention')::boolean ELSE p.needs_attention END,
    attention_reason = CASE WHEN changes ? 'attention_reason' THEN changes->>'attention_reason' ELSE p.attention_reason END
  WHERE p.id = payment;

  -- The state history, as pg-store.ts writes it for everyone (the writer stamped by its trigger).
  IF changes ? 'state' AND (new_state IS DISTINCT FROM was.state OR new_word IS DISTINCT FROM was.status_word) THEN
    INSERT INTO paydesk.payment_history (payment_id, state, status_word, source, at) VALUES (payment, new_state, left(new_word, 200), source, at);
  END IF;
  -- Money state changed by this path: in the audit log with the login, whatever the client does next.
  IF new_state IS DISTINCT FROM was.state OR new_captured <> was.captured_minor OR new_refunded <> was.refunded_minor THEN
    PERFORM paydesk.append_audit('status_answer', payment, was.amount_minor, NULL, new_state);
  END IF;
END
$$;

UPDATE paydesk.ledger_meta SET value = '45' WHERE key = 'schema_version';
RESET ROLE;
