// The list sorted by amount keeps each currency apart: one currency's minor units are not another's
// (KWD 21.732 and SAR 217.32 are both 21732). It walks payments_currency_amount, never sorting the
// whole ledger; a ledger from before (migration 24) loses the index of amounts alone it walked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { latestVersion } from '../../main/ledger/migrations';
import { planWhere, windowQuery, type PaymentSort } from '../../main/ledger/search';
import type { PaymentFilter } from '../../contract/methods/payments';
import { rewindLedger } from '../support/rewind-ledger';

const dir = mkdtempSync(join(tmpdir(), 'paydesk-amount-sort-'));
let db: LedgerDb;
let before: unknown[];
const indexesOf = (of: LedgerDb) => of.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'payments' AND name LIKE 'payments_%amount%' ORDER BY name`).pluck().all();

beforeAll(() => {
  openLedgerDb(dir).close();
  rewindLedger(dir, 24);
  const old = openLedgerDb(dir, { migrate: false });
  before = indexesOf(old);
  old.close();
  db = openLedgerDb(dir);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('drops the index of amounts alone from a ledger made before', () => {
  expect(before).toEqual(['payments_amount', 'payments_currency_amount']);
  expect(db.pragma('user_version', { simple: true })).toBe(latestVersion); // 25 dropped it; later migrations leave it dropped
  expect(indexesOf(db)).toEqual(['payments_currency_amount']);
});

it.each<[PaymentFilter, PaymentSort]>([
  [{}, { by: 'amount', direction: 'desc' }],
  [{}, { by: 'amount', direction: 'asc' }],
  [{ currency: 'KWD' }, { by: 'amount', direction: 'desc' }],
  [{ currency: 'KWD', minAmount: '1.500', maxAmount: '30' }, { by: 'amount', direction: 'asc' }],
])('with %j, sorted %j, walks the currency and amount index in order (no sort of every match)', (filter, sort) => {
  const query = windowQuery(db, planWhere(db, filter), sort, undefined);
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${query.sql} LIMIT 100`).all({ ...query.params }) as Array<{ detail: string }>).map((r) => r.detail).join('; ');
  expect(plan).toMatch(/USING INDEX payments_currency_amount/);
  expect(plan).not.toMatch(/TEMP B-TREE/);
});
