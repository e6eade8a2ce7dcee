-- Team ledger schema version 19, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: the gateway check-up's runs kept on the team ledger, and
-- the copy of a laptop's ledger bringing its check-up marks (docs/check-up.md "On the team
-- ledger", docs/team-ledger.md "Moving to the team ledger").
--   checkup_runs            (checkup.sql) now also says which laptop and OS user started a run,
--                           and which laptop's copy brought it (imported_from).
--   checkup_run_results     a run's state, steps and findings as the laptop running it last saved
--                           them, so another laptop (or the same after a restart) opens it. Written
--                           only through paydesk.save_checkup_run by the login that started the
--                           run, while it is not ended; read by support and admin (the check-up is
--                           theirs). What a step keeps is names, types, words and codes: never a
--                           key, card number or CVV (main removes them; a long digit run is refused
--                           here too).
--   import_batch            a laptop's payments keep their check-up run: the run is registered
--                           (started by the copying admin, with the laptop's OS user, as the copy's
--                           other rows), only on sandbox or practice, as record_checkup would.
--   import_documents        a laptop's invoices and credit notes copied with their own numbers,
--                           marked with the laptop whose series they belong to.
SET LOCAL ROLE paydesk_owner;

ALTER TABLE paydesk.checkup_runs ADD COLUMN os_user text, ADD COLUMN laptop text, ADD COLUMN imported_from text;
CREATE INDEX checkup_runs_profile ON paydesk.checkup_runs (profile_id, started_at DESC);

CREATE TABLE paydesk.checkup_run_results (
  run_id uuid PRIMARY KEY REFERENCES paydesk.checkup_runs (id),
  state text NOT NULL CHECK (state IN ('running', 'cancelling', 'finished', 'cancelled', 'interrupted')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- The gateway's host only (nothing else of its base URL) and the names of overridden paths, for the report.
  gateway_host text NOT NULL CHECK (length(gateway_host) <= 300),
  path_overrides jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(path_overrides) = 'array'),
  steps jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array'),
  -- The run's times as its laptop's clock had them (the report and the screens show these).
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  saved_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT checkup_results_small CHECK (length(steps::text) <= 500000),
  -- Nothing that could be a card number (the laptop removes them first; this refuses what slipped through).
  CONSTRAINT checkup_results_no_card_number CHECK (steps::text !~ '[0-9]([ -]?[0-9]){11,18}' AND path_overrides::text !~ '[0-9]([ -]?[0-9]){11,18}')
);

GRANT SELECT ON paydesk.checkup_run_results TO paydesk_support;
ALTER TABLE paydesk.checkup_run_results ENABLE ROW LEVEL SECURITY;
CREATE POLICY checkup_run_results_read ON paydesk.checkup_run_results FOR SELECT TO paydesk_support USING (true);

-- checkup.sql's function, the run now stamped with the laptop and its OS user (set by the laptop
-- for the transaction, as every write of it is).
CREATE OR REPLACE FUNCTION paydesk.record_checkup(action text, run uuid, profile text, environment text, result text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_support', 'MEMBER') THEN
    RAISE EXCEPTION 'a check-up captures, voids and refunds: support and up only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF environment IS NULL OR environment NOT IN ('sandbox', 'practice') THEN
    RAISE EXCEPTION 'a check-up runs only on sandbox and practice profiles' USING ERRCODE = 'check_violation';
  END IF;
  IF action = 'checkup_started' THEN
    INSERT INTO paydesk.checkup_runs (id, profile_id, environment, started_by, os_user, laptop)
    VALUES (run, profile, environment, session_user, nullif(current_setting('paydesk.os_user', true), ''), nullif(current_setting('paydesk.laptop', true), ''));
  ELSIF action IN ('checkup_finished', 'checkup_report_saved') THEN
    IF NOT EXISTS (SELECT 1 FROM paydesk.checkup_runs r WHERE r.id = run AND r.profile_id = profile AND r.environment = record_checkup.environment) THEN
      RAISE EXCEPTION 'no such check-up' USING ERRCODE = 'foreign_key_violation';
    END IF;
  ELSE
    RAISE EXCEPTION 'unknown check-up entry %', action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM paydesk.append_audit_about(action, profile, environment, left(result, 200));
END
$$;

-- A run's state, steps and findings as the laptop running it has them now: only by the login that
-- started it (registered by record_checkup), and never again once the run has ended (interrupted:
-- its laptop stopped in the middle of it, said by that laptop when it finds the run still running
-- on the team ledger but no longer in its memory).
CREATE FUNCTION paydesk.save_checkup_run(p_run uuid, p_state text, p_currency text, p_gateway_host text, p_path_overrides jsonb, p_steps jsonb, p_started_at timestamptz, p_finished_at timestamptz)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  kept text;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_support', 'MEMBER')
     OR NOT EXISTS (SELECT 1 FROM paydesk.checkup_runs WHERE id = p_run AND started_by = session_user AND imported_from IS NULL) THEN
    RAISE EXCEPTION 'only the person who started a check-up keeps its steps' USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT state INTO kept FROM paydesk.checkup_run_results WHERE run_id = p_run FOR UPDATE;
  IF kept IN ('finished', 'cancelled', 'interrupted') THEN
    RAISE EXCEPTION 'check-up % has ended; its steps are kept as they ended', p_run USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO paydesk.checkup_run_results AS r (run_id, state, currency, gateway_host, path_overrides, steps, started_at, finished_at)
  VALUES (p_run, p_state, p_currency, p_gateway_host, coalesce(p_path_overrides, '[]'), p_steps, p_started_at, p_finished_at)
  ON CONFLICT (run_id) DO UPDATE SET state = EXCLUDED.state, currency = EXCLUDED.currency, gateway_host = EXCLUDED.gateway_host,
    path_overrides = EXCLUDED.path_overrides, steps = EXCLUDED.steps, started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at, saved_at = now();
END
$$;
REVOKE ALL ON FUNCTION paydesk.save_checkup_run(uuid, text, text, text, jsonb, jsonb, timestamptz, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.save_checkup_run(uuid, text, text, text, jsonb, jsonb, timestamptz, timestamptz) TO paydesk_support;

-- The copy of a laptop's ledger (recurring.sql's import_batch, the same arguments), now with each
-- payment's check-up run: registered in checkup_runs first (its profile and environment from its
-- payments, started by the admin copying, the laptop's OS user who made its first payment, when
-- that was), only on sandbox or practice; a mark that does not fit a registered run is dropped.
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
        needs_attention, attention_reason, last_error, check_attempts, recurring_init, parent_payment_id, recurring_saved, checkup_run)
      SELECT r.id, r.profile_id, r.environment, r.kind, r.order_id, r.amount_minor, r.currency, r.description,
        r.customer_name, r.customer_email, r.customer_phone, r.card_bin, r.card_last4, r.transaction_id, r.session_id, r.link_url,
        r.auth_only, r.state, r.status_word, r.captured_minor, r.refunded_minor, r.os_user, r.created_at, r.updated_at, r.next_check_at,
        r.needs_attention, r.attention_reason, r.last_error, coalesce(r.check_attempts, 0), coalesce(r.recurring_init, false),
        -- A repeat charge keeps its parent when the team ledger has it (or it comes in this batch).
        CASE WHEN EXISTS (SELECT 1 FROM paydesk.payments x WHERE x.id = r.parent_payment_id)
          OR r.parent_payment_id IN (SELECT (b.item->>'id')::uuid FROM jsonb_array_elements(coalesce(payments, '[]')) b(item)) THEN r.parent_payment_id END,
        coalesce(length(e.v->>'recurring_token') BETWEEN 1 AND 500, false),
        -- Its check-up run when registered on its profile and environment (above, or already).
        CASE WHEN EXISTS (SELECT 1 FROM paydesk.checkup_runs c WHERE c.id = r.checkup_run AND c.profile_id = r.profile_id AND c.environment = r.environment) THEN r.checkup_run END
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

-- A laptop's invoices and credit notes, copied with their own numbers (never renumbered): a
-- laptop numbers its own series per profile, so two laptops' INV-000001 of one profile are two
-- documents. Each copied one says which laptop's series it belongs to (issued_on_laptop; NULL for
-- the team's own), and a number is unique per profile and series: two laptops' INV-000001 both
-- enter, one laptop's invoice never twice (its id, its payment and its number in its series are
-- each unique). The team's own series of the profile continues after the laptops' last numbers
-- (continue_document_numbers, invoices.sql), as before.
ALTER TABLE paydesk.invoices ADD COLUMN issued_on_laptop text;
ALTER TABLE paydesk.credit_notes ADD COLUMN issued_on_laptop text;
ALTER TABLE paydesk.invoices DROP CONSTRAINT invoices_profile_id_seq_key;
CREATE UNIQUE INDEX invoices_series_seq ON paydesk.invoices (profile_id, coalesce(issued_on_laptop, ''), seq);
ALTER TABLE paydesk.credit_notes DROP CONSTRAINT credit_notes_profile_id_seq_key;
CREATE UNIQUE INDEX credit_notes_series_seq ON paydesk.credit_notes (profile_id, coalesce(issued_on_laptop, ''), seq);

-- One batch of a laptop's invoices (with their lines) or credit notes, in the caller's
-- transaction with its position, as import_batch: rows as JSON arrays of the tables' columns
-- (an invoice's os_user is who issued it on the laptop). Only for a payment (and a credit note's
-- refund operation and invoice) the team ledger has with the same id; ON CONFLICT DO NOTHING, so a
-- resumed or repeated copy adds nothing twice. Admins only; one audit entry per batch that added rows.
CREATE FUNCTION paydesk.import_documents(laptop text, part text, last_key bigint, invoices jsonb, lines jsonb, credit_notes jsonb)
RETURNS TABLE (invoices_added bigint, credit_notes_added bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  added uuid[];
  i bigint := 0;
  c bigint := 0;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_admin', 'MEMBER') THEN
    RAISE EXCEPTION 'only a Paydesk admin copies a laptop''s ledger into the team ledger' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF laptop IS NULL OR length(laptop) NOT BETWEEN 1 AND 200 OR part NOT IN ('invoices', 'credit_notes') THEN
    RAISE EXCEPTION 'a copy names its laptop and its part' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  WITH inserted AS (
    INSERT INTO paydesk.invoices (id, profile_id, seq, number, payment_id, currency, prices_include_vat, net_minor, vat_minor, total_minor,
        seller_json, buyer_vat_number, language, issued_at, db_user, os_user, issued_on_laptop)
      SELECT r.id, r.profile_id, r.seq, r.number, r.payment_id, r.currency, r.prices_include_vat, r.net_minor, r.vat_minor, r.total_minor,
        r.seller_json, r.buyer_vat_number, r.language, r.issued_at, session_user, r.os_user, import_documents.laptop
      FROM jsonb_populate_recordset(NULL::paydesk.invoices, coalesce(invoices, '[]')) r
      WHERE EXISTS (SELECT 1 FROM paydesk.payments p WHERE p.id = r.payment_id AND p.profile_id = r.profile_id AND p.currency = r.currency)
      ON CONFLICT DO NOTHING
      RETURNING id)
  SELECT coalesce(array_agg(id), '{}') INTO added FROM inserted;
  i := cardinality(added);
  INSERT INTO paydesk.invoice_lines (invoice_id, line_no, description, quantity_milli, unit_minor, category, rate_bp, reason, net_minor, vat_minor, gross_minor)
    SELECT r.invoice_id, r.line_no, r.description, r.quantity_milli, r.unit_minor, r.category, r.rate_bp, r.reason, r.net_minor, r.vat_minor, r.gross_minor
    FROM jsonb_populate_recordset(NULL::paydesk.invoice_lines, coalesce(lines, '[]')) r
    WHERE r.invoice_id = ANY(added);

  INSERT INTO paydesk.credit_notes (id, profile_id, seq, number, invoice_id, payment_id, operation_id, amount_minor, net_minor, vat_minor,
      breakdown_json, reason, issued_at, db_user, issued_on_laptop)
    SELECT r.id, r.profile_id, r.seq, r.number, r.invoice_id, r.payment_id, r.operation_id, r.amount_minor, r.net_minor, r.vat_minor,
      r.breakdown_json, r.reason, r.issued_at, session_user, import_documents.laptop
    FROM jsonb_populate_recordset(NULL::paydesk.credit_notes, coalesce(credit_notes, '[]')) r
    WHERE EXISTS (SELECT 1 FROM paydesk.invoices v WHERE v.id = r.invoice_id AND v.payment_id = r.payment_id AND v.profile_id = r.profile_id)
      AND EXISTS (SELECT 1 FROM paydesk.operations o WHERE o.id = r.operation_id AND o.payment_id = r.payment_id AND o.kind = 'refund')
    ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS c = ROW_COUNT;

  INSERT INTO paydesk.import_progress (laptop, part, last_key) VALUES (import_documents.laptop, import_documents.part, import_documents.last_key)
    ON CONFLICT ON CONSTRAINT import_progress_pkey DO UPDATE SET last_key = excluded.last_key;
  IF i + c > 0 THEN
    PERFORM paydesk.append_audit('import', NULL, NULL, import_documents.laptop, format('%s: invoices %s, credit notes %s', import_documents.part, i, c));
  END IF;
  RETURN QUERY SELECT i, c;
END
$$;
REVOKE ALL ON FUNCTION paydesk.import_documents(text, text, bigint, jsonb, jsonb, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.import_documents(text, text, bigint, jsonb, jsonb, jsonb) TO paydesk_admin;

UPDATE paydesk.ledger_meta SET value = '19' WHERE key = 'schema_version';
RESET ROLE;
