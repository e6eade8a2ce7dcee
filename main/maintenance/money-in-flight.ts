// Whether money is moving right now: the ledger writes every gateway call as an intent with
// outcome 'sending' before it is sent, and bulk rows likewise, so the ledger itself knows.
// Read-only SQL; an update install or a restart waits while this is true.
import type { LedgerDb } from '../ledger/database';
import { outcomeCode } from '../ledger/packing';

export function createMoneyInFlight(db: LedgerDb): () => boolean {
  // Operations are stored packed (migration 11): the partial index ledger_operations_sending answers.
  const sending = db.prepare(`SELECT (SELECT count(*) FROM ledger_operations WHERE outcome = ${outcomeCode('sending')}) + (SELECT count(*) FROM bulk_rows WHERE state = 'sending') AS n`);
  return () => (sending.get() as { n: number }).n > 0;
}
