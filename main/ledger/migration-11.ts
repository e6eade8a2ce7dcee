// Migration 11, a leaner ledger (docs/ledger.md, "Storage"): the child tables keyed by the
// payment's rowid, with packed ids, times, words and hashes (packing.ts, child-tables.ts), and
// the old names kept as views. It copies a large ledger in slices, each slice one transaction
// that also records how far it got (ledger_meta), so a start that is stopped midway resumes
// where it was, without losing or repeating a row; the old tables go, and the version becomes
// 11, in the last transaction.
import type { LedgerDb } from './database';
import { childIndexes, childTables, compatSql, copySliceSql, createTableSql, orderIdFixedSql } from './child-tables';

const oldTables: Record<string, string> = {
  ledger_operations: 'operations', ledger_history: 'state_history', ledger_checks: 'status_checks', ledger_webhooks: 'webhooks', ledger_audit: 'audit_log',
};
const metaKey = (table: string) => `migration_11_${table}`;

export type SliceProgress = { done: number; total: number };

/** The work of migration 11, one committed step per yield. `beforeCommit` lets a test fail a slice midway. */
export function* migrate11(db: LedgerDb, sliceRows = 20_000, beforeCommit?: (table: string) => void): Generator<SliceProgress> {
  const started = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'ledger_words'").get() !== undefined;
  if (!started) {
    db.transaction(() => {
      db.exec(`CREATE TABLE ledger_words (id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE);\n${childTables.map(createTableSql).join('\n')}`);
      const mark = db.prepare('INSERT INTO ledger_meta (key, value) VALUES (?, 0)');
      for (const t of childTables) mark.run(metaKey(t.table));
    }).immediate();
  }
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const total = childTables.reduce((n, t) => n + count(oldTables[t.table]!), 0) + 1;
  let done = childTables.reduce((n, t) => n + count(t.table), 0);
  yield { done, total };
  const position = db.prepare('SELECT value FROM ledger_meta WHERE key = ?').pluck();
  const save = db.prepare('UPDATE ledger_meta SET value = ? WHERE key = ?');
  for (const t of childTables) {
    const old = oldTables[t.table]!;
    const nextHi = db.prepare(`SELECT max(rowid) FROM (SELECT rowid FROM ${old} WHERE rowid > ? ORDER BY rowid LIMIT ?)`).pluck();
    const copy = copySliceSql(t, old).split(';\n').map((sql) => db.prepare(sql));
    for (;;) {
      const lo = Number(position.get(metaKey(t.table)));
      const hi = nextHi.get(lo, sliceRows) as number | null;
      if (hi === null) break;
      const copied = db.transaction(() => {
        let n = 0;
        for (const statement of copy) n = statement.run({ lo, hi }).changes;
        save.run(hi, metaKey(t.table));
        beforeCommit?.(t.table);
        return n;
      }).immediate();
      done += copied;
      yield { done, total };
    }
  }
  // The new indexes and statistics one at a time (each its own step), then the switch-over.
  for (const sql of childIndexes) {
    db.exec(sql.replace(' INDEX ', ' INDEX IF NOT EXISTS '));
    yield { done, total };
  }
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()) {
    db.pragma('analysis_limit = 1000');
    for (const t of childTables) {
      db.exec(`ANALYZE ${t.table}`);
      yield { done, total };
    }
  }
  finish(db);
  yield { done: total, total };
}

function finish(db: LedgerDb): void {
  // Dropping a table that credit_notes names in a foreign key, and rebuilding credit_notes, need
  // the checks off (a pragma that cannot change inside a transaction).
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      db.exec(`
DROP TABLE operations; DROP TABLE state_history; DROP TABLE status_checks; DROP TABLE webhooks; DROP TABLE audit_log;
${orderIdFixedSql}
${childTables.map(compatSql).join('\n')}
-- A credit note names its refund by the operation's id (now a packed value behind a view): no foreign key.
CREATE TABLE credit_notes_11 (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  number TEXT NOT NULL,
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  payment_id TEXT NOT NULL REFERENCES payments(id),
  operation_id TEXT NOT NULL UNIQUE,
  amount_minor INTEGER NOT NULL,
  net_minor INTEGER NOT NULL,
  vat_minor INTEGER NOT NULL,
  breakdown_json TEXT NOT NULL,
  reason TEXT,
  issued_at TEXT NOT NULL,
  UNIQUE (profile_id, seq)
);
INSERT INTO credit_notes_11 SELECT id, profile_id, seq, number, invoice_id, payment_id, operation_id, amount_minor, net_minor, vat_minor, breakdown_json, reason, issued_at FROM credit_notes;
DROP TABLE credit_notes;
ALTER TABLE credit_notes_11 RENAME TO credit_notes;
CREATE INDEX credit_notes_invoice ON credit_notes (invoice_id, seq);
DELETE FROM ledger_meta WHERE key LIKE 'migration_11_%';
`);
      db.pragma('user_version = 11');
    }).immediate();
  } finally {
    db.pragma('foreign_keys = ON');
  }
}
