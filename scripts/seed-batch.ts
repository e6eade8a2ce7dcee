// Rows of one table written `k` at a time by one multi-row INSERT: the seed writes about six rows
// a payment, and a call into SQLite per row cost more than the row (docs/performance.md,
// "Seeding and ledger size"). The rows go in as added, in order; flush() writes the rest.
import type { LedgerDb } from '../main/ledger/database';

export type Batch = { add: (...values: unknown[]) => void; flush: () => void };

/** `head` is `INSERT INTO t (columns)`; `row` the values of one row, `(?, ?, 0, …)`. */
export function batchInsert(db: LedgerDb, head: string, row: string, k = 64): Batch {
  const perRow = row.split('?').length - 1;
  const many = db.prepare(`${head} VALUES ${Array<string>(k).fill(row).join(', ')}`);
  const one = db.prepare(`${head} VALUES ${row}`);
  const values: unknown[] = [];
  return {
    add: (...row) => {
      for (const v of row) values.push(v);
      if (values.length === perRow * k) {
        many.run(values);
        values.length = 0;
      }
    },
    flush: () => {
      for (let i = 0; i < values.length; i += perRow) one.run(values.slice(i, i + perRow));
      values.length = 0;
    },
  };
}
