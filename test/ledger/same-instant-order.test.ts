// Lists a person reads, on both ledgers, when their rows share one creation time (made in the same
// millisecond, copied from a laptop, or under a clock set back): Bulk links' recent batches (the
// newest 20), the forms' earlier customers, a payment's operations and a card's repeat charges
// come in one order, and the same ones, on every read, whatever happened to the rows in between.
// The ledger records which was made first: on a laptop's file its rowid (an operation's seq); on
// the team ledger a payment's list_seq, an operation's or batch's made_seq (creation-order.sql,
// version 36). The team ledger gets such ties from the copy of a laptop's ledger (to the
// millisecond), so there they are made on a laptop and copied in, as a team moves in.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createSqliteBulkStore, type BulkRowRow } from '../../main/ledger/bulk-store';
import { openLedgerDb } from '../../main/ledger/database';
import { copyLedgerToTeam, type CopyReport } from '../../main/ledger/postgres/copy-to-team';
import type { OperationRow } from '../../main/ledger/payment-rows';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import type { LedgerDb } from '../../main/ledger/database';
import type { LedgerStore } from '../../main/ledger/store';
import { describeLedgerApp, paymentRow, type LedgerApp } from '../support/ledger-apps';
import { teamServer } from '../support/postgres-tests';

/** One instant for every batch and payment below, a minute ago: a millisecond a laptop's clock can repeat. */
const instant = new Date(Date.now() - 60_000).toISOString();

type Batch = { id: string; fileName: string };

/** A batch of one row the preview refused (nothing to send), made at `instant`, in the store as bulk-service.ts writes it. */
function batchAt(fileName: string) {
  const id = randomUUID();
  const row: BulkRowRow = {
    batch_id: id, line: 2, order_id: `TIE-${fileName}`, amount: '1.00', currency: 'SAR', description: 'Tie', customer_name: 'T', customer_email: 't@example.com', customer_phone: '+966500000001',
    issue_date: null, expire_date: null, vat_rate: null, vat_reason: null, state: 'failed', payment_id: null, error: JSON.stringify([{ column: 'orderId', reason: { key: 'bulk.orderIdInLedger' } }]),
  };
  return { batch: { id, profile_id: 'practice', file_name: fileName, state: 'ready' as const, created_by: 'tester', created_at: instant, updated_at: instant, separator: ',' as const }, rows: [row] };
}

/**
 * Rows written as a laptop writes them: on a laptop's file, the app's own; on the team ledger, a
 * laptop's file of its own, copied in by an admin (the copy's report to check).
 */
async function onALaptop(app: LedgerApp, write: (laptop: { db: LedgerDb; store: LedgerStore }) => Promise<void>): Promise<CopyReport | undefined> {
  if (app.backend === 'sqlite') {
    await write({ db: app.db!, store: app.store });
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-tie-'));
  const laptop = openLedgerDb(dir);
  const admin = await teamServer().connectAs(app.database!, teamServer().person('admin').login);
  try {
    await write({ db: laptop, store: createSqliteLedgerStore(laptop) });
    return await copyLedgerToTeam({ source: laptop, team: admin, laptop: `tie-${randomUUID().slice(0, 8)}` });
  } finally {
    await admin.end();
    laptop.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Batches made one after the other at the same instant, through a laptop's bulk store. */
async function makeAtOneInstant(app: LedgerApp, fileNames: string[]): Promise<Batch[]> {
  const made = fileNames.map(batchAt);
  const report = await onALaptop(app, async ({ db }) => {
    const store = createSqliteBulkStore(db);
    for (const { batch, rows } of made) await store.insertBatch(batch, rows);
  });
  if (report) expect(report.bulkBatches.copied).toBe(fileNames.length);
  return made.map(({ batch }) => ({ id: batch.id, fileName: batch.file_name }));
}

/**
 * Ids whose order is the opposite of the order they are made in (the first hex digit falls), so a
 * list that breaks a tie by id instead of by the order of making shows them reversed.
 */
const fallingIds = (n: number) => Array.from({ length: n }, (_, i) => `${(15 - i).toString(16)}${randomUUID().slice(1)}`);

/** The recent batches' list as the screen asks for it, these batches only, by file name. */
async function listed(app: LedgerApp, batches: Batch[]): Promise<string[]> {
  const ids = new Set(batches.map((b) => b.id));
  const recent = await app.value<Array<{ id: string; fileName: string; createdAt: string }>>('listBulkBatches', {});
  const ours = recent.filter((b) => ids.has(b.id));
  expect(new Set(ours.map((b) => b.createdAt))).toEqual(new Set([instant]));
  return ours.map((b) => b.fileName);
}

describeLedgerApp('lists whose rows share one creation time', (app) => {
  it('lists batches made at one instant the later-made first, in one order on every read, also after some of them ran', async () => {
    const names = Array.from({ length: 22 }, (_, i) => `tie-${String(i + 1).padStart(2, '0')}.csv`);
    const batches = await makeAtOneInstant(app(), names);
    const first = await listed(app(), batches);
    expect(first).toHaveLength(20);
    // Twenty-two made, twenty listed: which twenty must not change either. The ledger records which
    // were made last (a laptop's rowid, the team ledger's made_seq): those twenty, the last-made first.
    expect(first).toEqual([...names].reverse().slice(0, 20));
    expect(await listed(app(), batches)).toEqual(first);
    // A run writes the batch's row (its state; on PostgreSQL a new version of the row, elsewhere in
    // the table): without a tie-breaker the team ledger dropped the batch just run from the list.
    for (const name of [first[0]!, first[7]!, first[19]!]) {
      const batch = batches.find((b) => b.fileName === name)!;
      await app().value('bulkRun', { batchId: batch.id });
      await app().bulk.idle(batch.id);
      expect(await app().value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'done' });
      expect(await listed(app(), batches)).toEqual(first);
    }
  });

  it('offers earlier customers of payments recorded at one instant the later-recorded first, on both ledgers', async () => {
    const names = ['Zaid Tie', 'Amal Tie', 'Mona Tie', 'Badr Tie'];
    await app().seedPayments(names.map((name, i) => ({
      order_id: `TIE-C-${i}`, created_at: instant, updated_at: instant, customer_name: name, customer_email: `tie${i}@example.com`, customer_phone: `+96650000020${i}`,
    })));
    const offered = async () => (await app().value<{ customers: Array<{ name: string }> }>('listCustomers', { limit: 100 })).customers.map((c) => c.name).filter((n) => names.includes(n));
    expect(await offered()).toEqual([...names].reverse());
    expect(await offered()).toEqual([...names].reverse());
  });
  it('shows a payment\'s operations made at one instant in the order they were made, on both ledgers', async () => {
    // A sale and its three partial refunds, all in one millisecond of the laptop's clock.
    const sale = paymentRow({ order_id: `TIE-OPS-${randomUUID().slice(0, 8)}`, kind: 'sale', state: 'partially_refunded', amount_minor: 3_000, captured_minor: 3_000, refunded_minor: 600, created_at: instant, updated_at: instant });
    const ids = fallingIds(4);
    const made: Array<[OperationRow['kind'], number]> = [['create', 3_000], ['refund', 100], ['refund', 200], ['refund', 300]];
    const report = await onALaptop(app(), ({ store }) => store.transaction(async (tx) => {
      await tx.insert(sale);
      for (const [i, [kind, amount]] of made.entries()) {
        await tx.insertOperation({ id: ids[i]!, payment_id: sale.id, kind, amount_minor: amount, base_minor: null, reason: kind === 'refund' ? 'Tie' : null, os_user: 'tester',
          outcome: 'succeeded', error_code: null, error_message: null, gateway_answer: null, created_at: instant, completed_at: instant });
      }
    }));
    if (report) expect(report.operations.copied).toBe(4);
    const shown = async () => (await app().value<{ operations: Array<{ id: string; kind: string; amountMinor: number; createdAt: string }> }>('getPayment', { paymentId: sale.id })).operations;
    const first = await shown();
    expect(new Set(first.map((op) => op.createdAt))).toEqual(new Set([instant]));
    // Without a tie-breaker of its own the team ledger listed them by id: the last refund first, the creation last.
    expect(first.map((op) => [op.id, op.kind, op.amountMinor])).toEqual(made.map(([kind, amount], i) => [ids[i], kind, amount]));
    expect(await shown()).toEqual(first);
  });

  it('lists a card\'s repeat charges made at one instant in the order they were made, on both ledgers', async () => {
    const parent = paymentRow({ order_id: `TIE-CARD-${randomUUID().slice(0, 8)}`, kind: 'sale', state: 'paid', amount_minor: 1_000, captured_minor: 1_000, recurring_init: 1, created_at: instant, updated_at: instant });
    const repeats = fallingIds(3).map((id, i) => paymentRow({ id, order_id: `TIE-AGAIN-${i}-${randomUUID().slice(0, 8)}`, kind: 'recurring', state: 'paid', amount_minor: 1_000 + i, captured_minor: 1_000 + i, parent_payment_id: parent.id, created_at: instant, updated_at: instant }));
    const report = await onALaptop(app(), ({ store }) => store.transaction(async (tx) => {
      for (const row of [parent, ...repeats]) await tx.insert(row);
    }));
    if (report) expect(report.payments.copied).toBe(4);
    const listed = async () => (await app().value<{ related: { repeats: Array<{ id: string; createdAt: string }> } }>('getPayment', { paymentId: parent.id })).related.repeats;
    const first = await listed();
    expect(new Set(first.map((r) => r.createdAt))).toEqual(new Set([instant]));
    expect(first.map((r) => r.id)).toEqual(repeats.map((r) => r.id));
    expect(await listed()).toEqual(first);
  });
});
