// Positions of a list (a filter and a sort): the sort values and rowid of every 10,000th row, so
// a deep jump continues from the nearest one and skips fewer than 10,000 rows. Walked with one
// iterator per read transaction, on a connection of its own (positions-worker.ts): a text
// search's walk reads the trigram index's lists once per transaction, instead of once per step
// as a walk in steps on main's connection does. A read transaction is ended after about
// `transactionMs` and the walk goes on from its last row in a new one, so main's WAL checkpoints
// are never held back for the seconds a walk at 1M takes. That is the same walk: every change of
// payments moves `payments_version` (migration triggers), so a new snapshot with the same version
// holds the same rows; a different version ends the walk (its positions are stale anyway).
import type { Database } from 'better-sqlite3';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import { paymentsVersion } from './count-tables';
import { anchorEvery, cursorColumns, planWhere, windowQuery, type Cursor, type PaymentSort, type Where } from './search';

/** Rows walked between two turns of the thread's event loop (where a newer walk can stop it). */
const rowsPerTurn = 5_000;
/** How long one read transaction of a walk or a count is kept open, at most about (ms). */
export const transactionMs = 250;

export type Positions = Array<[offset: number, cursor: Cursor]>;

export async function walkPositions(
  db: Database,
  job: { filter: PaymentFilter; sort: PaymentSort },
  post: (version: number, at: Positions) => void,
  stopped: () => boolean,
  turn: () => Promise<void>,
  options: { transactionMs?: number } = {},
): Promise<boolean> {
  const keys = cursorColumns(job.sort);
  const columns = keys.join(', ');
  const limitMs = options.transactionMs ?? transactionMs;
  let version: number | undefined;
  let where: Where | undefined;
  let cursor: Cursor | undefined;
  let n = 0;
  for (;;) {
    db.exec('BEGIN');
    try {
      const now = paymentsVersion(db as LedgerDb); // the first read: the snapshot's
      if (version === undefined) [version, where] = [now, planWhere(db as LedgerDb, job.filter)];
      else if (now !== version) return false; // the ledger changed between two transactions
      const query = windowQuery(db as LedgerDb, where!, job.sort, cursor, columns);
      const began = performance.now();
      const rows = db.prepare(query.sql).raw(true).iterate(query.params) as IterableIterator<unknown[]>;
      // What starting the query again costs (a text search in another order reads all its hits
      // first: about a second at 1M): the transaction lasts at least 4 times that, so starting
      // again never costs more than a fifth of the walk.
      let keepMs: number | undefined;
      try {
        for (;;) {
          const found: Positions = [];
          let last: unknown[] | undefined;
          for (let i = 0; i < rowsPerTurn; i++) {
            const next = rows.next();
            keepMs ??= Math.max(limitMs, 4 * (performance.now() - began));
            if (next.done) {
              if (found.length) post(version, found);
              return true;
            }
            last = next.value;
            if (++n % anchorEvery === 0) found.push([n, cursorOf(last, keys.length)]);
          }
          if (found.length) post(version, found);
          cursor = cursorOf(last!, keys.length);
          await turn();
          if (stopped()) return false;
          if (performance.now() - began >= keepMs!) break; // a new transaction from `cursor`
        }
      } finally {
        rows.return?.();
      }
    } finally {
      db.exec('COMMIT');
    }
  }
}

const cursorOf = (row: unknown[], keys: number): Cursor => ({ values: row.slice(0, keys) as Array<string | number>, rowid: row[keys] as number });
