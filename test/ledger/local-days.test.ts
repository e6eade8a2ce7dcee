// The transactions screen's date fields and the overview's days are the user's own calendar
// days, not UTC ones: in Riyadh (UTC+3), New York (UTC-5, with a daylight-saving change) and
// Kolkata (UTC+5:30), a payment made at 01:00 local time on the 5th is listed for "the 5th",
// one made at 23:30 on the 4th is not (each zone has a month of its own), and a day's figure on the overview opens exactly the
// payments the date fields find for that day. On both backends (test/support/report-backends.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { LedgerDb } from '../../main/ledger/database';
import { describeReports } from '../support/report-backends';
import { fromField, fromInstant, toField, toInstant } from '../../renderer/src/features/transactions/date-fields';
import { daysBetween } from '../../renderer/src/features/overview/periods';

const zone = process.env.TZ;

/** Sets the process's time zone (Node re-reads it when TZ is assigned). */
const useZone = (name: string | undefined) => {
  if (name === undefined) delete process.env.TZ;
  else process.env.TZ = name;
};
afterAll(() => useZone(zone));

/** A paid SAR payment created at a local wall-clock time of the zone in use. */
function pay(db: LedgerDb, orderId: string, local: [number, number, number, number, number], amount = 1_000) {
  const at = new Date(local[0], local[1] - 1, local[2], local[3], local[4]).toISOString();
  db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, captured_minor, refunded_minor, created_by, created_at, updated_at)
    VALUES (?, 'practice', 'practice', 'sale', ?, ?, 'SAR', 'paid', ?, 0, 'seed', ?, ?)`).run(randomUUID(), orderId, amount, amount, at, at);
}

const zones = [
  { name: 'Asia/Riyadh', month: 5, tag: 'RUH' },
  { name: 'America/New_York', month: 3, tag: 'NYC' }, // the clocks go forward on 8 March 2026
  { name: 'Asia/Kolkata', month: 4, tag: 'CCU' },
];

/** Each zone's payments at the edges of its local days, made in that zone. */
function seed(db: LedgerDb) {
  for (const { name, month, tag } of zones) {
    useZone(name);
    pay(db, `${tag}-4-2330`, [2026, month, 4, 23, 30]);
    pay(db, `${tag}-5-0100`, [2026, month, 5, 1, 0], 2_000);
    pay(db, `${tag}-5-2359`, [2026, month, 5, 23, 59], 3_000);
    pay(db, `${tag}-6-0000`, [2026, month, 6, 0, 0]);
    pay(db, `${tag}-8-0330`, [2026, month, 8, 3, 30], 5_000);
    pay(db, `${tag}-9-0000`, [2026, month, 9, 0, 0]);
  }
  useZone(zone);
}

describeReports('local calendar days', seed, (reports) => {
  const call = (name: string, input: unknown) => reports().call(name, input);

  describe.each(zones)('local calendar days in $name', ({ name, month, tag }) => {
    const m = String(month).padStart(2, '0');
    const day = (d: number) => `2026-${m}-${String(d).padStart(2, '0')}`;
    beforeAll(() => useZone(name));

    const listed = async (from: string, to: string) => {
      const list = await call('searchPayments', { filter: { from: fromInstant(from), to: toInstant(to), query: tag }, sort: { by: 'orderId', direction: 'asc' }, limit: 100 });
      return list.rows.map((r: { orderId: string }) => r.orderId);
    };

    it('turns the date fields into the local day’s start and the next local midnight, and shows them back', () => {
      expect(fromInstant(day(5))).toBe(new Date(2026, month - 1, 5).toISOString());
      expect(toInstant(day(5))).toBe(new Date(2026, month - 1, 6).toISOString());
      if (name === 'Asia/Riyadh') expect([fromInstant(day(5)), toInstant(day(5))]).toEqual(['2026-05-04T21:00:00.000Z', '2026-05-05T21:00:00.000Z']);
      for (const d of [1, 5, 7, 8, 9, 31]) {
        expect(fromField(fromInstant(day(Math.min(d, 30))))).toBe(day(Math.min(d, 30)));
        expect(toField(toInstant(day(Math.min(d, 30))))).toBe(day(Math.min(d, 30)));
      }
      expect([fromInstant(''), toInstant('soon'), fromField(undefined), toField('')]).toEqual([undefined, undefined, '', '']);
    });

    it('lists for "the 5th" the payments made on the 5th, local time, and no others', async () => {
      expect(await listed(day(5), day(5))).toEqual([`${tag}-5-0100`, `${tag}-5-2359`]);
      expect(await listed(day(4), day(4))).toEqual([`${tag}-4-2330`]);
      // A day 23 hours long in New York (8 March) keeps its early-morning payment.
      expect(await listed(day(8), day(8))).toEqual([`${tag}-8-0330`]);
      expect(await listed(day(5), day(8))).toEqual([`${tag}-5-0100`, `${tag}-5-2359`, `${tag}-6-0000`, `${tag}-8-0330`]);
    });

    it('opens from a day’s figure on the overview exactly the payments the date fields find for it', async () => {
      const days = daysBetween(day(4), day(9));
      const overview = await call('getOverview', { now: new Date(2026, month - 1, 10).toISOString(), days });
      for (const d of days) {
        // What the click-through sets, shown in the date fields as that same day.
        expect([fromField(d.from), toField(d.to)]).toEqual([d.date, d.date]);
        const figure = overview.days.find((x: { date: string; currency: string }) => x.date === d.date && x.currency === 'SAR');
        const list = await call('searchPayments', { filter: { from: d.from, to: d.to, currency: 'SAR', withCaptured: true }, limit: 100 });
        const byFields = await call('searchPayments', { filter: { from: fromInstant(d.date), to: toInstant(d.date), currency: 'SAR', withCaptured: true }, limit: 100 });
        expect(byFields.rows.map((r: { id: string }) => r.id)).toEqual(list.rows.map((r: { id: string }) => r.id));
        expect(list.rows.reduce((n: number, r: { capturedMinor: number }) => n + r.capturedMinor, 0)).toBe(figure?.grossMinor ?? 0);
      }
      expect(overview.days.find((x: { date: string }) => x.date === day(5))).toMatchObject({ grossMinor: 5_000 });
    });

    it('says in the settlement summary when each day began and ended, with the zone’s offset from UTC', async () => {
      // Its dates were the user's days with no zone said, beside a payments CSV in UTC.
      const days = daysBetween(day(4), day(9));
      const { csv } = await call('exportSettlement', { days });
      const [header, ...lines] = (csv as string).slice(1).trimEnd().split('\r\n').map((line) => line.split(','));
      const column = (name: string) => header!.indexOf(name);
      expect(lines.length).toBeGreaterThan(0);
      for (const cells of lines) {
        const d = days.find((x) => x.date === cells[column('date')])!;
        const [starts, ends] = [cells[column('day_starts_at')]!, cells[column('day_ends_at')]!];
        expect(starts.startsWith(`${d.date}T00:00:00`)).toBe(true); // the day's own wall-clock midnight
        expect([new Date(starts).toISOString(), new Date(ends).toISOString()]).toEqual([d.from, d.to]); // exactly the instants it sums
      }
      const eighth = lines.find((cells) => cells[column('date')] === day(8))!;
      const said = [eighth[column('day_starts_at')], eighth[column('day_ends_at')]];
      // 8 March in New York is 23 hours long: it starts in winter time and ends in summer time.
      const expected = { 'Asia/Riyadh': ['2026-05-08T00:00:00+03:00', '2026-05-09T00:00:00+03:00'], 'America/New_York': ['2026-03-08T00:00:00-05:00', '2026-03-09T00:00:00-04:00'], 'Asia/Kolkata': ['2026-04-08T00:00:00+05:30', '2026-04-09T00:00:00+05:30'] }[name];
      expect(said).toEqual(expected);
    });
  });
});
