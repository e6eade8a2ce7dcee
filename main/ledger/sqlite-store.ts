// The LedgerStore on the laptop's SQLite file: the row modules (payment-rows.ts, audit-log.ts)
// unchanged behind the async interface. A transaction is BEGIN IMMEDIATE … COMMIT on main's one
// connection around the awaited body; store transactions are queued so two never interleave.
// Why a queue and not better-sqlite3's db.transaction(): that one takes a synchronous function,
// and the body is async (the PostgreSQL store's is truly so). The body's awaits here are
// microtasks only (every call below answers at once), so a transaction still holds the
// connection for one turn of the event loop, as before.
import { appendAudit } from './audit-log';
import type { LedgerDb } from './database';
import { createSqliteInvoiceLedger } from './invoice-rows';
import { createPaymentRows } from './payment-rows';
import { repeatChargesSending, repeatStopOf, setRepeatStop } from './repeat-stops';
import type { LedgerStore, LedgerTx } from './store';

/** Thrown (and the transaction rolled back) when a store transaction's body waits on I/O. */
export const bodyWaitedMessage = 'A ledger transaction waited on I/O inside its body; it was rolled back.';

export function createSqliteLedgerStore(db: LedgerDb): LedgerStore {
  const rows = createPaymentRows(db);
  let tail: Promise<unknown> = Promise.resolve();
  let pageLookup: ReturnType<LedgerDb['prepare']> | undefined;

  const tx: LedgerTx = {
    get: async (id) => rows.get(id),
    byOrderId: async (profileId, orderId) => rows.byOrderId(profileId, orderId),
    findKnown: async (profileId, ref) => rows.findKnown(profileId, ref),
    repeatsOf: async (id) => rows.repeatsOf(id),
    repeatStopOf: async (id) => repeatStopOf(db, id),
    view: async (row) => rows.view(row),
    insert: async (row) => rows.insert(row),
    update: async (id, changes, source, at) => rows.update(id, changes, source, at),
    operation: async (id) => rows.operation(id),
    openOperations: async (id) => rows.openOperations(id),
    operationsOf: async (id) => rows.operationsOf(id),
    sendingOperations: async () => rows.sendingOperations(),
    operationsMark: async (id) => rows.operationsMark(id),
    insertOperation: async (row) => rows.insertOperation(row),
    completeOperation: async (id, changes, from) => rows.completeOperation(id, changes, from),
    recordCheck: async (id, at, outcome, statusWord, state) => rows.recordCheck(id, at, outcome, statusWord, state),
    dueForCheck: async (now, limit, setBeyond) => rows.dueForCheck(now, limit, setBeyond),
    historyOf: async (id) => rows.historyOf(id),
    checksOf: async (id) => rows.checksOf(id),
    webhooksOf: async (id) => rows.webhooksOf(id),
    appendAudit: async (entry, at) => appendAudit(db, entry, at),
    invoices: createSqliteInvoiceLedger(db),
  };

  async function runNow<T>(body: (tx: LedgerTx) => Promise<T>): Promise<T> {
    db.exec('BEGIN IMMEDIATE');
    // The body must finish within this turn of the event loop: if it waited on real I/O, any
    // other write on main's connection meanwhile would join this transaction and share its fate.
    // A body that does is a programming error, refused here before it can commit.
    let turnEnded = false;
    const marker = setImmediate(() => { turnEnded = true; });
    try {
      const result = await body(tx);
      if (turnEnded) throw new Error(bodyWaitedMessage);
      db.exec('COMMIT');
      return result;
    } catch (e) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw e;
    } finally {
      clearImmediate(marker);
    }
  }

  function transaction<T>(body: (tx: LedgerTx) => Promise<T>): Promise<T> {
    const run = tail.then(() => runNow(body));
    tail = run.catch(() => undefined);
    return run;
  }

  // Outside a transaction a write is a transaction of its own (queued like the others); reads answer at once.
  return {
    ...tx,
    backend: 'sqlite',
    transaction,
    setRepeatStop: (id, stopped, osUser, at) => transaction(async () => {
      const payment = rows.get(id);
      if (!payment) throw new Error('setRepeatStop: no such payment');
      const changed = setRepeatStop(db, payment, stopped, osUser, at);
      return { changed, sending: stopped ? repeatChargesSending(db, id) : [] };
    }),
    holdsPaymentPage: async (urls) => {
      // No index on link_url: a scan at a press of Open only, newest first, so a recent page is found
      // at once; one not held reads the whole table (20 ms at 100,000 payments; docs/decisions.md, walk34).
      pageLookup ??= db.prepare("SELECT 1 FROM payments WHERE link_url = ? AND kind IN ('link', 'checkout') ORDER BY rowid DESC LIMIT 1");
      return urls.some((url) => pageLookup!.get(url) !== undefined);
    },
    insert: (row) => transaction((t) => t.insert(row)),
    update: (id, changes, source, at) => transaction((t) => t.update(id, changes, source, at)),
    insertOperation: (row) => transaction((t) => t.insertOperation(row)),
    completeOperation: (id, changes, from) => transaction((t) => t.completeOperation(id, changes, from)),
    recordCheck: (id, at, outcome, statusWord, state) => transaction((t) => t.recordCheck(id, at, outcome, statusWord, state)),
    appendAudit: (entry, at) => transaction((t) => t.appendAudit(entry, at)),
  };
}
