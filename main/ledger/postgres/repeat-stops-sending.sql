-- Team ledger schema version 42, applied after the version before it by security.ts, or by a
-- superuser with psql in one transaction: "Stop repeat charges" and a repeat charge on its way
-- never cross (docs/team-ledger.md, "Stopping a card's repeat charges on the team ledger").
-- Version 40 refused a stopped card's token, but the token is read without a lock: a laptop could
-- read it, a colleague's Stop commit and be told "stopped", and the charge then be recorded and
-- sent. Now the repeat charge's intent (its payment inserted as 'creating', or an order tried again
-- after "not created") holds the stored card's payment row and is refused (PD021) once the mark is
-- there, whatever program inserts it. set_repeat_stop holds the same row FOR UPDATE, so the two
-- are ordered: a Stop committed first refuses the intent; an intent committed first is seen by
-- the Stop, which names it to the person as a repeat charge already being sent.
SET LOCAL ROLE paydesk_owner;

CREATE FUNCTION paydesk.refuse_stopped_repeat() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  -- A copy of a laptop's ledger brings what was made there, as it was (its marks come after).
  IF paydesk.importing_from() IS NOT NULL THEN
    RETURN NEW;
  END IF;
  -- Waits for a Stop deciding now (it holds the row FOR UPDATE), and keeps a Stop waiting until
  -- this intent commits; the mark is then read afresh (read committed: a statement of its own).
  PERFORM 1 FROM paydesk.payments WHERE id = NEW.parent_payment_id FOR KEY SHARE;
  IF EXISTS (SELECT 1 FROM paydesk.repeat_stops WHERE payment_id = NEW.parent_payment_id) THEN
    RAISE EXCEPTION 'repeat charges of this card are stopped' USING ERRCODE = 'PD021';
  END IF;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION paydesk.refuse_stopped_repeat() FROM PUBLIC;
CREATE TRIGGER payments_repeat_stopped_insert BEFORE INSERT ON paydesk.payments FOR EACH ROW
  WHEN (NEW.parent_payment_id IS NOT NULL AND NEW.state = 'creating') EXECUTE FUNCTION paydesk.refuse_stopped_repeat();
CREATE TRIGGER payments_repeat_stopped_retry BEFORE UPDATE OF state ON paydesk.payments FOR EACH ROW
  WHEN (NEW.parent_payment_id IS NOT NULL AND NEW.state = 'creating' AND OLD.state <> 'creating') EXECUTE FUNCTION paydesk.refuse_stopped_repeat();

UPDATE paydesk.ledger_meta SET value = '42' WHERE key = 'schema_version';
RESET ROLE;
