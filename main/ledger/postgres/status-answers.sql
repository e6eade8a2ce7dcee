-- Team ledger schema version 14, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: finance checks a payment's status (issue 15: finance
-- "see and export everything; move no money"; their job is checking status and exporting).
-- Recording a status answer writes the payment's status columns, which finance has no UPDATE
-- grant on (security.sql, checks.sql), and must keep not having: with it a hand-written client
-- could rewrite any state or total. Instead:
--   paydesk.record_status_answer  the one narrow path: only the columns a status answer sets on
--                                 the laptop's ledger (main/payments/status-answer.ts, and the
--                                 check schedule's), only as a gateway answer may move them
--                                 (forward, totals never lower nor above the amount), with the
--                                 state-history row; audited by the database with the login
--                                 when the state or a total changes
--   status_checks                 finance may add a check's row (stamped with the login, as
--                                 everyone's): it records that a check happened, moves nothing
-- Staff and up keep their UPDATE grant and write these columns directly (pg-store.ts uses this
-- function only for a role without it): the function takes nothing from them they do not have.
-- Finance still completes no operation: a check that would settle an unclear capture, refund or
-- void is refused in words (pg-store.ts), for support to do. docs/team-ledger.md, "The security
-- model", says what a hand-written finance client can still do with this.
SET LOCAL ROLE paydesk_owner;

-- How far along its life a payment is (main/payments/money-state.ts's `step`); NULL: no state.
CREATE FUNCTION paydesk.state_step(state text) RETURNS integer LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE state
    WHEN 'creating' THEN -1 WHEN 'not_created' THEN -1 WHEN 'unknown' THEN -1
    WHEN 'pending' THEN 0
    WHEN 'declined' THEN 1 WHEN 'expired' THEN 1
    WHEN 'authorised' THEN 2
    WHEN 'partially_captured' THEN 3
    WHEN 'paid' THEN 4
    WHEN 'partially_refunded' THEN 5
    WHEN 'refunded' THEN 6 WHEN 'voided' THEN 6
  END
$$;

-- A status answer's changes to one payment: `changes` a JSON object of only these keys
--   state, status_word, captured_minor, refunded_minor, transaction_id, last_error,
--   next_check_at, check_attempts, needs_attention, attention_reason
-- `source` where the answer came from ('status', 'reconcile') or the schedule after it
-- ('schedule'); `at` when it was answered (the history row's time, as on the laptop).
CREATE FUNCTION paydesk.record_status_answer(payment uuid, changes jsonb, source text, at timestamptz) RETURNS void
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
    -- less); refunded in full means all of what was captured.
    IF new_state IN ('paid', 'partially_refunded', 'refunded') AND new_captured = 0 THEN
      RAISE EXCEPTION 'a payment % took money: its captured total is not 0', new_state USING ERRCODE = 'check_violation';
    END IF;
    IF new_state = 'refunded' AND new_refunded <> new_captured THEN
      RAISE EXCEPTION 'a refunded payment has all it captured refunded' USING ERRCODE = 'check_violation';
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
REVOKE ALL ON FUNCTION paydesk.record_status_answer(uuid, jsonb, text, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.record_status_answer(uuid, jsonb, text, timestamptz) TO paydesk_staff, paydesk_finance;

-- A status check's row: finance's too (what was asked and what came back; the login stamped).
GRANT INSERT (payment_id, at, outcome, status_word, state) ON paydesk.status_checks TO paydesk_finance;
CREATE POLICY status_checks_finance_write ON paydesk.status_checks FOR INSERT TO paydesk_finance WITH CHECK (true);

UPDATE paydesk.ledger_meta SET value = '14' WHERE key = 'schema_version';
RESET ROLE;
