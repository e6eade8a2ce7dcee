-- Team ledger schema version 44, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: a bulk batch's return addresses (where every row's
-- customer goes after paying, or when the payment does not go through), kept with the batch when
-- it first runs, as the laptop's migration 26: a resume, from any laptop, sends its later rows to
-- the same addresses as its first and asks nothing (docs/screens-getting-paid.md, "Bulk links").
-- Set by the claim that takes the batch's first run (pg-bulk.ts); once set, nobody changes them
-- (a trigger refuses it, whoever asks). Batches made before: null until they run again.
SET LOCAL ROLE paydesk_owner;

ALTER TABLE paydesk.bulk_batches
  ADD COLUMN success_url text CHECK (length(success_url) BETWEEN 1 AND 2048),
  ADD COLUMN failure_url text CHECK (length(failure_url) BETWEEN 1 AND 2048);
GRANT UPDATE (success_url, failure_url) ON paydesk.bulk_batches TO paydesk_staff;

CREATE FUNCTION paydesk.keep_bulk_addresses() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF (OLD.success_url IS NOT NULL OR OLD.failure_url IS NOT NULL)
      AND (NEW.success_url IS DISTINCT FROM OLD.success_url OR NEW.failure_url IS DISTINCT FROM OLD.failure_url) THEN
    RAISE EXCEPTION 'a bulk batch keeps the addresses it first ran with' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER bulk_batches_keep_addresses BEFORE UPDATE OF success_url, failure_url ON paydesk.bulk_batches
  FOR EACH ROW EXECUTE FUNCTION paydesk.keep_bulk_addresses();

UPDATE paydesk.ledger_meta SET value = '44' WHERE key = 'schema_version';
RESET ROLE;
