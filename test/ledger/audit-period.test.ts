// Finance preparing for an auditor asks for "every refund of last month and who made it": the
// audit screen's From and To days (a period, as instants) list the entries written in it, alone or
// with a search, page by page, and its export writes exactly them, on a laptop's SQLite ledger
// and on the team ledger (whose database stamps each entry's time itself). What each period should
// hold is read from every entry's own time through the screen's window, unfiltered.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { PaymentRow } from '../../main/ledger/payment-rows';
import { describeLedgerApp } from '../support/ledger-apps';
import { seedRefund } from '../support/seed-refund';

type Entry = { seq: number; at: string; action: string; osUser: string };
type Window = { total: number; totalExact?: boolean; rows: Entry[] };

describeLedgerApp('the audit log by period', (app) => {
  let every: Entry[] = [];
  let period: { from: string; to: string };
  const list = (input: object) => app().value<Window>('listAuditLog', input);
  const inPeriod = (p: { from?: string; to?: string }, e: Entry) => (p.from === undefined || e.at >= p.from) && (p.to === undefined || e.at < p.to);

  beforeAll(async () => {
    const payments = await app().seedPayments(['SEP', 'OCT-1', 'OCT-2', 'NOV'].map((order_id) => ({ order_id, kind: 'sale', state: 'paid', currency: 'SAR', amount_minor: 10_000, captured_minor: 10_000, created_at: '2026-09-01T08:00:00.000Z' }))) as PaymentRow[];
    // September, October (two people), November: the laptop keeps these times; the team database stamps its own.
    const times = ['2026-09-15T09:00:00.000Z', '2026-10-03T09:00:00.000Z', '2026-10-30T09:00:00.000Z', '2026-11-20T09:00:00.000Z'];
    const people = ['sam', 'fay', 'omar', 'sam'];
    for (const [i, payment] of payments.entries()) await seedRefund(app().store, payment, { osUser: people[i]!, amountMinor: 1_000, at: times[i]! });
    every = (await list({ limit: 500 })).rows;
    const refunds = every.filter((e) => e.action === 'refund').reverse(); // oldest first, two entries a refund
    expect(refunds).toHaveLength(8);
    // "Last month": from the first October refund's entry up to (not with) the November one's.
    period = { from: refunds[2]!.at, to: refunds[6]!.at };
  });

  const seqsOf = (rows: Entry[]) => rows.map((r) => r.seq);
  const expected = (p: { from?: string; to?: string }, filter: (e: Entry) => boolean = () => true) => seqsOf(every.filter((e) => inPeriod(p, e) && filter(e)));

  it('lists the entries written in the period, newest first, with who made them', async () => {
    const shown = await list({ ...period, limit: 100 });
    expect(seqsOf(shown.rows)).toEqual(expected(period));
    expect(shown.rows.filter((r) => r.action === 'refund').map((r) => r.osUser)).toEqual(['omar', 'omar', 'fay', 'fay']);
    expect(shown.totalExact).toBe(true);
    // Open at either end: since a day, or up to one.
    expect(seqsOf((await list({ from: period.from, limit: 100 })).rows)).toEqual(expected({ from: period.from }));
    expect(seqsOf((await list({ to: period.to, limit: 100 })).rows)).toEqual(expected({ to: period.to }));
    // A period before the first entry or after the last holds none.
    expect((await list({ from: '2020-01-01T00:00:00.000Z', to: '2020-02-01T00:00:00.000Z', limit: 100 })).rows).toEqual([]);
    expect((await list({ from: '2099-01-01T00:00:00.000Z', limit: 100 })).rows).toEqual([]);
  });

  it('pages through a period by "Older entries" without leaving it', async () => {
    const want = expected(period);
    const seen: number[] = [];
    let page = await list({ ...period, limit: 1 });
    for (;;) {
      seen.push(...seqsOf(page.rows));
      if (page.totalExact !== false) break;
      page = await list({ ...period, limit: 1, beforeSeq: page.rows.at(-1)!.seq });
    }
    expect(seen).toEqual(want);
  });

  it('with a search, finds only its entries in the period', async () => {
    const found = await list({ ...period, query: 'refund', actions: ['refund'], limit: 100 });
    expect(seqsOf(found.rows)).toEqual(expected(period, (e) => e.action === 'refund'));
    expect(found.rows).toHaveLength(4);
    const fay = await list({ ...period, query: 'fay', limit: 100 });
    expect(seqsOf(fay.rows)).toEqual(expected(period, (e) => e.osUser === 'fay'));
  });

  it('exports the period as the screen lists it, oldest first, into a file named as a part', async () => {
    const started = await app().value<{ exportId: string; path: string; fileName: string }>('exportToFile', { kind: 'audit', search: period, timeZone: 'Asia/Riyadh' });
    expect(started.fileName).toMatch(/^paydesk-audit-matching-/);
    await expect.poll(() => app().events.some((e) => e.type === 'export.progress' && e.exportId === started.exportId && e.done)).toBe(true);
    const [header, ...lines] = readFileSync(started.path, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
    expect(lines.map((cells) => Number(cells[header!.indexOf('seq')]))).toEqual(expected(period).reverse());
    // The export's own entry says which period it holds.
    const record = (await list({ limit: 1 })).rows[0] as Entry & { result: string };
    expect(record.action).toBe('export_audit_log');
    expect(record.result).toContain(`; from ${period.from}; to ${period.to}`);
  });
});
