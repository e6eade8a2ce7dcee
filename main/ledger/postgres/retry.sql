-- Team ledger schema version 13, applied after the version before it by security.ts, or by a
-- superuser with psql in one transaction: an order tried again after the gateway did not create
-- it, with other details, as on a laptop's ledger (main/payments/record-create.ts, issue 15).
-- The same payment row is sent again, so the details a person typed anew (amount, currency,
-- description, customer, authorise-only) must be what the ledger records, or the ledger would
-- keep 10.00 while the gateway's link is for 20.00.
--   Who: staff and up (they create payments); finance never (it has no UPDATE on payments).
--   When: only while the payment is 'not_created' and it has no create that is open (sending,
--   unknown) or succeeded. Once the gateway has the payment its details are what the gateway
--   has: any other change, by Paydesk or a hand-written client, is refused with SQLSTATE PD013
--   (pg-store.ts answers it in words: teamLedger.detailsFixed). The rule holds for every login,
--   admins included, since a trigger checks it.
--   Audited: the database writes an audit entry 'retry_details' (the login, the laptop's OS user,
--   the new amount; the result says the old and new amount and which other details changed).
SET LOCAL ROLE paydesk_owner;

CREATE FUNCTION paydesk.guard_payment_details() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF (NEW.amount_minor, NEW.currency, NEW.description, NEW.customer_name, NEW.customer_email, NEW.customer_phone, NEW.auth_only)
     IS NOT DISTINCT FROM (OLD.amount_minor, OLD.currency, OLD.description, OLD.customer_name, OLD.customer_email, OLD.customer_phone, OLD.auth_only) THEN
    RETURN NEW;
  END IF;
  IF OLD.state <> 'not_created' THEN
    RAISE EXCEPTION 'payment % is %: its amount, currency, description and customer stay as the gateway has them', OLD.order_id, OLD.state
      USING ERRCODE = 'PD013', HINT = 'Only a payment the gateway did not create may be tried again with other details.';
  END IF;
  IF EXISTS (SELECT FROM paydesk.operations o WHERE o.payment_id = OLD.id AND o.kind = 'create' AND o.outcome IN ('sending', 'unknown', 'succeeded')) THEN
    RAISE EXCEPTION 'payment % has a create that is open or went through: its details stay', OLD.order_id
      USING ERRCODE = 'PD013', HINT = 'Only a payment the gateway did not create may be tried again with other details.';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER payments_details_guard BEFORE UPDATE ON paydesk.payments FOR EACH ROW EXECUTE FUNCTION paydesk.guard_payment_details();

CREATE FUNCTION paydesk.audit_payment_details() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  others text[] := ARRAY[]::text[];
BEGIN
  IF NEW.description IS DISTINCT FROM OLD.description THEN others := array_append(others, 'description'); END IF;
  IF (NEW.customer_name, NEW.customer_email, NEW.customer_phone) IS DISTINCT FROM (OLD.customer_name, OLD.customer_email, OLD.customer_phone) THEN others := array_append(others, 'customer'); END IF;
  IF NEW.auth_only IS DISTINCT FROM OLD.auth_only THEN others := array_append(others, 'auth_only'); END IF;
  PERFORM paydesk.append_audit('retry_details', NEW.id, NEW.amount_minor, NULL,
    format('amount %s %s -> %s %s', OLD.amount_minor, OLD.currency, NEW.amount_minor, NEW.currency)
      || CASE WHEN cardinality(others) > 0 THEN '; ' || array_to_string(others, ', ') ELSE '' END);
  RETURN NULL;
END
$$;
CREATE TRIGGER payments_details_audit AFTER UPDATE ON paydesk.payments FOR EACH ROW
  WHEN ((NEW.amount_minor, NEW.currency, NEW.description, NEW.customer_name, NEW.customer_email, NEW.customer_phone, NEW.auth_only)
    IS DISTINCT FROM (OLD.amount_minor, OLD.currency, OLD.description, OLD.customer_name, OLD.customer_email, OLD.customer_phone, OLD.auth_only))
  EXECUTE FUNCTION paydesk.audit_payment_details();

GRANT UPDATE (amount_minor, currency, description, customer_name, customer_email, customer_phone, auth_only) ON paydesk.payments TO paydesk_staff;

UPDATE paydesk.ledger_meta SET value = '13' WHERE key = 'schema_version';
RESET ROLE;
