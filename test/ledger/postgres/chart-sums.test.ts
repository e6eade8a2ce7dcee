// Home's charts from sums on the team ledger (chart-sums.sql, schema version 34; docs/overview.md,
// "The team ledger"): the hour and day rows per kind and card brand the triggers keep say, after
// each write, what the payments themselves say (counted again from every payment, in a
// transaction rolled back), and the charts read from them (daily bars from step 32's sums, shares
// from these) are those of version 33's query over the payments, kept here as the judge: after an
// insert, a capture, a refund, a kind and a card changed by hand, a delete; at local days of
// Riyadh and Kolkata (half-hour edges), days apart and one twice. The brand is card-brand.ts's rule
// on both ledgers.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { cardBrandSql } from '../../../main/ledger/card-brand';
import { chartFigures, type ChartRow, type Day } from '../../../main/ledger/overview';
import { createTeamOverview } from '../../../main/ledger/postgres/pg-overview';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

type Client = Pick<pg.Client, 'query'>;
const dayMs = 86_400_000;

/** `count` local days from `first` (YYYY-MM-DD) in a zone `offsetMinutes` east of UTC. */
const localDays = (first: string, count: number, offsetMinutes: number): Day[] =>
  Array.from({ length: count }, (_, i) => {
    const from = Date.parse(`${first}T00:00:00Z`) + i * dayMs - offsetMinutes * 60_000;
    return { date: new Date(from + offsetMinutes * 60_000).toISOString().slice(0, 10), from: new Date(from).toISOString(), to: new Date(from + dayMs).toISOString() };
  });

/** Version 33's charts, straight from the payments (grouping sets over every payment of the days): the judge. */
async function chartsOfTheRows(c: Client, days: Day[], profileId: string | null) {
  const result = await c.query({
    text: `SELECT d, currency, kind, brand, sum(captured_minor)::text AS gross, sum(refunded_minor)::text AS refunded, count(*)::int AS n, GROUPING(d) AS no_day, GROUPING(kind) AS no_kind
      FROM (SELECT r.d, p.currency, p.kind, ${cardBrandSql} AS brand, p.captured_minor, p.refunded_minor
        FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS r(d, f, t)
        JOIN paydesk.payments p ON p.created_at >= r.f AND p.created_at < r.t AND p.captured_minor > 0 AND ($4::text IS NULL OR profile_id = $4)) AS x
      GROUP BY GROUPING SETS ((d, currency), (currency, kind), (currency, brand))`,
    values: [days.map((d) => d.date), days.map((d) => d.from), days.map((d) => d.to), profileId],
  });
  const sets: Record<'day' | 'kind' | 'brand', ChartRow[]> = { day: [], kind: [], brand: [] };
  for (const r of result.rows) {
    const row: ChartRow = { date: r.d ?? '', currency: r.currency, kind: r.kind ?? '', brand: r.brand ?? '', grossMinor: Number(r.gross), refundedMinor: Number(r.refunded), count: r.n };
    sets[r.no_day === 0 ? 'day' : r.no_kind === 0 ? 'kind' : 'brand'].push(row);
  }
  return {
    days: chartFigures(sets.day).days,
    byBrand: chartFigures(sets.brand).byBrand.map(({ key, ...r }) => ({ brand: key, ...r })),
    byKind: chartFigures(sets.kind).byKind.map(({ key, ...r }) => ({ kind: key, ...r })),
  };
}

describeWithPostgres('Home\'s charts from sums per kind and card brand on the team ledger', () => {
  const ends: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    await Promise.allSettled(ends.map((end) => end()));
  });

  async function team() {
    const server = teamServer();
    const database = await server.createTeamDatabase();
    const root = await server.connect({ database });
    ends.push(() => root.end());
    const sue = await server.connectAs(database, server.person('support').login, 'sue-laptop');
    ends.push(() => sue.end());
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: server.person('finance').login, password: server.person('finance').password, max: 2 });
    ends.push(() => pool.end());
    return { server, database, root, sue, overview: createTeamOverview({ pool }) };
  }

  const sale = async (c: Client, p: { amount: number; currency?: string; profile?: string; kind?: string; bin?: string | null; captured?: number }) => {
    const id = randomUUID();
    await c.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, card_bin, state, captured_minor)
      VALUES ($1, $2, 'practice', $3, $4, $5, $6, $7, $8, $9)`,
    [id, p.profile ?? 'practice', p.kind ?? 'sale', `CS-${id.slice(0, 8)}`, p.amount, p.currency ?? 'SAR', p.bin ?? null, p.captured ? 'paid' : 'creating', p.captured ?? 0]);
    return id;
  };

  const rows = async (c: Client, table: string) =>
    (await c.query(`SELECT * FROM paydesk.${table} ORDER BY 1, 2, 3, 4, 5`)).rows.map((r) => ({ ...r, gross: Number(r.gross), paid: Number(r.paid) }));
  const sums = async (c: Client) => ({ hours: await rows(c, 'kind_brand_hours'), days: await rows(c, 'kind_brand_days') });
  /** The sums kept are those counted again from every payment. */
  async function expectAsCounted(root: pg.Client) {
    const kept = await sums(root);
    await root.query('BEGIN');
    await root.query('SELECT paydesk.fill_home_sums()');
    const counted = await sums(root);
    await root.query('ROLLBACK');
    expect(kept).toEqual(counted);
    return kept;
  }
  async function expectChartsOfTheRows(t: Awaited<ReturnType<typeof team>>, dayLists: Day[][], profiles: Array<string | undefined> = [undefined]) {
    for (const profileId of profiles) {
      for (const days of dayLists) {
        const home = await t.overview.get({ now: new Date().toISOString(), periods: [], days, ...(profileId ? { profileId } : {}) });
        const judge = await chartsOfTheRows(t.root, days, profileId ?? null);
        expect({ days: days.map((d) => d.date), profileId, charts: { days: home.days, byBrand: home.byBrand, byKind: home.byKind } }).toEqual({ days: days.map((d) => d.date), profileId, charts: judge });
      }
    }
  }
  /** Riyadh's days around today, and Kolkata's (half-hour edges). */
  const aroundNow = () => {
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.parse(today) - 3 * dayMs).toISOString().slice(0, 10);
    return [localDays(start, 6, 180), localDays(start, 6, 330)];
  };

  it('follows a payment inserted captured, a capture, a refund, its kind and card changed by hand, and a delete', async () => {
    const t = await team();
    // Inserted with its money (as a copy from a laptop inserts it): counted at once.
    const copied = await sale(t.sue, { amount: 5_000, kind: 'link', bin: '222100', captured: 5_000 });
    expect((await expectAsCounted(t.root)).hours).toMatchObject([{ currency: 'SAR', profile_id: 'practice', kind: 'link', brand: 'mastercard', gross: 5_000, paid: 1 }]);

    // A sale counts only once captured.
    const id = await sale(t.sue, { amount: 12_000, bin: '411111' });
    expect((await sums(t.root)).hours).toHaveLength(1);
    await t.sue.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = 12000 WHERE id = $1`, [id]);
    expect((await expectAsCounted(t.root)).days.map((r) => [r.kind, r.brand, r.gross, r.paid])).toEqual([['link', 'mastercard', 5_000, 1], ['sale', 'visa', 12_000, 1]]);
    await expectChartsOfTheRows(t, aroundNow());

    // A refund changes the bars' refunded (step 32's sums), not the shares.
    const before = await sums(t.root);
    await t.sue.query(`UPDATE paydesk.payments SET state = 'partially_refunded', refunded_minor = 2500 WHERE id = $1`, [id]);
    expect(await expectAsCounted(t.root)).toEqual(before);
    await expectChartsOfTheRows(t, aroundNow());

    // A repair by hand: another kind, another card; then a card taken away.
    await t.root.query(`UPDATE paydesk.payments SET kind = 'recurring', card_bin = '371449' WHERE id = $1`, [id]);
    expect((await expectAsCounted(t.root)).days.map((r) => [r.kind, r.brand, r.gross, r.paid])).toEqual([['link', 'mastercard', 5_000, 1], ['recurring', 'amex', 12_000, 1]]);
    await t.root.query(`UPDATE paydesk.payments SET card_bin = NULL WHERE id = $1`, [copied]);
    expect((await expectAsCounted(t.root)).days.map((r) => [r.kind, r.brand])).toEqual([['link', 'none'], ['recurring', 'amex']]);
    await expectChartsOfTheRows(t, aroundNow());

    // Deleted (by the superuser: nobody else may): its row goes, no empty one is left.
    for (const table of ['operations', 'payment_history', 'status_checks']) await t.root.query(`DELETE FROM paydesk.${table} WHERE payment_id = $1`, [id]);
    await t.root.query(`DELETE FROM paydesk.payments WHERE id = $1`, [id]);
    expect((await expectAsCounted(t.root)).days.map((r) => [r.kind, r.brand, r.gross, r.paid])).toEqual([['link', 'none', 5_000, 1]]);
    await expectChartsOfTheRows(t, aroundNow());
  });

  it('gives the charts of the payments themselves at local days of Riyadh and Kolkata, days apart and one twice, for all profiles and each', async () => {
    const t = await team();
    // Payments around local midnights (Riyadh 21:00 UTC, Kolkata 18:30 UTC), moved there by the superuser in one statement.
    const instants = ['2026-11-09T18:29:59.999Z', '2026-11-09T18:30:00.000Z', '2026-11-09T20:59:59.999Z', '2026-11-09T21:00:00.000Z', '2026-11-10T00:00:00.000Z', '2026-11-10T12:00:00.000Z',
      '2026-11-10T18:45:00.000Z', '2026-11-10T21:30:00.000Z', '2026-11-11T18:29:00.000Z', '2026-11-12T06:00:00.000Z', '2026-11-13T20:59:59.999Z', '2026-11-13T23:59:59.999Z',
      // In the half hours at the ends of Kolkata's runs of days below (read from the payments, not the sums).
      '2026-11-07T18:40:00.000Z', '2026-11-15T18:10:00.000Z', '2026-11-11T18:50:00.000Z', '2026-11-13T18:15:00.000Z'];
    const kinds = ['sale', 'link', 'checkout', 'recurring', 'external'];
    const bins = ['411111', '512345', '272099', '343434', '601100', null];
    const ids: string[] = [];
    for (const [i] of instants.entries()) {
      ids.push(await sale(t.sue, { amount: 1_000 + i * 111, currency: ['SAR', 'USD', 'KWD'][i % 3], profile: ['practice', 'shop-2'][i % 2], kind: kinds[i % 5], bin: bins[i % 6], captured: 1_000 + i * 111 }));
    }
    await sale(t.sue, { amount: 999, bin: '411111' }); // never captured: in no chart
    await t.root.query(`UPDATE paydesk.payments p SET created_at = v.at::timestamptz FROM unnest($1::uuid[], $2::text[]) AS v(id, at) WHERE p.id = v.id`, [ids, instants]);
    await expectAsCounted(t.root);
    const riyadh = localDays('2026-11-08', 8, 180);
    const kolkata = localDays('2026-11-08', 8, 330);
    await expectChartsOfTheRows(t, [
      riyadh, kolkata, riyadh.slice(2, 3), localDays('2026-11-09', 3, 0),
      // Days apart, one twice, and days of two zones overlapping.
      [riyadh[1]!, riyadh[3]!, riyadh[3]!, riyadh[4]!, kolkata[4]!, kolkata[5]!],
    ], [undefined, 'practice', 'shop-2', 'nobody']);
  });

  it('names a card\'s brand by card-brand.ts\'s rule, as the payments\' own rows and the laptop\'s ledger do', async () => {
    const t = await team();
    const bins = ['411111', '400000', '510000', '559999', '500000', '560000', '222099', '222100', '272099', '272100', '340000', '370000', '360000', '601100', '999999', '', null];
    const team_ = await t.root.query(`SELECT b AS card_bin, paydesk.card_brand(b) AS sums, ${cardBrandSql.replace(/card_bin/g, 'b')} AS rows FROM unnest($1::text[]) AS t(b)`, [bins]);
    const laptop = new Database(':memory:');
    const sqlite = bins.map((b) => (laptop.prepare(`SELECT ${cardBrandSql} AS brand FROM (SELECT ? AS card_bin)`).get(b) as { brand: string }).brand);
    laptop.close();
    expect(team_.rows.map((r) => r.sums)).toEqual(team_.rows.map((r) => r.rows));
    expect(team_.rows.map((r) => r.sums)).toEqual(sqlite);
    expect(new Set(sqlite)).toEqual(new Set(['visa', 'mastercard', 'amex', 'other', 'none']));
  });

  it('every role that reads Home reads these sums, which name no payment, order or person; nobody writes them', async () => {
    const t = await team();
    await sale(t.sue, { amount: 4_000, bin: '411111', captured: 4_000 });
    for (const role of ['staff', 'support', 'finance', 'admin'] as const) {
      const c = await t.server.connectAs(t.database, t.server.person(role).login);
      ends.push(() => c.end());
      expect((await c.query(`SELECT count(*)::int AS n FROM paydesk.kind_brand_hours`)).rows).toEqual([{ n: 1 }]);
      expect((await c.query(`SELECT count(*)::int AS n FROM paydesk.kind_brand_days`)).rows).toEqual([{ n: 1 }]);
      for (const write of [`INSERT INTO paydesk.kind_brand_hours VALUES (1, 'SAR', 'practice', 'sale', 'visa', 1, 1)`, `UPDATE paydesk.kind_brand_days SET gross = 0`,
        `DELETE FROM paydesk.kind_brand_hours`, `SELECT paydesk.fill_kind_brand_sums()`]) {
        await expect(c.query(write)).rejects.toMatchObject({ code: '42501' });
      }
    }
    const columns = await t.root.query(`SELECT table_name, string_agg(column_name, ' ' ORDER BY ordinal_position) AS columns FROM information_schema.columns
      WHERE table_schema = 'paydesk' AND table_name IN ('kind_brand_hours', 'kind_brand_days') GROUP BY 1 ORDER BY 1`);
    expect(columns.rows).toEqual([
      { table_name: 'kind_brand_days', columns: 'day currency profile_id kind brand gross paid' },
      { table_name: 'kind_brand_hours', columns: 'hour currency profile_id kind brand gross paid' },
    ]);
  });
});
