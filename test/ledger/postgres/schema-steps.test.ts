// The team schema's numbered steps (security.ts's schemaSteps), the team ledger's counterpart of
// the laptop's migrations: a team database set up by an older Paydesk (every older version in
// turn), with its people and their payments, refunds and exports, is told apart in words by
// "Test connection", then upgraded in order to this version, keeping every row and audit entry
// as it was, its audit chain continuing, its people's rights as before, and its old payments in
// the list and the overview. A database newer than this Paydesk knows is refused, untouched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { reasonText } from '../../../main/core/fail';
import { testTeamLedgerConnection } from '../../../main/ledger/postgres/connection';
import { createTeamOverview } from '../../../main/ledger/postgres/pg-overview';
import { createTeamLedgerReads } from '../../../main/ledger/postgres/pg-reads';
import { createTeamProfiles } from '../../../main/ledger/postgres/pg-profiles';
import { createTeamBulkStore } from '../../../main/ledger/postgres/pg-bulk';
import { applyTeamLedgerSecurity, schemaSteps, teamLedgerSchemaVersion } from '../../../main/ledger/postgres/security';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

const olderVersions = schemaSteps.map(([version]) => version).filter((v) => v < teamLedgerSchemaVersion);
const stepSql = (file: string) => readFileSync(join(process.cwd(), 'main/ledger/postgres', file), 'utf8');

describeWithPostgres('the team schema\'s numbered steps', () => {
  const ends: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    await Promise.allSettled(ends.map((end) => end()));
  });

  /** A new database taken to `version` as an older Paydesk's setup did: its steps in order, in one transaction, as a superuser. */
  async function databaseAt(version: number) {
    const server = teamServer();
    const database = await server.createDatabase();
    const superuser = await server.connect({ database });
    ends.push(() => superuser.end());
    await superuser.query('BEGIN');
    for (const [step, file] of schemaSteps) if (step <= version) await superuser.query(stepSql(file));
    await superuser.query('COMMIT');
    // As a business does it: the superuser adds the first admin, the admin everyone else.
    await superuser.query(`SELECT paydesk.add_person('ada', 'admin')`);
    const as = async (role: 'staff' | 'support' | 'finance' | 'admin') => {
      const client = await server.connectAs(database, server.person(role).login, `${role}-laptop`);
      ends.push(() => client.end());
      return client;
    };
    const [sam, sue, fay, ada] = [await as('staff'), await as('support'), await as('finance'), await as('admin')];
    for (const [login, role] of [['sam', 'staff'], ['sue', 'support'], ['fay', 'finance']]) await ada.query('SELECT paydesk.add_person($1, $2)', [login, role]);
    return { server, database, superuser, sam, sue, fay, ada };
  }

  type Client = Pick<pg.Client, 'query'>;
  const insertPayment = async (client: Client, amount: number) => {
    const id = randomUUID();
    await client.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'sale', $2, $3, 'KWD', 'creating')`, [id, `OLD-${id.slice(0, 8)}`, amount]);
    return id;
  };
  const insertOperation = (client: Client, paymentId: string, kind: string, amount: number | null) =>
    client.query(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, reason, outcome) VALUES ($1, $2, $3, $4, $5, 'sending')`, [randomUUID(), paymentId, kind, amount, kind === 'refund' ? 'customer asked' : null]);
  /** What must come through an upgrade as it was. */
  const snapshot = async (client: Client) => ({
    payments: (await client.query(`SELECT id, order_id, amount_minor::text, currency, state, captured_minor::text, refunded_minor::text, created_by, created_at FROM paydesk.payments ORDER BY id`)).rows,
    operations: (await client.query(`SELECT id, payment_id, kind, amount_minor::text, outcome, db_user, created_at FROM paydesk.operations ORDER BY id`)).rows,
    audit: (await client.query(`SELECT seq::text, at, db_user, os_user, action, payment_id, amount_minor::text, result, prev_hash, hash FROM paydesk.audit_log ORDER BY seq`)).rows,
  });

  it.each(olderVersions)('upgrades a version %i team database in order to this version, keeping its rows and its people\'s rights', async (version) => {
    const { server, database, superuser, sam, sue, fay, ada } = await databaseAt(version);
    // Its people at work: staff records a sale, support takes the money and refunds part, finance exports.
    const paymentId = await insertPayment(sam, 12_345);
    await insertOperation(sam, paymentId, 'create', 12_345);
    await sue.query(`UPDATE paydesk.operations SET outcome = 'succeeded', completed_at = now() WHERE payment_id = $1 AND kind = 'create'`, [paymentId]);
    await sue.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = 12345, transaction_id = $2 WHERE id = $1`, [paymentId, `T-${paymentId.slice(0, 8)}`]);
    await insertOperation(sue, paymentId, 'refund', 2_345);
    await sue.query(`UPDATE paydesk.operations SET outcome = 'succeeded', completed_at = now() WHERE payment_id = $1 AND kind = 'refund'`, [paymentId]);
    await sue.query(`UPDATE paydesk.payments SET state = 'partially_refunded', refunded_minor = 2345 WHERE id = $1`, [paymentId]);
    await fay.query(`SELECT paydesk.record_export('payments', '1 rows')`);
    const before = await snapshot(superuser);

    // "Test connection" tells the older schema, in words, in English and Arabic.
    const settings = { host: '127.0.0.1', port: server.port, database, user: 'fay' };
    const old = await testTeamLedgerConnection(settings, server.person('finance').password);
    expect(old).toMatchObject({ ok: false, problem: 'oldSchema', reason: { key: 'teamLedger.oldSchema', values: { found: version, expected: teamLedgerSchemaVersion } } });
    if (!old.ok) {
      expect(reasonText('en', old.reason)).toContain(`schema ${version}`);
      expect(reasonText('ar', old.reason)).toMatch(/[\u0600-\u06ff]/);
    }

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect((await superuser.query(`SELECT value FROM paydesk.ledger_meta WHERE key = 'schema_version'`)).rows).toEqual([{ value: String(teamLedgerSchemaVersion) }]);
    expect(await applyTeamLedgerSecurity(superuser)).toBe('present');
    expect(await testTeamLedgerConnection(settings, server.person('finance').password)).toMatchObject({ ok: true, role: 'finance' });

    // Every row and audit entry as it was.
    expect(await snapshot(superuser)).toEqual(before);
    // Its people's rights as before: staff refused a refund by the database, finance refused money moves, support and admin allowed.
    const later = await insertPayment(sam, 500);
    await expect(insertOperation(sam, paymentId, 'refund', 100)).rejects.toMatchObject({ code: '42501' });
    await expect(insertPayment(fay, 700)).rejects.toMatchObject({ code: '42501' });
    await insertOperation(sue, paymentId, 'refund', 100);
    await ada.query(`SELECT paydesk.add_person($1, 'staff')`, [`joiner-${version}`]);
    // The audit chain goes on from where the older version left it.
    const chain = (await superuser.query(`SELECT seq::int, prev_hash, hash, action FROM paydesk.audit_log ORDER BY seq`)).rows;
    chain.forEach((entry, i) => {
      expect(entry.seq).toBe(i + 1);
      if (i > 0) expect(entry.prev_hash).toBe(chain[i - 1].hash);
    });
    expect(chain.slice(before.audit.length).map((e) => e.action)).toEqual(['create_sale', 'refund', 'add_person']);

    // The old payments are in the list and the overview of this version.
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'fay', password: server.person('finance').password, max: 2 });
    ends.push(() => pool.end());
    const list = await createTeamLedgerReads({ pool }).searchPayments({ filter: { currency: 'KWD' }, sort: { by: 'createdAt', direction: 'asc' }, offset: 0, limit: 10 });
    expect(list).toMatchObject({ total: 2, totalExact: true });
    expect(list.rows.map((r) => [r.id, r.state, r.capturedMinor, r.refundedMinor])).toEqual([[paymentId, 'partially_refunded', 12_345, 2_345], [later, 'creating', 0, 0]]);
    const day = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() };
    const overview = await createTeamOverview({ pool }).get({ now: new Date().toISOString(), periods: [day], days: [] });
    expect(overview.periods[0]!.totals).toEqual([{ currency: 'KWD', grossMinor: 12_345, refundedMinor: 2_345, netMinor: 10_000, paidCount: 1, refundCount: 1, refundsNotKnown: 0, capturesNotKnown: 0 }]);
  });

  it('from version 8, shows on each payment what the older version showed: its last check and its unclear operation\'s message', async () => {
    const { server, database, superuser, sam, sue } = await databaseAt(8);
    const checked = await insertPayment(sam, 1_000);
    await sam.query(`INSERT INTO paydesk.status_checks (payment_id, at, outcome) VALUES ($1, '2026-01-02T03:04:05.006Z', 'ok'), ($1, '2026-01-03T03:04:05.006Z', 'timeout')`, [checked]);
    const unclear = await insertPayment(sue, 2_000);
    await insertOperation(sue, unclear, 'create', 2_000);
    await sue.query(`UPDATE paydesk.operations SET outcome = 'unknown', error_message = 'It may or may not have gone through.' WHERE payment_id = $1`, [unclear]);
    const untouched = await insertPayment(sam, 3_000);
    const marks = `SELECT id, updated_at, change_seq FROM paydesk.payments ORDER BY id`;
    const before = { rows: await snapshot(superuser), marks: (await superuser.query(marks)).rows };

    await superuser.query('LISTEN paydesk_changes');
    const told: string[] = [];
    superuser.on('notification', (n) => told.push(n.payload ?? ''));
    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'fay', password: server.person('finance').password, max: 2 });
    ends.push(() => pool.end());
    const list = await createTeamLedgerReads({ pool }).searchPayments({ filter: { currency: 'KWD' }, sort: { by: 'createdAt', direction: 'asc' }, offset: 0, limit: 10 });
    const attempts = new Map((await superuser.query(`SELECT id, check_attempts FROM paydesk.payments`)).rows.map((r) => [r.id, r.check_attempts]));
    expect(Object.fromEntries(list.rows.map((r) => [r.id, [r.lastCheckedAt, r.lastError, attempts.get(r.id)]]))).toEqual({
      [checked]: ['2026-01-03T03:04:05.006Z', null, 0],
      [unclear]: [null, 'It may or may not have gone through.', 0],
      [untouched]: [null, null, 0],
    });
    // Filled in, not changed by anyone: no new updated_at or change_seq, no laptop told.
    expect({ rows: await snapshot(superuser), marks: (await superuser.query(marks)).rows }).toEqual(before);
    await superuser.query('SELECT 1');
    expect(told).toEqual([]);
  });

  it('from version 12, an older order the gateway did not create may be tried again with a new amount; a paid one keeps its amount', async () => {
    const { superuser, sam, sue } = await databaseAt(12);
    const refused = await insertPayment(sam, 1_000);
    await insertOperation(sam, refused, 'create', 1_000);
    await sam.query(`UPDATE paydesk.operations SET outcome = 'failed', completed_at = now() WHERE payment_id = $1`, [refused]);
    await sam.query(`UPDATE paydesk.payments SET state = 'not_created' WHERE id = $1`, [refused]);
    const paid = await insertPayment(sam, 3_000);
    await sue.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = 3000 WHERE id = $1`, [paid]);
    // Version 12 gave staff no right to change an amount at all.
    await expect(sam.query(`UPDATE paydesk.payments SET amount_minor = 2000 WHERE id = $1`, [refused])).rejects.toMatchObject({ code: '42501' });
    const before = await snapshot(superuser);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await snapshot(superuser)).toEqual(before);
    await sam.query(`UPDATE paydesk.payments SET amount_minor = 2000, state = 'creating' WHERE id = $1`, [refused]);
    await expect(sam.query(`UPDATE paydesk.payments SET amount_minor = 1 WHERE id = $1`, [paid])).rejects.toMatchObject({ code: 'PD013' });
    expect((await superuser.query(`SELECT id, amount_minor::int FROM paydesk.payments ORDER BY amount_minor`)).rows).toEqual([{ id: refused, amount_minor: 2_000 }, { id: paid, amount_minor: 3_000 }]);
  });

  it('from version 20, keeps a check-up run saved before as it was, and tells every laptop of its saves from then on (checkup:<run id>)', async () => {
    const { superuser, sue } = await databaseAt(20);
    const run = randomUUID();
    await sue.query(`SELECT paydesk.record_checkup('checkup_started', $1, 'practice', 'practice', 'practice, SAR')`, [run]);
    const save = (state: string) => sue.query(`SELECT paydesk.save_checkup_run($1, $2, 'SAR', '127.0.0.1', '[]', '[]', now(), NULL)`, [run, state]);
    await superuser.query('LISTEN paydesk_changes');
    const told: string[] = [];
    superuser.on('notification', (n) => told.push(n.payload ?? ''));
    // Version 20 told nobody of a save.
    await save('running');
    await superuser.query('SELECT 1');
    const kept = `SELECT run_id, state, steps, started_at, finished_at, saved_at FROM paydesk.checkup_run_results ORDER BY run_id`;
    const before = (await superuser.query(kept)).rows;
    expect(before).toHaveLength(1);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect((await superuser.query(kept)).rows).toEqual(before);
    expect(told).toEqual([]);
    await save('cancelling');
    await expect.poll(() => told).toEqual([`checkup:${run}`]);
  });

  it('from version 22, finds an older payment by its card\'s last four digits through the index version 23 adds', async () => {
    const { server, database, superuser, sam, sue } = await databaseAt(22);
    const paid = await insertPayment(sam, 4_000);
    await sue.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = 4000, card_bin = '424242', card_last4 = '4242' WHERE id = $1`, [paid]);
    const other = await insertPayment(sam, 1_000);
    await sue.query(`UPDATE paydesk.payments SET card_bin = '512345', card_last4 = '0008' WHERE id = $1`, [other]);
    const before = await snapshot(superuser);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await snapshot(superuser)).toEqual(before);
    expect((await superuser.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'paydesk' AND indexname = 'payments_card_last4'`)).rows).toHaveLength(1);
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'fay', password: server.person('finance').password, max: 2 });
    ends.push(() => pool.end());
    const list = await createTeamLedgerReads({ pool }).searchPayments({ filter: { cardLast4: '4242' }, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 10 });
    expect(list).toMatchObject({ total: 1, totalExact: true, rows: [{ id: paid, cardMasked: '424242******4242' }] });
  });

  it('from version 24, finds an older refund by its amount through the index version 25 adds', async () => {
    const { server, database, superuser, sam, sue } = await databaseAt(24);
    const paymentId = await insertPayment(sam, 20_000);
    await insertOperation(sue, paymentId, 'refund', 12_500);
    const before = await snapshot(superuser);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await snapshot(superuser)).toEqual(before);
    expect((await superuser.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'paydesk' AND indexname = 'audit_log_amount'`)).rows).toHaveLength(1);
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'fay', password: server.person('finance').password, max: 2 });
    ends.push(() => pool.end());
    const found = await createTeamLedgerReads({ pool }).listAuditLog({ query: '12.500 KWD', offset: 0, limit: 10 });
    expect(found.rows.map((r) => [r.action, r.amountMinor, r.currency])).toEqual([['refund', 12_500, 'KWD']]);
  });

  it('from version 29, counts an older refund among the refunds made through the index version 30 adds, and audits their export', async () => {
    const { server, database, superuser, sam, sue } = await databaseAt(29);
    const paymentId = await insertPayment(sam, 20_000);
    await insertOperation(sue, paymentId, 'refund', 12_500);
    await sue.query(`UPDATE paydesk.operations SET outcome = 'succeeded', completed_at = now() WHERE payment_id = $1 AND kind = 'refund'`, [paymentId]);
    const before = await snapshot(superuser);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await snapshot(superuser)).toEqual(before);
    expect((await superuser.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'paydesk' AND indexname = 'operations_refunds_made'`)).rows).toHaveLength(1);
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'fay', password: server.person('finance').password, max: 2 });
    ends.push(() => pool.end());
    const overview = createTeamOverview({ pool });
    const today = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() };
    expect((await overview.get({ periods: [today], now: new Date().toISOString(), days: [], refundsMadeIn: today })).refundsMade).toEqual([{ currency: 'KWD', count: 1, amountMinor: 12_500 }]);
    const file = await overview.exportRefundsMade({ ...today, timeZone: 'Asia/Riyadh' }, { osUser: 'fay-os' });
    expect(file.rows).toBe(1);
    expect(file.csv).toContain(',12.500,KWD,customer asked,');
    const entry = await superuser.query(`SELECT db_user, action, result FROM paydesk.audit_log ORDER BY seq DESC LIMIT 1`);
    expect(entry.rows[0]).toMatchObject({ db_user: 'fay', action: 'export_refunds' });
    expect(entry.rows[0].result).toMatch(/^1 rows; file paydesk-refunds-made-/);
  });

  it('from version 30, keeps its payments and gains the team\'s profiles: a laptop publishes, every role reads, another staff member\'s rename refused', async () => {
    const { server, database, superuser, sam, sue, fay } = await databaseAt(30);
    await insertPayment(sam, 5_000);
    const before = await snapshot(superuser);
    expect((await superuser.query(`SELECT to_regclass('paydesk.profiles') AS t`)).rows).toEqual([{ t: null }]);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await snapshot(superuser)).toEqual(before);
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'sam', password: server.person('staff').password, max: 1 });
    ends.push(() => pool.end());
    expect(await createTeamProfiles({ pool }).publish([{ id: 'sams-sandbox', name: 'Shop', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1' }, { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:1/api/v1' }])).toBe(1);
    expect((await fay.query(`SELECT id, name, environment, added_by FROM paydesk.profiles`)).rows).toEqual([{ id: 'sams-sandbox', name: 'Shop', environment: 'sandbox', added_by: 'sam' }]);
    await expect(sue.query(`UPDATE paydesk.profiles SET name = 'Sue shop' WHERE id = 'sams-sandbox'`)).rejects.toMatchObject({ code: '42501' });
  });

  it('from version 31, keeps its payments and counts Home\'s sums from those already there: the same figures and refunds made, read by finance', async () => {
    const { server, database, superuser, sam, sue } = await databaseAt(31);
    const paymentId = await insertPayment(sam, 8_000);
    await sue.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = 8000 WHERE id = $1`, [paymentId]);
    await insertOperation(sue, paymentId, 'refund', 3_000);
    await sue.query(`UPDATE paydesk.operations SET outcome = 'succeeded', completed_at = now() WHERE payment_id = $1 AND kind = 'refund'`, [paymentId]);
    await sue.query(`UPDATE paydesk.payments SET state = 'partially_refunded', refunded_minor = 3000 WHERE id = $1`, [paymentId]);
    const before = await snapshot(superuser);
    expect((await superuser.query(`SELECT to_regclass('paydesk.money_hours') AS t`)).rows).toEqual([{ t: null }]);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await snapshot(superuser)).toEqual(before);
    expect((await superuser.query(`SELECT currency, gross::int, refunded::int, paid::int, refunds::int FROM paydesk.money_days`)).rows).toEqual([{ currency: 'KWD', gross: 8_000, refunded: 3_000, paid: 1, refunds: 1 }]);
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'fay', password: server.person('finance').password, max: 1 });
    ends.push(() => pool.end());
    const day = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() };
    const overview = await createTeamOverview({ pool }).get({ now: new Date().toISOString(), periods: [day], days: [], refundsMadeIn: day });
    expect(overview.periods[0]!.totals).toEqual([{ currency: 'KWD', grossMinor: 8_000, refundedMinor: 3_000, netMinor: 5_000, paidCount: 1, refundCount: 1, refundsNotKnown: 0, capturesNotKnown: 0 }]);
    expect(overview.refundsMade).toEqual([{ currency: 'KWD', count: 1, amountMinor: 3_000 }]);
  });

  it('from version 32, keeps an older bulk batch (its reports in commas) and keeps a new batch\'s separator, which nobody changes', async () => {
    const { superuser, sam } = await databaseAt(32);
    const older = randomUUID();
    await sam.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state) VALUES ($1, 'practice', 'old.csv', 'ready')`, [older]);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect((await sam.query('SELECT separator FROM paydesk.bulk_batches WHERE id = $1', [older])).rows).toEqual([{ separator: null }]);
    const newer = randomUUID();
    await sam.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state, separator) VALUES ($1, 'practice', 'new.csv', 'ready', ';')`, [newer]);
    expect((await sam.query('SELECT separator FROM paydesk.bulk_batches WHERE id = $1', [newer])).rows).toEqual([{ separator: ';' }]);
    await expect(sam.query(`UPDATE paydesk.bulk_batches SET separator = ',' WHERE id = $1`, [newer])).rejects.toMatchObject({ code: '42501' });
    await expect(sam.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state, separator) VALUES ($1, 'practice', 'pipe.csv', 'ready', '|')`, [randomUUID()])).rejects.toMatchObject({ code: '23514' });
  });

  it('from version 33, keeps its payments and counts the charts\' sums per kind and card brand from those already there: the same charts, read by finance', async () => {
    const { server, database, superuser, sam, sue } = await databaseAt(33);
    const day = { date: new Date().toISOString().slice(0, 10), from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() };
    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'fay', password: server.person('finance').password, max: 1 });
    ends.push(() => pool.end());
    const charts = async () => {
      const { days, byKind, byBrand } = await createTeamOverview({ pool }).get({ now: new Date().toISOString(), periods: [], days: [day] });
      return { days, byKind, byBrand };
    };
    for (const [amount, bin] of [[8_000, '411111'], [3_000, '340000'], [2_000, null]] as const) {
      const paymentId = await insertPayment(sam, amount);
      await sue.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = $2, card_bin = $3 WHERE id = $1`, [paymentId, amount, bin]);
    }
    const before = await snapshot(superuser);
    expect((await superuser.query(`SELECT to_regclass('paydesk.kind_brand_days') AS t`)).rows).toEqual([{ t: null }]);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await snapshot(superuser)).toEqual(before);
    expect((await superuser.query(`SELECT kind, brand, gross::int, paid::int FROM paydesk.kind_brand_days ORDER BY brand`)).rows).toEqual([
      { kind: 'sale', brand: 'amex', gross: 3_000, paid: 1 }, { kind: 'sale', brand: 'none', gross: 2_000, paid: 1 }, { kind: 'sale', brand: 'visa', gross: 8_000, paid: 1 },
    ]);
    expect(await charts()).toEqual({
      days: [{ date: day.date, currency: 'KWD', grossMinor: 13_000, refundedMinor: 0 }],
      byKind: [{ kind: 'sale', currency: 'KWD', grossMinor: 13_000, count: 3 }],
      byBrand: [{ brand: 'visa', currency: 'KWD', grossMinor: 8_000, count: 1 }, { brand: 'amex', currency: 'KWD', grossMinor: 3_000, count: 1 }, { brand: 'none', currency: 'KWD', grossMinor: 2_000, count: 1 }],
    });
  });

  it('from version 34, keeps its payments and finds them by any of their texts, those there before and those after, as finance', async () => {
    const { server, database, superuser, sam, sue } = await databaseAt(34);
    const insert = async (order: string, name: string, email: string, phone: string | null, transaction: string | null) => {
      const id = randomUUID();
      await sam.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, customer_name, customer_email, customer_phone, transaction_id)
        VALUES ($1, 'practice', 'practice', 'sale', $2, 1000, 'KWD', 'creating', $3, $4, $5, $6)`, [id, order, name, email, phone, transaction]);
      return id;
    };
    const old = await insert('OLD-1', 'Omar Saleh', 'omar.2@example.com', '+966 50 123 4567', 'T-old_1');
    const before = await snapshot(superuser);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await snapshot(superuser)).toEqual(before);
    const later = await insert('NEW-1', 'Sara', 'omar.2x@example.com', null, null);
    // The kept text is the database's own: nobody writes it, and a change of a column changes it.
    await expect(sue.query(`UPDATE paydesk.payments SET search_text = 'x' WHERE id = $1`, [later])).rejects.toMatchObject({ code: expect.stringMatching(/^(42501|428C9)$/) });
    await sue.query(`UPDATE paydesk.payments SET state = 'not_created' WHERE id = $1`, [old]);
    await sam.query(`UPDATE paydesk.payments SET customer_name = 'Layla' WHERE id = $1`, [old]);

    const pool = new pg.Pool({ host: server.host, port: server.port, database, user: 'fay', password: server.person('finance').password, max: 2 });
    ends.push(() => pool.end());
    const found = async (query: string) => {
      const page = await createTeamLedgerReads({ pool }).searchPayments({ filter: { query }, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 10 });
      return page.rows.map((r) => r.id);
    };
    expect(await found('omar.2')).toEqual([later, old]);
    expect(await found('OMAR.2@')).toEqual([old]);
    expect(await found('50 123')).toEqual([old]);
    expect(await found('t-old_1')).toEqual([old]);
    expect(await found('Layla')).toEqual([old]);
    expect(await found('Saleh')).toEqual([]);
    expect(await found('LD-1')).toEqual([old]);
  });

  it('from version 35, keeps its operations and bulk batches as they were, and numbers each one made after in the order it was made, which nobody sets or changes', async () => {
    const { superuser, sam, sue } = await databaseAt(35);
    const paymentId = await insertPayment(sam, 5_000);
    await insertOperation(sam, paymentId, 'create', 5_000);
    const olderBatch = randomUUID();
    await sam.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state) VALUES ($1, 'practice', 'old.csv', 'ready')`, [olderBatch]);
    const before = await snapshot(superuser);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await snapshot(superuser)).toEqual(before);
    // The step numbers no row already there (it rewrites no table): those keep the order they had.
    expect((await superuser.query('SELECT made_seq FROM paydesk.operations UNION ALL SELECT made_seq FROM paydesk.bulk_batches')).rows).toEqual([{ made_seq: null }, { made_seq: null }]);
    await sue.query(`UPDATE paydesk.operations SET outcome = 'succeeded', completed_at = now() WHERE payment_id = $1`, [paymentId]);
    // A number a client sends is not kept: the database takes the next one.
    await sue.query(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, reason, outcome, made_seq) VALUES ($1, $2, 'refund', 100, 'asked', 'sending', 999999)`, [randomUUID(), paymentId]);
    await sue.query(`UPDATE paydesk.operations SET outcome = 'succeeded', completed_at = now() WHERE payment_id = $1 AND outcome = 'sending'`, [paymentId]);
    await insertOperation(sue, paymentId, 'refund', 200);
    await sam.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state) VALUES ($1, 'practice', 'new.csv', 'ready')`, [randomUUID()]);
    const numbered = (await superuser.query(`SELECT made_seq::int AS n FROM paydesk.operations WHERE made_seq IS NOT NULL ORDER BY created_at`)).rows.map((r) => r.n as number);
    expect(numbered).toHaveLength(2);
    expect(numbered[0]).toBeLessThan(999_999);
    expect(numbered[1]).toBeGreaterThan(numbered[0]!);
    expect((await superuser.query(`SELECT file_name FROM paydesk.bulk_batches WHERE made_seq IS NOT NULL`)).rows).toEqual([{ file_name: 'new.csv' }]);
    await expect(sue.query(`UPDATE paydesk.operations SET made_seq = 1 WHERE payment_id = $1`, [paymentId])).rejects.toMatchObject({ code: '42501' });
    await expect(sam.query(`UPDATE paydesk.bulk_batches SET made_seq = 1`)).rejects.toMatchObject({ code: '42501' });
    await expect(sam.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state, made_seq) VALUES ($1, 'practice', 'mine.csv', 'ready', 1)`, [randomUUID()])).rejects.toMatchObject({ code: '42501' });
  });

  it('from version 36, keeps its people in their groups; an admin then changes a group, and brings back a person removed before the upgrade', async () => {
    const { superuser, ada } = await databaseAt(36);
    // Logins of this test's own: roles are the server's.
    const [mover, leaver] = [`mover-${randomUUID().slice(0, 6)}`, `leaver-${randomUUID().slice(0, 6)}`];
    await ada.query(`SELECT paydesk.add_person($1, 'staff', 'mover-first-1'), paydesk.add_person($2, 'finance', 'leaver-first-1')`, [mover, leaver]);
    await ada.query('SELECT paydesk.remove_person($1)', [leaver]);
    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    const groups = async (login: string) => (await superuser.query(`SELECT array(SELECT g FROM unnest(ARRAY['staff', 'support', 'finance', 'admin']) g WHERE pg_has_role($1, 'paydesk_' || g, 'MEMBER')) AS g`, [login])).rows[0].g;
    expect(await groups(mover)).toEqual(['staff']);
    await ada.query(`SELECT paydesk.set_person_group($1, 'support')`, [mover]);
    expect(await groups(mover)).toEqual(['staff', 'support']);
    expect((await superuser.query(`SELECT count(*)::int AS n FROM pg_auth_members WHERE member = (SELECT oid FROM pg_roles WHERE rolname = $1)`, [mover])).rows).toEqual([{ n: 1 }]);
    await ada.query(`SELECT paydesk.add_person($1, 'staff', 'leaver-again-2')`, [leaver]);
    expect(await groups(leaver)).toEqual(['staff']);
    const entries = (await superuser.query(`SELECT action, reason, result FROM paydesk.audit_log WHERE reason IN ($1, $2) ORDER BY seq`, [mover, leaver])).rows;
    expect(entries.slice(-2)).toEqual([
      { action: 'change_person_group', reason: mover, result: 'staff -> support' },
      { action: 'add_person', reason: leaver, result: 'staff' },
    ]);
  });

  it('from version 38, refuses a weak first password typed in psql, and audits a lost sale settled later with the state it settled in, its older entries as they were', async () => {
    const { superuser, sam, sue, ada } = await databaseAt(38);
    // A sale whose answer was lost, settled before the upgrade: `succeeded`, as version 38 wrote it.
    const lost = async () => {
      const id = await insertPayment(sam, 900);
      await insertOperation(sam, id, 'create', 900);
      await sue.query(`UPDATE paydesk.operations SET outcome = 'unknown', completed_at = now() WHERE payment_id = $1`, [id]);
      await sue.query(`UPDATE paydesk.payments SET state = 'unknown' WHERE id = $1`, [id]);
      return id;
    };
    /** As status-checks.ts settles it: the operation first, then the payment the answer moved, in one transaction. */
    const settle = async (id: string) => {
      await sue.query('BEGIN');
      await sue.query(`UPDATE paydesk.operations SET outcome = 'succeeded' WHERE payment_id = $1`, [id]);
      await sue.query(`UPDATE paydesk.payments SET state = 'declined' WHERE id = $1`, [id]);
      await sue.query('COMMIT');
    };
    const settledEntry = async (id: string) => (await superuser.query(`SELECT action, db_user, result FROM paydesk.audit_log WHERE payment_id = $1 AND result NOT IN ('sending', 'outcome_unknown') AND result NOT LIKE 'recorded: %' ORDER BY seq`, [id])).rows;
    const before = await lost();
    await settle(before);
    const weak = `weak-${randomUUID().slice(0, 6)}`;
    await ada.query(`SELECT paydesk.add_person($1, 'staff', 'pw')`, [weak]);
    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await settledEntry(before)).toEqual([{ action: 'create_sale', db_user: 'sue', result: 'succeeded' }]);
    const after = await lost();
    await settle(after);
    expect(await settledEntry(after)).toEqual([{ action: 'create_sale', db_user: 'sue', result: 'declined' }]);
    await expect(ada.query(`SELECT paydesk.add_person($1, 'staff', 'pw')`, [`weak-${randomUUID().slice(0, 6)}`])).rejects.toMatchObject({ code: 'PD019', hint: 'first_password_short' });
  });

  it('from version 43, keeps an older bulk batch without addresses; its next run keeps them (a staff member\'s claim), and nobody changes them after', async () => {
    const { superuser, sam, sue } = await databaseAt(43);
    const older = randomUUID();
    await sam.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state) VALUES ($1, 'practice', 'old.csv', 'ready')`, [older]);

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect((await sam.query('SELECT file_name, success_url, failure_url FROM paydesk.bulk_batches WHERE id = $1', [older])).rows).toEqual([{ file_name: 'old.csv', success_url: null, failure_url: null }]);
    const store = createTeamBulkStore({ pool: Object.assign(sam, { connect: async () => Object.assign(sam, { release: () => undefined }) }) as never, laptop: 'sam-laptop' });
    const first = { successUrl: 'https://souq.example/paid', failureUrl: 'https://souq.example/not-paid' };
    expect(await store.claim(older, 'sam', first)).toEqual({ taken: true, addresses: first });
    await store.finish(older, 'cancelled');
    expect(await store.claim(older, 'sam', { successUrl: 'https://elsewhere.example/ok', failureUrl: 'https://elsewhere.example/no' })).toEqual({ taken: true, addresses: first });
    expect(await store.batch(older)).toMatchObject({ success_url: first.successUrl, failure_url: first.failureUrl });
    for (const who of [sam, sue]) await expect(who.query(`UPDATE paydesk.bulk_batches SET success_url = 'https://elsewhere.example/ok' WHERE id = $1`, [older])).rejects.toMatchObject({ code: '42501' });
    await expect(superuser.query(`UPDATE paydesk.bulk_batches SET failure_url = NULL WHERE id = $1`, [older])).rejects.toMatchObject({ code: '42501' });
  });

  // walk35: a word never says how much was refunded; finance's status answer of a refund made at the
  // gateway's dashboard keeps the refunded total not known (the payment's own, 0), never all of it.
  it('from version 44, finance records a payment refunded at the gateway with its refunded total unchanged; never a total invented between', async () => {
    const { superuser, sam, fay } = await databaseAt(44);
    const paid = await insertPayment(sam, 6_000);
    await sam.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = 6000 WHERE id = $1`, [paid]);
    const answer = (refunded: number) => fay.query(`SELECT paydesk.record_status_answer($1, $2, 'status', now())`, [paid, JSON.stringify({ state: 'refunded', status_word: 'REFUND', captured_minor: 6_000, refunded_minor: refunded })]);
    await expect(answer(0)).rejects.toMatchObject({ code: '23514' });

    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    await expect(answer(2_500)).rejects.toMatchObject({ code: '23514' });
    await answer(0);
    expect((await sam.query('SELECT state, status_word, captured_minor, refunded_minor FROM paydesk.payments WHERE id = $1', [paid])).rows).toEqual([{ state: 'refunded', status_word: 'REFUND', captured_minor: '6000', refunded_minor: '0' }]);
  });

  it('refuses a database a newer Paydesk set up, in words, and changes nothing in it', async () => {
    const { superuser } = await databaseAt(teamLedgerSchemaVersion);
    await superuser.query(`UPDATE paydesk.ledger_meta SET value = $1 WHERE key = 'schema_version'`, [String(teamLedgerSchemaVersion + 1)]);
    const before = await snapshot(superuser);
    await expect(applyTeamLedgerSecurity(superuser)).rejects.toThrow(`this database already has a paydesk schema at version ${teamLedgerSchemaVersion + 1}; expected 1 to ${teamLedgerSchemaVersion}`);
    expect(await snapshot(superuser)).toEqual(before);
    expect((await superuser.query(`SELECT value FROM paydesk.ledger_meta WHERE key = 'schema_version'`)).rows).toEqual([{ value: String(teamLedgerSchemaVersion + 1) }]);
  });
});
