// Finance's month end, cross-checked on both ledgers: for a month and one currency, Home's Captured,
// Refunded and Net equal the sums of the Transactions CSV export's columns for the same dates (read
// as decimal text into integer minor units, never floats), its count equals the export's rows that
// captured money, the invoice register's totals equal its rows, and the audit export's refunds equal
// the export's refunded. The month's edges are the person's local midnights (the renderer's own
// periodsOf and date fields, in Riyadh and in New York): a payment at 23:30 local on the month's
// last day is in that month on every surface, the settlement summary of its days adds up to
// Home's figures under the same column names (docs/overview.md, "How the figures relate").
import { afterEach, expect, it } from 'vitest';
import { daysBetween, periodsOf } from '../../renderer/src/features/overview/periods';
import { fromField, fromInstant, toField, toInstant } from '../../renderer/src/features/transactions/date-fields';
import { payLink } from '../invoices/support';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import { customer as buyer, threeLines } from '../support/seller';
import { declineCard } from '../support/practice';
import { customer, goodCard, minorOf, parseCsv } from './support';

const zoneBefore = process.env.TZ;
afterEach(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

type Totals = { currency: string; grossMinor: number; refundedMinor: number; netMinor: number; paidCount: number; refundCount: number };

/** The whole payments export of a filter, chunk after chunk, as the list's "Export CSV" writes it. */
async function exported(app: LedgerApp, filter: Record<string, unknown>, timeZone: string) {
  let csv = '';
  for (let offset = 0; ; ) {
    const chunk = await app.value<{ csv: string; rows: number; done: boolean }>('exportPayments', { filter, offset, timeZone });
    csv += chunk.csv;
    offset += chunk.rows;
    if (chunk.done) return parseCsv(csv);
  }
}

describeLedgerApp('finance’s month end', (app) => {
  it('agrees on every surface for a month and one currency, in Riyadh and west of UTC', async () => {
    // This month's real payments through the practice gateway (their audit entries too).
    const call = <T = { payment: { id: string } }>(name: string, input: unknown) => app().value<T>(name as never, input);
    await call('chargeCard', { amount: '120.50', currency: 'SAR', card: goodCard, customer, authOnly: false });
    const partly = await call('chargeCard', { amount: '80.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
    await call('refundPayment', { paymentId: partly.payment.id, amount: '10.01', currency: 'SAR', reason: 'one item back' });
    await call('refundPayment', { paymentId: partly.payment.id, amount: '0.99', currency: 'SAR', reason: 'postage' });
    const whole = await call('chargeCard', { amount: '33.33', currency: 'SAR', card: goodCard, customer, authOnly: false });
    await call('refundPayment', { paymentId: whole.payment.id, amount: '33.33', currency: 'SAR', reason: 'cancelled' });
    const auth = await call('chargeCard', { amount: '40.00', currency: 'SAR', card: goodCard, customer, authOnly: true });
    await call('voidPayment', { paymentId: auth.payment.id, reason: 'not wanted' });
    await app().call('chargeCard', { amount: '15.00', currency: 'SAR', card: declineCard, customer, authOnly: false });
    await call('chargeCard', { amount: '1.234', currency: 'KWD', card: goodCard, customer, authOnly: false });
    // An invoiced link, paid and partly refunded: an invoice and a credit note.
    const invoiced = await call<{ payment: { id: string; url: string } }>('createInvoice', { orderId: 'ME-INV', currency: 'SAR', lines: threeLines, pricesIncludeVat: false, customer: buyer, language: 'both' });
    await payLink(invoiced.payment.url);
    await expect.poll(async () => (await app().service.refresh(invoiced.payment.id, 'status')).state, { timeout: 10_000 }).toBe('paid');
    await call('refundPayment', { paymentId: invoiced.payment.id, amount: '20.00', currency: 'SAR', reason: 'two hours not used' });

    // Last month's edges, in both zones: 23:30 local on the last day is in; 00:30 local on the 1st of this month is not.
    for (const zone of ['Asia/Riyadh', 'America/New_York']) {
      process.env.TZ = zone;
      const periods = periodsOf(new Date(), { from: '', to: '' });
      const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const [first, last, thisFirst] = [new Date(periods.lastMonth.from), new Date(Date.parse(periods.lastMonth.to) - 1), new Date(periods.lastMonth.to)];
      // A local time on a local day, in the zone (its daylight-saving offset included).
      const at = (day: Date, hours: number, minutes: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes).toISOString();
      const tag = zone.slice(0, 3);
      await app().seedHistory([
        { order_id: `${tag}-LAST-2330`, kind: 'sale', state: 'partially_refunded', amount_minor: 1_000_01, captured_minor: 1_000_01, refunded_minor: 250_55, currency: 'SAR', created_at: at(last, 23, 30) },
        { order_id: `${tag}-FIRST-0030`, kind: 'sale', state: 'paid', amount_minor: 7_000, captured_minor: 7_000, currency: 'SAR', created_at: at(first, 0, 30) },
        { order_id: `${tag}-NEXT-0030`, kind: 'sale', state: 'paid', amount_minor: 9_999, captured_minor: 9_999, currency: 'SAR', created_at: at(thisFirst, 0, 30) },
        { order_id: `${tag}-KWD`, kind: 'sale', state: 'paid', amount_minor: 12_345, captured_minor: 12_345, currency: 'KWD', created_at: at(last, 12, 0) },
      ]);
      // The Transactions list's date fields, typed as the month's first and last days, mean Home's Last month.
      expect({ from: fromInstant(ymd(first)), to: toInstant(ymd(last)) }).toEqual(periods.lastMonth);
    }

    for (const zone of ['Asia/Riyadh', 'America/New_York']) {
      process.env.TZ = zone;
      const periods = periodsOf(new Date(), { from: '', to: '' });
      for (const period of [periods.lastMonth, periods.month]) {
        for (const [currency, decimals] of [['SAR', 2], ['KWD', 3]] as const) {
          const overview = await app().value<{ periods: Array<{ totals: Totals[] }> }>('getOverview', { periods: [period], now: new Date().toISOString() });
          const home = overview.periods[0]!.totals.find((t) => t.currency === currency);
          const rows = await exported(app(), { from: period.from, to: period.to, currency }, zone);
          const took = rows.filter((r) => minorOf(r.captured!, decimals) > 0n);
          const taken = sum(rows.map((r) => minorOf(r.captured!, decimals)));
          const refunded = sum(rows.map((r) => (r.refunded ? minorOf(r.refunded, decimals) : 0n)));
          expect({ zone, currency, taken: String(home?.grossMinor ?? 0), refunded: String(home?.refundedMinor ?? 0), net: String(home?.netMinor ?? 0), count: home?.paidCount ?? 0 })
            .toEqual({ zone, currency, taken: String(taken), refunded: String(refunded), net: String(taken - refunded), count: took.length });
          // Home's count opens the list with only the payments that captured money: its export is exactly those.
          expect((await exported(app(), { from: period.from, to: period.to, currency, withCaptured: true }, zone)).map((r) => r.order_id).sort()).toEqual(took.map((r) => r.order_id).sort());
          // Every row's local day is inside the month, in the person's zone.
          const [firstDay, lastDay] = [new Date(period.from), new Date(Date.parse(period.to) - 1)].map((d) => d.toLocaleDateString('en-CA', { timeZone: zone }));
          for (const r of rows) expect(r.local_day! >= firstDay! && r.local_day! <= lastDay!, `${r.order_id} ${r.local_day}`).toBe(true);
        }
      }
      // Home's settlement summary of the month's days adds up to the same figures, under the same column names.
      const days = daysBetween(fromField(periods.lastMonth.from), toField(periods.lastMonth.to));
      const settlement = parseCsv((await app().value<{ csv: string }>('exportSettlement', { days })).csv).filter((r) => r.currency === 'SAR');
      const home = (await app().value<{ periods: Array<{ totals: Totals[] }> }>('getOverview', { periods: [periods.lastMonth], now: new Date().toISOString() })).periods[0]!.totals.find((t) => t.currency === 'SAR')!;
      expect({ captured: sum(settlement.map((r) => minorOf(r.captured!, 2))), refunded: sum(settlement.map((r) => minorOf(r.refunded!, 2))), count: settlement.reduce((n, r) => n + Number(r.captured_payments), 0) })
        .toEqual({ captured: BigInt(home.grossMinor), refunded: BigInt(home.refundedMinor), count: home.paidCount });
      // The boundary rows: in last month, on the last day, on every surface.
      const lastMonth = await exported(app(), { from: periods.lastMonth.from, to: periods.lastMonth.to, currency: 'SAR' }, zone);
      const tag = zone.slice(0, 3);
      expect(lastMonth.map((r) => r.order_id)).toEqual(expect.arrayContaining([`${tag}-LAST-2330`, `${tag}-FIRST-0030`]));
      expect(lastMonth.map((r) => r.order_id)).not.toContain(`${tag}-NEXT-0030`);
    }

    // This month in Riyadh: the audit's refunds of the exported payments equal their refunded, and the register adds up.
    process.env.TZ = 'Asia/Riyadh';
    const month = periodsOf(new Date(), { from: '', to: '' }).month;
    // The month's payments made through Paydesk (the seeded history came without its audit entries).
    const rows = (await exported(app(), { from: month.from, to: month.to, currency: 'SAR' }, 'Asia/Riyadh')).filter((r) => !/^(Asi|Ame)-/.test(r.order_id!));
    const audit = parseCsv((await app().value<{ csv: string }>('exportAuditLog', { timeZone: 'Asia/Riyadh' })).csv);
    const ids = new Set(rows.map((r) => r.order_id));
    const refundsInAudit = audit.filter((a) => a.action === 'refund' && ids.has(a.order_id!) && a.currency === 'SAR');
    // A refund's entry says "succeeded" once the gateway confirmed it (the team's log also keeps its "sending" entry before).
    expect(sum(refundsInAudit.filter((a) => a.result === 'succeeded').map((a) => minorOf(a.amount!, 2)))).toBe(sum(rows.map((r) => (r.refunded ? minorOf(r.refunded, 2) : 0n))));

    const register = await app().value<{ csv: string; invoices: number; creditNotes: number }>('invoiceRegister', { from: month.from, to: month.to, timeZone: 'Asia/Riyadh' });
    const documents = parseCsv(register.csv);
    expect([register.invoices, register.creditNotes]).toEqual([1, 1]);
    for (const d of documents) expect(minorOf(d.net!, 2) + minorOf(d.vat!, 2)).toBe(minorOf(d.total!, 2));
    const credit = documents.filter((d) => d.document === 'credit_note');
    expect(sum(credit.map((d) => minorOf(d.total!, 2)))).toBe(minorOf(rows.find((r) => r.order_id === 'ME-INV')!.refunded!, 2));
  }, 60_000);
});
