-- Team ledger schema version 46, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: the copy of a laptop's ledger brings each webhook's amount
-- (walk39). Since walk35 a laptop keeps a practice notification's amount (the operation it tells of,
-- as the gateway wrote it) and its payment's history says "Gateway notification: a refund of SAR
-- 100.00, approved"; copy-whole.sql (version 28) copied the word and type only, so a colleague's
-- laptop on the team ledger read "Gateway notification received" of the same payment.
--   payment_webhooks.amount   the amount's text as the laptop kept it (digits, a point, digits), or
--                             null: older laptops' webhooks and those without one.
-- import_batch as copy-whole.sql defined it, the same arguments, owner, grants, SECURITY DEFINER and
-- search_path (CREATE OR REPLACE keeps the grants), with the amount inserted too.
SET LOCAL ROLE paydesk_owner;

ALTER TABLE paydesk.payment_webhooks ADD COLUMN amount text CHECK (amount IS NULL OR (length(amount) <= 40 AND amount ~ '^[0-9]+(\.[0-9]+)?$'));

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

  INSERT INTO paydesk.checkup_runs (id, profile_id, environment, started_by, started_at, os_user, laptop, imported_from)
    SELECT DISTINCT ON (r.checkup_run) r.checkup_run, r.profile_id, r.environment, session_user, r.created_at, r.os_user, import_batch.laptop, import_batch.laptop
    FROM jsonb_populate_recordset(NULL::paydesk.payments, coalesce(payments, '[]')) r
    WHERE r.checkup_run IS NOT NULL AND r.environment IN ('sandbox', 'practice')
    ORDER BY r.checkup_run, r.created_at
    ON CONFLICT (id) DO NOTHING;

  WITH inserted AS (
    INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, description,
        customer_name, customer_email, customer_phone, card_bin, card_last4, transaction_id, session_id, link_url,
        auth_only, state, status_word, captured_minor, refunded_minor, os_user, created_at, updated_at, next_check_at,
        needs_attention, attention_reason, last_error, check_attempts, recurring_init, parent_payment_id, recurring_saved, checkup_run, expire_date)
      SELECT r.id, r.profile_id, r.environment, r.kind, r.order_id, r.amount_minor, r.currency, r.description,
        r.customer_name, r.customer_email, r.customer_phone, r.card_bin, r.card_last4, r.transaction_id, r.session_id, r.link_url,
        r.auth_only, r.state, r.status_word, r.captured_minor, r.refunded_minor, r.os_user, r.created_at, r.updated_at, r.next_check_at,
        r.needs_attention, r.attention_reason, r.last_error, coalesce(r.check_attempts, 0), coalesce(r.recurring_init, false),
        -- A repeat charge keeps its parent when the team ledger has it (or it comes in this batch).
        CASE WHEN EXISTS (SELECT 1 FROM paydesk.payments x WHERE x.id = r.parent_payment_id)
          OR r.parent_payment_id IN (SELECT (b.item->>'id')::uuid FROM jsonb_array_elements(coalesce(payments, '[]')) b(item)) THEN r.parent_payment_id END,
        coalesce(length(e.v->>'recurring_token') BETWEEN 1 AND 500, false),
        -- Its check-up run when registered on its profile and environment (above, or already).
        CASE WHEN EXISTS (SELECT 1 FROM paydesk.checkup_runs c WHERE c.id = r.checkup_run AND c.profile_id = r.profile_id AND c.environment = r.environment) THEN r.checkup_run END,
        r.expire_date
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
  -- The webhooks of each payment copied now, in the laptop's order.
  INSERT INTO paydesk.payment_webhooks (payment_id, received_at, status_word, type, duplicate, amount, imported_from)
    SELECT (e.v->>'id')::uuid, (w.v->>'received_at')::timestamptz, w.v->>'status_word', w.v->>'type', coalesce((w.v->>'duplicate')::boolean, false), w.v->>'amount', import_batch.laptop
    FROM jsonb_array_elements(coalesce(payments, '[]')) WITH ORDINALITY e(v, n), jsonb_array_elements(coalesce(e.v->'webhooks', '[]')) WITH ORDINALITY w(v, m)
    WHERE (e.v->>'id')::uuid = ANY(added) ORDER BY e.n, w.m;

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

UPDATE paydesk.ledger_meta SET value = '46' WHERE key = 'schema_version';
RESET ROLE;
