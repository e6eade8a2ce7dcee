// Home's sums on the team ledger (home-sums.sql, schema version 32; docs/overview.md, "The team
// ledger"): the hour and day rows the triggers keep say, after each write a laptop makes, what the
// payments and refunds themselves say: counted again from every row (fill_home_sums, in a
// transaction rolled back) they are the same, and Home's figures and refunds made read from them are
// those of the payments read directly (the queries of version 31, kept here as the judge), at
// period edges of 23:30 in Riyadh and New York too. Two laptops writing the same hour at once take
// turns and both count, whichever of payment and operation each writes first (no deadlock).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createTeamOverview } from '../../../main/ledger/postgres/pg-overview';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

type Client = Pick<pg.Client, 'query'>;
const hourMs = 3_600_000;
const utcHour = (iso: string) => Math.floor(Date.parse(iso) / hourMs);

describeWithPostgres('Home\'s sums per hour and day on the team ledger', () => {
  const ends: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    await Promise.allSettled(ends.map((end) => end()));
  });

  /** A fresh team database; the superuser (a repair by hand), two of support's laptops, and finance's pool as Home reads. */
  async function team() {
    const server = teamServer();
    const database = await server.createTeamDatabase();
    const connect = async (make: () => Promise<pg.Client>) => {
      const client = await make();
      ends.push(() => client.end());
      return client;
    };
    const root = await connect(() => server.connect({ database }));
    const support = server.person('support').login;
    const [sue, sueOther] = [await connect(() => server.connectAs(database, support, 'sue-laptop')), await connect(() => server.connectAs(database, support, 'sue-other'))];
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: server.person('finance').login, password: server.person('finance').password, max: 2 });
    ends.push(() => pool.end());
    return { server, database, root, sue, sueOther, pool, overview: createTeamOverview({ pool }) };
  }

  const sale = async (c: Client, amount: number, currency = 'SAR', profile = 'practice') => {
    const id = randomUUID();
    await c.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, $2, 'practice', 'sale', $3, $4, $5, 'creating')`, [id, profile, `HS-${id.slice(0, 8)}`, amount, currency]);
    return id;
  };
  const capture = (c: Client, id: string, amount: number) => c.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = $2 WHERE id = $1`, [id, amount]);
  const sendRefund = async (c: Client, paymentId: string, amount: number) => {
    const id = randomUUID();
    await c.query(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, reason, outcome) VALUES ($1, $2, 'refund', $3, 'returned', 'sending')`, [id, paymentId, amount]);
    return id;
  };
  const answer = (c: Client, opId: string, outcome: string) => c.query(`UPDATE paydesk.operations SET outcome = $2, completed_at = now() WHERE id = $1`, [opId, outcome]);
  const refunded = (c: Client, id: string, total: number, state = 'partially_refunded') => c.query(`UPDATE paydesk.payments SET state = $3, refunded_minor = $2 WHERE id = $1`, [id, total, state]);
  /** A whole refund as the app records it: sent, answered, the payment's total after it. */
  const refund = async (c: Client, paymentId: string, amount: number, outcome: 'succeeded' | 'failed', total: number) => {
    const op = await sendRefund(c, paymentId, amount);
    await answer(c, op, outcome);
    if (outcome === 'succeeded') await refunded(c, paymentId, total);
    return op;
  };

  const rows = async (c: Client, table: string) =>
    (await c.query(`SELECT * FROM paydesk.${table} ORDER BY 1, 2, 3`)).rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v])));
  const sums = async (c: Client) => ({ moneyHours: await rows(c, 'money_hours'), moneyDays: await rows(c, 'money_days'), refundHours: await rows(c, 'refund_hours'), refundDays: await rows(c, 'refund_days') });
  /** The sums kept are those counted again from every payment and refund. */
  async function expectAsCounted(root: pg.Client) {
    const kept = await sums(root);
    await root.query('BEGIN');
    await root.query('SELECT paydesk.fill_home_sums()');
    const counted = await sums(root);
    await root.query('ROLLBACK');
    expect(kept).toEqual(counted);
    return kept;
  }

  /** Version 31's figures, straight from the payments and refunds: the judge of version 32's. */
  async function fromTheRows(c: Client, range: { from: string; to: string }, profileId: string | null) {
    const totals = await c.query(`SELECT currency, sum(captured_minor)::text AS gross, sum(refunded_minor)::text AS refunded, count(*) FILTER (WHERE captured_minor > 0)::int AS paid,
        count(*) FILTER (WHERE refunded_minor > 0)::int AS refunds, count(*) FILTER (WHERE captured_minor > 0 AND refunded_minor = 0 AND state IN ('partially_refunded', 'refunded'))::int AS not_known,
        count(*) FILTER (WHERE captured_minor = 0 AND state = 'partially_captured')::int AS captures_not_known
      FROM paydesk.payments WHERE created_at >= $1 AND created_at < $2 AND (captured_minor > 0 OR state = 'partially_captured') AND ($3::text IS NULL OR profile_id = $3) GROUP BY currency ORDER BY currency COLLATE "C"`, [range.from, range.to, profileId]);
    const made = await c.query(`SELECT p.currency, count(*)::int AS n, sum(o.amount_minor)::text AS amount FROM paydesk.operations o JOIN paydesk.payments p ON p.id = o.payment_id
      WHERE o.kind = 'refund' AND o.outcome = 'succeeded' AND o.created_at >= $1 AND o.created_at < $2 AND ($3::text IS NULL OR p.profile_id = $3) GROUP BY p.currency ORDER BY p.currency COLLATE "C"`, [range.from, range.to, profileId]);
    return {
      totals: totals.rows.map((r) => ({ currency: r.currency, grossMinor: Number(r.gross), refundedMinor: Number(r.refunded), netMinor: Number(r.gross) - Number(r.refunded), paidCount: r.paid, refundCount: r.refunds, refundsNotKnown: r.not_known, capturesNotKnown: r.captures_not_known })),
      made: made.rows.map((r) => ({ currency: r.currency, count: r.n, amountMinor: Number(r.amount) })),
    };
  }
  async function expectFiguresOfTheRows(t: Awaited<ReturnType<typeof team>>, ranges: Array<{ from: string; to: string }>, profiles: Array<string | undefined> = [undefined]) {
    for (const profileId of profiles) {
      for (const range of ranges) {
        const home = await t.overview.get({ now: new Date().toISOString(), days: [], periods: [range], refundsMadeIn: range, ...(profileId ? { profileId } : {}) });
        const judge = await fromTheRows(t.root, range, profileId ?? null);
        expect({ range, profileId, totals: home.periods[0]!.totals, made: home.refundsMade }).toEqual({ range, profileId, totals: judge.totals, made: judge.made });
      }
    }
  }
  const aroundNow = () => ({ from: new Date(Date.now() - 2 * 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() });

  it('a sale, its capture, a failed refund and one that succeeded: each write counted in its hour, nothing for a sale not captured or a refund that failed', async () => {
    const t = await team();
    const id = await sale(t.sue, 12_000);
    expect(await sums(t.root)).toEqual({ moneyHours: [], moneyDays: [], refundHours: [], refundDays: [] });
    await capture(t.sue, id, 12_000);
    const created = (await t.root.query(`SELECT created_at FROM paydesk.payments WHERE id = $1`, [id])).rows[0].created_at as Date;
    const hour = utcHour(created.toISOString());
    const money = { hour, currency: 'SAR', profile_id: 'practice', gross: 12_000, refunded: 0, paid: 1, refunds: 0, not_known: 0 };
    expect((await sums(t.root)).moneyHours).toEqual([money]);

    await refund(t.sue, id, 2_000, 'failed', 0);
    expect(await sums(t.root)).toMatchObject({ moneyHours: [money], refundHours: [] });
    const op = await refund(t.sue, id, 2_500, 'succeeded', 2_500);
    const made = (await t.root.query(`SELECT created_at FROM paydesk.operations WHERE id = $1`, [op])).rows[0].created_at as Date;
    const kept = await expectAsCounted(t.root);
    expect(kept.moneyHours).toEqual([{ ...money, refunded: 2_500, refunds: 1 }]);
    const { hour: _, ...perDay } = money;
    expect(kept.moneyDays).toEqual([{ day: Math.floor(hour / 24), ...perDay, refunded: 2_500, refunds: 1 }]);
    expect(kept.refundHours).toEqual([{ hour: utcHour(made.toISOString()), currency: 'SAR', profile_id: 'practice', amount: 2_500, n: 1 }]);

    // Refunded outside Paydesk by an amount no answer told: counted apart, as the figures say.
    const elsewhere = await sale(t.sue, 3_000, 'KWD');
    await capture(t.sue, elsewhere, 3_000);
    await t.sue.query(`UPDATE paydesk.payments SET state = 'refunded' WHERE id = $1`, [elsewhere]);
    expect((await expectAsCounted(t.root)).moneyHours.find((r) => r.currency === 'KWD')).toMatchObject({ paid: 1, refunds: 0, not_known: 1 });
    await expectFiguresOfTheRows(t, [aroundNow()]);
  });

  it('a refund whose answer was lost, settled hours later, counts in the hour it was made', async () => {
    const t = await team();
    const id = await sale(t.sue, 9_000, 'AED');
    await capture(t.sue, id, 9_000);
    const op = await sendRefund(t.sue, id, 4_000);
    await answer(t.sue, op, 'unknown');
    // It was sent three hours ago (the superuser stands in for the clock).
    const sent = new Date(Math.floor(Date.now() / hourMs) * hourMs - 3 * hourMs + 1_234).toISOString();
    await t.root.query(`UPDATE paydesk.operations SET created_at = $2 WHERE id = $1`, [op, sent]);
    expect((await sums(t.root)).refundHours).toEqual([]);
    await t.sue.query(`UPDATE paydesk.operations SET outcome = 'succeeded', completed_at = now(), settled_reason = 'seen on the dashboard' WHERE id = $1`, [op]);
    await refunded(t.sue, id, 4_000);
    expect((await expectAsCounted(t.root)).refundHours).toEqual([{ hour: utcHour(sent), currency: 'AED', profile_id: 'practice', amount: 4_000, n: 1 }]);
    await expectFiguresOfTheRows(t, [aroundNow(), { from: new Date(Date.parse(sent) - 1_000).toISOString(), to: new Date(Date.parse(sent) + 1_000).toISOString() }]);
  });

  it('a payment moved to another profile or currency (a repair by hand) takes its money and its refunds with it, leaving no empty row', async () => {
    const t = await team();
    const id = await sale(t.sue, 7_000, 'SAR', 'shop-1');
    await capture(t.sue, id, 7_000);
    await refund(t.sue, id, 1_000, 'succeeded', 1_000);
    await t.root.query(`UPDATE paydesk.payments SET profile_id = 'shop-2' WHERE id = $1`, [id]);
    let kept = await expectAsCounted(t.root);
    expect([...kept.moneyHours, ...kept.moneyDays, ...kept.refundHours, ...kept.refundDays].map((r) => r.profile_id)).toEqual(['shop-2', 'shop-2', 'shop-2', 'shop-2']);
    // The database keeps a captured payment's currency (retry.sql): the repair turns that guard off for its own transaction.
    await t.root.query('BEGIN');
    await t.root.query('ALTER TABLE paydesk.payments DISABLE TRIGGER payments_details_guard');
    await t.root.query(`UPDATE paydesk.payments SET currency = 'BHD' WHERE id = $1`, [id]);
    await t.root.query('ALTER TABLE paydesk.payments ENABLE TRIGGER payments_details_guard');
    await t.root.query('COMMIT');
    kept = await expectAsCounted(t.root);
    expect([...kept.moneyHours, ...kept.moneyDays, ...kept.refundHours, ...kept.refundDays].map((r) => r.currency)).toEqual(['BHD', 'BHD', 'BHD', 'BHD']);
    await expectFiguresOfTheRows(t, [aroundNow()], [undefined, 'shop-1', 'shop-2']);
  });

  it('gives the figures of the payments themselves at period edges of 23:30 in Riyadh and New York, whole days and hours between', async () => {
    const t = await team();
    // Payments and refunds at instants around local midnights (Riyadh UTC+3, New York UTC-5 in November), moved there by the superuser in one statement.
    const instants = ['2026-11-10T20:29:59.999Z', '2026-11-10T20:30:00.000Z', '2026-11-10T20:59:00.000Z', '2026-11-10T21:00:00.000Z', '2026-11-11T04:30:00.000Z', '2026-11-11T04:59:59.999Z',
      '2026-11-11T05:00:00.000Z', '2026-11-11T12:00:00.000Z', '2026-11-12T20:30:00.000Z', '2026-11-13T04:15:00.000Z', '2026-11-14T23:59:59.999Z', '2026-11-15T00:00:00.000Z'];
    const ids: string[] = [];
    for (const [i] of instants.entries()) {
      const id = await sale(t.sue, 1_000 + i * 111, ['SAR', 'USD', 'KWD'][i % 3], ['practice', 'shop-2'][i % 2]);
      await capture(t.sue, id, 1_000 + i * 111);
      if (i % 3 === 1) await refund(t.sue, id, 100 + i, 'succeeded', 100 + i);
      ids.push(id);
    }
    await t.root.query(`UPDATE paydesk.payments p SET created_at = v.at::timestamptz FROM unnest($1::uuid[], $2::text[]) AS v(id, at) WHERE p.id = v.id`, [ids, instants]);
    // Each refund made half a day after its payment, in the same statement.
    await t.root.query(`UPDATE paydesk.operations o SET created_at = p.created_at + interval '12 hours 30 minutes' FROM paydesk.payments p WHERE p.id = o.payment_id`);
    await expectAsCounted(t.root);
    const riyadh = (day: string) => ({ from: new Date(Date.parse(`${day}T00:00:00+03:00`)).toISOString(), to: new Date(Date.parse(`${day}T00:00:00+03:00`) + 86_400_000).toISOString() });
    const newYork = (day: string) => ({ from: new Date(Date.parse(`${day}T00:00:00-05:00`)).toISOString(), to: new Date(Date.parse(`${day}T00:00:00-05:00`) + 86_400_000).toISOString() });
    await expectFiguresOfTheRows(t, [
      riyadh('2026-11-10'), riyadh('2026-11-11'), newYork('2026-11-10'), newYork('2026-11-11'),
      { from: riyadh('2026-11-09').from, to: riyadh('2026-11-15').to }, { from: newYork('2026-11-10').from, to: newYork('2026-11-14').to },
      // From 23:30 to 23:30, local: edges in the middle of an hour.
      { from: '2026-11-10T20:30:00.000Z', to: '2026-11-12T20:30:00.000Z' }, { from: '2026-11-11T04:30:00.000Z', to: '2026-11-13T04:30:00.000Z' },
      { from: '2026-11-10T20:30:00.000Z', to: '2026-11-10T20:59:30.000Z' },
    ], [undefined, 'practice', 'shop-2']);
  });

  /** Lets a laptop's statement run until it is done or waits for a lock another transaction holds. */
  async function doneOrWaiting(root: pg.Client, client: pg.Client, run: Promise<unknown>): Promise<'done' | 'waiting'> {
    const pid = (client as unknown as { processID: number }).processID;
    let done = false;
    void run.then(() => (done = true), () => (done = true));
    for (let i = 0; i < 400 && !done; i++) {
      if ((await root.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [pid])).rows[0]?.wait_event_type === 'Lock') return 'waiting';
      await new Promise((r) => setTimeout(r, 10));
    }
    if (!done) throw new Error('neither done nor waiting');
    return 'done';
  }

  it('two laptops capturing in the same hour at once: the second waits for the first to commit, and both count', async () => {
    const t = await team();
    const [a, b] = [await sale(t.sue, 5_000), await sale(t.sueOther, 6_000)];
    await t.sue.query('BEGIN');
    await capture(t.sue, a, 5_000);
    await t.sueOther.query('BEGIN');
    const second = capture(t.sueOther, b, 6_000);
    const captured = await doneOrWaiting(t.root, t.sueOther, second);
    const committed = second.then(() => t.sueOther.query('COMMIT'));
    const waited = captured === 'waiting' ? captured : await doneOrWaiting(t.root, t.sueOther, committed);
    expect(waited).toBe('waiting');
    await t.sue.query('COMMIT');
    await committed;
    expect((await expectAsCounted(t.root)).moneyHours).toMatchObject([{ currency: 'SAR', gross: 11_000, paid: 2 }]);
  });

  it('two laptops finishing refunds at once, one writing the payment first and the other the operation: no deadlock, both counted', async () => {
    const t = await team();
    const [a, b] = [await sale(t.sue, 5_000), await sale(t.sue, 6_000)];
    await capture(t.sue, a, 5_000);
    await capture(t.sue, b, 6_000);
    const [opA, opB] = [await sendRefund(t.sue, a, 500), await sendRefund(t.sueOther, b, 600)];
    // As money-operations.ts does: the payment, then the operation; as a settlement by hand does: the operation, then the payment.
    await t.sue.query('BEGIN');
    await refunded(t.sue, a, 500);
    await t.sueOther.query('BEGIN');
    const answeredB = answer(t.sueOther, opB, 'succeeded');
    await doneOrWaiting(t.root, t.sueOther, answeredB);
    const answeredA = answer(t.sue, opA, 'succeeded');
    await doneOrWaiting(t.root, t.sue, answeredA);
    await Promise.all([
      answeredB.then(() => refunded(t.sueOther, b, 600)).then(() => t.sueOther.query('COMMIT')),
      answeredA.then(() => t.sue.query('COMMIT')),
    ]);
    const kept = await expectAsCounted(t.root);
    expect(kept.moneyHours).toMatchObject([{ gross: 11_000, refunded: 1_100, paid: 2, refunds: 2 }]);
    expect(kept.refundHours).toMatchObject([{ amount: 1_100, n: 2 }]);
  });

  it('every role that reads Home reads the sums, which name no payment, order or person; nobody writes them', async () => {
    const t = await team();
    const id = await sale(t.sue, 4_000);
    await capture(t.sue, id, 4_000);
    for (const role of ['staff', 'support', 'finance', 'admin'] as const) {
      const c = await t.server.connectAs(t.database, t.server.person(role).login);
      ends.push(() => c.end());
      expect((await c.query(`SELECT count(*)::int AS n FROM paydesk.money_hours`)).rows).toEqual([{ n: 1 }]);
      for (const table of ['money_days', 'refund_hours', 'refund_days']) await c.query(`SELECT * FROM paydesk.${table}`);
      for (const write of [`INSERT INTO paydesk.money_hours VALUES (1, 'SAR', 'practice', 1, 0, 1, 0, 0)`, `UPDATE paydesk.money_days SET gross = 0`, `DELETE FROM paydesk.refund_hours`, `SELECT paydesk.fill_home_sums()`]) {
        await expect(c.query(write)).rejects.toMatchObject({ code: '42501' });
      }
    }
    const columns = await t.root.query(`SELECT table_name, string_agg(column_name, ' ' ORDER BY ordinal_position) AS columns FROM information_schema.columns
      WHERE table_schema = 'paydesk' AND table_name IN ('money_hours', 'money_days', 'refund_hours', 'refund_days') GROUP BY 1 ORDER BY 1`);
    expect(columns.rows).toEqual([
      { table_name: 'money_days', columns: 'day currency profile_id gross refunded paid refunds not_known' },
      { table_name: 'money_hours', columns: 'hour currency profile_id gross refunded paid refunds not_known' },
      { table_name: 'refund_days', columns: 'day currency profile_id amount n' },
      { table_name: 'refund_hours', columns: 'hour currency profile_id amount n' },
    ]);
  });
});
