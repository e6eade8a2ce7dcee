// A laptop's ledger "as version N left it", for the tests of a migration on a ledger that has data:
// the ledger is made at the latest version (the store's inserts need today's columns), then the
// migrations after N are undone here. Setting user_version back alone made every later migration
// run twice on reopening ("index already exists"), so each new migration broke these tests.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ledgerFileName } from '../../main/ledger/database';
import { latestVersion } from '../../main/ledger/migrations';
import { refundHoursUndo } from '../../main/ledger/refund-hours';
import { migration23Undo } from '../../main/ledger/migration-23';

/** The undo of each migration a test rewinds past; a new migration adds its line (rewind-ledger.test.ts checks). */
export const undoOf: Record<number, string> = {
  17: 'DROP INDEX ledger_audit_amount',
  18: 'DROP INDEX ledger_audit_payment',
  19: 'DROP INDEX payments_authorised',
  20: 'ALTER TABLE payments DROP COLUMN expire_date',
  21: refundHoursUndo,
  22: 'ALTER TABLE bulk_batches DROP COLUMN separator',
  23: migration23Undo,
  24: 'DROP TABLE repeat_stops',
  25: 'CREATE INDEX payments_amount ON payments (amount_minor)',
  26: 'ALTER TABLE bulk_batches DROP COLUMN success_url; ALTER TABLE bulk_batches DROP COLUMN failure_url',
};

/** The ledger file in `dir`, closed, brought back to `version` (the migrations after it undone). */
export function rewindLedger(dir: string, version: number): void {
  const db = new Database(join(dir, ledgerFileName));
  try {
    db.transaction(() => {
      for (let v = latestVersion; v > version; v--) {
        const undo = undoOf[v];
        if (!undo) throw new Error(`rewindLedger: no undo of migration ${v}; add it to undoOf in test/support/rewind-ledger.ts`);
        db.exec(undo);
      }
      db.pragma(`user_version = ${version}`);
    })();
  } finally {
    db.close();
  }
}
