// Migration 23, room under 1 KB a payment (issue 13; docs/performance.md, "Room under 1 KB per
// payment: migration 23"): the trigram index without its column sizes (FTS5 `columnsize=0`), 14 B
// a payment that only ranking reads (bm25), and a search never ranks: it asks which rows hold
// every trigram, then the text decides (search.ts). Everything else about the index is as
// migration 6 made it. The new index is filled in slices of payments by rowid, each one
// transaction recording how far it got (ledger_meta), so a start stopped midway resumes where it
// was; its segments are then merged into one in steps. The old index and its triggers go in the
// first step (their pages then hold the new one); the triggers come back, and the version moves
// on, in the last.
import type { LedgerDb } from './database';
import type { SliceProgress } from './migration-11';
import { paymentSlices } from './payment-slices';

const columns = 'order_id, transaction_id, customer_name, customer_email, customer_phone';
const newValues = columns.split(', ').map((c) => `new.${c}`).join(', ');
const oldValues = columns.split(', ').map((c) => `old.${c}`).join(', ');

/** The trigram index as `name`, with or without its column sizes (migration 6 kept them). */
export const searchTableSql = (name: string, columnSizes: boolean) =>
  `CREATE VIRTUAL TABLE ${name} USING fts5(
  ${columns},
  content = 'payments', content_rowid = 'rowid', tokenize = 'trigram', detail = 'none'${columnSizes ? '' : ', columnsize = 0'}
);`;

/** The triggers that keep payments_search in step with payments (as migration 6 wrote them). */
export const searchTriggersSql = `
CREATE TRIGGER payments_search_insert AFTER INSERT ON payments BEGIN
  INSERT INTO payments_search (rowid, ${columns}) VALUES (new.rowid, ${newValues});
END;
CREATE TRIGGER payments_search_delete AFTER DELETE ON payments BEGIN
  INSERT INTO payments_search (payments_search, rowid, ${columns}) VALUES ('delete', old.rowid, ${oldValues});
END;
CREATE TRIGGER payments_search_update AFTER UPDATE OF ${columns} ON payments BEGIN
  INSERT INTO payments_search (payments_search, rowid, ${columns}) VALUES ('delete', old.rowid, ${oldValues});
  INSERT INTO payments_search (rowid, ${columns}) VALUES (new.rowid, ${newValues});
END;`;

export const dropSearchSql = `
DROP TRIGGER payments_search_insert;
DROP TRIGGER payments_search_delete;
DROP TRIGGER payments_search_update;
DROP TABLE payments_search;`;

const metaKey = 'migration_23_rowid';

/** The work of migration 23, one committed step per yield. `beforeCommit` lets a test fail a slice midway. */
export function* migrate23(db: LedgerDb, sliceRows = 50_000, beforeCommit?: () => void): Generator<SliceProgress> {
  const position = db.prepare('SELECT value FROM ledger_meta WHERE key = ?').pluck();
  if (position.get(metaKey) === undefined) {
    // The old index goes first, so the new one is written into the pages it leaves: the file
    // does not grow by a second index (nothing runs VACUUM; docs/ledger.md, "Storage").
    db.transaction(() => {
      db.exec(`${dropSearchSql}\n${searchTableSql('payments_search', false)}`);
      db.prepare('INSERT INTO ledger_meta (key, value) VALUES (?, 0)').run(metaKey);
    }).immediate();
  }
  // Nothing writes payments meanwhile (the app opens the ledger once it is migrated), so the
  // index needs no triggers until it is whole.
  const fill = db.prepare(`INSERT INTO payments_search (rowid, ${columns}) SELECT rowid, ${columns} FROM payments WHERE rowid > @lo AND rowid <= @hi ORDER BY rowid`);
  const total = yield* paymentSlices(db, metaKey, sliceRows, (range) => {
    fill.run(range);
    beforeCommit?.();
  });
  // The slices' segments merged into one, as FTS5's 'optimize' does (at 1M searches measured 5-15 %
  // slower unmerged; the index 1.3 MB smaller merged), in steps of about 1,000 pages (1.7 s at 1M
  // in all), so main's event loop is never held long when it runs the slices: a step that changed
  // fewer than 2 rows found nothing left to merge.
  const merge = db.prepare("INSERT INTO payments_search (payments_search, rank) VALUES ('merge', -1000)");
  const changes = db.prepare('SELECT total_changes()').pluck();
  for (let merged = 2; merged >= 2; ) {
    merged = db.transaction(() => {
      const before = changes.get() as number;
      merge.run();
      return (changes.get() as number) - before;
    }).immediate();
    yield { done: total - 1, total };
  }
  db.transaction(() => {
    db.exec(`${searchTriggersSql}\nDELETE FROM ledger_meta WHERE key = '${metaKey}';`);
    db.pragma('user_version = 23');
  }).immediate();
  yield { done: total, total };
}

/** Back to version 22 (test/support/rewind-ledger.ts): the index with its column sizes. */
export const migration23Undo = `${dropSearchSql}
${searchTableSql('payments_search', true)}
INSERT INTO payments_search (payments_search) VALUES ('rebuild');
${searchTriggersSql}`;
