// Migration 26: a bulk batch keeps the return addresses it first ran with. A ledger from before
// (migration 25) keeps its batches as they were, without addresses, and a batch of it keeps those
// of its next run; once kept, a later run's do not replace them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openLedgerDb } from '../../main/ledger/database';
import { createSqliteBulkStore } from '../../main/ledger/bulk-store';
import { rewindLedger } from '../support/rewind-ledger';

const dir = mkdtempSync(join(tmpdir(), 'paydesk-migration-26-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = '2026-12-03T08:00:00.000Z';
const row = { batch_id: 'b-old', line: 2, order_id: 'OLD-1', amount: '10.00', currency: 'SAR', description: 'Invoice', customer_name: 'Sara', customer_email: 'sara@example.com', customer_phone: '+966501234567', issue_date: null, expire_date: null, vat_rate: null, vat_reason: null, state: 'pending' as const, payment_id: null, error: null };

it('keeps an older batch as it was, which then keeps the addresses of its next run, and never others after', async () => {
  const made = openLedgerDb(dir);
  await createSqliteBulkStore(made).insertBatch({ id: 'b-old', profile_id: 'practice', file_name: 'old.csv', state: 'interrupted', created_by: 'tester', created_at: at, updated_at: at, separator: ',' }, [row]);
  made.close();
  rewindLedger(dir, 25);
  const old = openLedgerDb(dir, { migrate: false });
  expect(old.prepare(`SELECT name FROM pragma_table_info('bulk_batches') WHERE name LIKE '%_url'`).pluck().all()).toEqual([]);
  old.close();

  const db = openLedgerDb(dir);
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(26);
    const store = createSqliteBulkStore(db);
    expect(await store.batch('b-old')).toMatchObject({ file_name: 'old.csv', state: 'interrupted', separator: ',', success_url: null, failure_url: null });
    const first = { successUrl: 'https://souq.example/paid', failureUrl: 'https://souq.example/not-paid' };
    expect(await store.claim('b-old', 'tester', first)).toEqual({ taken: true, addresses: first });
    await store.finish('b-old', 'cancelled');
    expect(await store.claim('b-old', 'tester', { successUrl: 'https://elsewhere.example/ok', failureUrl: 'https://elsewhere.example/no' })).toEqual({ taken: true, addresses: first });
    expect(await store.batch('b-old')).toMatchObject({ success_url: first.successUrl, failure_url: first.failureUrl });
    expect((await store.rows('b-old'))[0]).toMatchObject({ order_id: 'OLD-1', state: 'pending' });
  } finally {
    db.close();
  }
});
