// Positions of a list (a filter and a sort): the sort values and rowid of every 10,000th row, so
// a deep jump continues from the nearest one and skips fewer than 10,000 rows. Walked once, with
// one iterator, in one read transaction (one snapshot, its ledger version posted with the
// positions), on a connection of its own (positions-worker.ts): a text search's walk reads the
// trigram index's lists once, instead of once per step as a walk in steps on main's connection does.
import type { Database } from 'better-sqlite3';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import { ledgerMeta } from './count-tables';
import { anchorEvery, cursorColumns, planWhere, windowQuery, type Cursor, type PaymentSort } from './search';

/** Rows walked between two turns of the thread's event loop (where a newer walk can stop it). */
const rowsPerTurn = 20_000;

export type Positions = Array<[offset: number, cursor: Cursor]>;

export async function walkPositions(
  db: Database,
  job: { filter: PaymentFilter; sort: PaymentSort },
  post: (version: number, at: Positions) => void,
  stopped: () => boolean,
  turn: () => Promise<void>,
): Promise<boolean> {
  db.exec('BEGIN');
  try {
    const version = ledgerMeta(db as LedgerDb).paymentsVersion; // the first read: the snapshot's
    const keys = cursorColumns(job.sort);
    const query = windowQuery(db as LedgerDb, planWhere(db as LedgerDb, job.filter), job.sort, undefined, keys.join(', '));
    const rows = db.prepare(query.sql).raw(true).iterate(query.params) as IterableIterator<unknown[]>;
    let n = 0;
    try {
      for (;;) {
        const found: Positions = [];
        for (let i = 0; i < rowsPerTurn; i++) {
          const next = rows.next();
          if (next.done) {
            if (found.length) post(version, found);
            return true;
          }
          if (++n % anchorEvery === 0) found.push([n, { values: next.value.slice(0, keys.length) as Array<string | number>, rowid: next.value[keys.length] as number }]);
        }
        if (found.length) post(version, found);
        await turn();
        if (stopped()) return false;
      }
    } finally {
      rows.return?.();
    }
  } finally {
    db.exec('COMMIT');
  }
}
