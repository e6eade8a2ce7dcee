-- Team ledger schema version 17, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction (issue 15):
--   paydesk.settle_from_status_answer  finance's status check settles an unclear (outcome unknown)
--                                 create, capture, void or refund with what the gateway's answer
--                                 proves, and nothing else. Finance moves no money, but writing
--                                 down what the gateway says happened to an operation already sent
--                                 is not moving money. Finance has no UPDATE on operations (nor
--                                 on payments): this is its one path, SECURITY DEFINER. It
--                                 judges the answer with the laptop's own rules
--                                 (main/payments/settlement.ts judgeUnknown), refuses an outcome
--                                 the answer does not prove, writes the laptop's own words (no text
--                                 from the client), moves the payment as a confirmed operation
--                                 moves it (money-state.ts afterConfirmed: never backward, never a
--                                 total over the amount), and leaves the audit entries to the
--                                 database (the operation's trigger, and `status_answer`, with
--                                 the login). Only an operation that went through: one that did
--                                 not may be sent again once settled, so it is left to support
--                                 (PD018), as is a refund of an invoiced payment: settling it
--                                 issues a credit note, which finance does not (PD017).
--   paydesk.audit_chain_head      the audit chain's head (seq and hash), readable by every person
--                                 through this function only, so a check of the chain notices
--                                 entries removed from its end (before, only the next entry
--                                 written showed the gap).
SET LOCAL ROLE paydesk_owner;

-- `outcome` what the laptop concluded ('succeeded' or 'failed'); `evidence` the gateway's answer
-- as settlement.ts reads it, a JSON object of only these keys:
--   state, transactionId, failedOperation, capturedMinor, refundedMinor  (a status answer)
--   notFound: true                                                      (the gateway has no such order)
-- `at` when it was answered (the operation's completion and the history row's time, as on the laptop).
CREATE FUNCTION paydesk.settle_from_status_answer(operation uuid, outcome text, evidence jsonb, at timestamptz) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  op paydesk.operations%ROWTYPE;
  pay paydesk.payments%ROWTYPE;
  extra text;
  not_found boolean;
  said_state text;
  said_transaction text;
  said_failed text;
  said_captured bigint;
  said_refunded bigint;
  amount bigint;
  base bigint;
  total bigint;
  verdict text;
  new_state text;
  new_captured bigint;
  new_refunded bigint;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_finance', 'MEMBER') THEN
    RAISE EXCEPTION 'only finance settles an operation through a status answer (support completes operations directly)' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF outcome IS NULL OR outcome NOT IN ('succeeded', 'failed') THEN
    RAISE EXCEPTION 'a status answer settles an operation as succeeded or failed, not %', outcome USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF evidence IS NULL OR jsonb_typeof(evidence) <> 'object' THEN
    RAISE EXCEPTION 'a status answer''s evidence is a JSON object' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT k INTO extra FROM jsonb_object_keys(evidence) k WHERE k NOT IN ('state', 'transactionId', 'failedOperation', 'capturedMinor', 'refundedMinor', 'notFound') LIMIT 1;
  IF extra IS NOT NULL THEN
    RAISE EXCEPTION 'a status answer''s evidence has no %', extra USING ERRCODE = 'invalid_parameter_value';
  END IF;
  not_found := coalesce((evidence->>'notFound')::boolean, false);
  said_state := evidence->>'state';
  said_transaction := evidence->>'transactionId';
  said_failed := evidence->>'failedOperation';
  -- bigint casts: a total that is not an integer (1.5, "x") is refused (22P02).
  said_captured := (evidence->>'capturedMinor')::bigint;
  said_refunded := (evidence->>'refundedMinor')::bigint;
  IF NOT not_found AND paydesk.state_step(said_state) IS NULL THEN
    RAISE EXCEPTION 'a status answer names a state, not %', said_state USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF said_failed IS NOT NULL AND said_failed NOT IN ('capture', 'void', 'refund') THEN
    RAISE EXCEPTION 'no such operation %', said_failed USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- The operation first, then its payment: the order support's own settling takes them in
  -- (completing the operation, then the payment's totals), so the two wait rather than deadlock.
  SELECT * INTO op FROM paydesk.operations o WHERE o.id = operation FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such operation' USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT * INTO pay FROM paydesk.payments p WHERE p.id = op.payment_id FOR UPDATE;
  IF op.outcome <> 'unknown' THEN
    RAISE EXCEPTION 'operation % is not unclear (%)', operation, op.outcome USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;

  -- settlement.ts's judgeUnknown, rule for rule; NULL: the answer does not decide it.
  IF not_found THEN
    -- status-checks.ts: the gateway has no such order, so the create never arrived.
    verdict := CASE WHEN op.kind = 'create' THEN 'failed' END;
  ELSIF op.kind = 'create' THEN
    verdict := CASE WHEN said_state <> 'unknown' OR said_transaction IS NOT NULL THEN 'succeeded' END;
  ELSIF said_failed = op.kind THEN
    verdict := 'failed';
  ELSIF op.kind = 'void' THEN
    verdict := CASE WHEN said_state = 'voided' THEN 'succeeded' WHEN said_state IN ('partially_captured', 'paid', 'partially_refunded', 'refunded') THEN 'failed' END;
  ELSE
    amount := coalesce(op.amount_minor, 0);
    IF op.kind = 'capture' THEN
      base := coalesce(op.base_minor, pay.captured_minor);
      total := said_captured;
    ELSE
      base := coalesce(op.base_minor, pay.refunded_minor);
      total := said_refunded;
    END IF;
    verdict := CASE WHEN total IS NULL THEN NULL WHEN total >= base + amount THEN 'succeeded' WHEN total = base THEN 'failed' END;
    IF verdict IS NULL AND op.kind = 'capture' THEN
      verdict := CASE WHEN said_state = 'voided' THEN 'failed' WHEN said_state = 'paid' AND base + amount = pay.amount_minor THEN 'succeeded' END;
    ELSIF verdict IS NULL THEN
      verdict := CASE WHEN said_state = 'refunded' AND base + amount = pay.captured_minor THEN 'succeeded' END;
    END IF;
  END IF;
  IF verdict IS DISTINCT FROM outcome THEN
    RAISE EXCEPTION 'the answer does not prove the % %', op.kind, outcome USING ERRCODE = 'check_violation';
  END IF;
  -- Settled as failed (a create as not created), the money may be sent again: the order retried,
  -- the capture or refund pressed again. Evidence a hand-written client made up would then be a
  -- second charge or refund, so only what went through is finance's to record; the rest is support's.
  IF verdict = 'failed' THEN
    RAISE EXCEPTION 'settling the % as not done lets it be sent again: support''s to record', op.kind USING ERRCODE = 'PD018';
  END IF;

  -- What a confirmed operation does to the payment (money-state.ts afterConfirmed), checked first.
  new_state := pay.state;
  new_captured := pay.captured_minor;
  new_refunded := pay.refunded_minor;
  IF verdict = 'succeeded' AND op.kind = 'void' THEN
    new_state := 'voided';
  ELSIF verdict = 'succeeded' AND op.kind IN ('capture', 'refund') THEN
    IF op.kind = 'capture' THEN new_captured := greatest(pay.captured_minor, base + amount); ELSE new_refunded := greatest(pay.refunded_minor, base + amount); END IF;
    IF new_captured > pay.amount_minor OR new_refunded > new_captured THEN
      RAISE EXCEPTION 'totals above the amount: captured % refunded % of %', new_captured, new_refunded, pay.amount_minor USING ERRCODE = 'check_violation';
    END IF;
    -- money-state.ts stateFromTotals.
    new_state := CASE WHEN new_refunded > 0 THEN CASE WHEN new_refunded >= new_captured THEN 'refunded' ELSE 'partially_refunded' END
      WHEN new_captured = 0 THEN 'authorised' WHEN new_captured < pay.amount_minor THEN 'partially_captured' ELSE 'paid' END;
  END IF;
  IF new_state IS DISTINCT FROM pay.state AND NOT (
    (new_state = 'voided' AND paydesk.state_step(pay.state) <= 2) OR (new_state <> 'voided' AND paydesk.state_step(new_state) > paydesk.state_step(pay.state))
  ) THEN
    RAISE EXCEPTION 'settling the % does not move a payment from % to %', op.kind, pay.state, new_state USING ERRCODE = 'check_violation';
  END IF;
  -- Settling it as done would issue the refund's credit note (invoices.sql: support and up).
  IF verdict = 'succeeded' AND op.kind = 'refund' AND EXISTS (SELECT 1 FROM paydesk.invoices i WHERE i.payment_id = pay.id) THEN
    RAISE EXCEPTION 'settling this refund issues a credit note, which finance does not' USING ERRCODE = 'PD017';
  END IF;

  -- The laptop's own words (status-checks.ts), never the client's; the trigger audits it with the login.
  UPDATE paydesk.operations o SET outcome = verdict, completed_at = at,
    error_code = CASE WHEN verdict = 'succeeded' THEN NULL WHEN not_found THEN 'not_found' ELSE 'not_processed' END,
    error_message = CASE WHEN verdict = 'succeeded' THEN NULL WHEN not_found THEN 'The gateway has no such order: it was not created.' ELSE 'A status check showed the gateway did not process it.' END
  WHERE o.id = operation;
  IF new_state IS DISTINCT FROM pay.state OR new_captured <> pay.captured_minor OR new_refunded <> pay.refunded_minor THEN
    UPDATE paydesk.payments p SET state = new_state, captured_minor = new_captured, refunded_minor = new_refunded WHERE p.id = pay.id;
    IF new_state IS DISTINCT FROM pay.state THEN
      INSERT INTO paydesk.payment_history (payment_id, state, status_word, source, at) VALUES (pay.id, new_state, pay.status_word, 'status', at);
    END IF;
    PERFORM paydesk.append_audit('status_answer', pay.id, pay.amount_minor, NULL, new_state);
  END IF;
END
$$;
REVOKE ALL ON FUNCTION paydesk.settle_from_status_answer(uuid, text, jsonb, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.settle_from_status_answer(uuid, text, jsonb, timestamptz) TO paydesk_finance;

-- The chain's head as the last writer left it: its seq and hash, nothing else. Everyone may ask
-- (the table itself stays unreadable: a person reading it FOR UPDATE would stall every writer).
CREATE FUNCTION paydesk.audit_chain_head(OUT seq bigint, OUT hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT h.seq, h.hash FROM paydesk.audit_head h WHERE h.id = 1
$$;
REVOKE ALL ON FUNCTION paydesk.audit_chain_head() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.audit_chain_head() TO paydesk_staff, paydesk_finance;

UPDATE paydesk.ledger_meta SET value = '17' WHERE key = 'schema_version';
RESET ROLE;
