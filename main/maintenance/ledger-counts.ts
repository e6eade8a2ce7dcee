// The ledger's statistics for a diagnostics bundle: counts, never rows. At a million payments the
// operations' count walks every operation (about 0.5 s), so main asks it of the ledger-check worker
// (`countsOffMain`) on a read-only connection of its own.
import Database from 'better-sqlite3';
import type { LedgerDb } from '../ledger/database';
import { sqlKindName, sqlOutcomeName } from '../ledger/packing';

export type LedgerCounts = {
  paymentsByState: Array<{ state: string; n: number }>;
  operationsByOutcome: Array<{ kind: string; outcome: string; n: number }>;
  webhooks: number;
};

export function ledgerCounts(db: LedgerDb): LedgerCounts {
  return {
    // payment_counts is kept by the payments' triggers (migration 13): no walk of the payments.
    paymentsByState: db.prepare('SELECT state, sum(n) AS n FROM payment_counts GROUP BY state HAVING sum(n) > 0 ORDER BY state').all() as LedgerCounts['paymentsByState'],
    operationsByOutcome: db.prepare(`SELECT ${sqlKindName('kind')} AS kind, ${sqlOutcomeName('outcome')} AS outcome, count(*) AS n FROM ledger_operations GROUP BY 1, 2 ORDER BY 1, 2`).all() as LedgerCounts['operationsByOutcome'],
    webhooks: (db.prepare('SELECT count(*) AS n FROM ledger_webhooks').get() as { n: number }).n,
  };
}

/** The counts of the ledger file at `file`, read on a read-only connection (the worker's). */
export function ledgerFileCounts(file: string): LedgerCounts {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return ledgerCounts(db);
  } finally {
    db.close();
  }
}
