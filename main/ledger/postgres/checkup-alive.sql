-- Team ledger schema version 20, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: whether a check-up run kept as running on the team
-- ledger can still finish (docs/check-up.md "On the team ledger", docs/team-ledger.md).
--   hold_checkup_run     the laptop running a check-up holds it with a session advisory lock on a
--                        connection of its own, from before its first save until its last: the
--                        lock ends with that session, whether Paydesk finished, quit, was killed,
--                        or its computer lost the network.
--   checkup_run_held     whether a session holds the run now (pg_locks, which every login may
--                        read). A run kept as running or cancelling that nobody holds can no
--                        longer finish: the laptops show it as interrupted.
-- Nothing is written when a laptop disappears: a laptop that only lost the network holds its run
-- again at its next save and goes on, and a laptop started again marks its own run interrupted
-- (main/checkup/checkup-service.ts).
SET LOCAL ROLE paydesk_owner;

-- The run's lock: the class "PDCR" (apart from pg-store.ts's payment locks, "PDPY") and the run.
CREATE FUNCTION paydesk.hold_checkup_run(p_run uuid) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_support', 'MEMBER')
     OR NOT EXISTS (SELECT 1 FROM paydesk.checkup_runs WHERE id = p_run AND started_by = session_user AND imported_from IS NULL) THEN
    RAISE EXCEPTION 'only the person who started a check-up holds it' USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- Session-level: kept after this transaction, until the session ends or lets it go. Not waiting:
  -- the same session holding it again answers true; another holding it (never, but for a clash of
  -- two runs' hashes) answers false, and the run is then shown as held all the same.
  RETURN pg_try_advisory_lock(1346650962, hashtext(p_run::text));
END
$$;
REVOKE ALL ON FUNCTION paydesk.hold_checkup_run(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.hold_checkup_run(uuid) TO paydesk_support;

CREATE FUNCTION paydesk.checkup_run_held(p_run uuid) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT EXISTS (SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid = 1346650962::oid AND l.objid = hashtext(p_run::text)::oid)
$$;
REVOKE ALL ON FUNCTION paydesk.checkup_run_held(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.checkup_run_held(uuid) TO paydesk_support;

UPDATE paydesk.ledger_meta SET value = '20' WHERE key = 'schema_version';
RESET ROLE;
