-- Team ledger schema version 12, applied after the version before it by security.ts, or by a
-- superuser with psql in one transaction: bulk payment links on the team ledger (pg-bulk.ts,
-- docs/team-ledger.md). As on the laptop's ledger (migration 4), a batch's rows are stored with
-- their order ids before anything is sent, and each link is then created through the payments
-- flow (its intent recorded before its request leaves). One laptop runs a batch at a time: the
-- run is a lease on the batch's row (run_laptop until lease_until, renewed before each row),
-- taken in one UPDATE, so of two laptops pressing Run the second finds it taken and is told by
-- whom (run_by, the login the database stamps). A lease that ran out (a laptop killed mid-run)
-- is taken over by the next Run; the rows it was sending are settled by the payments' order ids.
SET LOCAL ROLE paydesk_owner;

CREATE TABLE paydesk.bulk_batches (
  id uuid PRIMARY KEY,
  profile_id text NOT NULL,
  file_name text NOT NULL,
  state text NOT NULL CHECK (state IN ('ready', 'running', 'cancelled', 'interrupted', 'done')),
  -- Set by the database (trigger): the login that made it, and the laptop's OS user as it says.
  created_by text NOT NULL DEFAULT session_user,
  os_user text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The run: which laptop has it until when; the login that took it (stamped); a Cancel asked from any laptop.
  run_laptop text,
  run_by text,
  run_os_user text,
  lease_until timestamptz,
  cancel_asked boolean NOT NULL DEFAULT false
);
CREATE INDEX bulk_batches_created ON paydesk.bulk_batches (created_at DESC);
CREATE INDEX bulk_batches_running ON paydesk.bulk_batches (run_laptop) WHERE state = 'running';

-- The file's rows as typed (the amount as text, as the link form takes it) and, for rows that can
-- be sent, the amount in minor units as the same parser read it: integers only, no floats.
CREATE TABLE paydesk.bulk_rows (
  batch_id uuid NOT NULL REFERENCES paydesk.bulk_batches (id),
  line integer NOT NULL CHECK (line > 0),
  order_id text NOT NULL,
  amount text NOT NULL,
  amount_minor bigint CHECK (amount_minor > 0),
  currency text NOT NULL,
  description text NOT NULL,
  customer_name text NOT NULL,
  customer_email text NOT NULL,
  customer_phone text NOT NULL,
  issue_date text,
  expire_date text,
  vat_rate text,
  vat_reason text,
  state text NOT NULL CHECK (state IN ('pending', 'sending', 'created', 'failed', 'unknown')),
  payment_id uuid REFERENCES paydesk.payments (id),
  error text,
  PRIMARY KEY (batch_id, line),
  CHECK (state = 'failed' OR amount_minor IS NOT NULL)
);

-- What the database decides, not the laptop: who made a batch and when, who took its run.
CREATE FUNCTION paydesk.stamp_bulk_batch() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.created_by := session_user;
    NEW.os_user := nullif(current_setting('paydesk.os_user', true), '');
    NEW.created_at := now();
    NEW.run_laptop := NULL;
    NEW.run_by := NULL;
    NEW.run_os_user := NULL;
    NEW.lease_until := NULL;
  ELSIF NEW.run_laptop IS DISTINCT FROM OLD.run_laptop OR (NEW.state = 'running' AND OLD.state <> 'running') THEN
    NEW.run_by := session_user;
    NEW.run_os_user := nullif(current_setting('paydesk.os_user', true), '');
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER bulk_batches_stamp BEFORE INSERT OR UPDATE ON paydesk.bulk_batches FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_bulk_batch();

-- Everyone reads; staff and support (and admins) make and run batches; finance only reads; nobody
-- deletes. Column grants keep who made a batch and when out of anyone's hands.
GRANT SELECT ON paydesk.bulk_batches, paydesk.bulk_rows TO paydesk_staff, paydesk_finance;
GRANT INSERT (id, profile_id, file_name, state) ON paydesk.bulk_batches TO paydesk_staff;
GRANT UPDATE (state, run_laptop, lease_until, cancel_asked) ON paydesk.bulk_batches TO paydesk_staff;
GRANT INSERT ON paydesk.bulk_rows TO paydesk_staff;
GRANT UPDATE (state, payment_id, error) ON paydesk.bulk_rows TO paydesk_staff;

ALTER TABLE paydesk.bulk_batches ENABLE ROW LEVEL SECURITY;
CREATE POLICY bulk_batches_read ON paydesk.bulk_batches FOR SELECT TO paydesk_staff, paydesk_finance USING (true);
CREATE POLICY bulk_batches_make ON paydesk.bulk_batches FOR INSERT TO paydesk_staff WITH CHECK (state = 'ready');
CREATE POLICY bulk_batches_run ON paydesk.bulk_batches FOR UPDATE TO paydesk_staff USING (true) WITH CHECK (true);
ALTER TABLE paydesk.bulk_rows ENABLE ROW LEVEL SECURITY;
CREATE POLICY bulk_rows_read ON paydesk.bulk_rows FOR SELECT TO paydesk_staff, paydesk_finance USING (true);
CREATE POLICY bulk_rows_make ON paydesk.bulk_rows FOR INSERT TO paydesk_staff WITH CHECK (state IN ('pending', 'failed') AND payment_id IS NULL);
CREATE POLICY bulk_rows_send ON paydesk.bulk_rows FOR UPDATE TO paydesk_staff USING (true) WITH CHECK (true);

UPDATE paydesk.ledger_meta SET value = '12' WHERE key = 'schema_version';
RESET ROLE;
