// The payment links list pages from its last row (keyset): every link exactly once, newest
// first, ties on the creation time broken by insertion order, links added meanwhile never
// repeating or pushing an older one out. On a laptop's SQLite ledger and on the team ledger
// (test/support/ledger-apps.ts); on SQLite also on an index that matches the order (no sort).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { openLedgerDb } from '../../main/ledger/database';
import { linksWindowPlan } from '../../main/ledger/links-query';
import { describeLedgerApp } from '../support/ledger-apps';

describeLedgerApp('payment links list, page by page', (app) => {
  type Window = { total: number; rows: PaymentView[]; next?: string };
  const links = (input: { after?: string; limit: number }) => app().value<Window>('listPaymentLinks', input);

  async function everyWindow(limit: number, between?: (page: number) => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 100; page++) {
      const window = await links({ after, limit });
      seen.push(...window.rows.map((r) => r.orderId));
      await between?.(page);
      if (!window.next) break;
      after = window.next;
    }
    return seen;
  }

  beforeAll(async () => {
    // 40 links, two a minute (ties on created_at), with sales between them.
    const rows = [];
    for (let i = 0; i < 40; i++) {
      const at = new Date(Date.parse('2026-01-01T00:00:00Z') + Math.floor(i / 2) * 60_000).toISOString();
      rows.push({ kind: 'link' as const, order_id: `L-${String(i).padStart(2, '0')}`, created_at: at }, { kind: 'sale' as const, order_id: `S-${i}`, created_at: at });
    }
    await app().seedHistory(rows);
  });

  it('shows every link exactly once, newest first, the later of two at the same time first', async () => {
    const expected = Array.from({ length: 40 }, (_, i) => `L-${String(39 - i).padStart(2, '0')}`);
    expect(await everyWindow(7)).toEqual(expected);
    expect(await everyWindow(100)).toEqual(expected);
    expect((await links({ limit: 7 })).total).toBe(40);
  });

  it('continues from the last row shown while new links are added, never repeating one', async () => {
    const seen = await everyWindow(5, (page) => app().seedPayments([{ kind: 'link', order_id: `NEW-${page}` }]));
    expect(seen.filter((o) => o.startsWith('L-'))).toHaveLength(40);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.some((o) => o.startsWith('NEW-'))).toBe(false);
  });

  it('an unreadable position gives an empty window, not an error', async () => {
    expect((await links({ after: 'nonsense', limit: 5 })).rows).toEqual([]);
  });
});

// SQLite-internal: the query plan of the laptop's file (the team ledger's plans are bench/team-search.ts's).
it('the links window seeks the creation-time index instead of sorting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-links-'));
  const db = openLedgerDb(dir);
  try {
    db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, created_by, created_at, updated_at)
      VALUES (?, 'practice', 'practice', 'link', 'L-1', 1000, 'SAR', 'pending', 'test', ?, ?)`).run(randomUUID(), '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
    const plan = linksWindowPlan(db).join(' | ');
    expect(plan).toMatch(/USING INDEX/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
