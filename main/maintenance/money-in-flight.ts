// Whether money is moving right now: the ledger writes every gateway call as an intent with
// outcome 'sending' before it is sent, and bulk rows likewise, so the ledger itself knows.
// Read-only SQL; an update install or a restart waits while this is true.
import type { LedgerDb } from '../ledger/database';

export function createMoneyInFlight(db: LedgerDb): () => boolean {
  const sending = db.prepare("SELECT (SELECT count(*) FROM operations WHERE outcome = 'sending') + (SELECT count(*) FROM bulk_rows WHERE state = 'sending') AS n");
  return () => (sending.get() as { n: number }).n > 0;
}
