// The ledger's schema, one migration per version. PRAGMA user_version holds the version the
// file is at; each migration runs once, in a transaction, in order. Never edit a shipped
// migration: add the next one.
export const migrations: Array<{ version: number; sql: string }> = [
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
    // Gateway check-up (docs/check-up.md): the payments a check-up made carry the id of its
    // run, so the ledger and the audit log tell them from real sales.
    version: 7,
    sql: `
ALTER TABLE payments ADD COLUMN checkup_run TEXT;
CREATE INDEX payments_checkup ON payments (checkup_run) WHERE checkup_run IS NOT NULL;
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
];

export const latestVersion = migrations.at(-1)!.version;
