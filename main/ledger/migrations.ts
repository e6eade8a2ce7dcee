// The ledger's schema, one migration per version. PRAGMA user_version holds the version the
// file is at; each migration runs once, in a transaction, in order. Never edit a shipped
// migration: add the next one. A heavy migration (one that rewrites large tables) is a generator
// of committed steps instead (migrate.ts runs it in slices, in a worker in the app).
import type { LedgerDb } from './database';
import { refundHoursSql } from './refund-hours';
import { migrate11, type SliceProgress } from './migration-11';
import { migrate13 } from './migration-13';
import { migrate23 } from './migration-23';

/**
 * `weight`: how much of the update's progress bar a heavy migration fills, against 1 for each of
 * the others: its time relative to theirs, measured migrating 200,000 seeded payments from version
 * 10 (walk36: 11 took 6.7 s, 23 3.4 s, 13 0.5 s, the 13 others 0.75 s together). Counted alike, the
 * window read "2%" for most of the wait, then jumped.
 */
export type Migration = { version: number; sql: string } | { version: number; weight: number; steps: (db: LedgerDb, sliceRows?: number) => Generator<SliceProgress> };

export const migrations: Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('link', 'checkout', 'sale', 'recurring', 'external')),
  order_id TEXT NOT NULL,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency TEXT NOT NULL,
  description TEXT,
  customer_name TEXT,
  customer_email TEXT,
  customer_phone TEXT,
  card_bin TEXT,
  card_last4 TEXT,
  transaction_id TEXT,
  session_id TEXT,
  link_url TEXT,
  recurring_token TEXT,
  parent_payment_id TEXT REFERENCES payments(id),
  auth_only INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL,
  status_word TEXT,
  captured_minor INTEGER NOT NULL DEFAULT 0,
  refunded_minor INTEGER NOT NULL DEFAULT 0,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_checked_at TEXT,
  next_check_at TEXT,
  check_attempts INTEGER NOT NULL DEFAULT 0,
  needs_attention INTEGER NOT NULL DEFAULT 0,
  watched INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  UNIQUE (profile_id, order_id)
);
CREATE INDEX payments_created ON payments (created_at DESC, id);
CREATE INDEX payments_state ON payments (state, created_at DESC);
CREATE INDEX payments_next_check ON payments (next_check_at) WHERE next_check_at IS NOT NULL;
CREATE INDEX payments_transaction ON payments (transaction_id);
CREATE INDEX payments_order ON payments (order_id);
CREATE INDEX payments_email ON payments (customer_email COLLATE NOCASE);
CREATE INDEX payments_phone ON payments (customer_phone);
CREATE INDEX payments_name ON payments (customer_name COLLATE NOCASE);

CREATE TABLE state_history (
  id INTEGER PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments(id),
  state TEXT NOT NULL,
  status_word TEXT,
  source TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX state_history_payment ON state_history (payment_id, id);

CREATE TABLE operations (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments(id),
  kind TEXT NOT NULL CHECK (kind IN ('create', 'capture', 'void', 'refund')),
  amount_minor INTEGER,
  -- The captured or refunded total when the operation was recorded: a status answer proves the
  -- operation happened when the total reached base + amount, and did not when it is still base.
  base_minor INTEGER,
  reason TEXT,
  os_user TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('sending', 'succeeded', 'failed', 'unknown')),
  error_code TEXT,
  error_message TEXT,
  gateway_answer TEXT,
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX operations_payment ON operations (payment_id, created_at);
CREATE INDEX operations_open ON operations (outcome) WHERE outcome IN ('sending', 'unknown');

CREATE TABLE status_checks (
  id INTEGER PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments(id),
  at TEXT NOT NULL,
  outcome TEXT NOT NULL,
  status_word TEXT,
  state TEXT
);
CREATE INDEX status_checks_payment ON status_checks (payment_id, id);

CREATE TABLE webhooks (
  id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL,
  dedup_key TEXT NOT NULL,
  payment_id TEXT REFERENCES payments(id),
  transaction_id TEXT,
  order_id TEXT,
  status_word TEXT,
  type TEXT,
  duplicate INTEGER NOT NULL DEFAULT 0,
  body TEXT NOT NULL
);
CREATE INDEX webhooks_dedup ON webhooks (dedup_key);
CREATE INDEX webhooks_payment ON webhooks (payment_id, id);

CREATE TABLE audit_log (
  seq INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  os_user TEXT NOT NULL,
  profile_id TEXT,
  environment TEXT,
  action TEXT NOT NULL,
  payment_id TEXT,
  order_id TEXT,
  amount_minor INTEGER,
  currency TEXT,
  reason TEXT,
  result TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL
);
`,
  },
  {
    // Lists of operations and audit rows per payment are read on every detail view.
    version: 2,
    sql: `
CREATE INDEX audit_log_payment ON audit_log (payment_id, seq);
CREATE INDEX payments_updated ON payments (updated_at DESC);
`,
  },
  {
    // Search inside order ids, names, e-mails, phones and transaction ids without scanning
    // every row: a trigram index (any 3+ characters, case-insensitive, Arabic included),
    // kept in step with payments by triggers.
    version: 3,
    sql: `
CREATE INDEX payments_currency_amount ON payments (currency, amount_minor);
CREATE VIRTUAL TABLE payments_search USING fts5(
  order_id, transaction_id, customer_name, customer_email, customer_phone,
  content = 'payments', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO payments_search (rowid, order_id, transaction_id, customer_name, customer_email, customer_phone)
  SELECT rowid, order_id, transaction_id, customer_name, customer_email, customer_phone FROM payments;
CREATE TRIGGER payments_search_insert AFTER INSERT ON payments BEGIN
  INSERT INTO payments_search (rowid, order_id, transaction_id, customer_name, customer_email, customer_phone)
  VALUES (new.rowid, new.order_id, new.transaction_id, new.customer_name, new.customer_email, new.customer_phone);
END;
CREATE TRIGGER payments_search_delete AFTER DELETE ON payments BEGIN
  INSERT INTO payments_search (payments_search, rowid, order_id, transaction_id, customer_name, customer_email, customer_phone)
  VALUES ('delete', old.rowid, old.order_id, old.transaction_id, old.customer_name, old.customer_email, old.customer_phone);
END;
CREATE TRIGGER payments_search_update AFTER UPDATE OF order_id, transaction_id, customer_name, customer_email, customer_phone ON payments BEGIN
  INSERT INTO payments_search (payments_search, rowid, order_id, transaction_id, customer_name, customer_email, customer_phone)
  VALUES ('delete', old.rowid, old.order_id, old.transaction_id, old.customer_name, old.customer_email, old.customer_phone);
  INSERT INTO payments_search (rowid, order_id, transaction_id, customer_name, customer_email, customer_phone)
  VALUES (new.rowid, new.order_id, new.transaction_id, new.customer_name, new.customer_email, new.customer_phone);
END;
`,
  },
  {
    // Bulk payment links: every row is stored with its order id before anything is sent, so a
    // run resumed after a cancel or a crash can tell which rows the ledger already has.
    version: 4,
    sql: `
CREATE TABLE bulk_batches (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('ready', 'running', 'cancelled', 'interrupted', 'done')),
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE bulk_rows (
  batch_id TEXT NOT NULL REFERENCES bulk_batches(id),
  line INTEGER NOT NULL,
  order_id TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  customer_name TEXT NOT NULL,
  customer_email TEXT NOT NULL,
  customer_phone TEXT NOT NULL,
  issue_date TEXT,
  expire_date TEXT,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'created', 'failed', 'unknown')),
  payment_id TEXT,
  error TEXT,
  PRIMARY KEY (batch_id, line)
);
CREATE INDEX bulk_batches_created ON bulk_batches (created_at DESC);
`,
  },
  {
    // Money state from the ledger's own records (docs/ledger.md): whether a card was enrolled
    // for repeat charges (its token arrives later, by status), why a payment needs a person,
    // and who settled an unclear outcome by hand and why. A checkout session's or link's own
    // id is not a transaction id: earlier versions kept it as one, so it moves to session_id
    // and the payment is checked at once to learn its real transaction.
    version: 5,
    sql: `
ALTER TABLE payments ADD COLUMN recurring_init INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN attention_reason TEXT;
ALTER TABLE operations ADD COLUMN settled_by TEXT;
ALTER TABLE operations ADD COLUMN settled_reason TEXT;
UPDATE payments SET session_id = COALESCE(session_id, transaction_id), transaction_id = NULL,
  next_check_at = COALESCE(next_check_at, '1970-01-01T00:00:00.000Z')
  WHERE kind IN ('link', 'checkout') AND transaction_id IS NOT NULL;
CREATE INDEX payments_parent ON payments (parent_payment_id) WHERE parent_payment_id IS NOT NULL;
`,
  },
  {
    // Speed at a business's scale (docs/performance.md). Every index ends in the rowid, so an
    // index on a sort column serves "ORDER BY column, rowid" in either direction: the list's
    // tie-breaker becomes the rowid and each sort gets a matching index. Indexes nothing reads
    // are dropped (search goes through the trigram index). Counts per common filter are kept
    // by triggers; ledger_meta remembers whether rowid order is creation order (then a text
    // search walks its hits newest first and stops at a page) and the last verified audit row.
    version: 6,
    sql: `
DROP INDEX payments_created;
CREATE INDEX payments_created ON payments (created_at);
DROP INDEX payments_state;
CREATE INDEX payments_state ON payments (state, created_at);
DROP INDEX payments_order;
CREATE INDEX payments_order ON payments (order_id COLLATE NOCASE);
CREATE INDEX payments_amount ON payments (amount_minor);
DROP INDEX payments_name;
CREATE INDEX payments_name ON payments (ifnull(customer_name, '') COLLATE NOCASE);
DROP INDEX payments_email;
DROP INDEX payments_phone;
DROP INDEX payments_updated;
CREATE INDEX operations_sending ON operations (payment_id) WHERE outcome = 'sending';
-- Nothing reads the audit log by payment (the detail view shows operations and history).
DROP INDEX audit_log_payment;

-- The trigram index without positions: a quarter of the size. A search asks for every trigram
-- of the text and then checks the text itself (search.ts), which positions only sped up.
DROP TRIGGER payments_search_insert;
DROP TRIGGER payments_search_delete;
DROP TRIGGER payments_search_update;
DROP TABLE payments_search;
CREATE VIRTUAL TABLE payments_search USING fts5(
  order_id, transaction_id, customer_name, customer_email, customer_phone,
  content = 'payments', content_rowid = 'rowid', tokenize = 'trigram', detail = 'none'
);
INSERT INTO payments_search (payments_search) VALUES ('rebuild');
CREATE TRIGGER payments_search_insert AFTER INSERT ON payments BEGIN
  INSERT INTO payments_search (rowid, order_id, transaction_id, customer_name, customer_email, customer_phone)
  VALUES (new.rowid, new.order_id, new.transaction_id, new.customer_name, new.customer_email, new.customer_phone);
END;
CREATE TRIGGER payments_search_delete AFTER DELETE ON payments BEGIN
  INSERT INTO payments_search (payments_search, rowid, order_id, transaction_id, customer_name, customer_email, customer_phone)
  VALUES ('delete', old.rowid, old.order_id, old.transaction_id, old.customer_name, old.customer_email, old.customer_phone);
END;
CREATE TRIGGER payments_search_update AFTER UPDATE OF order_id, transaction_id, customer_name, customer_email, customer_phone ON payments BEGIN
  INSERT INTO payments_search (payments_search, rowid, order_id, transaction_id, customer_name, customer_email, customer_phone)
  VALUES ('delete', old.rowid, old.order_id, old.transaction_id, old.customer_name, old.customer_email, old.customer_phone);
  INSERT INTO payments_search (rowid, order_id, transaction_id, customer_name, customer_email, customer_phone)
  VALUES (new.rowid, new.order_id, new.transaction_id, new.customer_name, new.customer_email, new.customer_phone);
END;

CREATE TABLE ledger_meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
INSERT INTO ledger_meta (key, value) VALUES ('payments_version', 0), ('date_order_breaks', 0), ('audit_verified_seq', 0), ('audit_verified_hash', '${'0'.repeat(64)}');
CREATE TRIGGER payments_date_order_insert AFTER INSERT ON payments
  WHEN EXISTS (SELECT 1 FROM payments WHERE created_at > new.created_at)
BEGIN
  UPDATE ledger_meta SET value = value + 1 WHERE key = 'date_order_breaks';
END;
-- Any change to payments: cached counts and page positions (search.ts) are then stale.
CREATE TRIGGER payments_version_insert AFTER INSERT ON payments BEGIN
  UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version';
END;
CREATE TRIGGER payments_version_update AFTER UPDATE ON payments BEGIN
  UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version';
END;
CREATE TRIGGER payments_version_delete AFTER DELETE ON payments BEGIN
  UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version';
END;
CREATE TRIGGER payments_date_order_update AFTER UPDATE OF created_at ON payments
  WHEN new.created_at <> old.created_at
BEGIN
  UPDATE ledger_meta SET value = value + 1 WHERE key = 'date_order_breaks';
END;

CREATE TABLE payment_counts (
  profile_id TEXT NOT NULL, state TEXT NOT NULL, kind TEXT NOT NULL, currency TEXT NOT NULL, needs_attention INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (profile_id, state, kind, currency, needs_attention)
) WITHOUT ROWID;
CREATE TRIGGER payment_counts_insert AFTER INSERT ON payments BEGIN
  INSERT INTO payment_counts VALUES (new.profile_id, new.state, new.kind, new.currency, new.needs_attention, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER payment_counts_delete AFTER DELETE ON payments BEGIN
  UPDATE payment_counts SET n = n - 1
    WHERE (profile_id, state, kind, currency, needs_attention) = (old.profile_id, old.state, old.kind, old.currency, old.needs_attention);
END;
CREATE TRIGGER payment_counts_update AFTER UPDATE OF profile_id, state, kind, currency, needs_attention ON payments
  WHEN (new.profile_id, new.state, new.kind, new.currency, new.needs_attention) IS NOT (old.profile_id, old.state, old.kind, old.currency, old.needs_attention)
BEGIN
  UPDATE payment_counts SET n = n - 1
    WHERE (profile_id, state, kind, currency, needs_attention) = (old.profile_id, old.state, old.kind, old.currency, old.needs_attention);
  INSERT INTO payment_counts VALUES (new.profile_id, new.state, new.kind, new.currency, new.needs_attention, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
INSERT INTO payment_counts SELECT profile_id, state, kind, currency, needs_attention, count(*) FROM payments GROUP BY 1, 2, 3, 4, 5;
UPDATE ledger_meta SET value = (SELECT count(*) FROM (SELECT created_at < lag(created_at) OVER (ORDER BY rowid) AS back FROM payments) WHERE back)
  WHERE key = 'date_order_breaks';
`,
  },
  {
    // Gateway check-up (docs/check-up.md): the payments a check-up made carry the id of its
    // run, so the ledger and the audit log tell them from real sales.
    version: 7,
    sql: `
ALTER TABLE payments ADD COLUMN checkup_run TEXT;
CREATE INDEX payments_checkup ON payments (checkup_run) WHERE checkup_run IS NOT NULL;
`,
  },
  {
    // Invoices behind payment links (docs/invoices.md): the number is reserved in the same
    // transaction that records the link's create intent, so a creation cut short keeps its
    // number on its payment (never silently burnt or repeated); a retry of the same order
    // reuses it. Lines and the seller's details are kept as issued. Credit notes are recorded
    // with the confirmation of the refund they document, one per refund operation.
    version: 8,
    sql: `
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  number TEXT NOT NULL,
  payment_id TEXT NOT NULL UNIQUE REFERENCES payments(id),
  currency TEXT NOT NULL,
  prices_include_vat INTEGER NOT NULL,
  net_minor INTEGER NOT NULL,
  vat_minor INTEGER NOT NULL,
  total_minor INTEGER NOT NULL,
  seller_json TEXT NOT NULL,
  buyer_vat_number TEXT,
  language TEXT NOT NULL CHECK (language IN ('both', 'en', 'ar')),
  issued_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  UNIQUE (profile_id, seq)
);
CREATE TABLE invoice_lines (
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  line_no INTEGER NOT NULL,
  description TEXT NOT NULL,
  quantity_milli INTEGER NOT NULL CHECK (quantity_milli > 0),
  unit_minor INTEGER NOT NULL CHECK (unit_minor >= 0),
  category TEXT NOT NULL CHECK (category IN ('standard', 'zero', 'exempt')),
  rate_bp INTEGER NOT NULL,
  reason TEXT,
  net_minor INTEGER NOT NULL,
  vat_minor INTEGER NOT NULL,
  gross_minor INTEGER NOT NULL,
  PRIMARY KEY (invoice_id, line_no)
);
CREATE TABLE credit_notes (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  number TEXT NOT NULL,
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  payment_id TEXT NOT NULL REFERENCES payments(id),
  operation_id TEXT NOT NULL UNIQUE REFERENCES operations(id),
  amount_minor INTEGER NOT NULL,
  net_minor INTEGER NOT NULL,
  vat_minor INTEGER NOT NULL,
  breakdown_json TEXT NOT NULL,
  reason TEXT,
  issued_at TEXT NOT NULL,
  UNIQUE (profile_id, seq)
);
CREATE INDEX credit_notes_invoice ON credit_notes (invoice_id, seq);
ALTER TABLE bulk_rows ADD COLUMN vat_rate TEXT;
ALTER TABLE bulk_rows ADD COLUMN vat_reason TEXT;
`,
  },
  {
    // The Home overview (docs/overview.md): its sums read only these indexes, never the table,
    // so they stay fast at a million payments. Money by creation time; unpaid links and
    // payments needing attention are few, so partial indexes.
    version: 10,
    sql: `
CREATE INDEX payments_money ON payments (created_at, currency, captured_minor, refunded_minor, profile_id, kind, card_bin);
CREATE INDEX payments_unpaid_links ON payments (created_at, currency, amount_minor, profile_id) WHERE kind = 'link' AND state = 'pending';
CREATE INDEX payments_attention ON payments (profile_id) WHERE needs_attention = 1;
`,
  },
  {
    // A leaner ledger (docs/ledger.md, docs/performance.md): child tables keyed by the payment's
    // rowid, ids, times, words and audit hashes packed; the old names are views (migration-11.ts).
    version: 11,
    weight: 115,
    steps: (db, sliceRows) => migrate11(db, sliceRows),
  },
  {
    // The audit screen's search (audit-query.ts): the few entries that keep an order id of their
    // own (none, or not their payment's) are found by this index, the rest through their
    // payment's, so a search that matches nothing reads no entry. Empty in most ledgers.
    version: 12,
    sql: `CREATE INDEX ledger_audit_own_order ON ledger_audit (order_id) WHERE typeof(order_id) = 'text';`,
  },
  {
    // Home's overview reads its money by UTC hour from money_hours, kept by triggers, instead of
    // the money index, which goes (migration-13.ts, docs/overview.md). Summed in slices.
    version: 13,
    weight: 9,
    steps: (db, sliceRows) => migrate13(db, sliceRows),
  },
  {
    // Needs attention and Home list a capture, refund, void or create whose answer was lost as
    // soon as it is (outcome 3, `unknown`; packing.ts), not only once the checks flag it: this
    // index holds those operations only (oldest first; the key's payment comes with each), so
    // the reads cost what is unclear, not the ledger's size.
    version: 14,
    sql: `CREATE INDEX ledger_operations_unclear ON ledger_operations (created_at) WHERE outcome = 3;`,
  },
  {
    // Home's count of refunds made outside Paydesk whose amount no answer told (overview.ts,
    // refundsNotKnownBy): rare, so a partial index; the figures never read every refunded payment.
    version: 15,
    sql: `CREATE INDEX payments_refund_not_known ON payments (created_at, currency, profile_id) WHERE state IN ('partially_refunded', 'refunded') AND refunded_minor = 0;`,
  },
  {
    // The list's "Card ends in" filter (search.ts): a caller's "my card ending 4242" is about 1
    // payment in 10,000. The digits alone (about 12 B a payment; with created_at, 34 B, most of
    // what is left under the 1,000 B goal): the entries of one card end in the rowid, which is
    // creation order, so the list's newest first walks them backwards; other sorts sort the matches.
    // Payments without a card (links and sessions not paid yet) are left out.
    version: 16,
    sql: `CREATE INDEX payments_card_last4 ON payments (card_last4) WHERE card_last4 IS NOT NULL;`,
  },
  {
    // The audit screen's search by amount ("the refund of 12.500 KWD"; audit-query.ts): an
    // amount is held by a few entries among a million, found here instead of by walking the log.
    // Entries without an amount (profile changes, exports) are left out.
    version: 17,
    sql: `CREATE INDEX ledger_audit_amount ON ledger_audit (amount_minor, currency) WHERE amount_minor IS NOT NULL;`,
  },
  {
    // The audit screen's search by order id ("PD-2025-000123", audit-query.ts): a payment's few
    // entries were found by walking the whole log (136 ms at 1M). Entries keeping an order id of
    // their own are ledger_audit_own_order's (migration 12). 13.8 B a payment at 1M.
    version: 18,
    sql: `CREATE INDEX ledger_audit_payment ON ledger_audit (payment) WHERE typeof(payment) = 'integer' AND order_id IS NULL;`,
  },
  {
    // Home's "Authorised, not captured" (overview.ts, authorisedNotCaptured): holds waiting for a
    // capture or void are few, so a partial index of only them; a capture or void takes the payment out.
    version: 19,
    sql: `CREATE INDEX payments_authorised ON payments (profile_id, currency, amount_minor, created_at) WHERE state = 'authorised';`,
  },
  {
    // A payment link's expiry date (YYYY-MM-DD) as sent to the gateway, kept when it is made, so the
    // links list can say "Expires 3 Dec" (docs/screens-getting-paid.md). Links made before: null.
    version: 20,
    sql: `ALTER TABLE payments ADD COLUMN expire_date TEXT;`,
  },
  {
    // Home's "Refunds made in this period" and its list and CSV (refunds-made.ts): the refunds that
    // succeeded, by when each was made, whatever month their payment was created in. An index of
    // only those operations (about one payment in ten has one) in time order, for the list, the CSV
    // and a period's edges; their sums per UTC hour and day, kept by triggers (refund-hours.ts).
    version: 21,
    sql: refundHoursSql,
  },
  {
    // A bulk file's separator (a comma; a semicolon, as Excel writes CSV in many locales; or a tab)
    // kept with its batch: the error report and the links CSV are written with it, so they open
    // in the person's spreadsheet in columns (bulk-service.ts). Batches made before: null, commas.
    version: 22,
    sql: `ALTER TABLE bulk_batches ADD COLUMN separator TEXT CHECK (separator IN (',', ';', char(9)));`,
  },
  {
    // Room under 1 KB a payment (issue 13, migration-23.ts): the trigram index without the column
    // sizes only ranking reads (14 B a payment), filled again in slices.
    version: 23,
    weight: 59,
    steps: (db, sliceRows) => migrate23(db, sliceRows),
  },
  {
    // "Stop repeat charges" (repeat-stops.ts, docs/ledger.md): the customer cancelled, so main
    // refuses "Charge again" on the card stored with this payment until a person allows it again.
    // A row per stopped card, its payment's id, who (OS user) and when; lifting it deletes the row.
    // Both moves are in the audit log. Few rows; nothing else reads them.
    version: 24,
    sql: `CREATE TABLE repeat_stops (payment_id TEXT PRIMARY KEY, stopped_at TEXT NOT NULL, stopped_by TEXT NOT NULL) WITHOUT ROWID;`,
  },
  {
    // The list sorted by amount keeps each currency apart (search.ts's sortKeys): it walks
    // payments_currency_amount, so the index of amounts alone is read by nothing (11.3 B a payment at 1M).
    version: 25,
    sql: `DROP INDEX IF EXISTS payments_amount;`,
  },
  {
    // A bulk batch's return addresses (where every row's customer goes after paying, or when the
    // payment does not go through), kept with the batch when it first runs: a resume sends its
    // later rows to the same addresses as its first, and asks nothing (bulk-service.ts). Set once,
    // never changed. Batches made before: null (a resume takes those given then, or the defaults).
    version: 26,
    sql: `ALTER TABLE bulk_batches ADD COLUMN success_url TEXT; ALTER TABLE bulk_batches ADD COLUMN failure_url TEXT;`,
  },
];

export const latestVersion = migrations.at(-1)!.version;
