// Home's "Refunds made in this period", its list and its CSV, on both ledgers (docs/overview.md):
// a refund counts on the day it was made, in the business's time zone (core/zone-days.ts, the same
// local days as every figure), whatever month its payment was created in; the payment's own month
// keeps it in its Refunded and Net. Only refunds that succeeded count. The seeded laptop ledger is
// read as it is and, copied in, as a team database read by finance (report-backends.ts).
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { dayEndsAt } from '../../main/core/zone-days';
import type { LedgerDb } from '../../main/ledger/database';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { paymentRow, type SeedPayment } from '../support/ledger-apps';
import { describeReports, reportProfileNames } from '../support/report-backends';
import { seedRefund } from '../support/seed-refund';
import { minorOf, parseCsv } from './support';

/** A zone's calendar month [first, last] as the instants Home sends: the local midnight before the first and after the last. */
const month = (first: string, last: string, zone: string) => ({ from: dayEndsAt(addDay(first, -1), zone).toISOString(), to: dayEndsAt(last, zone).toISOString() });
function addDay(date: string, n: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const riyadh = 'Asia/Riyadh';
const newYork = 'America/New_York';
const november = (zone: string) => month('2026-11-01', '2026-11-30', zone);
const december = (zone: string) => month('2026-12-01', '2026-12-31', zone);

/** A sale captured in full, created at `at`. */
const sale = (order_id: string, currency: 'SAR' | 'KWD', amount_minor: number, at: string): SeedPayment =>
  ({ order_id, kind: 'sale', state: 'paid', currency, amount_minor, captured_minor: amount_minor, transaction_id: `T-${order_id}`, created_at: at, updated_at: at });

async function seed(db: LedgerDb) {
  const store = createSqliteLedgerStore(db);
  const rows = [
    sale('LATE-NOV', 'SAR', 100_00, '2026-11-30T07:00:00.000Z'), // 30 November, 10:00 in Riyadh
    sale('KWD-1', 'KWD', 12_345, '2026-11-10T09:00:00.000Z'),
    sale('RIYADH-EDGE', 'SAR', 50_00, '2026-11-20T09:00:00.000Z'),
    sale('NY-EDGE', 'SAR', 70_00, '2026-11-20T15:00:00.000Z'),
    sale('FAILED', 'SAR', 90_00, '2026-12-02T09:00:00.000Z'),
  ].map(paymentRow);
  await store.transaction(async (tx) => {
    for (const row of rows) await tx.insert(row);
  });
  const [late, kwd, riyadhEdge, nyEdge, failed] = rows as [typeof rows[number], typeof rows[number], typeof rows[number], typeof rows[number], typeof rows[number]];
  // 3 December, 12:00 in Riyadh: a refund of a 30 November sale.
  await seedRefund(store, late, { osUser: 'huda', amountMinor: 25_50, at: '2026-12-03T09:00:00.000Z', reason: 'one item back' });
  // KWD's three decimals: 0.567 and, later the same day, 1.001.
  await seedRefund(store, kwd, { osUser: 'omar', amountMinor: 567, at: '2026-12-05T08:00:00.000Z', reason: 'price, corrected' });
  await seedRefund(store, { ...kwd, refunded_minor: 567 }, { osUser: 'omar', amountMinor: 1_001, at: '2026-12-05T10:00:00.000Z', reason: '"damaged" =box' });
  // 23:30 on 30 November in Riyadh (20:30 UTC), and 23:30 on 30 November in New York (04:30 UTC on 1 December).
  await seedRefund(store, riyadhEdge, { osUser: 'huda', amountMinor: 10_00, at: '2026-11-30T20:30:00.000Z' });
  await seedRefund(store, nyEdge, { osUser: 'huda', amountMinor: 20_00, at: '2026-12-01T04:30:00.000Z' });
  // A refund the gateway declined, on 4 December: no money went back.
  const op = randomUUID();
  await store.transaction(async (tx) => {
    await tx.insertOperation({ id: op, payment_id: failed.id, kind: 'refund', amount_minor: 40_00, base_minor: 0, reason: 'asked', os_user: 'huda', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: '2026-12-04T09:00:00.000Z', completed_at: null, settled_by: null, settled_reason: null });
  });
  await store.transaction((tx) => tx.completeOperation(op, { outcome: 'failed', error_code: 'declined', error_message: 'The gateway declined the refund.', completed_at: '2026-12-04T09:00:01.000Z' }));
}

type Total = { currency: string; count: number; amountMinor: number };
type Row = { at: string; id: string; orderId: string; paymentId: string; amountMinor: number; currency: string; reason: string | null; osUser: string; profileId: string };

describeReports('refunds made in a period', seed, (reports) => {
  const now = '2026-12-20T09:00:00.000Z';
  const made = async (range: { from: string; to: string }): Promise<Total[]> =>
    (await reports().call('getOverview', { periods: [range], now, refundsMadeIn: range })).refundsMade;

  it('counts a refund on the day it was made, and in its payment\'s month\'s Refunded and Net', async () => {
    const december = await made(month('2026-12-01', '2026-12-31', riyadh));
    expect(december).toEqual([{ currency: 'KWD', count: 2, amountMinor: 1_568 }, { currency: 'SAR', count: 2, amountMinor: 45_50 }]);
    const nov = november(riyadh);
    const figures = await reports().call('getOverview', { periods: [nov], now, refundsMadeIn: nov });
    const sar = figures.periods[0].totals.find((t: { currency: string }) => t.currency === 'SAR');
    // November's sales: 100.00 + 50.00 + 70.00 captured; refunded on them whenever made: 25.50 + 10.00 + 20.00.
    expect(sar).toMatchObject({ grossMinor: 220_00, refundedMinor: 55_50, netMinor: 164_50, refundCount: 3 });
    // Made in November (Riyadh): only the 23:30 one on the 30th.
    expect(figures.refundsMade).toEqual([{ currency: 'SAR', count: 1, amountMinor: 10_00 }]);
    // Without the chosen dates, none asked and none answered.
    expect((await reports().call('getOverview', { periods: [nov], now })).refundsMade).toBeUndefined();
  });

  it('puts a refund at 23:30 on the month\'s last day in that month, in Riyadh and in New York', async () => {
    const byOrder = async (range: { from: string; to: string }) => (await reports().call('listRefundsMade', range)).rows.map((r: Row) => r.orderId).sort();
    expect(await byOrder(november(riyadh))).toEqual(['RIYADH-EDGE']);
    expect(await byOrder(december(riyadh))).toEqual(['KWD-1', 'KWD-1', 'LATE-NOV', 'NY-EDGE']);
    expect(await byOrder(november(newYork))).toEqual(['NY-EDGE', 'RIYADH-EDGE']);
    expect(await made(november(newYork))).toEqual([{ currency: 'SAR', count: 2, amountMinor: 30_00 }]);
    expect(await byOrder(december(newYork))).toEqual(['KWD-1', 'KWD-1', 'LATE-NOV']);
  });

  it('leaves out a refund the gateway declined', async () => {
    const rows: Row[] = (await reports().call('listRefundsMade', { ...december(riyadh), limit: 500 })).rows;
    expect(rows.map((r) => r.orderId)).not.toContain('FAILED');
    expect(await made(month('2026-12-04', '2026-12-04', riyadh))).toEqual([]);
  });

  it('lists them oldest first, a window at a time, one currency or all, and the CSV\'s rows add up to the figure', async () => {
    const range = { from: november(riyadh).from, to: december(riyadh).to };
    const paged: Row[] = [];
    let after: { at: string; id: string } | undefined;
    for (let turn = 0; turn < 10; turn++) {
      const window = await reports().call('listRefundsMade', { ...range, limit: 2, ...(after ? { after } : {}) });
      paged.push(...window.rows);
      if (!window.more) break;
      after = { at: window.rows.at(-1).at, id: window.rows.at(-1).id };
    }
    expect(paged.map((r) => r.at)).toEqual(['2026-11-30T20:30:00.000Z', '2026-12-01T04:30:00.000Z', '2026-12-03T09:00:00.000Z', '2026-12-05T08:00:00.000Z', '2026-12-05T10:00:00.000Z']);
    expect(paged.find((r) => r.orderId === 'LATE-NOV')).toMatchObject({ amountMinor: 25_50, currency: 'SAR', reason: 'one item back', osUser: 'huda', profileId: 'practice' });
    const kwd = (await reports().call('listRefundsMade', { ...range, currency: 'KWD' })).rows as Row[];
    expect(kwd.map((r) => r.amountMinor)).toEqual([567, 1_001]);

    const exportsBefore = await reports().auditCount('export_refunds');
    const file = await reports().call('exportRefundsMade', { ...range, timeZone: riyadh });
    expect(file.fileName).toMatch(/^paydesk-refunds-made-\d{8}-\d{6}\.csv$/);
    expect(file.csv.startsWith('\uFEFFlocal_day,local_time,order_id,payment_id,amount,currency,reason,os_user,profile_id,made_at,profile_name,amount_minor\r\n')).toBe(true);
    const rows = parseCsv(file.csv);
    expect(file.rows).toBe(5);
    expect(rows.map((r) => r.payment_id)).toEqual(paged.map((r) => r.paymentId));
    expect(rows[0]).toMatchObject({ local_day: '2026-11-30', local_time: '2026-11-30T23:30:00+03:00', order_id: 'RIYADH-EDGE', amount: '10.00', currency: 'SAR', made_at: '2026-11-30T20:30:00.000Z', amount_minor: '1000' });
    // The amount again as an integer of minor units (walk38): "1001" for KWD 1.001, which German Calc read as 1001 from "1.001".
    expect(rows.find((r) => r.amount === '1.001')?.amount_minor).toBe('1001');
    // Each refund's profile by its name on this computer, not only its id (walk37); a profile this computer does not know has none.
    for (const r of rows) expect(r.profile_name).toBe(reportProfileNames[r.profile_id!] ?? '');
    // Formula-like text neutralised, quotes doubled, as every CSV Paydesk writes.
    expect(rows.find((r) => r.amount === '1.001')?.reason).toBe('"damaged" =box');
    const figure = await made(range);
    for (const [currency, decimals] of [['SAR', 2], ['KWD', 3]] as const) {
      const mine = rows.filter((r) => r.currency === currency);
      expect({ currency, count: mine.length, amountMinor: mine.reduce((n, r) => n + Number(minorOf(r.amount!, decimals)), 0) }).toEqual(figure.find((t) => t.currency === currency));
    }
    // The export is in the audit log, like every export (on the team ledger written by the database).
    expect(await reports().auditCount('export_refunds')).toBe(exportsBefore + 1);
  });

  it('exports one currency\'s refunds when asked, as its list shows them, and the audit entry says which', async () => {
    // The list of one currency's refunds (Home, a currency's line) exports that currency: finance
    // asked for "the SAR refunds of last month" got every currency's rows before (the screen walk, docs/screens-walks.md).
    const range = { from: november(riyadh).from, to: december(riyadh).to };
    const listed = (await reports().call('listRefundsMade', { ...range, currency: 'KWD' })).rows as Row[];
    const file = await reports().call('exportRefundsMade', { ...range, currency: 'KWD', timeZone: riyadh });
    const rows = parseCsv(file.csv);
    expect(file.rows).toBe(2);
    expect(rows.map((r) => [r.payment_id, r.amount, r.currency])).toEqual(listed.map((r) => [r.paymentId, r.amountMinor === 567 ? '0.567' : '1.001', 'KWD']));
    const entries = (await reports().call('listAuditLog', { limit: 5 })).rows as Array<{ action: string; result: string }>;
    expect(entries.find((e) => e.action === 'export_refunds')?.result).toMatch(/^2 rows; file paydesk-refunds-made-\d{8}-\d{6}\.csv; zone Asia\/Riyadh; days 2026-11-01 to 2026-12-31; currency KWD$/);
    // Without a currency, every currency's refunds, as before.
    expect((await reports().call('exportRefundsMade', { ...range, timeZone: riyadh })).rows).toBe(5);
  });

  it('answers each local day and month the same as the refunds listed, in zones at half and three-quarter hours', async () => {
    // The figure sums whole days and hours kept by triggers (SQLite) and reads a period's edges from
    // the refunds; the list reads every refund. Kolkata (+05:30) and Kathmandu (+05:45) cut hours.
    for (const zone of [riyadh, newYork, 'Asia/Kolkata', 'Asia/Kathmandu', 'UTC']) {
      const ranges = [november(zone), december(zone), ...['2026-11-30', '2026-12-01', '2026-12-03', '2026-12-05'].map((d) => month(d, d, zone))];
      for (const range of ranges) {
        const rows: Row[] = (await reports().call('listRefundsMade', { ...range, limit: 500 })).rows;
        const byCurrency = new Map<string, Total>();
        for (const r of rows) {
          const t = byCurrency.get(r.currency) ?? { currency: r.currency, count: 0, amountMinor: 0 };
          byCurrency.set(r.currency, { ...t, count: t.count + 1, amountMinor: t.amountMinor + r.amountMinor });
        }
        expect(await made(range), `${zone} ${range.from}`).toEqual([...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)));
      }
    }
  });

  it('reads one profile\'s refunds when asked, and refuses a date that is not one in words', async () => {
    expect(await reports().call('listRefundsMade', { ...december(riyadh), profileId: 'another' })).toEqual({ rows: [], more: false });
    const refused = await reports().result('listRefundsMade', { from: 'yesterday', to: december(riyadh).to });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
