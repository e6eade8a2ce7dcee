-- Team ledger schema version 4, applied after import.sql (version 3) by security.ts, or by a
-- superuser with psql in one transaction: which laptop is sending an operation. Each laptop says
-- so with the setting paydesk.laptop (like paydesk.os_user: what the laptop says, kept beside the
-- login the database knows). After a crash a laptop marks its own 'sending' operations unknown
-- and checks them first, never another laptop's, which may be on the wire right now
-- (main/ledger/postgres/pg-store.ts, docs/team-ledger.md).
SET LOCAL ROLE paydesk_owner;

ALTER TABLE paydesk.operations ADD COLUMN laptop text;
CREATE INDEX operations_sending ON paydesk.operations (laptop) WHERE outcome = 'sending';

-- Stamped on insert from the setting, whatever the client sends; never changed afterwards.
CREATE FUNCTION paydesk.stamp_laptop() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.laptop := nullif(current_setting('paydesk.laptop', true), '');
  ELSE
    NEW.laptop := OLD.laptop;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER operations_laptop BEFORE INSERT OR UPDATE ON paydesk.operations FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_laptop();

UPDATE paydesk.ledger_meta SET value = '4' WHERE key = 'schema_version';
RESET ROLE;
