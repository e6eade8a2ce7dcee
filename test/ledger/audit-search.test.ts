// The audit screen's search finds exactly what a plain scan of the log finds (each entry's words
// and the order id it shows), newest first, window after window, whichever way it looks. On a
// laptop's SQLite ledger and on the team ledger (test/support/ledger-apps.ts), whose database
// writes the log itself; the scan reads every entry through the screen's own window, unsearched.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { PaymentRow } from '../../main/ledger/payment-rows';
import { openLedgerDb } from '../../main/ledger/database';
import { latestVersion } from '../../main/ledger/migrations';
import { appendAudit } from '../../main/ledger/audit-log';
import { auditMatch, listAudit } from '../../main/ledger/audit-query';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { describeLedgerApp, paymentRow } from '../support/ledger-apps';
import { seedRefund } from '../support/seed-refund';
import { rewindLedger } from '../support/rewind-ledger';

type Entry = { seq: number; action: string; osUser: string; result: string; orderId: string | null };
type Window = { total: number; totalExact?: boolean; rows: Entry[] };
const pad = (n: number) => String(n).padStart(2, '0');
const at = '2026-11-20T10:00:00.000Z';

describeLedgerApp('the audit search', (app, backend) => {
  const payments: PaymentRow[] = [];
  let every: Entry[] = [];
  const order = (i: number) => payments[i]!.order_id;

  beforeAll(async () => {
    const users = ['layla', 'omar', 'zainab'];
    // On SQLite more than 2,000 payments whose order id holds "PD-2025", so it reads each entry's
    // payment instead (audit-query.ts's fewOrders); PostgreSQL has one way (each 300 costs it about 2 s under load).
    for (let batch = 0; batch < (backend === 'sqlite' ? 7 : 4); batch++) {
      const rows = Array.from({ length: 300 }, (_, k) => {
        const i = batch * 300 + k;
        const sale = i % 4 === 0;
        return {
          order_id: `PD-2025${pad(1 + (i % 12))}${pad(1 + (i % 28))}-${i.toString(36).toUpperCase().padStart(6, '0')}`, kind: sale ? ('sale' as const) : ('link' as const),
          state: sale ? ('paid' as const) : ('pending' as const), captured_minor: sale ? 1_000 : 0, created_by: users[i % 3]!,
        };
      });
      payments.push(...(await app().seedPayments(rows)));
    }
    // Beside them: wildcards and mixed case in order ids, refunds, an export's entry.
    payments.push(...(await app().seedPayments([
      { order_id: 'ORPHAN-77', created_by: 'layla' }, { order_id: 'Ghost_50%', created_by: 'layla' },
      { order_id: 'RENAMED-9', kind: 'sale', state: 'paid', captured_minor: 1_000, created_by: 'omar' },
    ])));
    for (const p of payments.filter((x) => x.state === 'paid').slice(-12)) await seedRefund(app().store, p, { osUser: 'omar', amountMinor: 100, at });
    await app().value('exportSettlement', { days: [{ date: '2026-11-20', from: '2026-11-19T21:00:00.000Z', to: '2026-11-20T21:00:00.000Z' }] });
    every = [];
    for (let before: number | undefined; ;) {
      const page = await app().value<Window>('listAuditLog', { limit: 500, beforeSeq: before });
      every.push(...page.rows);
      if (page.rows.length < 500) break;
      before = page.rows.at(-1)!.seq;
    }
  });

  /** Every entry tested, as the log shows it, newest first (LIKE's folding: ASCII letters only). */
  function scan(text: string): number[] {
    const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
    return every.filter((e) => [e.action, e.osUser, e.result, e.orderId ?? ''].some((w) => fold(w).includes(fold(text)))).map((e) => e.seq);
  }
  const list = (input: object) => app().value<Window>('listAuditLog', input);

  const queries = () => [
    'no-such-entry', 'zz', 'Q', 'PD', 'PD-20', 'PD-2025', 'example', 'pd-2025-0', 'pd-202503', 'ORPHAN', 'orphan-77', 'ghost_', '50%', '_5', 'RENAMED', 'refund', 'REFUND', 'omar', 'zainab', 'rows', 'export', 'succeeded',
    order(10), order(600), order(1199), order(777).slice(-5), order(222).slice(2, 9),
  ];

  it('finds what a scan of every entry finds, newest first', async () => {
    expect(every.length).toBeGreaterThan(payments.length);
    for (const query of queries()) {
      const found = await list({ query, offset: 0, limit: 300 });
      const expected = scan(query);
      expect({ query, seqs: found.rows.map((r) => r.seq) }).toEqual({ query, seqs: expected.slice(0, 300) });
      expect({ query, more: !found.totalExact }).toEqual({ query, more: expected.length >= 300 });
    }
  });

  it('window after window, by offset or from the last entry shown, each entry once', async () => {
    for (const query of ['PD-2025', order(600), 'refund', 'no-such-entry']) {
      const expected = scan(query);
      const seen: number[] = [];
      let before: number | undefined;
      for (;;) {
        const page = await list({ query, offset: 0, limit: 250, beforeSeq: before });
        seen.push(...page.rows.map((r) => r.seq));
        if (page.totalExact) break;
        before = page.rows.at(-1)!.seq;
      }
      expect({ query, seen }).toEqual({ query, seen: expected });
      expect((await list({ query, offset: 100, limit: 50 })).rows.map((r) => r.seq)).toEqual(expected.slice(100, 150));
    }
  });

  // The screen sends the codes whose label holds the typed text (audit-search-codes.ts): "استرداد"
  // or "Card sale" are in no entry, and found nothing before.
  it('finds the entries whose action or result the screen names, with what the text finds, window after window', async () => {
    const withCodes = (text: string, actions: string[], results: string[]) => {
      const typed = new Set(scan(text));
      return every.filter((e) => actions.includes(e.action) || results.includes(e.result) || typed.has(e.seq)).map((e) => e.seq);
    };
    const cases: Array<[string, string[], string[]]> = [
      ['استرداد', ['refund', 'checkup_refund', 'settle_refund'], []],
      ['Done', [], ['succeeded']],
      ['Card sale', ['create_sale'], []],
      ['omar', ['capture'], ['exported', '3 rows']],
      ['Payment link', ['create_link'], ['recorded: pending']],
    ];
    for (const [query, actions, results] of cases) {
      const expected = withCodes(query, actions, results);
      expect({ query, found: expected.length > 0 }).toEqual({ query, found: true });
      const seen: number[] = [];
      let before: number | undefined;
      for (;;) {
        const page = await list({ query, actions, results, offset: 0, limit: 250, beforeSeq: before });
        seen.push(...page.rows.map((r) => r.seq));
        if (page.totalExact) break;
        before = page.rows.at(-1)!.seq;
      }
      expect({ query, seen }).toEqual({ query, seen: expected });
    }
    // Codes no entry has, and a text no entry holds: nothing.
    expect((await list({ query: 'Profile removed', actions: ['profile_remove'], results: ['did_not_go_through'], offset: 0, limit: 50 })).rows).toEqual([]);
  });

  it('shows the order id of the entry’s payment', async () => {
    const found = await list({ query: 'RENAMED-9', offset: 0, limit: 10 });
    expect(found.rows.length).toBeGreaterThan(1);
    expect(found.rows.every((r) => r.orderId === 'RENAMED-9')).toBe(true);
  });
});

// SQLite-internal: a laptop's entries may keep an order id other than their payment's, or none
// (the team's database always writes the payment's into the entry).
it('on a laptop’s ledger, shows the order id an entry shows in the log: its own, its payment’s, or none', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-search-'));
  const db = openLedgerDb(dir);
  try {
    const { id } = paymentRow({ order_id: 'PD-OWN-1', created_at: at });
    await createSqliteLedgerStore(db).insert(paymentRow({ id, order_id: 'PD-OWN-1', created_at: at }));
    appendAudit(db, { osUser: 'layla', action: 'create_payment', orderId: 'ORPHAN-77', result: 'failed' }, at);
    appendAudit(db, { osUser: 'layla', action: 'refund', paymentId: 'no-such-payment', orderId: 'Ghost_50%', result: 'failed' }, at);
    appendAudit(db, { osUser: 'omar', action: 'refund', paymentId: id, orderId: 'RENAMED-9', result: 'succeeded' }, at);
    appendAudit(db, { osUser: 'omar', action: 'capture', paymentId: id, orderId: 'PD-OWN-1', result: 'succeeded' }, at);
    appendAudit(db, { osUser: 'omar', action: 'void', paymentId: id, orderId: null, result: 'succeeded' }, at);
    expect(listAudit(db, { query: 'RENAMED-9', offset: 0, limit: 10 }).rows.map((r) => r.order_id)).toEqual(['RENAMED-9']);
    expect(listAudit(db, { query: 'ghost_', offset: 0, limit: 10 }).rows.map((r) => r.order_id)).toEqual(['Ghost_50%']);
    expect(listAudit(db, { query: 'PD-OWN-1', offset: 0, limit: 10 }).rows.map((r) => [r.action, r.order_id])).toEqual([['capture', 'PD-OWN-1']]);
    expect(listAudit(db, { query: 'void', offset: 0, limit: 10 }).rows.map((r) => r.order_id)).toEqual([null]);
    // A reason, as the screen shows it beside the action (the team ledger's index does not hold reasons).
    appendAudit(db, { osUser: 'omar', action: 'refund', paymentId: id, amountMinor: 1030, currency: 'SAR', reason: 'Rest of it', result: 'succeeded' }, at);
    expect(listAudit(db, { query: 'rest of', offset: 0, limit: 10 }).rows.map((r) => [r.action, r.reason])).toEqual([['refund', 'Rest of it']]);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// SQLite-internal: a ledger from before migration 18 gets the index by payment, and a search by an
// order id reads that payment's entries from it, window after window, instead of walking the log
// (136 ms at 1,000,000 payments; docs/performance.md).
it('on a laptop’s ledger from before migration 18, finds a payment’s entries by the index by payment', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-payment-'));
  try {
    let db = openLedgerDb(dir);
    const store = createSqliteLedgerStore(db);
    const payments: Array<{ id: string; orderId: string }> = [];
    for (let n = 1; n <= 3; n++) {
      const row = paymentRow({ order_id: `PD-IDX-${n}`, created_at: at });
      await store.insert(row);
      payments.push({ id: row.id, orderId: row.order_id });
    }
    // Interleaved, each showing its payment's order id: the second payment's are 2, 5, 8, 11.
    for (let round = 0; round < 4; round++) {
      for (const { id, orderId } of payments) appendAudit(db, { osUser: 'omar', action: 'status_check', paymentId: id, orderId, result: 'succeeded' }, at);
    }
    // The second payment's entry showing no order id (13) is not found by it; one of the first's
    // keeping an order id of its own that holds the text (14) is.
    appendAudit(db, { osUser: 'omar', action: 'refund', paymentId: payments[1]!.id, orderId: null, result: 'failed' }, at);
    appendAudit(db, { osUser: 'omar', action: 'refund', paymentId: payments[0]!.id, orderId: 'PD-IDX-2-B', result: 'succeeded' }, at);
    db.close();
    rewindLedger(dir, 17);

    db = openLedgerDb(dir);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
      expect(listAudit(db, { query: 'PD-IDX-2', offset: 0, limit: 10 }).rows.map((r) => [r.seq, r.order_id])).toEqual([[14, 'PD-IDX-2-B'], [11, 'PD-IDX-2'], [8, 'PD-IDX-2'], [5, 'PD-IDX-2'], [2, 'PD-IDX-2']]);
      const first = listAudit(db, { query: 'pd-idx-2', offset: 0, limit: 2 });
      expect(first.rows.map((r) => r.seq)).toEqual([14, 11]);
      expect(listAudit(db, { query: 'pd-idx-2', offset: 0, limit: 2, beforeSeq: 11 }).rows.map((r) => r.seq)).toEqual([8, 5]);
      expect(listAudit(db, { query: 'pd-idx-2', offset: 4, limit: 2 }).rows.map((r) => r.seq)).toEqual([2]);
      const match = auditMatch(db, { query: 'PD-IDX-2' });
      if (match === 'none') throw new Error('expected a match');
      const plan = (db.prepare(`EXPLAIN QUERY PLAN WITH words AS (SELECT value FROM json_each(@words)) SELECT a.seq FROM ledger_audit a WHERE a.seq < 20 AND ${match.test} ORDER BY a.seq DESC LIMIT 200`).all(match.params) as Array<{ detail: string }>).map((r) => r.detail).join('; ');
      expect(plan).toContain('SEARCH ledger_audit USING INDEX ledger_audit_payment (payment=? AND rowid<?)');
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
