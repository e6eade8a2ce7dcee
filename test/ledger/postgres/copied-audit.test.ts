// "Copied from laptops" on the team ledger's audit screen, against the real PostgreSQL: a seeded
// laptop ledger is copied by the copy's own path (copy-to-team.ts); finance and staff (whoever
// may read the team's audit log) then read that laptop's own entries as the laptop wrote them,
// newest first, a keyset page at a time with nothing skipped or doubled; the laptop's chain checks
// intact, and an entry changed in the team database is found; a login in no group is refused in words.
// The audit screen's search and period find copied entries as they find the team's (an order id,
// an amount as typed, a month in Riyadh at its edges), and the audit CSV has each copied entry
// once, after the team's, its laptop named in the last column.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppFailure } from '../../../contract/result';
import { openLedgerDb, type LedgerDb } from '../../../main/ledger/database';
import { appendAudit } from '../../../main/ledger/audit-log';
import type { ExportProgress } from '../../../main/ledger/export-file';
import { createTeamExports } from '../../../main/ledger/postgres/pg-export';
import { copiedAuditWindow } from '../../../main/ledger/postgres/pg-copied-audit';
import { copyLedgerToTeam } from '../../../main/ledger/postgres/copy-to-team';
import { createTeamLedgerReads } from '../../../main/ledger/postgres/pg-reads';
import { seedLedger } from '../../../scripts/seed-ledger';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

type LaptopEntry = { seq: number; at: string; os_user: string; action: string; order_id: string | null; amount_minor: number | null; currency: string | null; result: string };

describeWithPostgres('the audit entries copied from a laptop, on the team ledger', () => {
  let dir: string;
  let db: LedgerDb;
  let database: string;
  const clients: pg.Client[] = [];
  const as = async (role: 'admin' | 'finance' | 'staff') => {
    const c = await teamServer().connectAs(database, teamServer().person(role).login);
    clients.push(c);
    return c;
  };
  /** The laptop's own log, newest first, as its audit screen read it. */
  const laptopLog = () => (db.prepare('SELECT seq, at, os_user, action, order_id, amount_minor, currency, result FROM audit_log ORDER BY seq DESC').all() as LaptopEntry[])
    .map((e) => ({ seq: e.seq, at: e.at, osUser: e.os_user, action: e.action, orderId: e.order_id, amountMinor: e.amount_minor, currency: e.currency, result: e.result }));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-copied-audit-'));
    db = openLedgerDb(dir);
    seedLedger(db, { payments: 200, seed: 29 });
    db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
    database = await teamServer().createTeamDatabase();
    await copyLedgerToTeam({ source: db, team: await as('admin'), laptop: 'omar-laptop:1a2b3c4d' });
  });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => {});
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finance and staff read the laptop’s own entries, newest first, page after page, as the laptop wrote them', async () => {
    const laptop = laptopLog();
    expect(laptop.length).toBeGreaterThan(150);
    for (const role of ['finance', 'staff'] as const) {
      const reads = createTeamLedgerReads({ pool: await as(role) });
      const first = await reads.listCopiedAudit({ limit: 100 });
      expect({ laptops: first.laptops, laptop: first.laptop, total: first.total }).toEqual({ laptops: ['omar-laptop:1a2b3c4d'], laptop: 'omar-laptop:1a2b3c4d', total: laptop.length });
      const seen = [...first.rows];
      for (let page = first; page.rows.length === 100;) {
        page = await reads.listCopiedAudit({ laptop: first.laptop!, beforeSeq: page.rows.at(-1)!.seq, limit: 100 });
        seen.push(...page.rows);
      }
      expect(seen.map(({ seq, at, osUser, action, orderId, amountMinor, currency, result }) => ({ seq, at, osUser, action, orderId, amountMinor, currency, result }))).toEqual(laptop);
    }
  });

  it('the laptop’s chain checks intact, and an entry changed in the team database is found', async () => {
    const reads = createTeamLedgerReads({ pool: await as('finance') });
    const entries = laptopLog().length;
    expect(await reads.verifyCopiedAudit({ laptop: 'omar-laptop:1a2b3c4d' })).toEqual({ intact: true, entries });
    await teamServer().sql(database, `UPDATE paydesk.imported_audit SET result = 'succeeded ' WHERE laptop = 'omar-laptop:1a2b3c4d' AND seq = 7`);
    expect(await reads.verifyCopiedAudit({ laptop: 'omar-laptop:1a2b3c4d' })).toEqual({ intact: false, entries: 6, brokenAt: 7 });
  });

  it('a login in no group is refused in words, as for the team’s own log', async () => {
    const login = `nogroup_${Date.now().toString(36)}`;
    await teamServer().sql('postgres', `CREATE ROLE ${login} LOGIN PASSWORD 'a-password-for-nobody'`);
    const c = await teamServer().connect({ database, user: login, password: 'a-password-for-nobody' });
    clients.push(c);
    const refused = await createTeamLedgerReads({ pool: c }).listCopiedAudit({ limit: 10 }).then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).toError()).toMatchObject({ code: 'forbidden', reason: { key: 'teamLedger.auditReadRefused', values: { person: login } } });
  });
});

describeWithPostgres('the audit screen’s search, period and CSV on the entries copied from a laptop', () => {
  let dir: string;
  let db: LedgerDb;
  let database: string;
  const laptop = 'omar-laptop:1a2b3c4d';
  const clients: pg.Client[] = [];
  const as = async (role: 'admin' | 'finance' | 'staff') => {
    const c = await teamServer().connectAs(database, teamServer().person(role).login);
    clients.push(c);
    return c;
  };
  /** November 2026 in Riyadh (UTC+3), as the screen sends a period: from included, to excluded. */
  const novemberInRiyadh = { from: '2026-10-31T21:00:00.000Z', to: '2026-11-30T21:00:00.000Z' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-copied-audit-find-'));
    db = openLedgerDb(dir);
    seedLedger(db, { payments: 300, seed: 31, end: new Date('2026-10-31T12:00:00Z') });
    db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
    const edge = (orderId: string, at: string) => appendAudit(db, { osUser: 'omar-os', profileId: 'practice', environment: 'practice', action: 'refund', orderId, amountMinor: 12_345, currency: 'KWD', result: 'succeeded' }, at);
    edge('EDGE-OCT', '2026-10-31T20:59:59.999Z');
    edge('EDGE-NOV', '2026-10-31T21:00:00.000Z');
    edge('EDGE-DEC', '2026-11-30T21:00:00.000Z');
    database = await teamServer().createTeamDatabase();
    await copyLedgerToTeam({ source: db, team: await as('admin'), laptop });
  });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => {});
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a search finds a copied entry by its order id, by an amount as typed, and by its OS user, page after page', async () => {
    for (const role of ['finance', 'staff'] as const) {
      const reads = createTeamLedgerReads({ pool: await as(role) });
      const byOrder = await reads.listCopiedAudit({ laptop, query: 'edge-nov', limit: 100 });
      expect(byOrder.rows.map((r) => r.orderId)).toEqual(['EDGE-NOV']);
      expect(byOrder.more).toBe(false);
      // An amount as a person types it (typed-amounts.ts): the three entries of 12.345 KWD.
      const byAmount = await reads.listCopiedAudit({ laptop, query: '12.345 KWD', limit: 100 });
      expect(byAmount.rows.map((r) => r.orderId)).toEqual(['EDGE-DEC', 'EDGE-NOV', 'EDGE-OCT']);
      // Many matches, a keyset page at a time: every match once, newest first, as the laptop has them.
      const expected = (db.prepare(`SELECT seq FROM audit_log WHERE lower(os_user) LIKE '%omar%' OR lower(action) LIKE '%omar%' OR lower(result) LIKE '%omar%' OR lower(coalesce(order_id, '')) LIKE '%omar%' ORDER BY seq DESC`).all() as Array<{ seq: number }>).map((r) => r.seq);
      expect(expected.length).toBeGreaterThan(20);
      const seen: number[] = [];
      for (let page = await reads.listCopiedAudit({ laptop, query: 'omar', limit: 10 }); ; page = await reads.listCopiedAudit({ laptop, query: 'omar', limit: 10, beforeSeq: seen.at(-1) })) {
        seen.push(...page.rows.map((r) => r.seq));
        if (!page.more) break;
      }
      expect(seen).toEqual(expected);
    }
  });

  it('the period is a month in the person’s time zone: Riyadh’s November, to its first and last millisecond', async () => {
    const reads = createTeamLedgerReads({ pool: await as('finance') });
    const november = await reads.listCopiedAudit({ laptop, ...novemberInRiyadh, limit: 100 });
    expect(november.rows.map((r) => [r.orderId, r.at])).toEqual([['EDGE-NOV', '2026-10-31T21:00:00.000Z']]);
    expect(november.more).toBe(false);
    // With a search in it, and a search of what lies outside it.
    expect((await reads.listCopiedAudit({ laptop, ...novemberInRiyadh, query: '12.345 KWD', limit: 100 })).rows.map((r) => r.orderId)).toEqual(['EDGE-NOV']);
    expect((await reads.listCopiedAudit({ laptop, ...novemberInRiyadh, query: 'edge-oct', limit: 100 })).rows).toEqual([]);
    const october = await reads.listCopiedAudit({ laptop, from: '2026-09-30T21:00:00.000Z', to: novemberInRiyadh.from, limit: 2 });
    expect(october.rows.map((r) => r.orderId)).toEqual(['EDGE-OCT', october.rows[1]!.orderId]);
    expect(october.more).toBe(true);
  });

  it('the audit CSV holds every copied entry once, after the team’s, its laptop named; a month’s file only that month’s', async () => {
    const csvRows = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
    const exportAs = async (role: 'finance' | 'staff', search?: typeof novemberInRiyadh) => {
      // A pool of this person's logins, as main's (each export takes a connection, and another to record it).
      const pool = { connect: async () => Object.assign(await as(role), { release: () => undefined }) as unknown as pg.PoolClient };
      const exports = createTeamExports({ pool, exportDir: mkdtempSync(join(dir, 'export-')), emit: () => undefined });
      let path = '';
      const progress = await new Promise<ExportProgress>((resolve) => void (path = exports.start({ kind: 'audit', search, timeZone: 'Asia/Riyadh' }, resolve, { osUser: 'huda' }).path));
      return { progress, rows: csvRows(readFileSync(path, 'utf8')) };
    };
    const laptopSeqs = (db.prepare('SELECT seq FROM audit_log ORDER BY seq').all() as Array<{ seq: number }>).map((r) => String(r.seq));
    for (const role of ['finance', 'staff'] as const) {
      const { progress, rows } = await exportAs(role);
      const [header, ...lines] = rows;
      expect(header!.slice(-4)).toEqual(['local_day', 'team_login', 'laptop', 'profile_name']);
      const copied = lines.filter((l) => l.at(-2) === laptop);
      const team = lines.filter((l) => l.at(-2) === '');
      expect(copied.length + team.length).toBe(lines.length);
      expect(progress).toMatchObject({ done: true, rows: lines.length, total: lines.length });
      // Each copied entry exactly once, in the laptop's order, with no team login, after the team's.
      expect(copied.map((l) => l[0])).toEqual(laptopSeqs);
      expect(copied.every((l) => l.at(-3) === '')).toBe(true);
      expect(team.length).toBeGreaterThan(0);
      expect(lines.findIndex((l) => l.at(-2) === laptop)).toBe(team.length);
    }
    // November in Riyadh: of the laptop's, only the entry at its first millisecond, by its own time.
    const { rows } = await exportAs('finance', novemberInRiyadh);
    const copied = rows.slice(1).filter((l) => l.at(-2) === laptop);
    expect(copied.map((l) => [l[1], l[7], l.at(-4)])).toEqual([['2026-10-31T21:00:00.000Z', 'EDGE-NOV', '2026-11-01']]);
  });

  it('staff is refused what it was refused before: writing or removing the copied entries', async () => {
    const staff = await as('staff');
    for (const sql of [`UPDATE paydesk.imported_audit SET result = 'x' WHERE laptop = '${laptop}'`, `DELETE FROM paydesk.imported_audit WHERE laptop = '${laptop}'`]) {
      await expect(staff.query(sql)).rejects.toMatchObject({ code: '42501' });
    }
    const reads = createTeamLedgerReads({ pool: await as('finance') });
    expect((await reads.listCopiedAudit({ laptop, query: 'edge-nov', limit: 100 })).rows).toHaveLength(1);
  });
  it('a rare search among a large laptop’s entries is narrowed by step 29’s indexes (words by trigrams, an amount by a seek), not a walk of them all', async () => {
    // A laptop of 30,000 entries (bench/team-copied-audit-search.ts measures 100,000), written as the superuser: the plan, not the chain, is looked at.
    const big = 'big-laptop:00000000';
    await teamServer().sql(database, `INSERT INTO paydesk.imported_audit (laptop, seq, at, os_user, action, order_id, amount_minor, currency, result, prev_hash, hash)
      SELECT '${big}', g, '2026-01-01T00:00:00.000Z', 'big-os', 'status_check', 'BIG-' || g, g, 'SAR', 'paid', '', '' FROM generate_series(1, 30000) g`);
    await teamServer().sql(database, 'ANALYZE paydesk.imported_audit');
    const finance = await as('finance');
    const plan = async (query: string) => {
      const window = copiedAuditWindow(big, { query, limit: 100 });
      return JSON.stringify((await finance.query(`EXPLAIN (FORMAT JSON) ${window.text}`, window.values)).rows[0]);
    };
    expect(await plan('big-12345')).toContain('imported_audit_search');
    expect(await plan('123.45 SAR')).toContain('imported_audit_amount');
    const reads = createTeamLedgerReads({ pool: finance });
    expect((await reads.listCopiedAudit({ laptop: big, query: 'big-12345', limit: 100 })).rows.map((r) => r.orderId)).toEqual(['BIG-12345']);
  });
});
