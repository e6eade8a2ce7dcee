// The payments walked by rowid in slices, for a migration that fills something from every payment
// (migrations 13 and 23): each slice is one transaction that also records how far it got
// (ledger_meta, under the migration's own key), so a start stopped midway resumes where it was,
// without losing or repeating a payment.
import type { LedgerDb } from './database';
import type { SliceProgress } from './migration-11';

/**
 * Runs `fill` over the payments with rowid in (lo, hi], `sliceRows` at a time from where `metaKey`
 * says the last run got to, yielding the progress before each slice; returns the progress's total.
 * The key must exist.
 */
export function* paymentSlices(db: LedgerDb, metaKey: string, sliceRows: number, fill: (range: { lo: number; hi: number }) => void): Generator<SliceProgress, number> {
  const total = (db.prepare('SELECT ifnull(max(rowid), 0) FROM payments').pluck().get() as number) + 1;
  const position = db.prepare('SELECT value FROM ledger_meta WHERE key = ?').pluck();
  const save = db.prepare('UPDATE ledger_meta SET value = ? WHERE key = ?');
  const nextHi = db.prepare('SELECT max(rowid) FROM (SELECT rowid FROM payments WHERE rowid > ? ORDER BY rowid LIMIT ?)').pluck();
  for (;;) {
    const lo = Number(position.get(metaKey));
    yield { done: lo, total };
    const hi = nextHi.get(lo, sliceRows) as number | null;
    if (hi === null) return total;
    db.transaction(() => {
      fill({ lo, hi });
      save.run(hi, metaKey);
    }).immediate();
  }
}
