-- Team ledger schema version 34, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: Home's shares per kind and card brand from sums, as the
-- laptop's money_hours, which carries kind and brand (SQLite migration 13; docs/overview.md, "The
-- team ledger"). Per UTC hour or day a payment was created in, currency, profile, kind and card
-- brand: what the payments that took money captured and how many they are. Only sums, as step 32's
-- money_hours / money_days (which give the daily bars): no payment id, no order, no person.
-- Kept by statement triggers on payments as step 32's, with its locking rule: the audit chain's
-- head first, then the rows in key order (home-sums.sql says why two writers never deadlock).
SET LOCAL ROLE paydesk_owner;

-- A card's brand from the first six digits the ledger keeps: main/ledger/card-brand.ts's rule,
-- the same text (its parameter named as the column), so the sums and the edges read from the
-- payments agree, and both with the laptop's. A change to that rule needs a step that counts again.
CREATE FUNCTION paydesk.card_brand(card_bin text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (CASE
  WHEN card_bin IS NULL OR card_bin = '' THEN 'none'
  WHEN substr(card_bin, 1, 1) = '4' THEN 'visa'
  WHEN substr(card_bin, 1, 2) BETWEEN '51' AND '55' OR substr(card_bin, 1, 4) BETWEEN '2221' AND '2720' THEN 'mastercard'
  WHEN substr(card_bin, 1, 2) IN ('34', '37') THEN 'amex'
  ELSE 'other' END);

CREATE TABLE paydesk.kind_brand_hours (hour integer NOT NULL, currency text NOT NULL, profile_id text NOT NULL, kind text NOT NULL, brand text NOT NULL,
  gross bigint NOT NULL, paid bigint NOT NULL, PRIMARY KEY (hour, currency, profile_id, kind, brand));
CREATE TABLE paydesk.kind_brand_days (day integer NOT NULL, currency text NOT NULL, profile_id text NOT NULL, kind text NOT NULL, brand text NOT NULL,
  gross bigint NOT NULL, paid bigint NOT NULL, PRIMARY KEY (day, currency, profile_id, kind, brand));
-- Every role that reads Home reads them; only the owner's triggers write them.
GRANT SELECT ON paydesk.kind_brand_hours, paydesk.kind_brand_days TO paydesk_staff, paydesk_finance;

-- One payment's part, signed: + as it is now, - as it was.
CREATE TYPE paydesk.kind_brand_change AS (at timestamptz, currency text, profile_id text, kind text, brand text, gross bigint, paid integer);

-- Adds the changes, grouped, to the hour and day rows, in the rows' key order, under the audit
-- chain's head (as add_money); a row no payment is left in goes.
CREATE FUNCTION paydesk.add_kind_brand(changes paydesk.kind_brand_change[]) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM paydesk.audit_head WHERE id = 1 FOR UPDATE;
  INSERT INTO paydesk.kind_brand_hours AS m SELECT paydesk.utc_hour(c.at), c.currency, c.profile_id, c.kind, c.brand, sum(c.gross), sum(c.paid)
    FROM unnest(changes) AS c GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (hour, currency, profile_id, kind, brand) DO UPDATE SET gross = m.gross + excluded.gross, paid = m.paid + excluded.paid;
  INSERT INTO paydesk.kind_brand_days AS m SELECT paydesk.utc_day(c.at), c.currency, c.profile_id, c.kind, c.brand, sum(c.gross), sum(c.paid)
    FROM unnest(changes) AS c GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, currency, profile_id, kind, brand) DO UPDATE SET gross = m.gross + excluded.gross, paid = m.paid + excluded.paid;
  IF EXISTS (SELECT FROM unnest(changes) AS c WHERE c.paid < 0) THEN
    DELETE FROM paydesk.kind_brand_hours m USING unnest(changes) AS c
      WHERE m.paid = 0 AND (m.hour, m.currency, m.profile_id, m.kind, m.brand) = (paydesk.utc_hour(c.at), c.currency, c.profile_id, c.kind, c.brand);
    DELETE FROM paydesk.kind_brand_days m USING unnest(changes) AS c
      WHERE m.paid = 0 AND (m.day, m.currency, m.profile_id, m.kind, m.brand) = (paydesk.utc_day(c.at), c.currency, c.profile_id, c.kind, c.brand);
  END IF;
END
$$;

-- A payment's part: only a payment that took money counts (as the charts always counted).
CREATE FUNCTION paydesk.kind_brand_part(p paydesk.payments, sign integer) RETURNS paydesk.kind_brand_change LANGUAGE sql IMMUTABLE
  RETURN ROW(p.created_at, p.currency, p.profile_id, p.kind, paydesk.card_brand(p.card_bin), sign * p.captured_minor, sign)::paydesk.kind_brand_change;

CREATE FUNCTION paydesk.payments_kind_brand() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM paydesk.add_kind_brand(ARRAY(SELECT paydesk.kind_brand_part(n, 1) FROM new_rows n WHERE n.captured_minor > 0));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM paydesk.add_kind_brand(ARRAY(SELECT paydesk.kind_brand_part(o, -1) FROM old_rows o WHERE o.captured_minor > 0));
  ELSE
    PERFORM paydesk.add_kind_brand(ARRAY(SELECT x FROM old_rows o JOIN new_rows n USING (id),
      LATERAL (SELECT paydesk.kind_brand_part(o, -1) WHERE o.captured_minor > 0 UNION ALL SELECT paydesk.kind_brand_part(n, 1) WHERE n.captured_minor > 0) AS c(x)
      -- Only the columns the sums read: a refund's total, a status check's time or a last error is none to them.
      WHERE (o.created_at, o.currency, o.profile_id, o.kind, paydesk.card_brand(o.card_bin), o.captured_minor)
        IS DISTINCT FROM (n.created_at, n.currency, n.profile_id, n.kind, paydesk.card_brand(n.card_bin), n.captured_minor)));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER payments_kind_brand_insert AFTER INSERT ON paydesk.payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION paydesk.payments_kind_brand();
CREATE TRIGGER payments_kind_brand_update AFTER UPDATE ON paydesk.payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION paydesk.payments_kind_brand();
CREATE TRIGGER payments_kind_brand_delete AFTER DELETE ON paydesk.payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION paydesk.payments_kind_brand();

-- These sums counted again from every payment: here for the payments already there, and by
-- fill_home_sums (below) after a fill with the triggers off. Granted to nobody.
CREATE FUNCTION paydesk.fill_kind_brand_sums() RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM 1 FROM paydesk.audit_head WHERE id = 1 FOR UPDATE;
  DELETE FROM paydesk.kind_brand_hours;
  DELETE FROM paydesk.kind_brand_days;
  INSERT INTO paydesk.kind_brand_hours SELECT paydesk.utc_hour(created_at), currency, profile_id, kind, paydesk.card_brand(card_bin), sum(captured_minor), count(*)
    FROM paydesk.payments WHERE captured_minor > 0 GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  INSERT INTO paydesk.kind_brand_days SELECT floor(hour / 24.0)::integer, currency, profile_id, kind, brand, sum(gross), sum(paid)
    FROM paydesk.kind_brand_hours GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
END
$$;
SELECT paydesk.fill_kind_brand_sums();

-- fill_home_sums (step 32) counts every sum Home reads, these too: what a superuser runs after a
-- fill with the triggers off (scripts/seed-team.ts, the benches) stays one call.
CREATE OR REPLACE FUNCTION paydesk.fill_home_sums() RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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
  PERFORM paydesk.fill_kind_brand_sums();
END
$$;

UPDATE paydesk.ledger_meta SET value = '34' WHERE key = 'schema_version';
RESET ROLE;
