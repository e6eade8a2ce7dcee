// The laptop ledger's sums of the refunds made per UTC hour and day (migration 21, refund-hours.ts),
// kept by triggers: SQLite only (the team ledger sums the refunds themselves, pg-refunds-made.ts).
// After every way a refund is recorded or changed (sent then settled, failed, settled by hand after
// an unclear answer, moved in time, its amount or payment changed, removed, its payment's currency
// or profile changed), the tables equal the succeeded refunds summed again; a version 20 ledger
// migrated to 21 has them filled from its refunds.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { paymentRow } from '../support/ledger-apps';
import { rewindLedger } from '../support/rewind-ledger';
import { seedRefund } from '../support/seed-refund';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function ledger() {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-refund-hours-'));
  dirs.push(dir);
  return { dir, db: openLedgerDb(dir) };
}

/** The succeeded refunds summed again from the operations, per hour or day, currency and profile. */
const again = (db: LedgerDb, ms: number) => db.prepare(`SELECT o.created_at / ${ms} AS unit, p.currency, p.profile_id, sum(o.amount_minor) AS amount, count(*) AS n
  FROM ledger_operations o JOIN payments p ON p.rowid = o.payment WHERE o.kind = 3 AND o.outcome = 1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`).all();
const kept = (db: LedgerDb, table: 'refund_hours' | 'refund_days') => db.prepare(`SELECT ${table === 'refund_hours' ? 'hour' : 'day'} AS unit, currency, profile_id, amount, n FROM ${table} ORDER BY 1, 2, 3`).all();
function expectInStep(db: LedgerDb) {
  expect(kept(db, 'refund_hours')).toEqual(again(db, 3_600_000));
  expect(kept(db, 'refund_days')).toEqual(again(db, 86_400_000));
}

async function sales(db: LedgerDb) {
  const store = createSqliteLedgerStore(db);
  const rows = ['A', 'B', 'C'].map((o, i) => paymentRow({ order_id: o, kind: 'sale', state: 'paid', currency: i === 2 ? 'KWD' : 'SAR', amount_minor: 10_000, captured_minor: 10_000, transaction_id: `T-${o}` }));
  await store.transaction(async (tx) => {
    for (const row of rows) await tx.insert(row);
  });
  return { store, rows };
}

it('keeps the sums in step with every refund recorded, settled, changed or removed', async () => {
  const { db } = ledger();
  const { store, rows } = await sales(db);
  const [a, b, c] = rows as [typeof rows[number], typeof rows[number], typeof rows[number]];
  await seedRefund(store, a, { osUser: 'huda', amountMinor: 1_000, at: '2026-12-03T09:15:00.000Z' });
  await seedRefund(store, { ...a, refunded_minor: 1_000 }, { osUser: 'huda', amountMinor: 2_000, at: '2026-12-03T09:45:00.000Z' });
  await seedRefund(store, c, { osUser: 'omar', amountMinor: 567, at: '2026-12-04T23:59:59.999Z' });
  expectInStep(db);
  expect(kept(db, 'refund_hours')).toHaveLength(2);

  // Sent, then unclear, then settled by hand as gone through: counted once, at the time it was sent.
  const unclear = randomUUID();
  await store.transaction((tx) => tx.insertOperation({ id: unclear, payment_id: b.id, kind: 'refund', amount_minor: 3_000, base_minor: 0, reason: 'r', os_user: 'huda', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: '2026-12-05T10:00:00.000Z', completed_at: null, settled_by: null, settled_reason: null }));
  expectInStep(db);
  await store.transaction((tx) => tx.completeOperation(unclear, { outcome: 'unknown', completed_at: '2026-12-05T10:00:30.000Z' }));
  expectInStep(db);
  await store.transaction((tx) => tx.completeOperation(unclear, { outcome: 'succeeded', completed_at: '2026-12-09T08:00:00.000Z', settled_by: 'sara', settled_reason: 'seen on the dashboard' }, ['unknown']));
  expectInStep(db);
  expect(db.prepare('SELECT n FROM refund_days WHERE day = ?').pluck().get(Math.floor(Date.parse('2026-12-05T10:00:00Z') / 86_400_000))).toBe(1);

  // A failed one never counts; changes by hand (a repair) move the sums with them.
  const failed = randomUUID();
  await store.transaction((tx) => tx.insertOperation({ id: failed, payment_id: b.id, kind: 'refund', amount_minor: 9_000, base_minor: 0, reason: 'r', os_user: 'huda', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: '2026-12-05T11:00:00.000Z', completed_at: null, settled_by: null, settled_reason: null }));
  await store.transaction((tx) => tx.completeOperation(failed, { outcome: 'failed', error_code: 'declined', completed_at: '2026-12-05T11:00:01.000Z' }));
  expectInStep(db);
  db.prepare(`UPDATE ledger_operations SET amount_minor = 2_500 WHERE amount_minor = 2_000`).run();
  db.prepare(`UPDATE ledger_operations SET created_at = created_at + 86400000 WHERE amount_minor = 567`).run();
  db.prepare(`UPDATE ledger_operations SET payment = (SELECT rowid FROM payments WHERE order_id = 'B'), seq = 100 WHERE amount_minor = 1_000`).run();
  expectInStep(db);
  db.prepare(`UPDATE payments SET currency = 'AED', profile_id = 'shop' WHERE order_id = 'B'`).run();
  expectInStep(db);
  db.prepare(`DELETE FROM ledger_operations WHERE amount_minor = 2_500`).run();
  expectInStep(db);
  db.prepare(`DELETE FROM ledger_operations WHERE kind = 3`).run();
  expect(kept(db, 'refund_hours')).toEqual([]);
  expect(kept(db, 'refund_days')).toEqual([]);
});

it('fills the sums from the refunds a version 20 ledger already had', async () => {
  const first = ledger();
  const { store, rows } = await sales(first.db);
  for (const [i, row] of rows.entries()) await seedRefund(store, row, { osUser: 'huda', amountMinor: 100 + i, at: `2026-11-0${i + 1}T12:00:00.000Z` });
  first.db.close();
  rewindLedger(first.dir, 20);
  const db = openLedgerDb(first.dir);
  expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(21);
  expect(kept(db, 'refund_hours')).toHaveLength(3);
  expectInStep(db);
  db.close();
});
