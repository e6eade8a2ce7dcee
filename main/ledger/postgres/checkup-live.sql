-- Team ledger schema version 21, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: a check-up run told to every laptop as it moves
-- (docs/check-up.md "On the team ledger", docs/team-ledger.md).
-- Live: every save of a run's state, steps and findings (paydesk.save_checkup_run, checkup-runs.sql:
--   its first save, each step as it ends, the run's end, a run marked interrupted) notifies
--   `paydesk_changes` with 'checkup:<run id>' when it commits, as bulk-audit.sql's 'bulk:<batch id>'
--   does. live.ts reads such a payload only as "read the recent check-ups again" (anyone may
--   NOTIFY; nothing is trusted from it); the payload holds the run's id, nothing a staff or finance
--   laptop may not know (their list reads no run anyway).
-- Not told: a run that can no longer finish because its laptop's session ended (checkup-alive.sql):
--   nothing is written then, so nothing notifies; the laptops see it at their next read of the list.
SET LOCAL ROLE paydesk_owner;

CREATE FUNCTION paydesk.notify_checkup_run() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM pg_notify('paydesk_changes', 'checkup:' || NEW.run_id::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER checkup_run_results_notify AFTER INSERT OR UPDATE ON paydesk.checkup_run_results FOR EACH ROW
  EXECUTE FUNCTION paydesk.notify_checkup_run();

UPDATE paydesk.ledger_meta SET value = '21' WHERE key = 'schema_version';
RESET ROLE;
