// Needs attention pages as one queue (the walk of 2026-12-01 left "Showing the oldest 547 of 1,026",
// the union of three answers of 500, each its own set's oldest: a row of another set could be
// missing in between). Three sets larger than a window whose rows interleave, some payments in two:
// paged through in either order, every item comes exactly once, in one order, and rows that leave
// the queue while one pages (settled) neither skip nor repeat another; the navigation's count
// (countNeedsAttention) is the queue's total as it goes. Both ledgers.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';

type Window = { total: number; next?: string; rows: Array<{ payment: PaymentView; operation: { kind: string; amountMinor: number | null; sentAt: string } | null }> };

describeLedgerApp('Needs attention as a queue', (app, backend) => {
  const start = Date.parse('2025-03-01T08:00:00.000Z');
  const at = (i: number) => new Date(start + i * 60_000).toISOString();
  /** Which set(s) payment i is in: flagged (i % 3 == 0), unknown (i % 4 == 1), a lost refund (i % 5 == 2); the rest are paid and not in the queue. */
  const flagged = (i: number) => i % 3 === 0;
  const unknown = (i: number) => i % 4 === 1 && !flagged(i);
  const lost = (i: number) => i % 5 === 2 && !unknown(i);
  const count = 60;
  const inQueue = (i: number) => flagged(i) || unknown(i) || lost(i);
  let ids: string[] = [];

  async function page(on: LedgerApp, direction: 'asc' | 'desc', limit: number, each?: (n: number) => Promise<void>) {
    const seen: string[] = [];
    const totals: number[] = [];
    let after: string | undefined;
    for (let n = 0; n < 100; n++) {
      const window = await on.value<Window>('listNeedsAttention', { limit, direction, ...(after ? { after } : {}) });
      expect(window.rows.length).toBeLessThanOrEqual(limit);
      seen.push(...window.rows.map((r) => r.payment.id));
      totals.push(window.total);
      if (!window.next) break;
      after = window.next;
      await each?.(n);
    }
    return { seen, totals };
  }

  it('pages through every item exactly once, in one order, either way', async () => {
    const rows = Array.from({ length: count }, (_, i) => ({
      order_id: `QUEUE-${String(i).padStart(2, '0')}`, kind: 'sale' as const, created_at: at(i), updated_at: at(i),
      state: unknown(i) ? ('unknown' as const) : ('paid' as const), captured_minor: unknown(i) ? 0 : 1_000,
      needs_attention: flagged(i) ? 1 : 0, attention_reason: flagged(i) ? ('unsettled' as const) : null, transaction_id: `tx-queue-${i}`,
    }));
    await app().seedHistory(rows);
    ids = await Promise.all(rows.map(async (r) => (await app().store.byOrderId('practice', r.order_id))!.id));
    for (let i = 0; i < count; i++) {
      if (!lost(i)) continue;
      // Recorded as sending, then its answer lost, as the refund flow does.
      const id = randomUUID();
      await app().store.insertOperation({ id, payment_id: ids[i]!, kind: 'refund', amount_minor: 100 + i, base_minor: 0, reason: 'Customer asked', os_user: 'tester', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: at(count + i), completed_at: null });
      await app().store.completeOperation(id, { outcome: 'unknown', error_code: 'outcome_unknown' });
    }
    const expected = ids.filter((_, i) => inQueue(i));
    expect(expected.length).toBeGreaterThan(3 * 7); // each set larger than a window of 7

    const oldest = await page(app(), 'asc', 7);
    expect(oldest.seen).toEqual(expected);
    expect(new Set(oldest.totals)).toEqual(new Set([expected.length]));
    const newest = await page(app(), 'desc', 7);
    expect(newest.seen).toEqual([...expected].reverse());
    // The navigation's count is the queue's own total: each payment once, whichever sets it is in.
    expect(await app().value<{ total: number }>('countNeedsAttention', {})).toEqual({ total: expected.length });
    // Every role's navigation shows it: on the team ledger staff and finance read the same count as support.
    if (backend === 'postgres') {
      for (const role of ['staff', 'finance'] as const) {
        const other = await app().open({ role, sameGateway: true });
        expect(await other.value<{ total: number }>('countNeedsAttention', {}), role).toEqual({ total: expected.length });
      }
    }

    // Each lost refund comes with its operation; a flagged or unknown one without a lost answer with none.
    const all = await app().value<Window>('listNeedsAttention', { limit: 500 });
    const byId = new Map(all.rows.map((r) => [r.payment.id, r.operation]));
    expect(byId.get(ids[2]!)).toMatchObject({ kind: 'refund', amountMinor: 102 });
    expect(Number.isNaN(Date.parse(byId.get(ids[2]!)!.sentAt))).toBe(false);
    expect(byId.get(ids[0]!)).toBeNull();
    // A position that is none is past the end, not the start again.
    expect((await app().value<Window>('listNeedsAttention', { after: 'not a position' })).rows).toEqual([]);
  });

  it('continues where the last window ended when rows leave the queue meanwhile, and its total follows', async () => {
    const expected = ids.filter((_, i) => inQueue(i));
    // After the first window, settle one row it showed and one of the next window's (flagged ones alone: in one set).
    const only = (id: string) => { const i = ids.indexOf(id); return flagged(i) && !lost(i); };
    const leaving = [expected.slice(0, 7).findLast(only)!, expected.slice(7, 14).find(only)!];
    expect(leaving.every(Boolean)).toBe(true);
    const { seen, totals } = await page(app(), 'asc', 7, async (n) => {
      if (n !== 0) return;
      for (const id of leaving) await app().store.update(id, { needs_attention: 0, attention_reason: null }, 'test', new Date().toISOString());
    });
    const gone = new Set(leaving.filter((id) => expected.indexOf(id) >= 7));
    expect(seen).toEqual(expected.filter((id) => !gone.has(id)));
    expect(totals[0]).toBe(expected.length);
    expect(totals.at(-1)).toBe(expected.length - leaving.length);
    expect(await app().value<{ total: number }>('countNeedsAttention', {})).toEqual({ total: expected.length - leaving.length });
  });
});
