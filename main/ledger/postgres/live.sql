-- Team ledger schema version 2, applied after security.sql (version 1) by security.ts, or by a
-- superuser with psql in one transaction: live updates across laptops (docs/team-ledger.md).
-- Every insert and update of a payment or an operation takes the next value of one sequence
-- (change_seq) and, when its transaction commits, notifies the channel `paydesk_changes` with
-- '<payment id>:<change_seq>'. Each laptop LISTENs on one connection of its own
-- (main/ledger/postgres/live.ts); after losing that connection it reads back every row whose
-- change_seq is above the last it saw, minus a margin, since values commit out of order.
SET LOCAL ROLE paydesk_owner;

CREATE SEQUENCE paydesk.change_seq;
ALTER TABLE paydesk.payments ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;
ALTER TABLE paydesk.operations ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;
CREATE INDEX payments_change ON paydesk.payments (change_seq);
CREATE INDEX operations_change ON paydesk.operations (change_seq);

-- Set by the database on every write, whatever the client sends (no grant lets a person set it).
CREATE FUNCTION paydesk.take_change_seq() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.change_seq := nextval('paydesk.change_seq');
  RETURN NEW;
END
$$;
CREATE TRIGGER payments_change_seq BEFORE INSERT OR UPDATE ON paydesk.payments FOR EACH ROW EXECUTE FUNCTION paydesk.take_change_seq();
CREATE TRIGGER operations_change_seq BEFORE INSERT OR UPDATE ON paydesk.operations FOR EACH ROW EXECUTE FUNCTION paydesk.take_change_seq();

-- Sent at commit only (a rolled-back change tells nobody); identical ones in one transaction
-- arrive once. Any client can NOTIFY this channel too, so a laptop treats a notification only
-- as "read this payment again" (live.ts checks a claimed change_seq against the sequence).
CREATE FUNCTION paydesk.notify_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_TABLE_NAME = 'payments' THEN
    PERFORM pg_notify('paydesk_changes', NEW.id::text || ':' || NEW.change_seq);
  ELSE
    PERFORM pg_notify('paydesk_changes', NEW.payment_id::text || ':' || NEW.change_seq);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER payments_notify AFTER INSERT OR UPDATE ON paydesk.payments FOR EACH ROW EXECUTE FUNCTION paydesk.notify_change();
CREATE TRIGGER operations_notify AFTER INSERT OR UPDATE ON paydesk.operations FOR EACH ROW EXECUTE FUNCTION paydesk.notify_change();

-- The sequence's position, read by every laptop when it (re)connects.
GRANT SELECT ON SEQUENCE paydesk.change_seq TO paydesk_staff, paydesk_finance;

UPDATE paydesk.ledger_meta SET value = '2' WHERE key = 'schema_version';
RESET ROLE;
