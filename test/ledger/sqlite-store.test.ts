// The SQLite store runs a transaction on main's one connection: a body that waited on real I/O
// would let any other write of main meanwhile join the transaction and share its fate. Such a body
// is refused and rolled back; a body that only awaits the store commits as before.
// SQLite-only: the rule comes from the laptop file's one connection (on the team ledger each
// transaction has a connection of its own); the store's contract on both is ledger/postgres/store.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { bodyWaitedMessage, createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import type { LedgerStore } from '../../main/ledger/store';

const entry = (action: string) => ({ osUser: 'sue', action, result: 'ok' });
const auditCount = (db: LedgerDb) => (db.prepare('SELECT COUNT(*) AS n FROM audit_log').get() as { n: number }).n;

let dir: string;
let db: LedgerDb;
let store: LedgerStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-sqlite-store-'));
  db = openLedgerDb(dir);
  store = createSqliteLedgerStore(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('commits a body that only awaits the store', async () => {
  const before = auditCount(db);
  await store.transaction(async (tx) => {
    await tx.appendAudit(entry('first'), new Date().toISOString());
    await tx.appendAudit(entry('second'), new Date().toISOString());
  });
  expect(auditCount(db)).toBe(before + 2);
});

it('refuses and rolls back a body that waits on I/O, and the next transaction still runs', async () => {
  const before = auditCount(db);
  const waited = store.transaction(async (tx) => {
    await tx.appendAudit(entry('written before the wait'), new Date().toISOString());
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
  await expect(waited).rejects.toThrow(bodyWaitedMessage);
  expect(db.inTransaction).toBe(false);
  expect(auditCount(db)).toBe(before);

  await store.appendAudit(entry('after'), new Date().toISOString());
  expect(auditCount(db)).toBe(before + 1);
});
