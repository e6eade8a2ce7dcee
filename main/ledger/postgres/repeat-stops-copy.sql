-- Team ledger schema version 41, applied after the version before it by security.ts, or by a
-- superuser with psql in one transaction: "copy this laptop's ledger in" brings the laptop's
-- "Stop repeat charges" marks (migration 24), so a customer who cancelled is not charged again
-- after the team moves (docs/team-ledger.md, "Stopping a card's repeat charges on the team ledger").
SET LOCAL ROLE paydesk_owner;

-- A copied mark keeps who stopped the card on the laptop (its OS user) and when; stopped_by is the
-- admin who copied it, as a copied payment's created_by is.
ALTER TABLE paydesk.repeat_stops ADD COLUMN os_user text, ADD COLUMN imported_from text;

-- Each laptop mark once copied, by its payment and the time it was set: a resumed or repeated copy
-- (under any laptop name) adds none twice, and a mark lifted on the team ledger since ("Allow
-- repeat charges again") does not come back. Nobody but the owner's function writes it.
CREATE TABLE paydesk.copied_repeat_stops (
  payment_id uuid NOT NULL,
  stopped_at timestamptz NOT NULL,
  laptop text NOT NULL,
  copied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (payment_id, stopped_at)
);
REVOKE ALL ON paydesk.copied_repeat_stops FROM PUBLIC;

-- One batch of a laptop's marks ([{payment_id, stopped_at, os_user}]), one transaction. Only a
-- payment the team ledger has, enrolled for repeat charges, takes one (copy-to-team.ts skips the
-- others, saying why). Each mark added is audited on its payment as `stop_repeat_charges`
-- (result `stopped`) with the laptop's OS user who stopped it and the laptop as its reason, so the
-- payment's audit trail says the card is stopped and where that came from; the laptop's own entry,
-- with its time, is among its copied audit entries. Admins only.
CREATE FUNCTION paydesk.import_repeat_stops(laptop text, stops jsonb)
RETURNS TABLE (stops_added bigint, already_there bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  s record;
  was_os text := current_setting('paydesk.os_user', true);
  added bigint := 0;
  there bigint := 0;
BEGIN
  IF NOT pg_has_role(session_user, 'paydesk_admin', 'MEMBER') THEN
    RAISE EXCEPTION 'only a Paydesk admin copies a laptop''s ledger into the team ledger' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF laptop IS NULL OR length(laptop) NOT BETWEEN 1 AND 200 THEN
    RAISE EXCEPTION 'a copy names its laptop' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  FOR s IN SELECT x.payment_id, x.stopped_at, x.os_user
      FROM jsonb_to_recordset(coalesce(stops, '[]')) AS x(payment_id uuid, stopped_at timestamptz, os_user text)
      JOIN paydesk.payments p ON p.id = x.payment_id AND p.recurring_init
      ORDER BY x.payment_id LOOP
    INSERT INTO paydesk.copied_repeat_stops (payment_id, stopped_at, laptop) VALUES (s.payment_id, s.stopped_at, laptop) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      there := there + 1;
      CONTINUE;
    END IF;
    -- A mark already set on the team ledger stays as it is (its own who and when).
    INSERT INTO paydesk.repeat_stops (payment_id, stopped_at, os_user, imported_from) VALUES (s.payment_id, s.stopped_at, s.os_user, laptop)
      ON CONFLICT (payment_id) DO NOTHING;
    IF NOT FOUND THEN
      there := there + 1;
      CONTINUE;
    END IF;
    added := added + 1;
    PERFORM set_config('paydesk.os_user', coalesce(s.os_user, ''), true);
    PERFORM paydesk.append_audit('stop_repeat_charges', s.payment_id, NULL, laptop, 'stopped');
    UPDATE paydesk.payments SET updated_at = now() WHERE id = s.payment_id;
  END LOOP;
  PERFORM set_config('paydesk.os_user', coalesce(was_os, ''), true);
  RETURN QUERY SELECT added, there;
END
$$;
REVOKE ALL ON FUNCTION paydesk.import_repeat_stops(text, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.import_repeat_stops(text, jsonb) TO paydesk_admin;

UPDATE paydesk.ledger_meta SET value = '41' WHERE key = 'schema_version';
RESET ROLE;
