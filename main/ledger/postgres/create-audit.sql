-- Team ledger schema version 37, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: a payment's creation answered by the gateway is audited
-- with the payment's state (declined, paid, authorised, pending...), as the laptop's ledger writes
-- it (main/payments/record-create.ts), not with the operation's outcome `succeeded`, which the
-- audit screen words "Done" («تم»), a declined card sale included (walk 7, docs/screens-walks.md).
-- Entries already written stay as written: the log is append-only and hash-chained.
SET LOCAL ROLE paydesk_owner;

-- checkup.sql's version, with one change: a create's `succeeded`. Paydesk records the answer's
-- payment columns before it completes the operation (record-create.ts), in one transaction, so
-- the payment read here is the answered one. An unclear create settled by a status answer
-- completes its operation before its payment moves (status-checks.ts, status-settle.sql): the
-- payment still says `unknown` then, and the entry keeps `succeeded` (the laptop writes no
-- entry for it; the status check's own entry says what the gateway answered).
CREATE OR REPLACE FUNCTION paydesk.audit_operation() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  action text;
  prefix text := paydesk.checkup_prefix(NEW.payment_id);
  answered text;
BEGIN
  action := prefix || CASE WHEN NEW.kind = 'create' THEN 'create_' || (SELECT kind FROM paydesk.payments WHERE id = NEW.payment_id) ELSE NEW.kind END;
  IF TG_OP = 'INSERT' THEN
    PERFORM paydesk.append_audit(action, NEW.payment_id, NEW.amount_minor, NEW.reason, 'sending');
  ELSIF NEW.settled_reason IS DISTINCT FROM OLD.settled_reason AND NEW.settled_reason IS NOT NULL THEN
    PERFORM paydesk.append_audit(prefix || 'settle_' || NEW.kind, NEW.payment_id, NEW.amount_minor, NEW.settled_reason,
      CASE WHEN NEW.outcome = 'succeeded' THEN 'went_through' ELSE 'did_not_go_through' END);
  ELSIF NEW.outcome IS DISTINCT FROM OLD.outcome THEN
    IF NEW.kind = 'create' AND NEW.outcome = 'succeeded' THEN
      SELECT p.state INTO answered FROM paydesk.payments p WHERE p.id = NEW.payment_id AND p.state NOT IN ('creating', 'unknown', 'not_created');
    END IF;
    PERFORM paydesk.append_audit(action, NEW.payment_id, NEW.amount_minor, NEW.reason,
      CASE WHEN NEW.outcome = 'failed' THEN 'failed: ' || coalesce(NEW.error_code, 'unknown') WHEN NEW.outcome = 'unknown' THEN 'outcome_unknown' ELSE coalesce(answered, NEW.outcome) END);
  END IF;
  RETURN NULL;
END
$$;

UPDATE paydesk.ledger_meta SET value = '37' WHERE key = 'schema_version';
RESET ROLE;
