// The Home overview's figures are the ledger's money, per currency: they and the charts' days and
// shares (by kind, by card brand) equal sums computed independently from the payments CSV export,
// each figure's click-through filter lists exactly the payments behind it, and the settlement
// summary per day adds up the same way. On both backends (test/support/report-backends.ts): the
// same payments in a laptop's SQLite ledger and copied into a team database.
import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { LedgerDb } from '../../main/ledger/database';
import { describeReports, practicePayments, type ReportsUnderTest } from '../support/report-backends';
import { customer, goodCard, parseCsv } from './support';

const day = (date: string) => ({ date, from: `${date}T00:00:00.000Z`, to: new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString() });

function seed(db: LedgerDb, row: { profile?: string; kind?: string; currency: string; amount: number; captured?: number; refunded?: number; state: string; at: string; bin?: string; attention?: boolean }) {
  db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, card_bin, card_last4, state, captured_minor, refunded_minor, needs_attention, created_by, created_at, updated_at)
    VALUES (?, ?, 'practice', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'seed', ?, ?)`).run(
    randomUUID(), row.profile ?? 'practice', row.kind ?? 'sale', `S-${randomUUID().slice(0, 8)}`, row.amount, row.currency, row.bin ?? null, row.bin ? '0008' : null,
    row.state, row.captured ?? 0, row.refunded ?? 0, row.attention ? 1 : 0, row.at, row.at);
}

async function seedLedger(db: LedgerDb) {
  // Real payments through the practice gateway: a sale, a sale partly refunded, an authorisation voided.
  await practicePayments(db, async (call) => {
    await call('chargeCard', { amount: '100.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
    const refunded = await call('chargeCard', { amount: '50.25', currency: 'SAR', card: goodCard, customer, authOnly: false });
    await call('refundPayment', { paymentId: refunded.payment.id, amount: '10.10', currency: 'SAR', reason: 'damaged' });
    const auth = await call('chargeCard', { amount: '7.00', currency: 'USD', card: goodCard, customer, authOnly: true });
    await call('voidPayment', { paymentId: auth.payment.id, reason: 'cancelled' });
  });
  // A seeded history of mixed currencies (2 and 3 decimals, none), refunds, voids and profiles.
  seed(db, { currency: 'KWD', amount: 12_345, captured: 12_345, refunded: 12_345, state: 'refunded', at: '2026-03-02T09:00:00.000Z', bin: '400000' });
  seed(db, { currency: 'KWD', amount: 1_001, captured: 1_001, refunded: 1, state: 'partially_refunded', at: '2026-03-02T23:59:59.999Z', bin: '222100' });
  seed(db, { currency: 'JPY', amount: 5_000, captured: 5_000, state: 'paid', at: '2026-03-03T00:00:00.000Z', kind: 'link' });
  seed(db, { currency: 'SAR', amount: 90_000, captured: 60_000, state: 'partially_captured', at: '2026-03-03T12:00:00.000Z', bin: '371449', profile: 'shop' });
  seed(db, { currency: 'SAR', amount: 4_000, state: 'voided', at: '2026-03-03T13:00:00.000Z', bin: '512345' });
  seed(db, { currency: 'SAR', amount: 2_500, captured: 2_500, state: 'paid', at: '2026-03-04T08:00:00.000Z', kind: 'checkout', bin: '601100' });
  seed(db, { currency: 'USD', amount: 800, state: 'declined', at: '2026-03-04T08:30:00.000Z' });
  seed(db, { currency: 'SAR', amount: 1_500, state: 'pending', kind: 'link', at: '2026-03-04T20:00:00.000Z' });
  seed(db, { currency: 'AED', amount: 3_000, state: 'pending', kind: 'link', at: '2026-02-20T10:00:00.000Z', attention: true });
  seed(db, { currency: 'AED', amount: 3_000, captured: 3_000, state: 'unknown', at: '2026-03-01T10:00:00.000Z', attention: true });
}

/** "12.345" to 12345: the digits without the point, as the currency's decimals were written. */
const minorOf = (text: string) => Number(BigInt(text.replace('.', '')));

type Sums = Record<string, { gross: number; refunded: number; paid: number; refunds: number }>;
function sumsFromCsv(rows: Array<Record<string, string>>, from: string, to: string, profile?: string): Sums {
  const sums: Sums = {};
  for (const r of rows) {
    if (r.created_at! < from || r.created_at! >= to || (profile && r.profile_id !== profile)) continue;
    const captured = minorOf(r.captured!);
    if (captured === 0) continue;
    const s = (sums[r.currency!] ??= { gross: 0, refunded: 0, paid: 0, refunds: 0 });
    s.gross += captured;
    s.refunded += minorOf(r.refunded!);
    s.paid += 1;
    if (minorOf(r.refunded!) > 0) s.refunds += 1;
  }
  return sums;
}

const asSums = (totals: Array<{ currency: string; grossMinor: number; refundedMinor: number; netMinor: number; paidCount: number; refundCount: number }>): Sums => {
  for (const x of totals) expect(x.netMinor).toBe(x.grossMinor - x.refundedMinor);
  return Object.fromEntries(totals.map((x) => [x.currency, { gross: x.grossMinor, refunded: x.refundedMinor, paid: x.paidCount, refunds: x.refundCount }]));
};

describeReports('the overview', seedLedger, (reports: () => ReportsUnderTest) => {
  const call = (name: string, input: unknown) => reports().call(name, input);
  /** Every payment, as the CSV export to a file writes them. */
  const exported = async () => parseCsv((await reports().exportFile({ kind: 'payments', filter: {}, sort: { by: 'createdAt', direction: 'desc' } })).text);
  const ranges = [
    { from: '2026-03-02T00:00:00.000Z', to: '2026-03-03T00:00:00.000Z' },
    { from: '2026-03-01T00:00:00.000Z', to: '2026-03-08T00:00:00.000Z' },
    { from: '2026-01-01T00:00:00.000Z', to: new Date(Date.now() + 86_400_000).toISOString() },
  ];

  it('equals the sums of the exported CSV, per currency, for every period and profile', async () => {
    const csv = await exported();
    expect(csv.length).toBe(13);
    for (const profileId of [undefined, 'practice', 'shop']) {
      const overview = await call('getOverview', { profileId, periods: ranges, now: '2026-03-05T00:00:00.000Z' });
      ranges.forEach((range, i) => expect(asSums(overview.periods[i].totals)).toEqual(sumsFromCsv(csv, range.from, range.to, profileId)));
    }
    const all = await call('getOverview', { periods: [ranges[2]], now: new Date().toISOString() });
    // The live payments: 100.00 + 50.25 SAR taken, 10.10 refunded; the voided USD authorisation takes nothing.
    expect(asSums(all.periods[0].totals).SAR).toEqual({ gross: 10_000 + 5_025 + 60_000 + 2_500, refunded: 1_010, paid: 4, refunds: 1 });
    expect(all.periods[0].totals.map((x: { currency: string }) => x.currency)).toEqual(['AED', 'JPY', 'KWD', 'SAR']);
  });

  it('draws charts whose days and shares equal the sums of the exported CSV, per currency and profile', async () => {
    const csv = await exported();
    // The brand from the card's first digits (the CSV's masked card: 400000******0008), written here
    // from the card schemes' published ranges.
    const brandOf = (bin: string) => {
      if (!bin) return 'none';
      const two = Number(bin.slice(0, 2));
      const four = Number(bin.slice(0, 4));
      if (bin.startsWith('4')) return 'visa';
      if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
      return two === 34 || two === 37 ? 'amex' : 'other';
    };
    const days = ['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'].map(day);
    const span = { from: days[0]!.from, to: days.at(-1)!.to };
    const byKey = (rows: Array<Record<string, unknown>>, keys: string[]) => rows.map((r) => keys.map((k) => String(r[k])).join(' ')).sort();
    for (const profileId of [undefined, 'practice', 'shop']) {
      const charts = await call('getOverview', { profileId, days, now: '2026-03-05T00:00:00.000Z' });
      const daily = days.flatMap((d) => Object.entries(sumsFromCsv(csv, d.from, d.to, profileId)).map(([currency, x]) => ({ date: d.date, currency, grossMinor: x.gross, refundedMinor: x.refunded })));
      expect(byKey(charts.days, ['date', 'currency', 'grossMinor', 'refundedMinor'])).toEqual(byKey(daily, ['date', 'currency', 'grossMinor', 'refundedMinor']));
      const taken = csv.filter((r) => r.created_at! >= span.from && r.created_at! < span.to && (!profileId || r.profile_id === profileId) && minorOf(r.captured!) > 0);
      const share = (keyOf: (r: Record<string, string>) => string, name: string) => {
        const sums = new Map<string, { currency: string; grossMinor: number; count: number; [key: string]: string | number }>();
        for (const r of taken) {
          const id = `${r.currency} ${keyOf(r)}`;
          const g = sums.get(id) ?? { currency: r.currency!, [name]: keyOf(r), grossMinor: 0, count: 0 };
          g.grossMinor += minorOf(r.captured!);
          g.count += 1;
          sums.set(id, g);
        }
        return [...sums.values()];
      };
      expect(byKey(charts.byKind, ['currency', 'kind', 'grossMinor', 'count'])).toEqual(byKey(share((r) => r.kind!, 'kind'), ['currency', 'kind', 'grossMinor', 'count']));
      expect(byKey(charts.byBrand, ['currency', 'brand', 'grossMinor', 'count'])).toEqual(byKey(share((r) => brandOf(r.card!), 'brand'), ['currency', 'brand', 'grossMinor', 'count']));
      // Drawn in order: the days by date, then currency; each share per currency, the largest first.
      const dayKeys = charts.days.map((r: { date: string; currency: string }) => `${r.date} ${r.currency}`);
      expect(dayKeys).toEqual([...dayKeys].sort());
      for (const [shares, key] of [[charts.byKind, 'kind'], [charts.byBrand, 'brand']] as const) {
        const order = [...shares].sort((a, b) => (a.currency === b.currency ? b.grossMinor - a.grossMinor || (a[key] < b[key] ? -1 : 1) : a.currency < b.currency ? -1 : 1));
        expect(shares).toEqual(order);
      }
    }
  });

  it('opens, for every figure, a list of exactly the payments behind it', async () => {
    const overview = await call('getOverview', { periods: [ranges[1]], now: '2026-03-05T00:00:00.000Z', days: [day('2026-03-02'), day('2026-03-03'), day('2026-03-04')] });
    for (const x of overview.periods[0].totals) {
      const paid = await call('searchPayments', { filter: { ...ranges[1], currency: x.currency, withCaptured: true }, limit: 500 });
      expect(paid.total).toBe(x.paidCount);
      expect(paid.rows.reduce((n: number, p: { capturedMinor: number }) => n + p.capturedMinor, 0)).toBe(x.grossMinor);
      const refunds = await call('searchPayments', { filter: { ...ranges[1], currency: x.currency, withRefunded: true }, limit: 500 });
      expect(refunds.total).toBe(x.refundCount);
    }
    for (const share of overview.byBrand) {
      const list = await call('searchPayments', { filter: { from: '2026-03-02T00:00:00.000Z', to: '2026-03-05T00:00:00.000Z', currency: share.currency, cardBrand: share.brand, withCaptured: true } });
      expect(list.total).toBe(share.count);
    }
    expect(overview.byBrand.map((b: { brand: string; currency: string }) => `${b.brand} ${b.currency}`).sort()).toEqual(['amex SAR', 'mastercard KWD', 'none JPY', 'other SAR', 'visa KWD']);
    expect(overview.byKind.find((k: { kind: string }) => k.kind === 'link')).toMatchObject({ currency: 'JPY', grossMinor: 5_000, count: 1 });
    const [under, week, older] = overview.unpaidLinks;
    expect(under).toMatchObject({ age: 'day', count: 1, totals: [{ currency: 'SAR', amountMinor: 1_500 }] });
    expect(week).toMatchObject({ age: 'week', count: 0 });
    expect(older).toMatchObject({ age: 'older', count: 1, totals: [{ currency: 'AED', amountMinor: 3_000 }] });
    const olderList = await call('searchPayments', { filter: { kinds: ['link'], states: ['pending'], to: older.to } });
    expect(olderList.total).toBe(1);
    expect(overview.needsAttention).toBe((await call('searchPayments', { filter: { needsAttention: true } })).total);
    expect(overview.needsAttention).toBe(2);
  });

  it('exports a settlement summary per day and currency that Excel opens and that adds up', async () => {
    const days = [day('2026-03-02'), day('2026-03-03'), day('2026-03-04')];
    const out = await call('exportSettlement', { days });
    expect(out.csv.startsWith('\uFEFFdate,currency,captured,refunded,net,captured_payments,refunded_payments,day_starts_at,day_ends_at,refunds_not_known,captures_not_known,captured_minor,refunded_minor,net_minor\r\n')).toBe(true);
    const csv = await exported();
    const rows = parseCsv(out.csv);
    for (const d of days) {
      const expected = sumsFromCsv(csv, d.from, d.to);
      const got = Object.fromEntries(rows.filter((r) => r.date === d.date).map((r) => [r.currency, { gross: minorOf(r.captured!), refunded: minorOf(r.refunded!), paid: Number(r.captured_payments), refunds: Number(r.refunded_payments) }]));
      expect(got).toEqual(expected);
      for (const r of rows) expect(minorOf(r.net!)).toBe(minorOf(r.captured!) - minorOf(r.refunded!));
    }
    expect(rows.find((r) => r.currency === 'KWD')).toMatchObject({ date: '2026-03-02', captured: '13.346', refunded: '12.346', net: '1.000' });
    // The same money as integers of minor units, which a spreadsheet in any locale reads and sums exactly (walk38).
    expect(rows.find((r) => r.currency === 'KWD')).toMatchObject({ captured_minor: '13346', refunded_minor: '12346', net_minor: '1000' });
    for (const r of rows) expect([r.captured_minor, r.refunded_minor, r.net_minor].map(Number)).toEqual([minorOf(r.captured!), minorOf(r.refunded!), minorOf(r.net!)]);
    expect(await reports().auditCount('export_settlement')).toBe(1);
  });

  it('refuses a period that is not a date, with the field named', async () => {
    const result = await reports().result('getOverview', { periods: [{ from: 'yesterday', to: '2026-03-01T00:00:00Z' }], now: '2026-03-05T00:00:00Z' });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result.error)).toContain('ledger.notADate');
  });
});
