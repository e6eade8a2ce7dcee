// Home's overview and the settlement summary on both backends: the same payments on a laptop's
// SQLite ledger and in a team database answer the same figures (every period, day, share,
// unpaid link age, payment needing a person; all profiles and each one; local days at whole and
// half hours from UTC), the same settlement CSV, and the team's export is in its audit log.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MethodParsedInput } from '../../../contract/methods';
import { AppFailure } from '../../../contract/result';
import { createTeamOverview, type TeamOverview } from '../../../main/ledger/postgres/pg-overview';
import { createOverview, type Overview } from '../../../main/payments/overview';
import { describeWithPostgres } from '../../support/postgres-tests';
import { reportLedgers, type ReportLedgers } from '../../support/report-ledgers';

const now = new Date('2026-11-20T15:00:00Z');
const dayMs = 86_400_000;
/** The local days before `now` in a zone `offsetMinutes` east of UTC (no daylight saving). */
function localDays(count: number, offsetMinutes: number) {
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMinutes * 60_000;
  return Array.from({ length: count }, (_, i) => {
    const from = midnight - (count - 1 - i) * dayMs;
    return { date: new Date(from + offsetMinutes * 60_000).toISOString().slice(0, 10), from: new Date(from).toISOString(), to: new Date(from + dayMs).toISOString() };
  });
}

describeWithPostgres('Home overview on both backends', () => {
  let ledgers: ReportLedgers;
  let laptop: Overview;
  let team: TeamOverview;

  beforeAll(async () => {
    ledgers = await reportLedgers({ payments: 2_000, now, days: 60 });
    laptop = createOverview({ db: ledgers.db, now: () => now });
    team = createTeamOverview({ pool: ledgers.pool('finance'), now: () => now });
  }, 120_000);
  afterAll(async () => {
    await ledgers?.close();
  });

  const queries = (profileId?: string): Array<MethodParsedInput<'getOverview'>> => {
    const riyadh = localDays(90, 180);
    const kolkata = localDays(30, 330);
    const today = riyadh.at(-1)!;
    return [
      // Home's figures: today, the last 7 days, this month, chosen dates (Riyadh), and a Kolkata day.
      { profileId, now: now.toISOString(), days: [], periods: [today, { from: riyadh.at(-7)!.from, to: today.to }, { from: '2026-10-31T21:00:00.000Z', to: today.to }, { from: riyadh[10]!.from, to: riyadh[40]!.to }, kolkata[12]!] },
      // Home's charts: 30 days in Kolkata (half-hour edges), 90 in Riyadh.
      { profileId, now: now.toISOString(), periods: [], days: kolkata },
      { profileId, now: now.toISOString(), periods: [], days: riyadh },
      // Days apart, one twice, one overlapping others at half hours (the contract takes any days): the bars and shares of those days as given.
      { profileId, now: now.toISOString(), periods: [], days: [riyadh[3]!, riyadh[5]!, riyadh[5]!, riyadh[6]!, riyadh[7]!, kolkata[20]!, kolkata[21]!] },
      // Any instants at all.
      { profileId, now: '2026-11-01T07:13:00.123Z', days: [], periods: [{ from: '2026-10-02T03:17:41.500Z', to: '2026-10-29T23:59:59.999Z' }] },
    ];
  };

  it('answers the same figures as the SQLite ledger for the same payments, for all profiles and each', async () => {
    for (const profileId of [undefined, 'practice', 'shop-2', 'nobody']) {
      for (const query of queries(profileId)) {
        const [sqlite, postgres] = [await laptop.get(query), await team.get(query)];
        expect(postgres).toEqual(sqlite);
      }
    }
  });

  it('has something in every figure: currencies with 0, 2 and 3 decimals, refunds, every link age, every brand and kind', async () => {
    const [figures, charts] = [await team.get(queries()[0]!), await team.get(queries()[2]!)];
    const month = figures.periods[2]!.totals;
    expect(month.map((t) => t.currency)).toEqual(expect.arrayContaining(['JPY', 'KWD', 'SAR']));
    expect(month.every((t) => Number.isSafeInteger(t.grossMinor) && t.netMinor === t.grossMinor - t.refundedMinor)).toBe(true);
    expect(month.some((t) => t.refundCount > 0 && t.refundedMinor > 0)).toBe(true);
    expect(figures.unpaidLinks!.map((a) => [a.age, a.count > 0])).toEqual([['day', true], ['week', true], ['older', true]]);
    expect(figures.needsAttention).toBeGreaterThan(0);
    // Authorised, not captured: held payments in several currencies, so the equality above compares them.
    expect(figures.authorised!.filter((a) => a.count > 0 && Number.isSafeInteger(a.amountMinor)).length).toBeGreaterThan(1);
    expect(new Set(charts.byBrand.map((b) => b.brand))).toEqual(new Set(['visa', 'mastercard', 'amex', 'other', 'none']));
    expect(new Set(charts.byKind.map((k) => k.kind))).toEqual(new Set(['link', 'checkout', 'sale', 'recurring', 'external']));
  });

  it('sees a payment added to the team ledger at its next answer', async () => {
    // The database stamps the payment with its own clock: a period around the real now.
    const hour = 3_600_000;
    const query = { now: new Date().toISOString(), days: [], periods: [{ from: new Date(Date.now() - hour).toISOString(), to: new Date(Date.now() + hour).toISOString() }] };
    const before = await team.get(query);
    const admin = ledgers.pool('admin');
    await admin.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, captured_minor, refunded_minor)
      VALUES (gen_random_uuid(), 'practice', 'practice', 'sale', 'LIVE-1', 1234, 'BHD', 'partially_refunded', 1234, 234)`);
    const after = await team.get(query);
    const bhd = (a: typeof before) => a.periods[0]!.totals.find((t) => t.currency === 'BHD') ?? { grossMinor: 0, refundedMinor: 0, paidCount: 0, refundCount: 0 };
    expect(bhd(after)).toMatchObject({ grossMinor: bhd(before).grossMinor + 1234, refundedMinor: bhd(before).refundedMinor + 234, paidCount: bhd(before).paidCount + 1, refundCount: bhd(before).refundCount + 1 });
  });

  it('refuses a bad instant next to its field, before reading', async () => {
    const bad = { now: now.toISOString(), days: [], periods: [{ from: 'yesterday-ish', to: now.toISOString() }] };
    await expect(team.get(bad)).rejects.toBeInstanceOf(AppFailure);
    await expect(team.get(bad)).rejects.toMatchObject({ extra: { fieldReasons: { from: { key: 'ledger.notADate' } } } });
  });

  it('writes the same settlement summary, recorded in the team audit log as the person who exported it', async () => {
    const days = localDays(45, 180);
    for (const profileId of [undefined, 'shop-2']) {
      const sqlite = laptop.exportSettlement({ days, profileId }, { osUser: 'huda' } as never);
      const postgres = await team.exportSettlement({ days, profileId }, { osUser: 'huda' });
      expect(postgres).toEqual(sqlite);
      expect(postgres.csv.startsWith('\uFEFFdate,currency,captured,refunded,net,captured_payments,refunded_payments,day_starts_at,day_ends_at,refunds_not_known,captures_not_known,captured_minor,refunded_minor,net_minor\r\n')).toBe(true);
      expect(postgres.rows).toBeGreaterThan(45);
    }
    const entries = await ledgers.pool('finance').query(`SELECT db_user, os_user, result FROM paydesk.audit_log WHERE action = 'export_settlement' ORDER BY seq`);
    expect(entries.rows).toEqual([
      // What was written, to which file, for which days (and profile): export-record.ts.
      { db_user: 'fay', os_user: 'huda', result: expect.stringMatching(/^\d+ rows; file paydesk-settlement-\d{8}-\d{6}\.csv; days \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/) },
      { db_user: 'fay', os_user: 'huda', result: expect.stringMatching(/^\d+ rows; file paydesk-settlement-\d{8}-\d{6}\.csv; days \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}; profile shop-2$/) },
    ]);
  });
});
