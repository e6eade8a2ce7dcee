-- Team ledger schema version 36, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: which of two rows with one creation time was made
-- first, for a payment's operations and the bulk batches, as the laptop's ledger knows it (an
-- operation's seq, a batch's rowid; docs/team-ledger.md, "Rows made at one instant").
-- Payments have theirs since version 5 (list_seq). Such ties come with the copy of a laptop's
-- ledger: its times are to the millisecond, and a laptop makes several rows in one (a payment's
-- operations with the practice gateway, a file's batches in a test, a clock set back).
SET LOCAL ROLE paydesk_owner;

-- A number taken as each row is inserted (a copy's rows in the laptop's order, as import_batch
-- and import_bulk insert them), the tie-breaker after created_at. A plain column, no default:
-- adding it changes the catalog only. An identity column (or any default) would fill every row
-- already there, rewriting the table under its lock; a row from before this version has none and
-- keeps the order it had (by id, NULLS FIRST: made before any numbered one).
CREATE SEQUENCE paydesk.made_seq;
ALTER TABLE paydesk.operations ADD COLUMN made_seq bigint;
ALTER TABLE paydesk.bulk_batches ADD COLUMN made_seq bigint;

-- Set by the database on insert, whatever a client sends (INSERT on operations is granted on the
-- whole table); nobody may UPDATE the column (the grants name others only).
CREATE FUNCTION paydesk.take_made_seq() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.made_seq := nextval('paydesk.made_seq');
  RETURN NEW;
END
$$;
CREATE TRIGGER operations_made_seq BEFORE INSERT ON paydesk.operations FOR EACH ROW EXECUTE FUNCTION paydesk.take_made_seq();
CREATE TRIGGER bulk_batches_made_seq BEFORE INSERT ON paydesk.bulk_batches FOR EACH ROW EXECUTE FUNCTION paydesk.take_made_seq();

UPDATE paydesk.ledger_meta SET value = '36' WHERE key = 'schema_version';
RESET ROLE;
