// The payment links list pages from its last row (keyset): every link exactly once, newest
// first, ties on the creation time broken by insertion order, links added meanwhile never
// repeating or pushing an older one out, on an index that matches the order (no sort).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { linksWindow, linksWindowPlan } from '../../main/ledger/links-query';

let dir = '';
let db: LedgerDb;
const insert = (kind: string, orderId: string, createdAt: string) =>
  db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, created_by, created_at, updated_at)
    VALUES (?, 'practice', 'practice', ?, ?, 1000, 'SAR', 'pending', 'test', ?, ?)`).run(randomUUID(), kind, orderId, createdAt, createdAt);

function everyWindow(limit: number, between?: (page: number) => void): string[] {
  const seen: string[] = [];
  let after: string | undefined;
  for (let page = 0; page < 100; page++) {
    const window = linksWindow(db, { after, limit });
    seen.push(...window.rows.map((r) => r.order_id));
    between?.(page);
    if (!window.next) break;
    after = window.next;
  }
  return seen;
}

describe('payment links list, page by page', () => {
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-links-'));
    db = openLedgerDb(dir);
    // 40 links, two a minute (ties on created_at), with sales between them.
    for (let i = 0; i < 40; i++) {
      const at = new Date(Date.parse('2026-01-01T00:00:00Z') + Math.floor(i / 2) * 60_000).toISOString();
      insert('link', `L-${String(i).padStart(2, '0')}`, at);
      insert('sale', `S-${i}`, at);
    }
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows every link exactly once, newest first, the later of two at the same time first', () => {
    const expected = Array.from({ length: 40 }, (_, i) => `L-${String(39 - i).padStart(2, '0')}`);
    expect(everyWindow(7)).toEqual(expected);
    expect(everyWindow(100)).toEqual(expected);
    expect(linksWindow(db, { limit: 7 }).total).toBe(40);
  });

  it('continues from the last row shown while new links are added, never repeating one', () => {
    const seen = everyWindow(5, (page) => insert('link', `NEW-${page}`, new Date().toISOString()));
    expect(seen.filter((o) => o.startsWith('L-'))).toHaveLength(40);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.some((o) => o.startsWith('NEW-'))).toBe(false);
  });

  it('seeks the creation-time index instead of sorting', () => {
    const plan = linksWindowPlan(db).join(' | ');
    expect(plan).toMatch(/USING INDEX/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('an unreadable position gives an empty window, not an error', () => {
    expect(linksWindow(db, { after: 'nonsense', limit: 5 }).rows).toEqual([]);
  });
});
