-- Team ledger schema step: invoices behind payment links and their credit notes (docs/invoices.md,
-- docs/team-ledger.md), as the laptop's ledger keeps them (SQLite migration 8), applied after the
-- step before it by security.ts, or by a superuser with psql in one transaction. Its version is
-- the last line but one.
--
-- The laptop's promise kept across laptops: INV-000001, INV-000002, … and CN-000001, … per
-- profile, unique, and taken in the transaction that records the link's create intent (credit
-- notes: the refund's confirming transaction), so a number exists only with a payment the
-- ledger knows and a rolled-back transaction takes its number back with it. Not a sequence
-- (nextval is never rolled back): a counter row per profile, raised in that same transaction and
-- locked until it ends, so two laptops take consecutive numbers in commit order.
--
-- Who: nobody writes these tables directly. Staff and up reserve an invoice through
-- paydesk.reserve_invoice (staff issue payment links); support and up record a credit note
-- through paydesk.record_credit_note (support refunds); finance and everyone else read. The
-- functions check what the rows must say (the link's create intent is open, the invoice's total
-- is the link's amount, the lines add up, a credit note follows a refund of that payment and
-- never exceeds what the invoice has left), stamp who and when, and write the audit entry with
-- the number. Amounts are bigint minor units; a JSON amount that is not an integer is refused.
SET LOCAL ROLE paydesk_owner;

CREATE TABLE paydesk.invoice_counters (
  profile_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  last_seq bigint NOT NULL CHECK (last_seq > 0),
  PRIMARY KEY (profile_id, kind)
);

CREATE TABLE paydesk.invoices (
  id uuid PRIMARY KEY,
  profile_id text NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  number text NOT NULL,
  payment_id uuid NOT NULL UNIQUE REFERENCES paydesk.payments (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  prices_include_vat boolean NOT NULL,
  net_minor bigint NOT NULL CHECK (net_minor >= 0),
  vat_minor bigint NOT NULL CHECK (vat_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor > 0 AND total_minor = net_minor + vat_minor),
  -- The seller's details as they were when the invoice was issued (JSON text, as written).
  seller_json text NOT NULL,
  buyer_vat_number text,
  language text NOT NULL CHECK (language IN ('both', 'en', 'ar')),
  issued_at timestamptz NOT NULL,
  db_user text NOT NULL,
  os_user text,
  UNIQUE (profile_id, seq)
);

CREATE TABLE paydesk.invoice_lines (
  invoice_id uuid NOT NULL REFERENCES paydesk.invoices (id),
  line_no integer NOT NULL CHECK (line_no > 0),
  description text NOT NULL,
  quantity_milli bigint NOT NULL CHECK (quantity_milli > 0),
  unit_minor bigint NOT NULL CHECK (unit_minor >= 0),
  category text NOT NULL CHECK (category IN ('standard', 'zero', 'exempt')),
  rate_bp integer NOT NULL CHECK (rate_bp >= 0),
  reason text,
  net_minor bigint NOT NULL,
  vat_minor bigint NOT NULL,
  gross_minor bigint NOT NULL CHECK (gross_minor = net_minor + vat_minor),
  PRIMARY KEY (invoice_id, line_no)
);

CREATE TABLE paydesk.credit_notes (
  id uuid PRIMARY KEY,
  profile_id text NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  number text NOT NULL,
  invoice_id uuid NOT NULL REFERENCES paydesk.invoices (id),
  payment_id uuid NOT NULL REFERENCES paydesk.payments (id),
  operation_id uuid NOT NULL UNIQUE REFERENCES paydesk.operations (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0 AND amount_minor = net_minor + vat_minor),
  net_minor bigint NOT NULL,
  vat_minor bigint NOT NULL,
  -- The refunded amount per VAT rate (JSON text, as written).
  breakdown_json text NOT NULL,
  reason text,
  issued_at timestamptz NOT NULL,
  db_user text NOT NULL,
  UNIQUE (profile_id, seq)
);
CREATE INDEX credit_notes_invoice ON paydesk.credit_notes (invoice_id, seq);

-- The next number of a profile's invoices or credit notes, its row locked until the caller's
-- transaction ends (a rollback gives the number back).
CREATE FUNCTION paydesk.next_document_seq(p_profile text, p_kind text) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  INSERT INTO paydesk.invoice_counters AS c (profile_id, kind, last_seq) VALUES (p_profile, p_kind, 1)
  ON CONFLICT (profile_id, kind) DO UPDATE SET last_seq = c.last_seq + 1
  RETURNING last_seq;
$$;

-- Reserves the invoice of a payment link with its lines, in the transaction that records the
-- link's create intent. A link tried again after "not created" (same payment) keeps its number:
-- its lines, totals and date are replaced. p_invoice: currency, prices_include_vat, net_minor,
-- vat_minor, total_minor, seller_json, buyer_vat_number, language; p_lines: an array of
-- description, quantity_milli, unit_minor, category, rate_bp, reason, net_minor, vat_minor,
-- gross_minor, in order.
CREATE FUNCTION paydesk.reserve_invoice(p_payment uuid, p_invoice jsonb, p_lines jsonb) RETURNS paydesk.invoices
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  pay paydesk.payments%ROWTYPE;
  inv paydesk.invoices%ROWTYPE;
  sums record;
BEGIN
  SELECT * INTO pay FROM paydesk.payments WHERE id = p_payment FOR UPDATE;
  IF NOT FOUND OR pay.kind <> 'link' OR pay.state <> 'creating'
     OR NOT EXISTS (SELECT FROM paydesk.operations WHERE payment_id = p_payment AND kind = 'create' AND outcome = 'sending') THEN
    RAISE EXCEPTION 'an invoice is reserved only with its payment link''s create intent' USING ERRCODE = 'check_violation';
  END IF;
  IF jsonb_typeof(p_lines) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'an invoice''s lines are an array' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT count(*) AS n, sum((l->>'net_minor')::bigint) AS net, sum((l->>'vat_minor')::bigint) AS vat, sum((l->>'gross_minor')::bigint) AS gross
    INTO sums FROM jsonb_array_elements(p_lines) l;
  IF sums.n = 0 OR (p_invoice->>'total_minor')::bigint IS DISTINCT FROM pay.amount_minor OR p_invoice->>'currency' IS DISTINCT FROM pay.currency
     OR sums.net IS DISTINCT FROM (p_invoice->>'net_minor')::bigint OR sums.vat IS DISTINCT FROM (p_invoice->>'vat_minor')::bigint
     OR sums.gross IS DISTINCT FROM (p_invoice->>'total_minor')::bigint THEN
    RAISE EXCEPTION 'an invoice''s lines add up to its totals, and its total is its link''s amount' USING ERRCODE = 'check_violation';
  END IF;

  SELECT * INTO inv FROM paydesk.invoices WHERE payment_id = p_payment FOR UPDATE;
  IF FOUND THEN
    DELETE FROM paydesk.invoice_lines WHERE invoice_id = inv.id;
  ELSE
    inv.id := gen_random_uuid();
    inv.profile_id := pay.profile_id;
    inv.payment_id := p_payment;
    inv.seq := paydesk.next_document_seq(pay.profile_id, 'invoice');
    inv.number := 'INV-' || lpad(inv.seq::text, greatest(6, length(inv.seq::text)), '0');
  END IF;
  inv.currency := pay.currency;
  inv.prices_include_vat := (p_invoice->>'prices_include_vat')::boolean;
  inv.net_minor := (p_invoice->>'net_minor')::bigint;
  inv.vat_minor := (p_invoice->>'vat_minor')::bigint;
  inv.total_minor := (p_invoice->>'total_minor')::bigint;
  inv.seller_json := p_invoice->>'seller_json';
  inv.buyer_vat_number := p_invoice->>'buyer_vat_number';
  inv.language := p_invoice->>'language';
  inv.issued_at := now();
  inv.db_user := session_user;
  inv.os_user := nullif(current_setting('paydesk.os_user', true), '');
  INSERT INTO paydesk.invoices VALUES (inv.*)
  ON CONFLICT (id) DO UPDATE SET prices_include_vat = EXCLUDED.prices_include_vat, net_minor = EXCLUDED.net_minor, vat_minor = EXCLUDED.vat_minor,
    total_minor = EXCLUDED.total_minor, seller_json = EXCLUDED.seller_json, buyer_vat_number = EXCLUDED.buyer_vat_number, language = EXCLUDED.language,
    issued_at = EXCLUDED.issued_at, db_user = EXCLUDED.db_user, os_user = EXCLUDED.os_user;
  INSERT INTO paydesk.invoice_lines (invoice_id, line_no, description, quantity_milli, unit_minor, category, rate_bp, reason, net_minor, vat_minor, gross_minor)
  SELECT inv.id, ord, l->>'description', (l->>'quantity_milli')::bigint, (l->>'unit_minor')::bigint, l->>'category', (l->>'rate_bp')::integer, l->>'reason',
    (l->>'net_minor')::bigint, (l->>'vat_minor')::bigint, (l->>'gross_minor')::bigint
  FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS t(l, ord);
  PERFORM paydesk.append_audit('invoice_reserved', p_payment, inv.total_minor, NULL, inv.number);
  RETURN inv;
END
$$;

-- Records the credit note of a refund of an invoiced payment, in the refund's confirming
-- transaction: the refunded amount (the operation's) split by VAT rate as the laptop computed it
-- (p_breakdown: JSON text of category, rateBp, netMinor, vatMinor, grossMinor per rate).
CREATE FUNCTION paydesk.record_credit_note(p_operation uuid, p_net bigint, p_vat bigint, p_breakdown text) RETURNS paydesk.credit_notes
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  op paydesk.operations%ROWTYPE;
  inv paydesk.invoices%ROWTYPE;
  note paydesk.credit_notes%ROWTYPE;
  sums record;
BEGIN
  SELECT * INTO op FROM paydesk.operations WHERE id = p_operation;
  IF NOT FOUND OR op.kind <> 'refund' OR op.outcome = 'failed' THEN
    RAISE EXCEPTION 'a credit note follows a refund that went through' USING ERRCODE = 'check_violation';
  END IF;
  -- Locked: credit notes of one invoice are recorded one at a time.
  SELECT * INTO inv FROM paydesk.invoices WHERE payment_id = op.payment_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the refunded payment has no invoice' USING ERRCODE = 'check_violation';
  END IF;
  SELECT sum((g->>'netMinor')::bigint) AS net, sum((g->>'vatMinor')::bigint) AS vat, sum((g->>'grossMinor')::bigint) AS gross
    INTO sums FROM jsonb_array_elements(p_breakdown::jsonb) g;
  IF p_net + p_vat <> op.amount_minor OR sums.net IS DISTINCT FROM p_net OR sums.vat IS DISTINCT FROM p_vat OR sums.gross IS DISTINCT FROM op.amount_minor
     OR (SELECT coalesce(sum(amount_minor), 0) FROM paydesk.credit_notes WHERE invoice_id = inv.id) + op.amount_minor > inv.total_minor THEN
    RAISE EXCEPTION 'a credit note is its refund''s amount split by rate, within what the invoice has left' USING ERRCODE = 'check_violation';
  END IF;
  note.id := gen_random_uuid();
  note.profile_id := inv.profile_id;
  note.seq := paydesk.next_document_seq(inv.profile_id, 'credit_note');
  note.number := 'CN-' || lpad(note.seq::text, greatest(6, length(note.seq::text)), '0');
  note.invoice_id := inv.id;
  note.payment_id := op.payment_id;
  note.operation_id := op.id;
  note.amount_minor := op.amount_minor;
  note.net_minor := p_net;
  note.vat_minor := p_vat;
  note.breakdown_json := p_breakdown;
  note.reason := op.reason;
  note.issued_at := now();
  note.db_user := session_user;
  INSERT INTO paydesk.credit_notes VALUES (note.*);
  PERFORM paydesk.append_audit('credit_note', op.payment_id, op.amount_minor, op.reason, note.number);
  RETURN note;
END
$$;

-- A laptop moving in (copy-to-team.ts) issued numbers of its own per profile, which stay in its
-- file: the team's series of that profile continues after the last of them, so no number is
-- issued twice for one profile. Admins only (they copy laptops in); never lowers a counter;
-- audited when it raises one. Answers whether it did.
CREATE FUNCTION paydesk.continue_document_numbers(p_laptop text, p_profile text, p_kind text, p_last bigint) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  before bigint;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_admin', 'MEMBER') THEN
    RAISE EXCEPTION 'only a Paydesk admin copies a laptop in' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_kind NOT IN ('invoice', 'credit_note') OR p_last < 1 THEN
    RAISE EXCEPTION 'a counter is invoice or credit_note, from 1' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT last_seq INTO before FROM paydesk.invoice_counters WHERE profile_id = p_profile AND kind = p_kind FOR UPDATE;
  IF before >= p_last THEN
    RETURN false;
  END IF;
  INSERT INTO paydesk.invoice_counters (profile_id, kind, last_seq) VALUES (p_profile, p_kind, p_last)
  ON CONFLICT (profile_id, kind) DO UPDATE SET last_seq = EXCLUDED.last_seq;
  PERFORM paydesk.append_audit('document_numbers_continued', NULL, NULL, p_laptop,
    p_profile || ': ' || CASE p_kind WHEN 'invoice' THEN 'INV-' ELSE 'CN-' END || lpad(p_last::text, greatest(6, length(p_last::text)), '0'));
  RETURN true;
END
$$;

REVOKE ALL ON FUNCTION paydesk.next_document_seq(text, text), paydesk.reserve_invoice(uuid, jsonb, jsonb), paydesk.record_credit_note(uuid, bigint, bigint, text),
  paydesk.continue_document_numbers(text, text, text, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.continue_document_numbers(text, text, text, bigint) TO paydesk_admin;
GRANT EXECUTE ON FUNCTION paydesk.reserve_invoice(uuid, jsonb, jsonb) TO paydesk_staff;
GRANT EXECUTE ON FUNCTION paydesk.record_credit_note(uuid, bigint, bigint, text) TO paydesk_support;

-- Everyone reads; nobody writes but through the functions above (no INSERT, UPDATE or DELETE
-- is granted; the counters are not even readable).
GRANT SELECT ON paydesk.invoices, paydesk.invoice_lines, paydesk.credit_notes TO paydesk_staff, paydesk_finance;
ALTER TABLE paydesk.invoice_counters ENABLE ROW LEVEL SECURITY;
ALTER TABLE paydesk.invoices ENABLE ROW LEVEL SECURITY;
CREATE POLICY invoices_read ON paydesk.invoices FOR SELECT TO paydesk_staff, paydesk_finance USING (true);
ALTER TABLE paydesk.invoice_lines ENABLE ROW LEVEL SECURITY;
CREATE POLICY invoice_lines_read ON paydesk.invoice_lines FOR SELECT TO paydesk_staff, paydesk_finance USING (true);
ALTER TABLE paydesk.credit_notes ENABLE ROW LEVEL SECURITY;
CREATE POLICY credit_notes_read ON paydesk.credit_notes FOR SELECT TO paydesk_staff, paydesk_finance USING (true);

UPDATE paydesk.ledger_meta SET value = '11' WHERE key = 'schema_version';
RESET ROLE;
