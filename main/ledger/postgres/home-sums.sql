-- Team ledger schema version 32, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: Home's figures from sums per UTC hour and day, as the
-- laptop's money_hours / money_days and refund_hours / refund_days (SQLite migrations 13 and 21;
-- docs/overview.md, "The team ledger"). Per hour or day a payment was created in, currency and
-- profile: what the payments that took money captured and refunded, how many they are, how many
-- have a refund, how many were refunded by an amount no answer told (pg-overview.ts's
-- rangeTotals); per hour or day a refund was made in (its operation's created_at), the refunds
-- that succeeded, how many and their sum. Only sums: no payment id, no order, no person.
-- Kept by statement triggers on payments and operations in the writer's transaction (a copy of
-- a laptop's ledger is one grouped change per statement, not one per row). A writer changing the
-- sums first takes the audit chain's head (security.sql), which every write that moves money takes
-- anyway and holds to its commit: writers already take turns there (now from the statement that
-- moves money, one before its audited answer at most), and as no one holds a sum's row without
-- the head, two writers never lock rows in opposite orders (no deadlock, whichever of payment and
-- operation a flow updates first). Cost measured by bench/team-write-sums.ts (docs/performance.md).
SET LOCAL ROLE paydesk_owner;

CREATE FUNCTION paydesk.utc_hour(t timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN floor(extract(epoch FROM t) / 3600)::integer;
CREATE FUNCTION paydesk.utc_day(t timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN floor(extract(epoch FROM t) / 86400)::integer;

CREATE TABLE paydesk.money_hours (hour integer NOT NULL, currency text NOT NULL, profile_id text NOT NULL,
  gross bigint NOT NULL, refunded bigint NOT NULL, paid bigint NOT NULL, refunds bigint NOT NULL, not_known bigint NOT NULL,
  PRIMARY KEY (hour, currency, profile_id));
CREATE TABLE paydesk.money_days (day integer NOT NULL, currency text NOT NULL, profile_id text NOT NULL,
  gross bigint NOT NULL, refunded bigint NOT NULL, paid bigint NOT NULL, refunds bigint NOT NULL, not_known bigint NOT NULL,
  PRIMARY KEY (day, currency, profile_id));
CREATE TABLE paydesk.refund_hours (hour integer NOT NULL, currency text NOT NULL, profile_id text NOT NULL,
  amount bigint NOT NULL, n bigint NOT NULL, PRIMARY KEY (hour, currency, profile_id));
CREATE TABLE paydesk.refund_days (day integer NOT NULL, currency text NOT NULL, profile_id text NOT NULL,
  amount bigint NOT NULL, n bigint NOT NULL, PRIMARY KEY (day, currency, profile_id));
-- Every role that reads Home reads them; only the owner's triggers write them.
GRANT SELECT ON paydesk.money_hours, paydesk.money_days, paydesk.refund_hours, paydesk.refund_days TO paydesk_staff, paydesk_finance;

-- One payment's (or refund's) part in the sums, signed: + as it is now, - as it was.
CREATE TYPE paydesk.money_change AS (at timestamptz, currency text, profile_id text, gross bigint, refunded bigint, paid integer, refunds integer, not_known integer);
CREATE TYPE paydesk.refund_change AS (at timestamptz, currency text, profile_id text, amount bigint, n integer);

-- Adds the changes, grouped, to the hour and day rows, in the rows' key order; a row no payment
-- is left in goes (the sums never keep an empty group).
CREATE FUNCTION paydesk.add_money(changes paydesk.money_change[]) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM paydesk.audit_head WHERE id = 1 FOR UPDATE;
  INSERT INTO paydesk.money_hours AS m SELECT paydesk.utc_hour(c.at), c.currency, c.profile_id, sum(c.gross), sum(c.refunded), sum(c.paid), sum(c.refunds), sum(c.not_known)
    FROM unnest(changes) AS c GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (hour, currency, profile_id) DO UPDATE SET gross = m.gross + excluded.gross, refunded = m.refunded + excluded.refunded,
      paid = m.paid + excluded.paid, refunds = m.refunds + excluded.refunds, not_known = m.not_known + excluded.not_known;
  INSERT INTO paydesk.money_days AS m SELECT paydesk.utc_day(c.at), c.currency, c.profile_id, sum(c.gross), sum(c.refunded), sum(c.paid), sum(c.refunds), sum(c.not_known)
    FROM unnest(changes) AS c GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, currency, profile_id) DO UPDATE SET gross = m.gross + excluded.gross, refunded = m.refunded + excluded.refunded,
      paid = m.paid + excluded.paid, refunds = m.refunds + excluded.refunds, not_known = m.not_known + excluded.not_known;
  IF EXISTS (SELECT FROM unnest(changes) AS c WHERE c.paid < 0) THEN
    DELETE FROM paydesk.money_hours m USING unnest(changes) AS c WHERE m.paid = 0 AND (m.hour, m.currency, m.profile_id) = (paydesk.utc_hour(c.at), c.currency, c.profile_id);
    DELETE FROM paydesk.money_days m USING unnest(changes) AS c WHERE m.paid = 0 AND (m.day, m.currency, m.profile_id) = (paydesk.utc_day(c.at), c.currency, c.profile_id);
  END IF;
END
$$;

CREATE FUNCTION paydesk.add_refunds(changes paydesk.refund_change[]) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM paydesk.audit_head WHERE id = 1 FOR UPDATE;
  INSERT INTO paydesk.refund_hours AS r SELECT paydesk.utc_hour(c.at), c.currency, c.profile_id, sum(c.amount), sum(c.n)
    FROM unnest(changes) AS c GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (hour, currency, profile_id) DO UPDATE SET amount = r.amount + excluded.amount, n = r.n + excluded.n;
  INSERT INTO paydesk.refund_days AS r SELECT paydesk.utc_day(c.at), c.currency, c.profile_id, sum(c.amount), sum(c.n)
    FROM unnest(changes) AS c GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, currency, profile_id) DO UPDATE SET amount = r.amount + excluded.amount, n = r.n + excluded.n;
  IF EXISTS (SELECT FROM unnest(changes) AS c WHERE c.n < 0) THEN
    DELETE FROM paydesk.refund_hours r USING unnest(changes) AS c WHERE r.n = 0 AND (r.hour, r.currency, r.profile_id) = (paydesk.utc_hour(c.at), c.currency, c.profile_id);
    DELETE FROM paydesk.refund_days r USING unnest(changes) AS c WHERE r.n = 0 AND (r.day, r.currency, r.profile_id) = (paydesk.utc_day(c.at), c.currency, c.profile_id);
  END IF;
END
$$;

-- A payment's part: only a payment that took money counts; refunded by an unknown amount as rangeTotals says.
CREATE FUNCTION paydesk.money_part(p paydesk.payments, sign integer) RETURNS paydesk.money_change LANGUAGE sql IMMUTABLE
  RETURN ROW(p.created_at, p.currency, p.profile_id, sign * p.captured_minor, sign * p.refunded_minor, sign,
    sign * (p.refunded_minor > 0)::integer, sign * (p.refunded_minor = 0 AND p.state IN ('partially_refunded', 'refunded'))::integer)::paydesk.money_change;

CREATE FUNCTION paydesk.payments_sums() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM paydesk.add_money(ARRAY(SELECT paydesk.money_part(n, 1) FROM new_rows n WHERE n.captured_minor > 0));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM paydesk.add_money(ARRAY(SELECT paydesk.money_part(o, -1) FROM old_rows o WHERE o.captured_minor > 0));
    PERFORM paydesk.add_refunds(ARRAY(SELECT ROW(r.created_at, o.currency, o.profile_id, -r.amount_minor, -1)::paydesk.refund_change
      FROM old_rows o JOIN paydesk.operations r ON r.payment_id = o.id WHERE r.kind = 'refund' AND r.outcome = 'succeeded'));
  ELSE
    PERFORM paydesk.add_money(ARRAY(SELECT x FROM old_rows o JOIN new_rows n USING (id),
      LATERAL (SELECT paydesk.money_part(o, -1) WHERE o.captured_minor > 0 UNION ALL SELECT paydesk.money_part(n, 1) WHERE n.captured_minor > 0) AS c(x)
      -- Only the columns the sums read: a change elsewhere (a status check's time, a last error) is none to them.
      WHERE (o.created_at, o.currency, o.profile_id, o.captured_minor, o.refunded_minor, o.state IN ('partially_refunded', 'refunded'))
        IS DISTINCT FROM (n.created_at, n.currency, n.profile_id, n.captured_minor, n.refunded_minor, n.state IN ('partially_refunded', 'refunded'))));
    -- A payment's currency or profile changed (Paydesk changes a currency only before anything is captured; a repair by hand might): its refunds move.
    PERFORM paydesk.add_refunds(ARRAY(SELECT x FROM old_rows o JOIN new_rows n USING (id) JOIN paydesk.operations r ON r.payment_id = n.id,
      LATERAL (VALUES (ROW(r.created_at, o.currency, o.profile_id, -r.amount_minor, -1)::paydesk.refund_change), (ROW(r.created_at, n.currency, n.profile_id, r.amount_minor, 1)::paydesk.refund_change)) AS c(x)
      WHERE (o.currency, o.profile_id) IS DISTINCT FROM (n.currency, n.profile_id) AND r.kind = 'refund' AND r.outcome = 'succeeded'));
  END IF;
  RETURN NULL;
END
$$;

-- A refund's part: a refund that succeeded, in its payment's currency and profile.
CREATE FUNCTION paydesk.operations_sums() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM paydesk.add_refunds(ARRAY(SELECT ROW(n.created_at, p.currency, p.profile_id, n.amount_minor, 1)::paydesk.refund_change
      FROM new_rows n JOIN paydesk.payments p ON p.id = n.payment_id WHERE n.kind = 'refund' AND n.outcome = 'succeeded'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM paydesk.add_refunds(ARRAY(SELECT ROW(o.created_at, p.currency, p.profile_id, -o.amount_minor, -1)::paydesk.refund_change
      FROM old_rows o JOIN paydesk.payments p ON p.id = o.payment_id WHERE o.kind = 'refund' AND o.outcome = 'succeeded'));
  ELSE
    PERFORM paydesk.add_refunds(ARRAY(SELECT x FROM old_rows o JOIN new_rows n USING (id),
      LATERAL (SELECT ROW(o.created_at, p.currency, p.profile_id, -o.amount_minor, -1)::paydesk.refund_change FROM paydesk.payments p
          WHERE p.id = o.payment_id AND o.kind = 'refund' AND o.outcome = 'succeeded'
        UNION ALL SELECT ROW(n.created_at, p.currency, p.profile_id, n.amount_minor, 1)::paydesk.refund_change FROM paydesk.payments p
          WHERE p.id = n.payment_id AND n.kind = 'refund' AND n.outcome = 'succeeded') AS c(x)
      WHERE (o.kind, o.outcome, o.amount_minor, o.created_at, o.payment_id) IS DISTINCT FROM (n.kind, n.outcome, n.amount_minor, n.created_at, n.payment_id)));
  END IF;
  RETURN NULL;
END
$$;

-- One trigger per event: a trigger with transition tables has only one. Statement triggers fire
-- after the row triggers (the audit entry, and so the head, comes first).
CREATE TRIGGER payments_sums_insert AFTER INSERT ON paydesk.payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION paydesk.payments_sums();
CREATE TRIGGER payments_sums_update AFTER UPDATE ON paydesk.payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION paydesk.payments_sums();
CREATE TRIGGER payments_sums_delete AFTER DELETE ON paydesk.payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION paydesk.payments_sums();
CREATE TRIGGER operations_sums_insert AFTER INSERT ON paydesk.operations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION paydesk.operations_sums();
CREATE TRIGGER operations_sums_update AFTER UPDATE ON paydesk.operations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION paydesk.operations_sums();
CREATE TRIGGER operations_sums_delete AFTER DELETE ON paydesk.operations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION paydesk.operations_sums();

-- The sums counted again from every payment and refund: here for the rows already there, and by a
-- superuser after filling with the triggers off (scripts/seed-team.ts, the benches). Granted to nobody.
CREATE FUNCTION paydesk.fill_home_sums() RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM 1 FROM paydesk.audit_head WHERE id = 1 FOR UPDATE;
  DELETE FROM paydesk.money_hours;
  DELETE FROM paydesk.money_days;
  DELETE FROM paydesk.refund_hours;
  DELETE FROM paydesk.refund_days;
  INSERT INTO paydesk.money_hours SELECT paydesk.utc_hour(created_at), currency, profile_id, sum(captured_minor), sum(refunded_minor), count(*),
      count(*) FILTER (WHERE refunded_minor > 0), count(*) FILTER (WHERE refunded_minor = 0 AND state IN ('partially_refunded', 'refunded'))
    FROM paydesk.payments WHERE captured_minor > 0 GROUP BY 1, 2, 3;
  INSERT INTO paydesk.money_days SELECT floor(hour / 24.0)::integer, currency, profile_id, sum(gross), sum(refunded), sum(paid), sum(refunds), sum(not_known)
    FROM paydesk.money_hours GROUP BY 1, 2, 3;
  INSERT INTO paydesk.refund_hours SELECT paydesk.utc_hour(o.created_at), p.currency, p.profile_id, sum(o.amount_minor), count(*)
    FROM paydesk.operations o JOIN paydesk.payments p ON p.id = o.payment_id WHERE o.kind = 'refund' AND o.outcome = 'succeeded' GROUP BY 1, 2, 3;
  INSERT INTO paydesk.refund_days SELECT floor(hour / 24.0)::integer, currency, profile_id, sum(amount), sum(n) FROM paydesk.refund_hours GROUP BY 1, 2, 3;
END
$$;
SELECT paydesk.fill_home_sums();

UPDATE paydesk.ledger_meta SET value = '32' WHERE key = 'schema_version';
RESET ROLE;
