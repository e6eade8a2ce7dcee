-- Team ledger schema version 31, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: the team's profiles (docs/team-ledger.md, "The team's
-- profiles"). A laptop on the team ledger publishes its sandbox and production profiles here (its
-- id, name, environment and gateway base URL, never a key: keys stay in each laptop's keychain), so
-- another laptop can add the same profile, with the same id: a colleague's payment is then this
-- laptop's own profile's, and its invoice series and scheduled checks are shared. The practice
-- profile's id is the same everywhere: not published.
-- Who may do what:
--   every role    reads them (the payment detail names a colleague's profile; any laptop may add one)
--   staff and up  publish their laptop's profiles (a new row: added_by is the login, by the database)
--   the publisher renames their own row (their laptop renaming the profile), and an admin any row;
--                 another person's renaming of a profile they added from the team's stays on their
--                 laptop: a staff member cannot rename the profile every colleague's detail names
--   admin only    removes one from the team's list (removed_at: hidden from the list offered when a
--                 profile is added; kept, so payments made with it are still named)
--   nobody        changes a profile's id or environment (a sandbox id never becomes production), or deletes
-- Finance changes nothing, as everywhere: it reads the list and adds profiles from it on its laptop.
SET LOCAL ROLE paydesk_owner;

CREATE TABLE paydesk.profiles (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,64}$' AND id <> 'practice'),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  base_url text NOT NULL CHECK (base_url ~ '^https?://' AND length(base_url) <= 2000),
  -- Set by the database (trigger): who added it and when, who renamed or removed it last.
  added_by text NOT NULL DEFAULT session_user,
  added_at timestamptz NOT NULL DEFAULT now(),
  changed_by text,
  changed_at timestamptz,
  removed_by text,
  removed_at timestamptz
);

CREATE FUNCTION paydesk.stamp_profile() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.added_by := session_user;
    NEW.added_at := now();
    NEW.changed_by := NULL;
    NEW.changed_at := NULL;
    NEW.removed_by := NULL;
    NEW.removed_at := NULL;
    RETURN NEW;
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.environment IS DISTINCT FROM OLD.environment THEN
    RAISE EXCEPTION 'a team profile keeps its id and environment' USING ERRCODE = 'check_violation';
  END IF;
  NEW.added_by := OLD.added_by;
  NEW.added_at := OLD.added_at;
  IF NEW.removed_at IS DISTINCT FROM OLD.removed_at THEN
    NEW.removed_by := CASE WHEN NEW.removed_at IS NULL THEN NULL ELSE session_user END;
    NEW.removed_at := CASE WHEN NEW.removed_at IS NULL THEN NULL ELSE now() END;
  ELSE
    NEW.removed_by := OLD.removed_by;
  END IF;
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.base_url IS DISTINCT FROM OLD.base_url THEN
    NEW.changed_by := session_user;
    NEW.changed_at := now();
  ELSE
    NEW.changed_by := OLD.changed_by;
    NEW.changed_at := OLD.changed_at;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER profiles_stamp BEFORE INSERT OR UPDATE ON paydesk.profiles FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_profile();

GRANT SELECT ON paydesk.profiles TO paydesk_staff, paydesk_finance;
GRANT INSERT (id, name, environment, base_url) ON paydesk.profiles TO paydesk_staff;
GRANT UPDATE (name, base_url) ON paydesk.profiles TO paydesk_staff;
GRANT UPDATE (removed_at) ON paydesk.profiles TO paydesk_admin;

ALTER TABLE paydesk.profiles ENABLE ROW LEVEL SECURITY;
CREATE POLICY profiles_read ON paydesk.profiles FOR SELECT TO paydesk_staff, paydesk_finance USING (true);
CREATE POLICY profiles_publish ON paydesk.profiles FOR INSERT TO paydesk_staff WITH CHECK (true);
-- Every row is visible to the UPDATE, so another person's row is refused with an error (42501),
-- not skipped in silence.
CREATE POLICY profiles_rename ON paydesk.profiles FOR UPDATE TO paydesk_staff USING (true)
  WITH CHECK (added_by = session_user OR pg_has_role(session_user, 'paydesk_admin', 'MEMBER'));

UPDATE paydesk.ledger_meta SET value = '31' WHERE key = 'schema_version';
RESET ROLE;
