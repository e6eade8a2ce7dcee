// Migration 23 (room under 1 KB a payment): a version 22 ledger's trigram index is made again
// without its column sizes, in slices; a migration stopped between slices, or failing inside one,
// resumes at the next opening; the search finds what it found before, and the triggers keep the
// new index in step afterwards.
// SQLite only: the trigram index is SQLite's own (the team ledger's schema steps are tested in
// postgres/schema-steps.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { migrationSteps, schemaVersion } from '../../main/ledger/migrate';
import { latestVersion } from '../../main/ledger/migrations';
import { migrate23 } from '../../main/ledger/migration-23';
import { matchOf, trigramsOf } from '../../main/ledger/trigrams';
import { seedLedger } from '../../scripts/seed-ledger';
import { rewindLedger } from '../support/rewind-ledger';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'paydesk-m23-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A version 22 ledger of n seeded payments (seven currencies, every kind and state). */
function ledgerAt22(n: number): void {
  const db = openLedgerDb(dir);
  seedLedger(db, { payments: n, seed: 23 });
  db.close();
  rewindLedger(dir, 22);
}

const names = (db: LedgerDb) => db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'payments_search%' ORDER BY name").pluck().all();
/** Every payment's rowid found by its order id, e-mail and phone through the trigram index, as a scan finds them. */
function searchedLikeAScan(db: LedgerDb): void {
  // One trigram: the index's rows are exactly the rows a scan finds holding it, each once.
  for (const gram of ['exa', '000', 'pd-']) {
    const like = `%${gram}%`;
    const scan = db.prepare('SELECT rowid FROM payments WHERE order_id LIKE ? OR transaction_id LIKE ? OR customer_name LIKE ? OR customer_email LIKE ? OR customer_phone LIKE ? ORDER BY rowid').pluck().all(like, like, like, like, like);
    expect(scan.length).toBeGreaterThan(0);
    expect(db.prepare('SELECT rowid FROM payments_search WHERE payments_search MATCH ? ORDER BY rowid').pluck().all(matchOf([gram]))).toEqual(scan);
  }
  const samples = db.prepare('SELECT rowid, order_id, customer_email, customer_phone FROM payments WHERE rowid % 37 = 1').all() as Array<Record<string, string | number>>;
  expect(samples.length).toBeGreaterThan(10);
  const viaIndex = db.prepare(`SELECT rowid FROM payments_search WHERE payments_search MATCH ? ORDER BY rowid`).pluck();
  const viaScan = db.prepare(`SELECT rowid FROM payments WHERE order_id LIKE ? OR transaction_id LIKE ? OR customer_name LIKE ? OR customer_email LIKE ? OR customer_phone LIKE ? ORDER BY rowid`).pluck();
  for (const s of samples) {
    for (const text of [s.order_id, s.customer_email, s.customer_phone].filter((t): t is string => typeof t === 'string' && t.length >= 3)) {
      const found = viaIndex.all(matchOf(trigramsOf(text))) as number[];
      expect(found).toContain(s.rowid);
      // The index narrows (every trigram, detail none); the text decides: the same rows as a scan once tested.
      const like = `%${text}%`;
      const tested = (db.prepare(`SELECT rowid FROM payments WHERE rowid IN (${found.join(',')}) AND (order_id LIKE ? OR transaction_id LIKE ? OR customer_name LIKE ? OR customer_email LIKE ? OR customer_phone LIKE ?) ORDER BY rowid`).pluck().all(like, like, like, like, like));
      expect(tested).toEqual(viaScan.all(like, like, like, like, like));
    }
  }
}

describe('migration 23', () => {
  it('makes the trigram index again in slices, resumes after a stop and after a failed slice', () => {
    ledgerAt22(1_500);
    const first = openLedgerDb(dir, { migrate: false });
    expect(schemaVersion(first)).toBe(22);
    expect(names(first)).toContain('payments_search_docsize');
    const steps = migrationSteps(first, { sliceRows: 200 });
    for (let i = 0; i < 4; i++) steps.next(); // stopped after a few slices (the app closed)
    expect(schemaVersion(first)).toBe(22);
    const position = () => Number(first.prepare("SELECT value FROM ledger_meta WHERE key = 'migration_23_rowid'").pluck().get());
    expect(position()).toBeGreaterThan(0);
    // A slice that fails midway leaves nothing of itself: the position stays where it was.
    const at = position();
    const failing = migrate23(first, 200, () => {
      throw new Error('disk full');
    });
    expect(() => {
      for (const step of failing) void step;
    }).toThrow('disk full');
    expect(position()).toBe(at);
    expect(first.prepare('SELECT count(*) FROM payments_search_data').pluck().get()).toBeGreaterThan(1);
    first.close();

    const db = openLedgerDb(dir); // the next start finishes it (and the versions after it)
    try {
      expect(schemaVersion(db)).toBe(latestVersion);
      // The index (its data, idx and config; no docsize) and its three triggers.
      expect(names(db)).toEqual(['payments_search', 'payments_search_config', 'payments_search_data', 'payments_search_delete', 'payments_search_idx', 'payments_search_insert', 'payments_search_update']);
      expect(db.prepare("SELECT count(*) FROM ledger_meta WHERE key LIKE 'migration_23%'").pluck().get()).toBe(0);
      expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'payments_search'").pluck().get()).toContain('columnsize = 0');
      // Every payment once in the index, none twice (a resumed slice is not indexed again).
      db.exec("INSERT INTO payments_search (payments_search) VALUES ('integrity-check')");
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      searchedLikeAScan(db);

      // Afterwards the triggers keep it: a new payment, a changed name, a deleted payment.
      db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, state, created_by, created_at, updated_at)
        VALUES ('m23-new', 'practice', 'practice', 'sale', 'M23-NEW-ORDER', 500, 'GBP', 'Zubair Nakamura', 'paid', 't', '2026-11-02T00:00:00.000Z', '2026-11-02T00:00:00.000Z')`).run();
      db.prepare("UPDATE payments SET customer_name = 'Yasmin Okonkwo' WHERE rowid = 7").run();
      const match = (text: string) => db.prepare('SELECT rowid FROM payments_search WHERE payments_search MATCH ?').pluck().all(matchOf(trigramsOf(text)));
      expect(match('M23-NEW').length).toBe(1);
      expect(match('Okonkwo')).toEqual([7]);
      db.prepare("DELETE FROM payments WHERE id = 'm23-new'").run();
      expect(match('M23-NEW')).toEqual([]);
      db.exec("INSERT INTO payments_search (payments_search) VALUES ('integrity-check')");
    } finally {
      db.close();
    }
  });
});
