-- Team ledger schema version 38, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: an admin manages who is who from Settings (issue 15).
--   paydesk.set_person_group  one group at a time (staff, support, finance or admin), audited
--   paydesk.remove_person     as before, and never the team's last admin
--   paydesk.add_person        brings back a person removed (LOGIN again, a new first password);
--                             a login already in a group is refused (change their group instead)
-- Every rule is the database's: a client written by hand is refused the same way. The reasons a
-- call is refused are told apart by HINT (main/team/team-people.ts words them).
SET LOCAL ROLE paydesk_owner;

-- People changes take turns (the audit chain's head, locked until the transaction ends), so two
-- admins taking each other's admin at one instant cannot leave the team with none: the second
-- waits, then counts again.
CREATE FUNCTION paydesk.people_change_begins() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM 1 FROM paydesk.audit_head WHERE id = 1 FOR UPDATE;
  -- Read from the catalog after the wait (not pg_has_role's cache): an admin whose admin was just
  -- taken is an admin no longer. A superuser (who sets the first admin up) may too.
  IF NOT EXISTS (
    WITH RECURSIVE held(oid) AS (
      SELECT oid FROM pg_roles WHERE rolname = session_user
      UNION SELECT m.roleid FROM pg_auth_members m JOIN held h ON m.member = h.oid)
    SELECT FROM held JOIN pg_roles g ON g.oid = held.oid WHERE g.rolname = 'paydesk_admin')
     AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = session_user) THEN
    RAISE EXCEPTION 'only a Paydesk admin manages people' USING ERRCODE = 'insufficient_privilege', HINT = 'admin_only';
  END IF;
END
$$;

-- The people (logins, not superusers) left in the admin group if `leaving` left it.
CREATE FUNCTION paydesk.admins_without(leaving text) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT count(*) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles p ON p.oid = m.member
  WHERE g.rolname = 'paydesk_admin' AND p.rolcanlogin AND NOT p.rolsuper AND p.rolname <> leaving
$$;

-- A person another admin may change or remove: an existing login of the team's (not a superuser,
-- a role creator, a Paydesk group or the caller).
CREATE FUNCTION paydesk.person_to_manage(login text) RETURNS pg_roles
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  existing pg_roles%ROWTYPE;
BEGIN
  IF login = session_user THEN
    RAISE EXCEPTION 'an admin cannot remove themself or change their own group' USING ERRCODE = 'insufficient_privilege', HINT = 'self';
  END IF;
  SELECT * INTO existing FROM pg_roles WHERE rolname = login;
  IF NOT FOUND OR NOT existing.rolcanlogin OR existing.rolsuper OR existing.rolcreaterole OR login LIKE 'paydesk\_%' OR login LIKE 'pg\_%' THEN
    RAISE EXCEPTION '% is not a person on the team', login USING ERRCODE = 'undefined_object', HINT = 'not_person';
  END IF;
  RETURN existing;
END
$$;

CREATE FUNCTION paydesk.leave_groups(login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  g text;
BEGIN
  FOREACH g IN ARRAY ARRAY['paydesk_staff', 'paydesk_support', 'paydesk_finance', 'paydesk_admin'] LOOP
    IF EXISTS (SELECT FROM pg_auth_members m WHERE m.roleid = (SELECT oid FROM pg_roles WHERE rolname = g)
               AND m.member = (SELECT oid FROM pg_roles WHERE rolname = login)) THEN
      EXECUTE format('REVOKE %I FROM %I', g, login);
    END IF;
  END LOOP;
END
$$;

-- Admins change a person's group: out of every other group, into this one. Audited as
-- change_person_group, the login and the group before and after ("staff -> support").
CREATE FUNCTION paydesk.set_person_group(login text, role text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  existing pg_roles%ROWTYPE;
  before text;
BEGIN
  PERFORM paydesk.people_change_begins();
  IF role NOT IN ('staff', 'support', 'finance', 'admin') THEN
    RAISE EXCEPTION 'the role is staff, support, finance or admin, not %', role USING ERRCODE = 'invalid_parameter_value', HINT = 'role';
  END IF;
  existing := paydesk.person_to_manage(login);
  -- The highest group held, as the people list names it.
  SELECT g INTO before FROM unnest(ARRAY['admin', 'finance', 'support', 'staff']) WITH ORDINALITY AS t(g, n)
  WHERE pg_has_role(existing.oid, 'paydesk_' || g, 'MEMBER') ORDER BY n LIMIT 1;
  IF before IS NULL THEN
    RAISE EXCEPTION '% is in no Paydesk group', login USING ERRCODE = 'undefined_object', HINT = 'not_person';
  END IF;
  IF role <> 'admin' AND paydesk.admins_without(login) = 0 THEN
    RAISE EXCEPTION 'the team keeps at least one admin' USING ERRCODE = 'check_violation', HINT = 'last_admin';
  END IF;
  PERFORM paydesk.leave_groups(login);
  EXECUTE format('GRANT %I TO %I', 'paydesk_' || role, login);
  PERFORM paydesk.append_audit('change_person_group', NULL, NULL, login, before || ' -> ' || role);
END
$$;

-- Admins remove people: out of every group, no login. Never themself, never the last admin, never
-- a login in no Paydesk group (another program's user on the same server).
CREATE OR REPLACE FUNCTION paydesk.remove_person(login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM paydesk.people_change_begins();
  PERFORM paydesk.person_to_manage(login);
  -- Only a person of the team: another program's login on the same server is not Paydesk's to lock out.
  IF NOT EXISTS (SELECT FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles p ON p.oid = m.member
                 WHERE p.rolname = login AND g.rolname IN ('paydesk_staff', 'paydesk_support', 'paydesk_finance', 'paydesk_admin')) THEN
    RAISE EXCEPTION '% is in no Paydesk group', login USING ERRCODE = 'undefined_object', HINT = 'not_person';
  END IF;
  IF paydesk.admins_without(login) = 0 THEN
    RAISE EXCEPTION 'the team keeps at least one admin' USING ERRCODE = 'check_violation', HINT = 'last_admin';
  END IF;
  PERFORM paydesk.leave_groups(login);
  EXECUTE format('ALTER ROLE %I NOLOGIN', login);
  PERFORM paydesk.append_audit('remove_person', NULL, NULL, login, 'removed');
END
$$;

-- Admins add people (version 1's rules), and bring back one removed: only a role this ledger's
-- audit log shows removed last (never any other role that cannot log in: another program's
-- group, an owner of objects), with a new first password. A person already in another group is
-- refused: a second group was never meant (their group is changed with set_person_group).
CREATE OR REPLACE FUNCTION paydesk.add_person(login text, role text, password text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  existing pg_roles%ROWTYPE;
  last_move text;
  held text;
BEGIN
  PERFORM paydesk.people_change_begins();
  IF role NOT IN ('staff', 'support', 'finance', 'admin') THEN
    RAISE EXCEPTION 'the role is staff, support, finance or admin, not %', role USING ERRCODE = 'invalid_parameter_value', HINT = 'role';
  END IF;
  IF login !~ '^[a-z][a-z0-9_.@-]{0,62}$' OR login LIKE 'pg\_%' OR login LIKE 'paydesk\_%' THEN
    RAISE EXCEPTION 'a login is lower-case letters, digits and _ . @ -, starting with a letter' USING ERRCODE = 'invalid_parameter_value', HINT = 'login';
  END IF;
  SELECT * INTO existing FROM pg_roles WHERE rolname = login;
  IF NOT FOUND THEN
    IF password IS NULL THEN
      EXECUTE format('CREATE ROLE %I LOGIN', login);
    ELSE
      EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', login, password);
    END IF;
  ELSIF existing.rolsuper OR existing.rolcreaterole THEN
    RAISE EXCEPTION '% is not a person''s login', login USING ERRCODE = 'insufficient_privilege', HINT = 'not_person';
  ELSIF NOT existing.rolcanlogin THEN
    SELECT action INTO last_move FROM paydesk.audit_log
    WHERE action IN ('add_person', 'remove_person') AND reason = login ORDER BY seq DESC LIMIT 1;
    IF last_move IS DISTINCT FROM 'remove_person' THEN
      RAISE EXCEPTION '% is not a person''s login', login USING ERRCODE = 'insufficient_privilege', HINT = 'not_person';
    END IF;
    IF password IS NULL THEN
      RAISE EXCEPTION 'a person brought back gets a new first password' USING ERRCODE = 'invalid_parameter_value', HINT = 'password';
    END IF;
    EXECUTE format('ALTER ROLE %I LOGIN PASSWORD %L', login, password);
    PERFORM paydesk.leave_groups(login);
  ELSE
    -- Added again to the group they are in: nothing changes (a setup script run twice). Another
    -- group is a change of group, with its own rules.
    SELECT g INTO held FROM unnest(ARRAY['admin', 'finance', 'support', 'staff']) WITH ORDINALITY AS t(g, n)
    WHERE pg_has_role(existing.oid, 'paydesk_' || g, 'MEMBER') ORDER BY n LIMIT 1;
    IF held IS NOT NULL AND held <> role THEN
      RAISE EXCEPTION '% is on the team already, in the % group', login, held USING ERRCODE = 'duplicate_object', HINT = 'on_team';
    END IF;
  END IF;
  EXECUTE format('GRANT %I TO %I', 'paydesk_' || role, login);
  PERFORM paydesk.append_audit('add_person', NULL, NULL, login, role);
END
$$;

REVOKE ALL ON FUNCTION paydesk.people_change_begins(), paydesk.admins_without(text), paydesk.person_to_manage(text), paydesk.leave_groups(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.set_person_group(text, text) TO paydesk_admin;

UPDATE paydesk.ledger_meta SET value = '38' WHERE key = 'schema_version';
