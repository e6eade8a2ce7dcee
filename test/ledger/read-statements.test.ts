// The ledger's other reads are planned once, as the list's windows are (window-statements.test.ts):
// the audit screen's windows and searches, the links list, the refunds made, earlier customers and
// the audit chain's slices, the audit export's windows. SQLite (3.51) reads a bound LIMIT or LIKE pattern while planning and
// then plans the statement again at every call (docs/performance.md, "The other reads planned
// once"). So none of their statements may bind a LIMIT or a LIKE pattern, and a second page (or a
// second slice, a second look) prepares nothing new.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerDb } from '../../main/ledger/database';
import { openRecordingLedger, type RecordingLedger } from '../support/recording-ledger';
import { listAudit } from '../../main/ledger/audit-query';
import { linksWindow } from '../../main/ledger/links-query';
import { refundsMadeWindow } from '../../main/ledger/refunds-made';
import { recentCustomers } from '../../main/ledger/customers';
import { auditGenesis, verifyAuditRange } from '../../main/ledger/audit-log';
import { writtenLimit } from '../../main/ledger/statements';
import { auditReader } from '../../main/ledger/export-file';

let ledger: RecordingLedger;
let db: LedgerDb;
/** Every SQL text prepared on the ledger's connection since the test began. */
let prepared: string[];

beforeAll(() => {
  ledger = openRecordingLedger('read-statements', { payments: 3_000, seed: 7 });
  ({ db, prepared } = ledger);
});
afterAll(() => {
  ledger.close();
});

const boundForPlanning = (sql: string) => /\bLIMIT\s+[@:$?]/i.test(sql) || /\bLIKE\s+[@:$?]/i.test(sql);

/**
 * Reads pages 0, 1, 2, ... of a read (each returns how many rows it gave): what the first two
 * prepare binds nothing SQLite plans with, and the third (the same statements, other values)
 * prepares nothing at all.
 */
function pages(page: (n: number) => number) {
  const from = prepared.length;
  expect(page(0)).toBeGreaterThan(0);
  expect(page(1)).toBeGreaterThan(0);
  expect(prepared.slice(from).filter(boundForPlanning)).toEqual([]);
  const again = prepared.length;
  expect(page(2)).toBeGreaterThan(0);
  expect(prepared.slice(again)).toEqual([]);
  return prepared.slice(from);
}

/** Pages on with a keyset: each page after the last row of the one before. */
function keyset<T>(first: () => T[], after: (last: T) => T[]) {
  let rows: T[] = [];
  return (n: number) => {
    rows = n === 0 ? first() : after(rows.at(-1)!);
    return rows.length;
  };
}

describe('the audit screen', () => {
  it('pages the log planned once: the newest page, then the ones before', () => {
    pages(keyset(() => listAudit(db, { offset: 0, limit: 100 }).rows, (last) => listAudit(db, { offset: 0, limit: 100, beforeSeq: last.seq }).rows));
  });
  it.each([
    ['a word', 'refund'],
    ['an order id', 'PD-'],
    ['a user', 'layla'],
  ])('searches %s planned once, page after page', (_, query) => {
    pages(keyset(() => listAudit(db, { offset: 0, limit: 20, query }).rows, (last) => listAudit(db, { offset: 0, limit: 20, query, beforeSeq: last.seq }).rows));
  });
  it('searches for what no entry has planned once', () => {
    pages((n) => listAudit(db, { offset: 0, limit: 100, query: 'zzqx', beforeSeq: 2_000 - n }).rows.length + 1);
  });
  it('searches an amount as typed, its entries from the index, planned once', () => {
    const entry = db.prepare("SELECT amount_minor, currency FROM audit_log WHERE amount_minor IS NOT NULL AND currency = 'SAR' LIMIT 1").get() as { amount_minor: number; currency: string };
    const query = `${(entry.amount_minor / 100).toFixed(2)} SAR`;
    expect(listAudit(db, { offset: 0, limit: 100, query }).rows.some((r) => r.amount_minor === entry.amount_minor)).toBe(true);
    const prepared = pages((n) => listAudit(db, { offset: n, limit: 1, query }).rows.length + 1);
    expect(prepared.some((sql) => sql.includes('ledger_audit_amount'))).toBe(true);
  });
  it('reads a period planned once', () => {
    const period = { from: '2025-06-01T00:00:00Z', to: '2025-08-01T00:00:00Z' };
    pages((n) => listAudit(db, { offset: n * 100, limit: 100, ...period }).rows.length);
  });
  it('answers any size it is asked for exactly, its LIMIT one of a few', () => {
    for (const limit of [1, 7, 100, 333]) expect(listAudit(db, { offset: 0, limit }).rows).toHaveLength(limit);
    expect(listAudit(db, { offset: 0, limit: 7, query: 'refund' }).rows).toEqual(listAudit(db, { offset: 0, limit: 100, query: 'refund' }).rows.slice(0, 7));
    expect([7, 100, 333].map(writtenLimit)).toEqual([10, 100, 500]);
  });
});

describe('the audit export', () => {
  it.each([
    ['the whole log', undefined],
    ['a search', { query: 'PD-' }],
  ])('reads %s window after window, planned once', (_, search) => {
    let reader: ReturnType<typeof auditReader>;
    let after = 0;
    pages((n) => {
      if (n === 0) reader = auditReader(db, search); // its statements prepared with its first window
      const rows = reader.window(after);
      after = rows.at(-1)!.seq;
      return rows.length;
    });
  });
});

describe('the other lists', () => {
  it('the links list, window after window, and by state', () => {
    let next: string | undefined;
    pages((n) => {
      const window = linksWindow(db, { limit: 100, after: n === 0 ? undefined : next });
      next = window.next;
      return window.rows.length;
    });
    pages((n) => linksWindow(db, { limit: 100, state: 'paid', after: n === 0 ? undefined : `2099-01-01T00:00:00.000Z~${n}` }).rows.length + 1);
    const all = linksWindow(db, { limit: 100 });
    expect(linksWindow(db, { limit: 7 }).rows).toEqual(all.rows.slice(0, 7));
  });
  it('the refunds made, window after window', () => {
    const q = { from: '2024-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' };
    pages(keyset(() => refundsMadeWindow(db, q, 101), (last) => refundsMadeWindow(db, q, 101, { at: last.at, id: last.id })));
    expect(refundsMadeWindow(db, q, 7)).toEqual(refundsMadeWindow(db, q, 101).slice(0, 7));
  });
  it('earlier customers, asked again', () => {
    const environment = db.prepare('SELECT environment FROM payments LIMIT 1').pluck().get() as string;
    pages(() => recentCustomers(db, environment, 30).length);
    expect(recentCustomers(db, environment, 3)).toEqual(recentCustomers(db, environment, 30).slice(0, 3));
  });
  it("the audit chain's slices", () => {
    let at = { seq: 0, hash: auditGenesis };
    pages(() => {
      const slice = verifyAuditRange(db, at.seq, at.hash, 1_000);
      expect(slice.brokenAt).toBeUndefined();
      at = slice;
      return slice.rows;
    });
    expect(verifyAuditRange(db, 0, auditGenesis, 7)).toMatchObject({ rows: 7, seq: 7 });
  });
});
