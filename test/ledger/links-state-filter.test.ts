// The links list's State filter ("which links are still unpaid?"): only that state's links, newest
// first, page by page, with that state's count, and a link that gets paid leaves Unpaid at once.
// On a laptop's SQLite ledger and on the team ledger (test/support/ledger-apps.ts); on SQLite
// also on the state index, in the list's order (a seek, no sort).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { openLedgerDb } from '../../main/ledger/database';
import { linksWindowPlan } from '../../main/ledger/links-query';
import { describeLedgerApp } from '../support/ledger-apps';
import { customer } from './support';

describeLedgerApp('payment links list, by state', (app) => {
  type Window = { total: number; rows: PaymentView[]; next?: string };
  const links = (input: { after?: string; limit: number; state?: string }) => app().value<Window>('listPaymentLinks', input);
  const states = ['pending', 'paid', 'expired', 'declined', 'refunded'] as const;

  async function everyWindow(state: string, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 50; page++) {
      const window = await links({ after, limit, state });
      seen.push(...window.rows.map((r) => r.orderId));
      if (!window.next) break;
      after = window.next;
    }
    return seen;
  }

  beforeAll(async () => {
    // 30 links, six of each state, two a minute (ties on created_at), and an unpaid sale between them.
    const rows = [];
    for (let i = 0; i < 30; i++) {
      const at = new Date(Date.parse('2026-01-01T00:00:00Z') + Math.floor(i / 2) * 60_000).toISOString();
      rows.push({ kind: 'link' as const, order_id: `L-${String(i).padStart(2, '0')}`, state: states[i % 5], created_at: at }, { kind: 'sale' as const, order_id: `S-${i}`, state: 'pending' as const, created_at: at });
    }
    await app().seedHistory(rows);
  });

  it('shows only the unpaid links, newest first, page by page, and counts them', async () => {
    const expected = Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 5 === 0).reverse().map((i) => `L-${String(i).padStart(2, '0')}`);
    expect(await everyWindow('pending', 4)).toEqual(expected);
    const first = await links({ limit: 4, state: 'pending' });
    expect(first.total).toBe(6);
    expect(first.rows.every((r) => r.kind === 'link' && r.state === 'pending')).toBe(true);
  });

  it('each state shows its own links and count; no state shows them all', async () => {
    for (const [state, n] of [['paid', 1], ['expired', 2], ['declined', 3]] as const) {
      const window = await links({ limit: 100, state });
      expect(window.rows.map((r) => r.orderId).sort()).toEqual(Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 5 === n).map((i) => `L-${String(i).padStart(2, '0')}`));
      expect(window.total).toBe(6);
    }
    expect((await links({ limit: 100 })).total).toBe(30);
  });

  it('a link made, then paid at the practice pay page, leaves Unpaid and joins Paid', async () => {
    const link = await app().value<PaymentView>('createPaymentLink', { amount: '21.50', currency: 'SAR', description: 'Filtered', customer });
    const unpaidBefore = await links({ limit: 100, state: 'pending' });
    expect(unpaidBefore.rows[0]!.id).toBe(link.id);
    expect(unpaidBefore.total).toBe(7);
    const url = new URL(link.url!);
    await fetch(`${url.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: url.searchParams.get('linkId')!, cardNumber: '5123450000000008', cardHolder: 'X', expiry: '01/39', cvv: '100' }) });
    expect((await app().value<PaymentView>('checkPaymentStatus', { paymentId: link.id })).state).toBe('paid');
    const unpaid = await links({ limit: 100, state: 'pending' });
    expect(unpaid.rows.map((r) => r.id)).not.toContain(link.id);
    expect(unpaid.total).toBe(6);
    const paid = await links({ limit: 100, state: 'paid' });
    expect(paid.rows[0]!.id).toBe(link.id);
    expect(paid.total).toBe(7);
  });

  it('refuses a state the filter does not offer', async () => {
    expect((await app().call('listPaymentLinks', { limit: 10, state: 'creating' })).ok).toBe(false);
  });
});

// SQLite-internal: the query plan of the laptop's file (the team ledger's are bench/team-search.ts's).
it('a state\'s links window walks the state index in the list\'s order instead of sorting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-links-state-'));
  const db = openLedgerDb(dir);
  try {
    const plan = linksWindowPlan(db, 'pending').join(' | ');
    expect(plan).toMatch(/USING INDEX payments_state \(state=\?/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
