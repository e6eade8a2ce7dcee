// The CSV exports to a file on both backends: the same payments on a laptop's SQLite ledger and in
// a team database give byte-for-byte the same payments file for every sort and the list's
// filters; the team's audit log exports in the same format; an export lists each payment of its
// snapshot exactly once while payments are added and moved in the sort meanwhile; a cancel leaves
// no file and no audit entry; each finished export is in the team's audit log by the person who
// made it (staff included: the security model lets everyone who reads the payments export them).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppEvent } from '../../../contract/events';
import type { PaymentFilter } from '../../../contract/methods/payments';
import { csvLine } from '../../../main/ledger/csv';
import { auditCells, auditHeader } from '../../../main/ledger/export';
import { exportTimeZone, localColumns } from '../../../main/ledger/local-time';
import type { ExportProgress } from '../../../main/ledger/export-file';
import { createExportJobs } from '../../../main/ledger/export-jobs';
import { exactInteger } from '../../../main/ledger/postgres/copy-to-team';
import { createTeamExports } from '../../../main/ledger/postgres/pg-export';
import type { PaymentSort } from '../../../main/ledger/search';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { reportLedgers, type ReportLedgers } from '../../support/report-ledgers';

const now = new Date('2026-11-20T15:00:00Z');

describeWithPostgres('CSV exports on both backends', () => {
  let ledgers: ReportLedgers;
  let dir: string;
  let n = 0;
  const events: AppEvent[] = [];

  beforeAll(async () => {
    ledgers = await reportLedgers({ payments: 12_000, now, days: 120, seed: 11 });
    dir = mkdtempSync(join(tmpdir(), 'paydesk-team-export-'));
  }, 180_000);
  afterAll(async () => {
    await ledgers?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const finished = (start: (onDone: (p: ExportProgress) => void) => { path: string }) =>
    new Promise<{ path: string; progress: ExportProgress }>((resolve) => {
      const started = start((progress) => resolve({ path: started.path, progress }));
    });
  const folder = () => join(dir, String(++n));
  const sqliteFile = async (filter: PaymentFilter, sort: PaymentSort) => {
    const jobs = createExportJobs({ db: ledgers.db, emit: () => undefined, exportDir: folder(), now: () => now });
    const done = await finished((onDone) => jobs.start({ kind: 'payments', filter, sort }, onDone));
    return { ...done, text: readFileSync(done.path, 'utf8') };
  };
  const teamExports = (role: 'staff' | 'finance', afterWindow?: (rows: number) => Promise<void>) =>
    createTeamExports({ pool: ledgers.pool(role), exportDir: folder(), emit: (e) => events.push(e), now: () => now, afterWindow });
  const teamFile = async (request: Parameters<ReturnType<typeof teamExports>['start']>[0], role: 'staff' | 'finance' = 'finance', afterWindow?: (rows: number) => Promise<void>) => {
    const done = await finished((onDone) => teamExports(role, afterWindow).start(request, onDone, { osUser: 'huda' }));
    return { ...done, text: existsSync(done.path) ? readFileSync(done.path, 'utf8') : undefined };
  };
  const exportEntries = async () =>
    (await ledgers.pool('finance').query(`SELECT db_user, os_user, action, result FROM paydesk.audit_log WHERE action LIKE 'export_%' ORDER BY seq`)).rows;

  it('writes the same payments file as SQLite for every sort and the list\'s filters', async () => {
    const cases: Array<[PaymentFilter, PaymentSort]> = [
      [{}, { by: 'createdAt', direction: 'desc' }],
      [{}, { by: 'amount', direction: 'asc' }],
      [{}, { by: 'orderId', direction: 'desc' }],
      [{}, { by: 'state', direction: 'asc' }],
      [{}, { by: 'customer', direction: 'asc' }],
      [{ currency: 'KWD', minAmount: '10', maxAmount: '200.5' }, { by: 'amount', direction: 'desc' }],
      [{ kinds: ['link'], states: ['pending'], profileId: 'shop-2' }, { by: 'createdAt', direction: 'asc' }],
      [{ withCaptured: true, withRefunded: true, cardBrand: 'visa' }, { by: 'createdAt', direction: 'desc' }],
      [{ cardBrand: 'none', currency: 'JPY' }, { by: 'customer', direction: 'desc' }],
      [{ query: 'EXAMPLE.com' }, { by: 'createdAt', direction: 'desc' }],
      [{ query: 'pd' }, { by: 'orderId', direction: 'asc' }],
      [{ from: '2026-10-01T21:00:00.000Z', to: '2026-10-15T21:00:00.000Z', needsAttention: false }, { by: 'state', direction: 'desc' }],
    ];
    for (const [filter, sort] of cases) {
      const [sqlite, team] = [await sqliteFile(filter, sort), await teamFile({ kind: 'payments', filter, sort })];
      expect(sqlite.progress.rows, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(team.progress).toMatchObject({ done: true, rows: sqlite.progress.rows, total: sqlite.progress.total });
      expect(team.text!.length).toBe(sqlite.text.length);
      expect(team.text === sqlite.text, `${JSON.stringify(filter)} ${JSON.stringify(sort)}`).toBe(true);
    }
    const all = await sqliteFile({}, { by: 'createdAt', direction: 'desc' });
    expect(all.progress.rows).toBe(12_000);
    // Money with 0, 2 and 3 decimals, the BOM, and a header SQLite's export also writes.
    expect(all.text).toMatch(/^\uFEFFcreated_at,kind,order_id,state,gateway_status,amount,currency,/);
    expect(all.text).toMatch(/,\d+,JPY,/);
    expect(all.text).toMatch(/,\d+\.\d{3},KWD,/);
    // Progress every 10,000 rows on the team ledger too.
    expect(events.some((e) => e.type === 'export.progress' && !e.done && e.rows === 10_000 && e.total === 12_000)).toBe(true);
  });

  it('rejects a bad filter in words before any file', () => {
    const exports = teamExports('finance');
    expect(() => exports.start({ kind: 'payments', filter: { minAmount: '5' }, sort: { by: 'amount', direction: 'asc' } })).toThrow(expect.objectContaining({ extra: expect.objectContaining({ fieldReasons: { currency: expect.objectContaining({ key: 'ledger.amountNeedsCurrency' }) } }) }));
  });

  it('exports the team audit log in the laptop\'s format, then who did it as the database stamped it (team_login), the log as it was when the export began', async () => {
    const entries = (await ledgers.pool('finance').query(`SELECT seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, os_user, db_user, profile_id, environment, action,
      payment_id::text, order_id, amount_minor, currency, reason, result, hash FROM paydesk.audit_log ORDER BY seq`)).rows;
    // Every column but the last is the laptop's, byte for byte (SQLite's auditCells); the last is the login.
    const laptopCells = (r: (typeof entries)[number]) => auditCells({ ...r, seq: exactInteger(r.seq)!, amount_minor: exactInteger(r.amount_minor), os_user: r.os_user ?? r.db_user }, localColumns(exportTimeZone(undefined)));
    // Then the entries copied from laptops, each laptop's in its order: no login did them, and the last column names the laptop.
    const copied = (await ledgers.pool('finance').query(`SELECT seq, to_char(at::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, os_user, profile_id, environment, action,
      payment_id, order_id, amount_minor, currency, reason, result, hash, laptop FROM paydesk.imported_audit ORDER BY laptop, seq`)).rows;
    expect(copied.length).toBeGreaterThan(1_000);
    const expected = `\uFEFF${csvLine([...auditHeader, 'team_login', 'laptop', 'profile_name'])}${entries.map((r) => csvLine([...laptopCells(r), r.db_user, '', null])).join('')}${copied.map((r) => csvLine([...laptopCells(r), '', r.laptop, null])).join('')}`;
    const team = await teamFile({ kind: 'audit' });
    expect(team.text).toBe(expected);
    // An auditor reads who did it: the earlier export by fay's login from the computer user huda names both.
    // (Split naively: the columns up to action hold no comma, and team_login and laptop come before profile_name, last.)
    const [header, ...lines] = team.text!.slice(1).trimEnd().split('\r\n').map((line) => line.split(','));
    expect(header!.slice(-3)).toEqual(['team_login', 'laptop', 'profile_name']);
    const exported = lines.find((cells) => cells[header!.indexOf('action')] === 'export_payments')!;
    expect([exported[header!.indexOf('os_user')], exported.at(-3), exported.at(-2)]).toEqual(['huda', 'fay', '']);
    expect(team.progress.rows).toBe(entries.length + copied.length);
    expect((await exportEntries()).at(-1)).toEqual({ db_user: 'fay', os_user: 'huda', action: 'export_audit_log', result: expect.stringMatching(new RegExp(`^${entries.length + copied.length} rows; file paydesk-audit-[-0-9]+\\.csv; zone \\S+$`)) });
  });

  it('lets staff export (the database grants record_export to staff), recorded with their login', async () => {
    const team = await teamFile({ kind: 'payments', filter: { currency: 'SAR' }, sort: { by: 'createdAt', direction: 'desc' } }, 'staff');
    expect(team.progress.failed).toBeUndefined();
    expect((await exportEntries()).at(-1)).toEqual({ db_user: 'sam', os_user: 'huda', action: 'export_payments', result: expect.stringMatching(new RegExp(`^${team.progress.rows} rows; file paydesk-payments-`)) });
  });

  it('stops at a cancel, leaving no file, no partial file and no audit entry', async () => {
    const before = (await exportEntries()).length;
    const exportDir = folder();
    let id = '';
    const exports = createTeamExports({ pool: ledgers.pool('finance'), exportDir, emit: () => undefined, now: () => now, afterWindow: async (rows) => void (rows === 2_000 && exports.cancel(id)) });
    const result = await new Promise<ExportProgress>((resolve) => (id = exports.start({ kind: 'payments', filter: {}, sort: { by: 'amount', direction: 'asc' } }, resolve).exportId));
    expect(result).toMatchObject({ done: true, cancelled: true, rows: 2_000 });
    expect(readdirSync(exportDir)).toEqual([]);
    expect((await exportEntries()).length).toBe(before);
    expect(exports.cancel(id)).toBe(false);
  });

  it('writes the same file from a worker thread on a connection of its own, and stops there at a cancel', async () => {
    const file = join(process.cwd(), 'dist/main/team-export-worker.cjs');
    expect(existsSync(file), 'npm test builds the worker bundle first').toBe(true);
    const server = teamServer();
    const fay = server.person('finance');
    const worker = { file, config: { host: server.host, port: server.port, database: ledgers.database, user: fay.login, password: fay.password } };
    const sort: PaymentSort = { by: 'customer', direction: 'desc' };
    const laptop = await sqliteFile({ currency: 'SAR' }, sort);
    const exportDir = folder();
    const progress: AppEvent[] = [];
    const exports = createTeamExports({ pool: ledgers.pool('finance'), exportDir, emit: (e) => progress.push(e), now: () => now, worker });
    const done = await finished((onDone) => exports.start({ kind: 'payments', filter: { currency: 'SAR' }, sort }, onDone, { osUser: 'huda' }));
    expect(done.progress).toMatchObject({ done: true, rows: laptop.progress.rows });
    expect(readFileSync(done.path, 'utf8') === laptop.text).toBe(true);
    expect(progress.at(-1)).toMatchObject({ type: 'export.progress', done: true, rows: laptop.progress.rows });
    expect((await exportEntries()).at(-1)).toEqual({ db_user: 'fay', os_user: 'huda', action: 'export_payments', result: expect.stringMatching(new RegExp(`^${laptop.progress.rows} rows; file paydesk-payments-`)) });

    const before = (await exportEntries()).length;
    const cancelDir = folder();
    const cancelling = createTeamExports({ pool: ledgers.pool('finance'), exportDir: cancelDir, emit: () => undefined, now: () => now, worker });
    const result = await new Promise<ExportProgress>((resolve) => {
      const started = cancelling.start({ kind: 'audit' }, resolve);
      cancelling.cancel(started.exportId);
    });
    expect(result).toMatchObject({ done: true, cancelled: true });
    expect(readdirSync(cancelDir)).toEqual([]);
    expect((await exportEntries()).length).toBe(before);
  });

  // Last: it changes the team ledger.
  it('lists each payment of its snapshot exactly once while payments are added and moved in the sort meanwhile', async () => {
    const sort: PaymentSort = { by: 'state', direction: 'asc' };
    const laptop = await sqliteFile({}, sort);
    const staff = ledgers.pool('staff');
    let changed = false;
    const team = await teamFile({ kind: 'payments', filter: {}, sort }, 'finance', async (rows) => {
      if (rows !== 3_000) return;
      // Rows already written move to the end of the order, rows not yet written to its start,
      // and new payments arrive: a file read without one snapshot would repeat and skip rows.
      await staff.query(`UPDATE paydesk.payments SET state = CASE WHEN state < 'expired' THEN 'zzz' ELSE 'aaa' END`);
      for (let i = 0; i < 25; i++) {
        await staff.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES (gen_random_uuid(), 'practice', 'practice', 'link', $1, 500, 'SAR', 'aaa')`, [`DURING-${i}`]);
      }
      changed = true;
    });
    expect(changed).toBe(true);
    expect(team.text === laptop.text).toBe(true);
    const orderIds = team.text!.split('\r\n').slice(1, -1).map((line) => line.split(',')[2]);
    expect(orderIds).toHaveLength(12_000);
    expect(new Set(orderIds).size).toBe(12_000);
    const now = await staff.query(`SELECT count(*) AS n FROM paydesk.payments`);
    expect(Number(now.rows[0].n)).toBe(12_025);
  });
});
