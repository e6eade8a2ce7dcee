// Lists a person reads, on both ledgers, when their rows share one creation time (made in the same
// millisecond, copied from a laptop, or under a clock set back): Bulk links' recent batches (the
// newest 20) and the forms' earlier customers come in one order, and the same ones, on every read,
// whatever happened to the rows in between. Where the ledger records which was made first, the
// later-made comes first: on a laptop's file its rowid; for customers on the team ledger its
// list_seq. The team ledger's batches have no such record (bulk.sql): there the order among them
// is by id, the same on every read (docs/screens-getting-paid.md, Bulk links).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createSqliteBulkStore, type BulkRowRow } from '../../main/ledger/bulk-store';
import { openLedgerDb } from '../../main/ledger/database';
import { copyLedgerToTeam } from '../../main/ledger/postgres/copy-to-team';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
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
 * Batches made one after the other at the same instant: on a laptop's file through its bulk store;
 * on the team ledger as they arrive there, made on a laptop and copied in by an admin.
 */
async function makeAtOneInstant(app: LedgerApp, fileNames: string[]): Promise<Batch[]> {
  const made = fileNames.map(batchAt);
  if (app.backend === 'sqlite') {
    const store = createSqliteBulkStore(app.db!);
    for (const { batch, rows } of made) await store.insertBatch(batch, rows);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-tie-'));
    const laptop = openLedgerDb(dir);
    const admin = await teamServer().connectAs(app.database!, teamServer().person('admin').login);
    try {
      const store = createSqliteBulkStore(laptop);
      for (const { batch, rows } of made) await store.insertBatch(batch, rows);
      const report = await copyLedgerToTeam({ source: laptop, team: admin, laptop: `tie-${randomUUID().slice(0, 8)}` });
      expect(report.bulkBatches.copied).toBe(fileNames.length);
    } finally {
      await admin.end();
      laptop.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return made.map(({ batch }) => ({ id: batch.id, fileName: batch.file_name }));
}

/** The recent batches' list as the screen asks for it, these batches only, by file name. */
async function listed(app: LedgerApp, batches: Batch[]): Promise<string[]> {
  const ids = new Set(batches.map((b) => b.id));
  const recent = await app.value<Array<{ id: string; fileName: string; createdAt: string }>>('listBulkBatches', {});
  const ours = recent.filter((b) => ids.has(b.id));
  expect(new Set(ours.map((b) => b.createdAt))).toEqual(new Set([instant]));
  return ours.map((b) => b.fileName);
}

describeLedgerApp('lists whose rows share one creation time', (app, backend) => {
  it('lists batches made at one instant in one order on every read, also after some of them ran; on a laptop the later-made first', async () => {
    const names = Array.from({ length: 22 }, (_, i) => `tie-${String(i + 1).padStart(2, '0')}.csv`);
    const batches = await makeAtOneInstant(app(), names);
    const first = await listed(app(), batches);
    expect(first).toHaveLength(20);
    // Twenty-two made, twenty listed: which twenty must not change either. On the laptop's file the
    // rowid says which were made last: those twenty, the last-made first.
    if (backend === 'sqlite') expect(first).toEqual([...names].reverse().slice(0, 20));
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
});
