// The audit screen's search finds exactly what a plain scan of the log finds (each entry's words
// and the order id it shows, its payment's or its own), newest first, window after window,
// whichever way it looks (payments' order ids first, the own order ids' index, the words).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { appendAudit } from '../../main/ledger/audit-log';
import { listAudit } from '../../main/ledger/audit-query';
import { seedLedger } from '../../scripts/seed-ledger';

let dir: string;
let db: LedgerDb;
const at = '2026-11-20T10:00:00.000Z';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-search-'));
  db = openLedgerDb(dir);
  seedLedger(db, { payments: 3_000, seed: 11 });
  const some = db.prepare('SELECT id, order_id FROM payments WHERE rowid IN (10, 1500, 2999) ORDER BY rowid').all() as Array<{ id: string; order_id: string }>;
  // Beside the seeded entries: an order id of its own (no payment, an unknown payment, not the
  // payment's), none while the payment has one, wildcards and mixed case, words.
  appendAudit(db, { osUser: 'layla', action: 'create_payment', orderId: 'ORPHAN-77', result: 'failed' }, at);
  appendAudit(db, { osUser: 'layla', action: 'refund', paymentId: 'no-such-payment', orderId: 'Ghost_50%', result: 'failed' }, at);
  appendAudit(db, { osUser: 'omar', action: 'refund', paymentId: some[0]!.id, orderId: 'RENAMED-9', result: 'succeeded' }, at);
  appendAudit(db, { osUser: 'omar', action: 'capture', paymentId: some[1]!.id, orderId: null, result: 'succeeded' }, at);
  appendAudit(db, { osUser: 'omar', action: 'capture', paymentId: some[2]!.id, orderId: some[2]!.order_id, result: 'Exported 12 rows' }, at);
  appendAudit(db, { osUser: 'zainab', action: 'settings_changed', result: 'ok' }, at);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every entry tested, as the log shows it (the audit_log view), newest first. */
function scan(text: string): number[] {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.prepare(`SELECT seq FROM audit_log WHERE ${['action', 'os_user', 'result', 'order_id'].map((c) => `${c} LIKE @like ESCAPE '\\'`).join(' OR ')} ORDER BY seq DESC`).pluck().all({ like }) as number[];
}

const pick = (sql: string) => db.prepare(sql).pluck().get() as string;

describe('the audit search', () => {
  const queries = () => [
    'no-such-entry', 'zz', 'Q', 'PD', 'PD-20', 'PD-2025', 'example', 'Qahtani', 'pd-2025-0', 'ORPHAN', 'orphan-77', 'ghost_', '50%', '_5', 'RENAMED', 'refund', 'REFUND', 'omar', 'zainab', 'rows', 'Exported 1',
    pick('SELECT order_id FROM payments WHERE rowid = 10'), pick('SELECT order_id FROM payments WHERE rowid = 1500'), pick('SELECT order_id FROM payments WHERE rowid = 2999'),
    pick('SELECT order_id FROM payments WHERE rowid = 777').slice(-5), pick('SELECT order_id FROM payments WHERE rowid = 2222').slice(2, 9),
  ];

  it('finds what a scan of every entry finds, newest first', () => {
    for (const query of queries()) {
      const found = listAudit(db, { query, offset: 0, limit: 300 });
      const expected = scan(query);
      expect({ query, seqs: found.rows.map((r) => r.seq) }).toEqual({ query, seqs: expected.slice(0, 300) });
      expect({ query, more: !found.totalExact }).toEqual({ query, more: expected.length >= 300 });
    }
  });

  it('window after window, by offset or from the last entry shown, each entry once', () => {
    for (const query of ['PD-2025', pick('SELECT order_id FROM payments WHERE rowid = 1500'), 'refund', 'no-such-entry']) {
      const expected = scan(query);
      const seen: number[] = [];
      let before: number | undefined;
      for (;;) {
        const page = listAudit(db, { query, offset: 0, limit: 250, beforeSeq: before });
        seen.push(...page.rows.map((r) => r.seq));
        if (page.totalExact) break;
        before = page.rows.at(-1)!.seq;
      }
      expect({ query, seen }).toEqual({ query, seen: expected });
      expect(listAudit(db, { query, offset: 100, limit: 50 }).rows.map((r) => r.seq)).toEqual(expected.slice(100, 150));
    }
  });

  it('shows the order id an entry shows in the log', () => {
    expect(listAudit(db, { query: 'RENAMED-9', offset: 0, limit: 10 }).rows.map((r) => r.order_id)).toEqual(['RENAMED-9']);
    const order = pick('SELECT order_id FROM payments WHERE rowid = 1500');
    expect(listAudit(db, { query: order, offset: 0, limit: 10 }).rows.every((r) => r.order_id === order)).toBe(true);
  });
});
